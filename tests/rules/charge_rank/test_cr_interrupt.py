"""C-INT, C-ICPT and C-COVER: interrupts by third parties. A (a PC) attacks B (attack 3);
C and D, B's side, may interrupt (issue 22: cover to the target's side, intercept to the
attacker's opponents; the attacker's allies are not asked)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.charge_rank import events as ce


def table(t, *, basic: bool = False):
    t.unit("A", reflex=6, attack=3, guard=2)
    t.unit("B", reflex=5, guard=3, npc=True)
    t.unit("C", reflex=3, attack=4, guard=2, npc=True)
    t.unit("D", reflex=4, attack=2, guard=1, npc=True)
    if basic:
        t.setting("カバーリング基本ガード", "on")
    t.start()
    t.act(cmds.Attack, "A", [3, 3, 3], target="B", power=3)   # achievement 9


@pytest.mark.rule("C-INT-01", "C-INT-03", "C-ICPT-01")
def test_interrupters_are_asked_highest_reflex_first_and_not_the_target(cr_table):
    t = cr_table()
    table(t)
    assert t.asked() == ("D", "interrupt", ("インターセプト", "カバーリング", "なし"))
    t.refused("C-INT-03", cmds.React, "C", action="インターセプト", power=2)
    t.refused("C-ICPT-01", cmds.React, "B", action="インターセプト", power=2)
    t.refused("C-PASS-01", cmds.React, "D", action="防御", power=2)
    assert t.decline_interrupts() == ["D", "C"]
    assert t.asked()[:2] == ("B", "passive")
    t.refused("C-COVER-01", cmds.React, "B", action="カバーリング", power=2)


@pytest.mark.rule("C-ICPT-02", "C-ICPT-03", "C-INT-02", "C-ICPT-04")
def test_intercept_at_or_above_the_attack_nullifies_it_and_hits_the_attacker(cr_table):
    t = cr_table()
    table(t)
    t.react("D", "インターセプト", [4, 5], power=2)    # 9 ≥ 9
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.purpose, roll.safety, roll.target_number, roll.achievement) == ("インターセプト", 1, 9, 9)
    assert t.u("D").status == "行動済み"
    # C-ICPT-04: the attacker may defend against the intercept.
    assert t.asked()[:2] == ("A", "passive")
    t.react("A", "なし")
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.formula) == ("A", "2 × 2 − 2 = 2")
    assert t.u("B").stamina == 30
    # C-INT-02: D interrupted, so it is acted and its main phase never comes this round.
    assert t.state.turn == "B"
    t.act(cmds.EndTurn, "B")
    assert t.state.turn == "C"


@pytest.mark.rule("C-INT-02", "C-PHASE-09")
def test_acted_units_cannot_interrupt(cr_table):
    t = cr_table()
    table(t)
    t.react("D", "インターセプト", [1, 2], power=2)    # auto-fail: no effect, but D is acted
    assert t.u("D").status == "行動済み"
    t.decline_interrupts()
    t.react("B", "なし")
    t.act(cmds.Attack, "B", [3], target="A", power=1)
    assert t.asked()[:2] == ("A", "passive")  # C is B's ally: not asked (issue 22)
    refusal = t.refused("C-INT-02", cmds.React, "D", action="インターセプト", power=1)
    # issue 29: the refusal says what made D acted, not a bare 「行動済み」
    assert refusal.message == "Dはこのラウンド行動済み（割り込みをした）なので割り込めません（割り込めるのは未行動か待機中だけ）"
    t.react("A", "なし")  # B's attack lands; C's main phase
    acted = t.refused("C-PHASE-09", cmds.Wait, "D")
    assert acted.message == "Dはこのラウンドすでに行動済みです（割り込みをした）。次のラウンドまで能動行動はできません"


@pytest.mark.rule("C-ICPT-05")
def test_a_failed_intercept_has_no_effect(cr_table):
    t = cr_table()
    table(t)
    t.react("D", "インターセプト", [4, 4], power=2)    # 8 < 9
    assert t.asked()[0] == "C"
    t.react("C", "なし")
    t.react("B", "なし")
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.formula) == ("B", "3 × 3 − 3 = 6")
    assert t.u("D").charge == 2


@pytest.mark.rule("C-COVER-01", "C-COVER-02", "C-COVER-03", "C-COVER-04")
def test_covering_takes_the_attack_reduced_by_power_times_guard(cr_table):
    t = cr_table()
    table(t)
    t.react("D", "なし")
    t.react("C", "カバーリング", [1, 3], power=2)      # SR 2: one 1 is no automatic failure
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail) == (2, False)
    assert t.u("C").status == "行動済み"
    assert t.asked() is None                             # no passive step after covering
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.amount, hit.formula) == ("C", 5, "3 × 3 − 2 × 2 = 5")
    assert t.u("B").stamina == 30


@pytest.mark.rule("C-COVER-03")
def test_covering_with_the_basic_guard_as_well_when_the_kp_says_so(cr_table):
    t = cr_table()
    table(t, basic=True)
    t.react("D", "なし")
    t.react("C", "カバーリング", [2, 3], power=2)
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 3 − 2 × 2 − 2 = 3"


@pytest.mark.rule("C-COVER-02")
def test_an_auto_failed_covering_leaves_the_original_target(cr_table):
    t = cr_table()
    table(t)
    t.react("D", "なし")
    t.react("C", "カバーリング", [1, 1], power=2)
    assert t.asked()[:2] == ("B", "passive")
    t.react("B", "なし")
    assert t.of(ce.DamageDealt)[-1].unit == "B"


@pytest.mark.rule("C-INT-02")
def test_only_waiting_units_are_asked_when_the_kp_chooses(cr_table):
    t = cr_table()
    t.unit("A", reflex=6, attack=3)
    t.unit("B", reflex=5, npc=True)
    t.unit("C", reflex=4)
    t.setting("割り込み確認", "waiting")
    t.start()
    t.act(cmds.Attack, "A", [3], target="B", power=1)
    assert t.asked()[:2] == ("B", "passive")
