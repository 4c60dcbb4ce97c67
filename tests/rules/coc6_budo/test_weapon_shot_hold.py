"""Issue 29: after a weapon shot drops the weapon, the hand holds nothing for 1d4 rounds
(B-CALL-WPN-02/03): no weapon parries, and bare hands still do."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6.holding import PARRY, use_refusal
from rules.systems.coc6.prompts import parry_choices

from tests.rules.coc6.conftest import KP, weapon


def _budo(budo_table):
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"こぶし": 70}))
    t.npc(t.sheet("信者", DEX=12, STR=12, skills={"こぶし": 50},
                  weapons=[weapon("バット", skill_value=60), weapon("ナイフ")]))
    t.start()
    t.attack("アキラ", "信者", [30], aim="武器")
    t.react("信者", "なし", [3, 10, 2])  # 2 × 3 vs STR 12: dropped; 1D4 = 2 rounds without a hold
    t.run("aki", cmds.EndTurn)
    t.end_turns_until("アキラ")  # round 2
    t.run("aki", cmds.Attack, [20], target="信者", weapon="こぶし")
    return t


@pytest.mark.rule("B-CALL-WPN-02", "B-CALL-WPN-03")
def test_after_a_weapon_shot_the_hand_holds_nothing_for_1d4_rounds(budo_table):
    t = _budo(budo_table)
    assert t.unit("信者").marks["no_hold_until"] == 3 and t.state.round == 2
    pending = t.state.pending_for("信者")
    assert parry_choices(t.system.rules, t.state, pending) == ["こぶし", "キック"]
    refusal = t.refused("B-CALL-WPN-03", KP, cmds.React, action="受け流し", weapon="ナイフ", as_unit="信者")
    assert "あと1ラウンド" in refusal.message
    unit, state = t.unit("信者"), t.state
    fist = unit.character.weapon("こぶし")
    assert use_refusal(t.system.rules, state, unit, fist, PARRY) is None  # bare hands still parry
    t.react("信者", "なし", [1])
    t.run("aki", cmds.EndTurn)
    t.end_turns_until("アキラ")  # round 3: the hand holds again; the bat still lies on the floor
    assert "no_hold_until" not in t.unit("信者").marks or t.unit("信者").marks["no_hold_until"] is None
    t.run("aki", cmds.Attack, [20], target="信者", weapon="こぶし")
    assert parry_choices(t.system.rules, t.state, t.state.pending_for("信者")) == ["ナイフ", "こぶし", "キック"]
    refusal = t.refused("B-CALL-WPN-02", KP, cmds.React, action="受け流し", weapon="バット", as_unit="信者")
    assert "信者はバットを取り落としているので受け流しに使えません" in refusal.message
