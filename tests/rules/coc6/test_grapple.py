"""A 〈組み付き〉 with no other effect deals no damage bonus (X-GRAPPLE-01, issue 10)."""
from __future__ import annotations

import pytest

from rules.systems.coc6 import events as ce


@pytest.mark.rule("X-GRAPPLE-01", "X-DB-01")
@pytest.mark.parametrize("system", ["coc6-house", "coc6"])
def test_a_grapple_adds_no_damage_bonus(table_of, system):
    table = table_of(system, shock=False)
    table.join("pc", table.sheet("アキ", DEX=15, STR=16, SIZ=16, skills={"組み付き": 80}))  # db +1D4
    table.npc(table.sheet("鎧", DEX=10))
    table.start()
    table.attack("アキ", "鎧", [30], weapon="組み付き")
    events = table.react("鎧", "なし")
    rolled = [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)]
    assert rolled == [("0", 0)]
    assert table.hp("鎧") == 10
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["鎧に0ダメージ"]
