"""C-COUNTER: the high-risk, high-return counter. A: attack 3, guard 2; B: attack 2, guard 3."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.charge_rank import events as ce


def duel(t, third: bool = False):
    t.unit("A", reflex=5, attack=3, guard=2)
    t.unit("B", reflex=4, attack=2, guard=3, npc=True)
    if third:
        t.unit("C", reflex=3, attack=4, guard=1)  # A's ally: B's counter on A is its to intercept or cover
    t.start()
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2)  # achievement 6
    t.decline_interrupts()


@pytest.mark.rule("C-COUNTER-01", "C-COUNTER-02", "C-COUNTER-03")
def test_a_successful_counter_nullifies_and_strikes_back_with_both_power_ranks(cr_table):
    t = cr_table()
    duel(t)
    t.react("B", "カウンター", [2, 2, 2], power=3)   # 6 ≥ 6
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.achievement, roll.target_number) == (1, 6, 6)
    strike = t.state.strikes[0]
    assert (strike["kind"], strike["attacker"], strike["target"], strike["power"], strike["achievement"]) == \
        ("counter", "B", "A", 5, 6)
    # C-COUNTER-04: the attacker may answer the counter with a passive action.
    assert t.asked()[:2] == ("A", "passive")
    t.react("A", "なし")
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.amount, hit.formula) == ("A", 2 * 5 - 2, "2 × 5 − 2 = 8")
    assert t.u("B").stamina == 30


@pytest.mark.rule("C-COUNTER-04")
def test_a_counter_to_a_counter(cr_table):
    t = cr_table()
    duel(t)
    t.react("B", "カウンター", [2, 2, 2], power=3)
    t.react("A", "カウンター", [4, 4, 4], power=3)    # 12 ≥ 6: PR 3 + 5 = 8 back at B
    strike = t.state.strikes[0]
    assert (strike["attacker"], strike["target"], strike["power"], strike["achievement"]) == ("A", "B", 8, 12)
    t.react("B", "なし")                               # B has 1 charge left
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 8 − 3 = 21"


@pytest.mark.rule("C-COUNTER-04", "C-ICPT-03")
def test_an_intercept_crushes_a_counter(cr_table):
    t = cr_table()
    duel(t, third=True)
    t.react("B", "カウンター", [2, 2, 2], power=3)
    assert t.asked() == ("C", "interrupt", ("インターセプト", "カバーリング", "なし"))
    t.react("C", "インターセプト", [3, 4], power=2)     # 7 ≥ 6: the counter is nullified
    strike = t.state.strikes[0]
    assert (strike["kind"], strike["attacker"], strike["target"], strike["power"]) == ("intercept", "C", "B", 2)
    t.react("B", "なし")
    assert t.of(ce.DamageDealt)[-1].formula == "4 × 2 − 3 = 5"
    assert t.u("A").stamina == 30


@pytest.mark.rule("C-COUNTER-05")
def test_a_failed_counter_adds_its_power_rank_to_the_attack(cr_table):
    t = cr_table()
    duel(t)
    t.react("B", "カウンター", [2, 2, 1], power=3)   # 5 < 6
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.formula) == ("B", "3 × 5 − 3 = 12")


@pytest.mark.rule("C-COUNTER-06")
def test_an_auto_failed_counter_still_adds_the_power_rank_decided(cr_table):
    t = cr_table()
    duel(t)
    t.react("B", "カウンター", [1, 2, 3], power=3)
    assert t.of(ce.PoolRolled)[-1].auto_fail
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 5 − 3 = 12"
