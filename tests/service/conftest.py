"""The ``table`` fixture of the service tests (see service_table.py)."""
from __future__ import annotations

import pytest

from service_table import Table


@pytest.fixture
async def table(tmp_path):
    t = Table(tmp_path / "bot.db")
    await t.start()
    yield t
    await t.store.close()
