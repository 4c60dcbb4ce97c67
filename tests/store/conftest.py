"""The ``store`` fixture: a migrated Store over a fresh database, on SQLite and (when
``TEST_POSTGRES_URL`` is set) on PostgreSQL; ``sqlite_store`` (SQLite only, with its file's
path), for the busy-database tests."""
from __future__ import annotations

import pytest

from bot.store import Store


@pytest.fixture
async def store(db_url):
    s = Store(db_url)
    await s.migrate()
    yield s
    await s.close()


@pytest.fixture
async def sqlite_store(tmp_path):
    """``(store, path)``: a migrated Store over a fresh SQLite file."""
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    await store.migrate()
    yield store, tmp_path / "bot.db"
    await store.close()

