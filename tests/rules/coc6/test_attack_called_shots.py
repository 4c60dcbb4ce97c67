"""Called shots 「部位狙い」 (H-CALL-01/02, H-CALL-VITAL-01/02, H-CALL-ARM-01..04,
H-CALL-LEG-01..04) and their treatment by 〈応急手当〉／〈医学〉."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, target_skills=None):
    table = table_of("coc6-house", shock=False)
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"こぶし": 70, "拳銃": 60, "医学": 50},
                                  weapons=[table.weapon("拳銃")]))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14, skills=target_skills or {"こぶし": 50, "回避": 30},
                          weapons=[table.weapon("バット", skill_value=40)]))
    table.start()
    return table


def punch(table, dice, **options):
    table.end_turns_until("アキラ")
    return table.run("aki", cmds.Attack, dice, target="信者", weapon="こぶし", **options)


def rolled(events):
    return [(e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("H-CALL-01", "H-CALL-VITAL-01", "H-CALL-VITAL-02")
def test_vital_spot_minus_30_plus_1d6(table_of):
    table = _table(table_of)
    events = punch(table, [35], aim="急所")
    assert rolled(events) == [(40, 35)]
    events = table.react("信者", "なし", [2, 5])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D3+1D6", 7)]


@pytest.mark.rule("H-CALL-ARM-01", "H-CALL-ARM-02", "H-CALL-ARM-03")
def test_arm_hit_makes_attack_skills_two_thirds_until_treated(table_of):
    table = _table(table_of)
    events = punch(table, [50], aim="腕")
    assert rolled(events) == [(55, 50)]
    table.react("信者", "なし", [1])
    sheet = table.unit("信者").character
    assert (sheet.skill("こぶし"), sheet.skill("キック"), sheet.weapon_skill(sheet.weapon("バット"))) == (33, 16, 26)
    assert table.hp("信者") == 13  # normal damage as well
    table.run("aki", cmds.EndTurn)
    punch(table, [50], aim="腕")
    table.react("信者", "なし", [1])
    assert table.unit("信者").character.skill("こぶし") == 33  # a second arm hit: no further loss
    table.run("aki", cmds.SkillCheck, [60], skill="医学", target="信者")
    assert table.unit("信者").character.skill("こぶし") == 33  # failed
    table.run("aki", cmds.EndTurn)
    table.end_turns_until("アキラ")
    table.run("aki", cmds.SkillCheck, [50, 1], skill="医学", target="信者")
    sheet = table.unit("信者").character
    assert (sheet.skill("こぶし"), sheet.skill("キック"), sheet.weapon_skill(sheet.weapon("バット"))) == (50, 25, 40)


@pytest.mark.rule("H-CALL-ARM-04")
def test_special_arm_hit_drops_the_weapon(table_of):
    table = _table(table_of)
    punch(table, [11], aim="腕")  # 55 / 5 = 11: スペシャル
    table.react("信者", "なし", [1])
    assert table.unit("信者").weapons["バット"].dropped
    table.run("aki", cmds.EndTurn)
    table.refused("H-CALL-ARM-04", KP, cmds.Attack, target="アキラ", weapon="バット", as_unit="信者")


@pytest.mark.rule("H-CALL-LEG-01", "H-CALL-LEG-02", "H-CALL-LEG-03", "H-CALL-LEG-04")
def test_leg_hit_dex_two_thirds_rounded_up_and_dodge_with_it(table_of):
    table = _table(table_of)
    events = punch(table, [50], aim="足")
    assert rolled(events) == [(55, 50)]
    table.react("信者", "なし", [1])
    unit = table.unit("信者")
    assert unit.dex == 7  # ⌈10 × 2/3⌉
    assert unit.character.skill("回避") == 30 - 2 * 3
    table.run("aki", cmds.SkillCheck, [5, 1], skill="医学", target="信者")
    assert table.unit("信者").dex == 10 and table.unit("信者").character.skill("回避") == 30


@pytest.mark.rule("H-CALL-LEG-01", "H-CALL-LEG-02")
def test_wing_hit_and_dodge_from_dex(table_of):
    table = _table(table_of, target_skills={"こぶし": 50})
    punch(table, [50], aim="羽")
    table.react("信者", "なし", [1])
    assert table.unit("信者").dex == 7 and table.unit("信者").character.skill("回避") == 14


@pytest.mark.rule("H-CALL-01")
def test_called_shot_with_a_gun(table_of):
    table = _table(table_of)
    table.end_turns_until("アキラ")
    events = table.run("aki", cmds.Attack, [99], target="信者", weapon="拳銃", aim="腕")
    assert rolled(events) == [(45, 99)]


@pytest.mark.rule("H-CALL-02")
def test_no_called_shot_at_an_amorphous_creature(table_of):
    table = _table(table_of)
    table.state.settings["traits"] = "信者=不定形"
    table.refused("H-CALL-02", "aki", cmds.Attack, target="信者", weapon="こぶし", aim="急所")


@pytest.mark.rule("H-CALL-ARM-02", "H-CALL-ARM-03")
def test_an_arm_wound_lowers_budo_with_the_other_unarmed_skills(table_of):
    table = _table(table_of, target_skills={"こぶし": 50, "武道（空手）": 60, "回避": 30})
    punch(table, [50], aim="腕")
    table.react("信者", "なし", [1])
    sheet = table.unit("信者").character
    assert (sheet.skill("こぶし"), sheet.skill("武道（空手）"), sheet.skill("回避")) == (33, 40, 30)
