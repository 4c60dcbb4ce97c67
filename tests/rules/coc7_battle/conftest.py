"""Fixtures of the 7th-edition battle tests (the helpers are tests/rules/coc7_battle/table7.py)."""
from __future__ import annotations

import pytest

from tests.rules.coc7_battle.table7 import Table7


@pytest.fixture
def table() -> Table7:
    """An open ``coc7`` battle with nobody in it yet."""
    return Table7()
