"""H-DEF-PARRY-11: under the bow parry the seed repeats the restringing rule — 6 AP, not
interrupted; meanwhile only defensive actions, each taking 1 AP of the next own turn."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import events as ev


@pytest.mark.rule("H-DEF-PARRY-11")
def test_a_defensive_action_while_restringing_costs_1_ap_of_the_next_turn(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14, skills={"マーシャルアーツ": 11},
                                    weapons=[table.weapon("弓", skill_value=50)]))
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("斧", skill_value=60, damage="3")]))
    table.start()
    table.run("alice", cmds.Declare, action="弦の張り替え")
    assert table.state.turn == "ゾンビ"
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    assert table.options("アリス")[:2] == ["回避", "防御"]
    table.react("アリス", "回避", [20])
    assert table.unit("アリス").marks["ap_debt"] == 1
    events = table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    started = [e for e in events if isinstance(e, ev.TurnStarted) and e.unit == "アリス"]
    assert [(e.round, e.ap) for e in started] == [(2, 3 - 1)]
    assert table.unit("アリス").marks["restring"] == 3 + 2  # of 6 AP
