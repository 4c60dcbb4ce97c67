"""Issue 29: one question, "can this unit use this weapon now", asked by every use of a weapon
(attack, parry, counterattack): a dropped weapon is not offered as a parry button, its parry
and its counterattack are refused (H-CALL-ARM-04; seed 002's weapon shot:
tests/rules/coc6_budo/test_weapon_shot_hold.py)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6.prompts import parry_choices

from tests.rules.coc6.conftest import KP, weapon


def _house(table_of):
    t = table_of("coc6-house", shock=False)
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"こぶし": 70}))
    t.npc(t.sheet("信者", DEX=10, CON=14, SIZ=14, skills={"こぶし": 50, "回避": 30},
                  weapons=[weapon("バット", skill_value=40)]))
    t.start()
    return t


def _dropped_next_round(t):
    """A special arm hit (H-CALL-ARM-04) makes 信者 drop its bat; round 2 begins and 信者
    declares its parry against アキラ (H-DEF-PARRY-01)."""
    t.run("aki", cmds.Attack, [11], target="信者", weapon="こぶし", aim="腕")  # 55 / 5 = 11: スペシャル
    t.react("信者", "なし", [1])
    assert t.unit("信者").weapons["バット"].dropped
    t.run("aki", cmds.EndTurn)
    t.end_turns_until("アキラ")
    t.declare("信者", "受け流し", target="アキラ")
    t.run("aki", cmds.Attack, [20], target="信者", weapon="こぶし")


@pytest.mark.rule("H-CALL-ARM-04", "H-DEF-PARRY-04")
def test_a_dropped_bat_is_not_a_parry_button_and_its_parry_is_refused(table_of):
    t = _house(table_of)
    _dropped_next_round(t)
    pending = t.state.pending_for("信者")
    assert "受け流し" in pending.options
    assert parry_choices(t.system.rules, t.state, pending) == ["こぶし", "キック", "組み付き"]  # no バット
    refusal = t.refused("H-CALL-ARM-04", KP, cmds.React, action="受け流し", weapon="バット", as_unit="信者")
    assert "信者はバットを取り落としているので受け流しに使えません" in refusal.message
    t.react("信者", "受け流し", [10, 2])  # the fist parries the fist
    assert [e.weapon for e in t.log if e.__class__.__name__ == "ReactionUsed"][-1] == "こぶし"


@pytest.mark.rule("H-CALL-ARM-04", "H-DEF-DODGE-04")
def test_a_dropped_bat_cannot_strike_back(table_of):
    t = _house(table_of)
    _dropped_next_round(t)
    t.react("信者", "回避", [1])  # 決定的成功: 反撃 or 継続回避
    t.refused("H-CALL-ARM-04", KP, cmds.React, action="反撃", weapon="バット", as_unit="信者")


@pytest.mark.rule("H-CALL-ARM-04", "H-CALL-01")
def test_a_special_bullet_on_an_arm_drops_the_weapon_too(table_of):
    """An arm shot fired with a special drops the weapon as a melee one does; the dropped bat
    is then no parry button."""
    t = table_of("coc6-house", shock=False)
    t.join("joe", t.sheet("ジョー", DEX=15, skills={"拳銃": 60}, weapons=[weapon("拳銃")]))
    t.npc(t.sheet("信者", DEX=10, CON=14, SIZ=14, weapons=[weapon("バット", skill_value=40)]))
    t.start()
    t.run("joe", cmds.Attack, [9, 3, 2], target="信者", weapon="拳銃", aim="腕")  # 45 / 5 = 9: スペシャル, impaled
    t.react("信者", "なし")
    assert t.unit("信者").weapons["バット"].dropped and t.unit("信者").weapons["バット"].dropped_by == "H-CALL-ARM-04"
