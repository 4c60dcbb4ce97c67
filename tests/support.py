"""Helpers shared by test folders (importable as ``support`` through pytest's ``pythonpath``)."""
from __future__ import annotations

import os
from pathlib import Path


def shared_dir() -> Path:
    """The shared reference material: ``../shared`` beside the project, or ``$SHARED_DIR``."""
    env = os.environ.get("SHARED_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[1].parent / "shared"
