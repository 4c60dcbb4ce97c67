"""〈武器・双撃〉 (H-DUAL-01..09, H-DUAL-SEQ-01..05, H-DUAL-SIM-01..05) and the designated-weapon
〈武道〉 (H-MA-WPN-01..03)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, skills=None, second=("脇差", "刀剣", "1D6", "刀剣")):
    """ケン with 日本刀 (刀剣, 1D10) and a ``second`` weapon ``(name, skill, damage, class)``."""
    table = table_of("coc6-house", shock=False)
    name, skill, damage, cls = second
    arms = [table.weapon("日本刀", skill="刀剣", damage="1D10", cls="刀剣"),
            table.weapon(name, skill=skill, damage=damage, cls=cls)]
    table.join("ken", table.sheet("ケン", DEX=14, skills={"刀剣": 50, "武器・双撃": 60} if skills is None else skills,
                                  weapons=arms))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14))
    table.start()
    return table


def attack(table, dice, **options):
    return table.run("ken", cmds.Attack, dice, target="信者", **options)


def rolled(events):
    return [(e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("H-DUAL-01", "H-DUAL-03", "H-DUAL-06", "H-DUAL-SEQ-01", "H-DUAL-SEQ-02", "H-DUAL-SEQ-05")
def test_sequential_rolls_dual_then_two_hits_defended_separately(table_of):
    table = _table(table_of)
    events = attack(table, [30, 20, 40], special="連続攻撃", weapon="日本刀,脇差")
    assert rolled(events) == [(60, 30), (50, 20), (50, 40)]
    assert table.unit("ケン").ap == 2 and table.unit("ケン").attacks == 1
    assert [p.unit for p in table.state.pending] == ["信者", "信者"]
    events = table.react("信者", "なし", [5])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D10", 5)]
    events = table.react("信者", "なし", [3])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D6", 3)]
    assert table.hp("信者") == 14 - 8


@pytest.mark.rule("H-DUAL-SEQ-03", "H-DUAL-SIM-03")
def test_a_failed_dual_roll_fails_the_attack(table_of):
    table = _table(table_of)
    events = attack(table, [61], special="連続攻撃", weapon="日本刀,脇差")
    assert rolled(events) == [(60, 61)] and table.state.pending == []
    assert table.unit("ケン").attacks == 1


@pytest.mark.rule("H-DUAL-SIM-01", "H-DUAL-SIM-02", "H-DUAL-SIM-05", "X-DBL-01")
def test_simultaneous_one_hit_roll_with_doubled_damage(table_of):
    table = _table(table_of, skills={"刀剣": 70, "小太刀": 65, "武器・双撃": 90},
                   second=("脇差", "小太刀", "1D6", "刀剣"))
    events = attack(table, [30, 60], special="同時攻撃", weapon="日本刀,脇差")
    assert rolled(events) == [(50, 30), (65, 60)]  # −40 for two kinds; the lower skill
    assert len(table.state.pending) == 1
    events = table.react("信者", "なし", [2, 3])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D6", 5)]


@pytest.mark.rule("H-DUAL-02")
def test_base_value_0_or_30(table_of):
    table = _table(table_of, skills={"刀剣": 40})
    events = attack(table, [31], special="同時攻撃", weapon="日本刀,脇差")
    assert rolled(events) == [(30, 31)]
    low = _table(table_of, skills={"刀剣": 39})
    events = attack(low, [1], special="同時攻撃", weapon="日本刀,脇差")
    assert rolled(events) == [(0, 1)]


@pytest.mark.rule("H-DUAL-07", "H-DUAL-08")
def test_low_skill_minus_30_and_different_weapons_minus_40(table_of):
    table = _table(table_of, skills={"刀剣": 50, "ナイフ": 15, "武器・双撃": 90},
                   second=("ナイフ", "ナイフ", "1D4", "ナイフ"))
    events = attack(table, [99], special="連続攻撃", weapon="日本刀,ナイフ")
    assert rolled(events) == [(90 - 30 - 40, 99)]


@pytest.mark.rule("H-DUAL-04")
def test_not_with_ranged_weapons(table_of):
    table = _table(table_of, second=("弓", "弓", "1D6", "弓"))
    table.refused("H-DUAL-04", "ken", cmds.Attack, target="信者", special="連続攻撃", weapon="日本刀,弓")


@pytest.mark.rule("H-DUAL-03", "H-DUAL-05")
def test_needs_a_weapon_in_each_hand(table_of):
    table = _table(table_of)
    table.refused("H-DUAL-03", "ken", cmds.Attack, target="信者", special="連続攻撃", weapon="日本刀")


@pytest.mark.rule("H-DUAL-09", "X-REACH-01")
def test_both_weapons_must_reach(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="ケン", to="A1")
    table.run(KP, cmds.Place, name="信者", to="C1")
    table.refused("H-DUAL-09", "ken", cmds.Attack, target="信者", special="連続攻撃", weapon="日本刀,脇差")


@pytest.mark.rule("H-DUAL-SEQ-04", "H-DUAL-SIM-04", "X-COMB-01")
def test_with_budo_a_failed_combination_fails_and_a_success_doubles(table_of):
    table = _table(table_of, skills={"刀剣": 50, "武器・双撃": 60, "武道（剣道）": 50})
    events = attack(table, [55], special="連続攻撃", weapon="日本刀,脇差", mode="武道")
    assert events[-1].outcome == "〈武器・双撃〉に失敗し、攻撃は失敗した"
    ok = _table(table_of, skills={"刀剣": 50, "武器・双撃": 60, "武道（剣道）": 50})
    attack(ok, [40, 20, 99], special="連続攻撃", weapon="日本刀,脇差", mode="武道")
    events = ok.react("信者", "なし", [1, 2])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D10", 3)]


@pytest.mark.rule("H-MA-WPN-01", "H-MA-WPN-02", "H-MA-WPN-03", "H-MA-01")
def test_designated_weapon_budo_doubles_the_sword_and_only_budo_failed_is_single(table_of):
    table = _table(table_of, skills={"刀剣": 60, "武道（剣道）": 50})
    events = attack(table, [40], weapon="日本刀")
    assert rolled(events) == [(60, 40)]
    events = table.react("信者", "なし", [3, 4])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D10", 7)]
    single = _table(table_of, skills={"刀剣": 60, "武道（剣道）": 50})
    attack(single, [55], weapon="日本刀")
    events = single.react("信者", "なし", [3])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D10", 3)]


@pytest.mark.rule("H-MA-WPN-04", "H-DEF-PARRY-13")
def test_designated_budo_parries_empty_handed_as_a_fist(table_of):
    table = table_of("coc6-house")
    table.join("ken", table.sheet("ケン", DEX=14, skills={"武道（剣道）": 60}))
    table.npc(table.sheet("信者", DEX=16, skills={"こぶし": 70}))
    table.start()
    table.attack("信者", "ケン", [20], weapon="こぶし")
    events = table.react("ケン", "受け流し", [55, 2], weapon="武道")
    assert rolled(events) == [(60, 55)]
    assert table.hp("ケン") == 10 and table.unit("ケン").used["受け流し"] == 1


def _knives(table_of, value):
    """ケン with two knives entered as ``/char weapon`` does with ``skill:value`` (no skill name)."""
    table = table_of("coc6-house", shock=False)
    arms = [table.weapon("ナイフ1", skill_value=value, damage="1D4", cls="ナイフ"),
            table.weapon("ナイフ2", skill_value=value, damage="1D4", cls="ナイフ")]
    table.join("ken", table.sheet("ケン", DEX=14, skills={"武器・双撃": 60}, weapons=arms))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14))
    table.start()
    return table


@pytest.mark.rule("H-DUAL-07", "H-DUAL-08")
def test_two_knives_entered_with_a_skill_value_are_the_same_kind(table_of):
    """The weapon's skill is a skill (ナイフ, base 25), not the weapon's name: no −40 for two
    knives, and −30 only below 25 + 20."""
    table = _knives(table_of, 50)
    events = attack(table, [99], special="連続攻撃", weapon="ナイフ1,ナイフ2")
    assert rolled(events) == [(60, 99)]
    table = _knives(table_of, 40)
    events = attack(table, [99], special="連続攻撃", weapon="ナイフ1,ナイフ2")
    assert rolled(events) == [(60 - 30, 99)]
