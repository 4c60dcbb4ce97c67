"""The ``table`` fixture of the service tests (see service_table.py)."""
from __future__ import annotations

import pytest

from service_table import Table


@pytest.fixture
async def table(db_url):
    """A table over a fresh database: each test runs on SQLite and on PostgreSQL."""
    t = Table(db_url)
    await t.start()
    yield t
    await t.store.close()
