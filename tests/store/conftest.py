"""The ``store`` fixture: a migrated Store over a fresh database, on SQLite and (when
``TEST_POSTGRES_URL`` is set) on PostgreSQL."""
from __future__ import annotations

import pytest

from bot.store import Store


@pytest.fixture
async def store(db_url):
    s = Store(db_url)
    await s.migrate()
    yield s
    await s.close()
