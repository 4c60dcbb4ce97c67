"""coc6-budo's own /attack also waits for an awaited player's round-start answer and runs
through seed 002's attack when it comes (issue 22)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import CloseDeclarations
from rules.systems.coc6 import events as ce
from rules.systems.coc6.waiting import AttackWaiting


@pytest.mark.rule("B-PARRY-01", "H-DEF-PARRY-01")
def test_a_budo_attack_on_an_unanswered_player_waits_and_runs_at_the_close(budo_table):
    t = budo_table(parry_free_at=50)  # 〈武道〉 below 50: the players must declare a parry
    t.npc(t.sheet("信者", DEX=16, skills={"こぶし": 60}))
    t.join("aki", t.sheet("アキラ", DEX=12))
    t.start()
    assert t.state.declaring == ["信者", "アキラ"]
    waits = t.run("kp", cmds.Attack, as_unit="信者", target="アキラ", weapon="こぶし")
    assert [type(e) for e in waits] == [AttackWaiting]
    events = t.run("kp", CloseDeclarations, [30])
    assert [(e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)] == [(60, 30)]
    assert t.state.pending_for("アキラ") is not None and t.state.waiting == []
