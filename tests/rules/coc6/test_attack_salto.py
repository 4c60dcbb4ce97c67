"""サルト (H-MA-SALTO-01..11) and its 〈武道〉 ward-off, with one combination die (X-COMB-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce


def _table(table_of, attacker_skills=None, defender_skills=None, **settings):
    table = table_of("coc6-house", **settings)
    table.join("hana", table.sheet("ハナ", DEX=15, skills=attacker_skills or {"武道（柔道）": 70, "組み付き": 70}))
    table.npc(table.sheet("信者", DEX=10, CON=10, SIZ=13, skills=defender_skills or {}))
    table.start()
    return table


@pytest.mark.rule("H-MA-SALTO-04", "X-COMB-01", "H-MA-SALTO-08", "H-MA-SALTO-09", "X-PRONE-01",
                  "X-KO-01", "H-MA-SALTO-07")
def test_throw_one_die_against_both_skills_then_1d6_db_prone_and_con_roll(table_of):
    table = _table(table_of)
    events = table.attack("ハナ", "信者", [35], special="サルト")
    check = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert check.text == "(1d100<=70,70) ＞ 35[成功,成功] ＞ 成功"
    assert table.options("信者") == ["回避", "防御", "武道", "なし"]
    events = table.react("信者", "武道", [50, 4, 70])
    ward = [e for e in events if isinstance(e, ce.CheckRolled)][0]
    assert (ward.target, ward.roll, ward.level) == (1, 50, "失敗")  # base value 1% (SALTO-07)
    assert table.hp("信者") == 12 - 4  # HP (10+13)/2 = 12, 1D6 = 4, db none
    assert table.unit("信者").conditions == ["転倒", "ノックアウト"]
    con = [e for e in events if isinstance(e, ce.CheckRolled)][1]
    assert (con.target, con.roll) == (50, 70)  # CON 10 × 5


@pytest.mark.rule("H-MA-SALTO-09")
def test_a_passed_con_roll_leaves_the_target_only_prone(table_of):
    table = _table(table_of)
    table.attack("ハナ", "信者", [35], special="サルト")
    table.react("信者", "なし", [5, 50])
    assert table.hp("信者") == 7
    assert table.unit("信者").conditions == ["転倒"]


@pytest.mark.rule("H-MA-SALTO-05", "H-DEF-01")
def test_grappling_budo_wards_off_the_whole_throw_and_uses_the_parry(table_of):
    table = _table(table_of, defender_skills={"武道（合気道）": 40})
    table.attack("ハナ", "信者", [35], special="サルト")
    events = table.react("信者", "武道", [40])
    ward = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert (ward.target, ward.level) == (40, "成功")
    assert table.hp("信者") == 12 and table.unit("信者").conditions == []
    assert table.unit("信者").used["受け流し"] == 1


@pytest.mark.rule("H-MA-SALTO-06")
def test_striking_budo_wards_off_at_minus_30(table_of):
    table = _table(table_of, defender_skills={"武道（空手）": 65})
    table.attack("ハナ", "信者", [35], special="サルト")
    events = table.react("信者", "武道", [36, 3, 90])
    ward = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert (ward.target, ward.roll, ward.level) == (35, 36, "失敗")
    assert table.hp("信者") == 9


@pytest.mark.rule("H-MA-SALTO-06")
def test_martial_arts_wards_off_at_minus_30(table_of):
    table = _table(table_of, defender_skills={"マーシャルアーツ": 50})
    table.attack("ハナ", "信者", [35], special="サルト")
    events = table.react("信者", "武道", [20])
    assert next(e for e in events if isinstance(e, ce.CheckRolled)).target == 20


@pytest.mark.rule("H-MA-SALTO-05")
def test_a_weapon_parry_is_not_the_ward_off(table_of):
    table = _table(table_of)
    table.attack("ハナ", "信者", [35], special="サルト")
    table.refused("H-MA-SALTO-05", "kp", cmds.React, action="受け流し", as_unit="信者")


@pytest.mark.rule("H-MA-SALTO-01", "H-MA-03")
def test_under_60_percent_grappling_is_refused(table_of):
    table = _table(table_of, attacker_skills={"武道（柔道）": 59, "組み付き": 70})
    table.refused("H-MA-SALTO-01", "hana", cmds.Attack, target="信者", special="サルト")


@pytest.mark.rule("H-MA-SALTO-01")
def test_striking_budo_alone_does_not_allow_a_throw(table_of):
    table = _table(table_of, attacker_skills={"武道（空手）": 90, "組み付き": 70})
    table.refused("H-MA-SALTO-01", "hana", cmds.Attack, target="信者", special="サルト")


@pytest.mark.rule("H-MA-SALTO-02")
def test_a_creature_the_kp_marks_unthrowable_cannot_be_thrown(table_of):
    table = _table(table_of, traits="信者=投げられない")
    table.refused("H-MA-SALTO-02", "hana", cmds.Attack, target="信者", special="サルト")


@pytest.mark.rule("H-MA-SALTO-11", "X-KOATK-01")
def test_a_knockout_only_salto_is_refused(table_of):
    table = _table(table_of)
    table.refused("H-MA-SALTO-11", "hana", cmds.Attack, target="信者", special="サルト", aim="ノックアウト")


@pytest.mark.rule("H-MA-SALTO-03", "H-MA-02")
def test_declared_with_the_attack_and_only_one_special(table_of):
    table = _table(table_of)
    table.refused("H-MA-02", "hana", cmds.Attack, target="信者", special="サルト,ラッシュ")
    events = table.attack("ハナ", "信者", [35], special="サルト")
    declared = next(e for e in events if isinstance(e, ce.AttackDeclared))
    assert declared.special == "サルト" and declared.ap == 1


@pytest.mark.rule("H-MA-SALTO-04", "H-MA-GRAP-02")
def test_only_the_budo_part_failed_is_an_ordinary_grapple(table_of):
    table = _table(table_of, attacker_skills={"武道（柔道）": 60, "組み付き": 70})
    events = table.attack("ハナ", "信者", [65], special="サルト")
    check = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert check.text == "(1d100<=60,70) ＞ 65[失敗,成功] ＞ 部分的成功"
    assert "武道" not in table.options("信者")
    table.react("信者", "なし", [])
    assert table.hp("信者") == 12 and table.unit("信者").conditions == []


@pytest.mark.rule("H-MA-SALTO-04")
def test_a_failed_attack_part_misses(table_of):
    table = _table(table_of)
    events = table.attack("ハナ", "信者", [80], special="サルト")
    assert events[-1].outcome == "サルトは失敗した"
    assert table.state.pending == []


@pytest.mark.rule("H-MA-SALTO-10", "X-FALL-01")
def test_thrown_from_a_height_also_takes_falling_damage(table_of):
    table = _table(table_of, traits="信者=高所6", shock=False)
    table.attack("ハナ", "信者", [35], special="サルト")
    events = table.react("信者", "なし", [2, 20, 3, 4])
    damage = [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)]
    assert damage == [("1D6", 2), ("2D6", 7)]  # 6 m: 1D6 per full 3 m
    assert table.hp("信者") == 12 - 2 - 7


@pytest.mark.rule("H-MA-WPN-05")
def test_designated_weapon_budo_has_no_special_techniques(table_of):
    table = _table(table_of, attacker_skills={"武道（剣道）": 90, "組み付き": 70})
    table.refused("H-MA-WPN-05", "hana", cmds.Attack, target="信者", special="サルト")
    table.refused("H-MA-WPN-05", "hana", cmds.Attack, target="信者", special="ラッシュ")
