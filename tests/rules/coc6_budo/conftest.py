"""Helpers for ``coc6-budo`` rules tests: the CoC 6 :class:`Table` of
``tests/rules/coc6/conftest.py`` opened on any registered system (``coc6-budo`` and, for
the conflict tests, ``coc6-house``)::

    def test_x(budo_table):
        t = budo_table()  # shock off unless asked for
        t.join("aki", t.sheet("アキラ", DEX=15, skills={"武道（空手）": 70}))
        t.npc(t.sheet("信者", DEX=12))
        t.start()
"""
from __future__ import annotations

import pytest

from rules.systems import get_system
from tests.rules.coc6.conftest import KP, Table as CocTable

__all__ = ["KP", "Table"]


class Table(CocTable):
    """:class:`tests.rules.coc6.conftest.Table` over ``rules.systems.get_system``."""

    def __init__(self, system_name: str) -> None:
        self.system = get_system(system_name)
        self.state = self.system.new_state()
        self.log = []


@pytest.fixture
def budo_table():
    """A factory: ``budo_table(system="coc6-budo", shock=False, **settings)`` opens a battle."""
    def make(system: str = "coc6-budo", **settings) -> Table:
        settings.setdefault("shock", False)
        return Table.open(system, **settings)
    return make
