"""C-EX: the worked example battle of seed 004 「戦闘の例〜桐生柾葵の場合〜」, replayed with
the catalog's fixture values and the dice the text states."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.systems.charge_rank import events as ce


def setup_example(t) -> None:
    """The cast in the fixture's seating order (C-PHASE-06: 刺客1, 刺客2, 刺客3)."""
    t.unit("桐生", reflex=6, capacity=6, attack=3, guard=2, stamina=30)
    t.unit("ゲンヤ", reflex=4, capacity=4, attack=4, guard=2, stamina=30)
    t.unit("刺客1", reflex=3, capacity=3, guard=3, stamina=20, npc=True)
    t.unit("刺客2", reflex=3, capacity=3, guard=3, stamina=30, attack=3, npc=True)
    t.unit("刺客3", reflex=3, capacity=3, guard=3, stamina=30, attack=3, npc=True)


@pytest.mark.rule("C-EX-01", "C-EX-02", "C-EX-03", "C-EX-04", "C-EX-05", "C-EX-06", "C-EX-07", "C-EX-08",
                  "C-EX-09", "C-EX-10", "C-EX-11", "C-EX-12", "C-EX-13", "C-EX-14", "C-EX-15")
def test_worked_example_battle(cr_table):
    t = cr_table()
    setup_example(t)
    t.start()
    # C-EX-01: open phase, every charge 0 → reflex.
    assert t.charges() == {"桐生": 6, "ゲンヤ": 4, "刺客1": 3, "刺客2": 3, "刺客3": 3}
    # C-EX-02: Kiryu, highest reflex, acts first.
    assert t.state.turn == "桐生"

    # C-EX-03: 掌打 at PR 2 (牽制), [2, 3] → 5, charge 6 → 4.
    t.act(cmds.Attack, "桐生", [2, 3], target="刺客1", power=2, special="掌打")
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.faces, roll.achievement, roll.auto_fail, roll.tier) == ([2, 3], 5, False, "牽制")
    assert t.u("桐生").charge == 4
    # C-EX-04: nobody interrupts; 刺客1 defends at PR 3 with [1, 1, 5]: sum 7, #1 − #6 = 2 ≥ SR 2.
    # Asked: 刺客1's allies (cover, and intercept against 桐生); not 桐生's ally ゲンヤ (issue 22).
    assert t.decline_interrupts() == ["刺客2", "刺客3"]
    assert t.asked() == ("刺客1", "passive", ("防御", "回避", "カウンター", "なし"))
    t.react("刺客1", "防御", [1, 1, 5], power=3)
    defence = t.of(ce.PoolRolled)[-1]
    assert (sum(defence.faces), defence.safety, defence.auto_fail, defence.achievement) == (7, 2, True, 0)
    assert t.u("刺客1").charge == 0
    # C-EX-05: 3 × 2 − 3 = 3 damage; Kiryu acted.
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.amount, hit.formula) == ("刺客1", 3, "3 × 2 − 3 × (0 + 1) = 3")
    assert t.u("刺客1").stamina == 17
    assert t.u("桐生").status == "行動済み"

    # C-EX-06: Genya waits; his charge stays 4.
    assert t.state.turn == "ゲンヤ"
    t.act(cmds.Wait, "ゲンヤ")
    assert (t.u("ゲンヤ").status, t.u("ゲンヤ").charge) == ("待機", 4)
    # C-EX-07: 刺客1 at charge 0 can do nothing: his turn passes and he is acted.
    passed = [e for e in t.of(ev.TurnStarted) if e.unit == "刺客1"]
    assert passed and t.u("刺客1").status == "行動済み"
    assert t.state.turn == "刺客2"

    # C-EX-08: 刺客2 shoots Kiryu at PR 3, [2, 2, 4] → 8; charge 3 → 0; nobody interrupts.
    t.act(cmds.Attack, "刺客2", [2, 2, 4], target="桐生", power=3)
    assert t.of(ce.PoolRolled)[-1].achievement == 8
    assert t.u("刺客2").charge == 0
    assert t.decline_interrupts() == ["ゲンヤ"]  # 刺客3 is the shooter's ally: not asked
    # C-EX-09: Kiryu (acted, charge 4) counters with 靠 at PR 4: [2, 3, 5, 6] → 16 ≥ 8.
    assert t.asked()[0:2] == ("桐生", "passive")
    t.react("桐生", "カウンター", [2, 3, 5, 6], power=4)
    counter = t.of(ce.PoolRolled)[-1]
    assert (counter.achievement, counter.auto_fail, counter.safety) == (16, False, 1)
    assert t.u("桐生").charge == 0
    # C-EX-10: PR 4 + 3 = 7 with achievement 16; 刺客2 (charge 0) cannot respond; nobody interrupts.
    strike = t.state.strikes[0]
    assert (strike["kind"], strike["power"], strike["achievement"], strike["target"]) == ("counter", 7, 16, "刺客2")
    assert t.decline_interrupts() == ["刺客3"]  # 刺客2's ally; ゲンヤ is 桐生's
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.amount, hit.formula) == ("刺客2", 18, "3 × 7 − 3 = 18")
    assert t.u("桐生").stamina == 30

    # C-EX-11: 刺客3 shoots Kiryu at PR 3: [2, 4, 5] → 11; charge 3 → 0.
    assert t.state.turn == "刺客3"
    t.act(cmds.Attack, "刺客3", [2, 4, 5], target="桐生", power=3)
    assert t.of(ce.PoolRolled)[-1].achievement == 11
    assert t.u("刺客3").charge == 0
    # C-EX-12: Genya (waiting) intercepts at PR 4: [1, 2, 2, 6] → 11 ≥ 11 (tie to the defender).
    assert t.asked() == ("ゲンヤ", "interrupt", ("インターセプト", "カバーリング", "なし"))
    t.react("ゲンヤ", "インターセプト", [1, 2, 2, 6], power=4)
    icpt = t.of(ce.PoolRolled)[-1]
    assert (icpt.achievement, icpt.auto_fail, icpt.target_number) == (11, False, 11)
    assert (icpt.charge_before, icpt.charge_after) == (4, 0)
    assert [e.status for e in t.of(ce.StatusChanged) if e.unit == "ゲンヤ"][-1] == "行動済み"
    # C-EX-13: 4 × 4 − 3 = 13 to 刺客3; Kiryu takes nothing.
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.amount, hit.formula) == ("刺客3", 13, "4 × 4 − 3 = 13")
    assert t.u("桐生").stamina == 30 and t.u("ゲンヤ").stamina == 30

    # C-EX-14: everyone acted → round end (the next round began by itself); damage 3, 18, 13;
    # nobody fainted; every charge was 0.
    taken = {u.id: u.stamina_max - u.stamina for u in t.state.cr_units()}
    assert taken == {"桐生": 0, "ゲンヤ": 0, "刺客1": 3, "刺客2": 18, "刺客3": 13}
    assert not any(u.conditions for u in t.state.cr_units())
    assert [e.round for e in t.of(ev.RoundStarted)] == [1, 2]
    assert {unit: before for unit, before, _after in t.of(ce.OpenPhase)[-1].charges} == \
        {"桐生": 0, "ゲンヤ": 0, "刺客1": 0, "刺客2": 0, "刺客3": 0}
    # C-EX-15: round 2's open phase; all not yet acted; Kiryu first again.
    assert t.state.round == 2
    assert t.charges() == {"桐生": 6, "ゲンヤ": 4, "刺客1": 3, "刺客2": 3, "刺客3": 3}
    assert {u.status for u in t.state.cr_units()} == {"未行動"}
    assert t.state.turn == "桐生"
