"""Fixtures shared by every test folder (at the project root, so that the project root, not
``tests/``, is what pytest puts on the import path)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared reference material: ``../shared`` beside the project, or ``$SHARED_DIR``."""
    env = os.environ.get("SHARED_DIR")
    path = Path(env) if env else Path(__file__).resolve().parent.parent / "shared"
    assert path.is_dir(), f"shared reference material not found at {path} (set SHARED_DIR)"
    return path
