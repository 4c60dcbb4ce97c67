"""C-ATK, C-PASS, C-DEF and C-DMG: an attack, the target's defence/evasion, and the damage
to stamina. 桐生: attack 3, guard 2; 刺客: guard 3."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.systems.charge_rank import events as ce


def duel(t, stamina=30):
    t.unit("桐生", reflex=5, attack=3, guard=2)
    t.unit("刺客", reflex=4, guard=3, attack=2, stamina=stamina, npc=True)
    t.start()


@pytest.mark.rule("C-ATK-01", "C-ATK-03")
def test_attack_records_power_tier_and_technique(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [3, 3, 3, 3], target="刺客", power=4, special="靠")
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.purpose, roll.power, roll.tier, roll.achievement) == ("攻撃", 4, "通常", 12)
    strike = t.state.strikes[0]
    assert (strike["technique"], strike["power"], strike["achievement"]) == ("靠", 4, 12)


@pytest.mark.rule("C-DMG-01", "C-ATK-06", "C-DMG-03", "C-PASS-01")
def test_undefended_hit_is_attack_times_power_minus_guard(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [3, 3], target="刺客", power=2)
    t.react("刺客", "なし")
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.amount, hit.formula, hit.before, hit.after) == (3, "3 × 2 − 3 = 3", 30, 27)


@pytest.mark.rule("C-DMG-01")
def test_damage_never_goes_below_zero(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, attack=1)
    t.unit("B", reflex=4, guard=3, npc=True)
    t.start()
    t.act(cmds.Attack, "A", [4], target="B", power=1)
    t.react("B", "なし")
    assert t.of(ce.DamageDealt)[-1].amount == 0 and t.u("B").stamina == 30


@pytest.mark.rule("C-DEF-01", "C-DEF-02")
def test_evasion_at_or_above_the_attack_nullifies_it(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [2, 3], target="刺客", power=2)
    t.react("刺客", "回避", [3, 4], power=2)
    assert not t.of(ce.DamageDealt) and t.u("刺客").stamina == 30
    assert t.u("刺客").charge == 2


@pytest.mark.rule("C-DEF-03", "C-DMG-02")
def test_defence_below_the_attack_reduces_by_power_plus_one_times_guard(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [3, 3, 3, 3], target="刺客", power=4)
    t.react("刺客", "防御", [2, 3], power=2)
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.amount, hit.formula) == (3, "3 × 4 − 3 × (2 + 1) = 3")


@pytest.mark.rule("C-DEF-04", "C-DEF-05")
def test_an_auto_failed_defence_counts_as_power_rank_zero(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [3, 3, 3, 3], target="刺客", power=4)
    t.react("刺客", "防御", [1, 1], power=2)
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail, roll.achievement) == (2, True, 0)
    assert t.of(ce.DamageDealt)[-1].amount == 3 * 4 - 3 * (0 + 1)


@pytest.mark.rule("C-DEF-05")
def test_defence_rolls_at_safety_rank_two(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [3, 3, 3, 3], target="刺客", power=4)
    t.react("刺客", "防御", [1, 3], power=2)  # one more 1 than 6s: fails at 1, not at 2
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail, roll.achievement) == (2, False, 4)
    assert t.of(ce.DamageDealt)[-1].amount == 3


@pytest.mark.rule("C-PASS-02")
def test_an_acted_unit_still_defends_and_nobody_changes_state(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.EndTurn, "桐生")
    t.act(cmds.Attack, "刺客", [3, 3], target="桐生", power=2)
    assert t.asked()[:2] == ("桐生", "passive")
    t.react("桐生", "防御", [2, 2], power=2)
    assert t.u("桐生").status == "未行動" and t.state.round == 2  # the round rolled over
    statuses = [(e.unit, e.status) for e in t.of(ce.StatusChanged)]
    assert ("桐生", "行動済み") in statuses and statuses.count(("桐生", "行動済み")) == 1


@pytest.mark.rule("C-PASS-02", "C-CHECK-03")
def test_a_target_at_charge_zero_gets_no_passive_question(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "桐生", [3, 3, 3, 3, 3], target="刺客", power=5)
    t.react("刺客", "なし")
    t.act(cmds.Attack, "刺客", [3, 3], target="桐生", power=2)
    assert t.of(ce.DamageDealt)[-1].unit == "桐生"
    assert [q.unit for q in t.of(ce.QuestionAsked)] == ["刺客"]


@pytest.mark.rule("C-PASS-01")
def test_one_passive_action_per_attack_and_only_by_the_target(cr_table):
    t = cr_table()
    t.unit("A", reflex=6, attack=3)
    t.unit("B", reflex=5, guard=3, npc=True)
    t.unit("C", reflex=4, npc=True)
    t.setting("割り込み確認", "waiting")
    t.start()
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2)
    t.refused("C-PASS-01", cmds.React, "C", action="防御", power=1)
    t.react("B", "防御", [2, 2], power=2)
    t.refused("C-PASS-01", cmds.React, "B", action="防御", power=1)


@pytest.mark.rule("C-DMG-04")
def test_stamina_zero_faints_and_takes_the_unit_out(cr_table):
    t = cr_table()
    duel(t, stamina=5)
    t.act(cmds.Attack, "桐生", [3, 3, 3, 3], target="刺客", power=4)
    t.react("刺客", "なし")
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.amount, hit.after) == (9, 0)
    assert t.u("刺客").conditions == ["気絶"]
    assert [e.side for e in t.of(ev.SideOutOfAction)] == ["NPC"]
    assert t.state.round == 2 and t.state.turn == "桐生"
    assert "刺客" not in t.of(ev.RoundStarted)[-1].order
