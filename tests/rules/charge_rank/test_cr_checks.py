"""C-CHECK: power rank, d6 pool, safety rank, automatic failure, ties; C-ATK-02 tiers."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.dice import ScriptedDice
from rules.systems.charge_rank import events as ce
from rules.systems.charge_rank.checks import auto_fails, beats, roll_check, tier


def duel(t):
    t.unit("桐生", reflex=6, attack=3, guard=2)
    t.unit("刺客", reflex=3, guard=3, npc=True)
    t.start()


@pytest.mark.rule("C-CHECK-06")
@pytest.mark.parametrize(("faces", "safety", "fails"), [
    ([1, 1, 5], 2, True),      # the example: two more 1s than 6s at SR 2
    ([1, 2, 2, 6], 1, False),  # the example: one 1, one 6
    ([1, 3], 1, True),
    ([1, 1, 6], 1, True),
    ([1, 1, 6], 2, False),
    ([1, 3], 2, False),
    ([2, 3], 0, True),         # SR 0: fails unless more 6s than 1s (C-OPT-ADV-02)
    ([6, 2], 0, False),
])
def test_automatic_failure_is_ones_minus_sixes_at_or_above_the_safety_rank(faces, safety, fails):
    assert auto_fails(faces, safety) is fails


@pytest.mark.rule("C-CHECK-04")
def test_a_check_rolls_power_rank_d6_and_sums_them():
    dice = ScriptedDice([2, 3, 5])
    roll = roll_check(dice, 3, 1)
    assert dice.used == [(6, 2), (6, 3), (6, 5)]
    assert (roll.faces, roll.achievement, roll.auto_fail) == ((2, 3, 5), 10, False)


@pytest.mark.rule("C-CHECK-01", "C-CHECK-02", "C-CHECK-05")
def test_power_rank_is_decided_then_spent_then_rolled_at_safety_rank_1(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [4, 4, 4], target="刺客", power=3)
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.power, roll.faces, roll.achievement, roll.safety) == (3, [4, 4, 4], 12, 1)
    assert (roll.charge_before, roll.charge_after) == (6, 3)
    assert t.u("桐生").charge == 3


@pytest.mark.rule("C-CHECK-02", "C-ATK-04")
def test_charge_is_spent_even_when_the_roll_fails_automatically(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [1, 2], target="刺客", power=2)
    assert t.of(ce.PoolRolled)[-1].auto_fail
    assert t.u("桐生").charge == 4
    # C-ATK-04: no effect at all: no question, no damage; the turn passes on.
    assert not t.of(ce.QuestionAsked) and not t.of(ce.DamageDealt)
    assert t.state.turn == "刺客"


@pytest.mark.rule("C-CHECK-03")
def test_power_rank_above_the_charge_rank_is_refused(cr_table):
    t = cr_table()
    duel(t)
    err = t.refused("C-CHECK-03", cmds.Attack, "桐生", target="刺客", power=7)
    assert "パワーランク7" in err.message and "チャージランク6" in err.message
    t.refused("C-CHECK-03", cmds.Attack, "桐生", target="刺客", power=0)


@pytest.mark.rule("C-CHECK-03")
def test_the_kp_may_allow_a_power_rank_above_the_charge(cr_table):
    t = cr_table()
    duel(t)
    t.apply(cmds.Attack(issuer="kp", as_unit="桐生", target="刺客", power=7, allow=frozenset({"C-CHECK-03"})),
            [2, 2, 2, 2, 2, 2, 2])
    assert t.u("桐生").charge == 0


@pytest.mark.rule("C-CHECK-03")
def test_without_power_the_whole_charge_rank_is_used(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [2, 2, 2, 2, 2, 2], target="刺客")
    assert t.of(ce.PoolRolled)[-1].power == 6 and t.u("桐生").charge == 0


@pytest.mark.rule("C-CHECK-07")
def test_ties_favour_the_defending_side(cr_table):
    assert beats(11, 11) and beats(12, 11) and not beats(10, 11)
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [2, 3], target="刺客", power=2)
    t.react("刺客", "回避", [1, 4], power=2)  # 5 ≥ 5: evaded
    assert not t.of(ce.DamageDealt)
    assert "回避成功（5 ≥ 5）" in t.of(ce.StrikeEnded)[-1].outcome


@pytest.mark.rule("C-CHECK-08", "C-OPT-ADV-01")
def test_critical_rank_is_tracked_without_effect(cr_table):
    t = cr_table()
    duel(t)
    assert t.of(ce.PoolRolled) == []
    t.setting("有利", "桐生")
    t.act(cmds.Attack, "桐生", [6, 6], target="刺客", power=2)
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.critical, roll.achievement, roll.safety, roll.auto_fail) == (1, 12, 1, False)


@pytest.mark.rule("C-ATK-02")
@pytest.mark.parametrize(("power", "name"), [(1, "牽制"), (3, "牽制"), (4, "通常"), (6, "通常"), (7, "必殺"),
                                             (9, "必殺"), (10, "奥義"), (12, "奥義"), (13, "奥義")])
def test_technique_tier_by_power_rank(power, name):
    assert tier(power) == name
