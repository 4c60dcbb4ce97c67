"""Fixtures shared by every test folder (at the project root, so that the project root, not
``tests/``, is what pytest puts on the import path)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.databases import BACKENDS, Database


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared reference material: ``../shared`` beside the project, or ``$SHARED_DIR``."""
    env = os.environ.get("SHARED_DIR")
    path = Path(env) if env else Path(__file__).resolve().parent.parent / "shared"
    assert path.is_dir(), f"shared reference material not found at {path} (set SHARED_DIR)"
    return path


@pytest.fixture(params=BACKENDS)
async def db_url(request, tmp_path) -> str:
    """The URL of a fresh database for one test, once on SQLite and once on PostgreSQL
    when ``TEST_POSTGRES_URL`` is set (see tests/databases.py)."""
    database = await Database(request.param, tmp_path).create()
    yield database.url
    await database.drop()
