"""C-ESC (escape and its obstruction), C-WAIT (waiting) and C-OTHER (other actions)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.systems.charge_rank import events as ce


def escape_table(t):
    t.unit("A", reflex=6, attack=3, guard=2)
    t.unit("B", reflex=5, attack=2, guard=1, npc=True)
    t.unit("C", reflex=4, attack=2, guard=1, npc=True)
    t.setting("割り込み確認", "waiting")
    t.start()


def waiting_a_and_escaping_b(cr_table):
    """A waits, then B escapes (achievement 4): A, waiting, is asked to interrupt."""
    t = cr_table()
    escape_table(t)
    t.act(cmds.Wait, "A")
    t.act(cmds.Escape, "B", [2, 2], power=2)
    assert t.asked() == ("A", "interrupt", ("インターセプト", "なし"))
    return t


@pytest.mark.rule("C-ESC-01")
def test_an_unobstructed_escape_leaves_the_battle(cr_table):
    t = cr_table()
    escape_table(t)
    t.act(cmds.Escape, "A", [3, 4, 5], power=3)
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.purpose, roll.achievement, roll.safety, roll.charge_after) == ("逃亡", 12, 1, 3)
    assert t.asked() == ("B", "obstruct", ("妨害", "なし"))
    assert t.decline_interrupts() == ["B"]  # the GM answers once for B and C (issue 29)
    assert "逃亡" in t.u("A").conditions and t.u("A").out_of_action
    assert [e.side for e in t.of(ev.SideOutOfAction)] == ["PC"]
    assert t.state.turn == "B"


@pytest.mark.rule("C-ESC-01")
def test_an_auto_failed_escape_stays(cr_table):
    t = cr_table()
    escape_table(t)
    t.act(cmds.Escape, "A", [1, 2, 3], power=3)
    assert t.asked() is None and not t.u("A").conditions and t.state.turn == "B"


@pytest.mark.rule("C-ESC-02", "C-CHECK-07")
def test_an_obstructor_at_or_above_the_escapee_stops_it(cr_table):
    t = cr_table()
    escape_table(t)
    t.act(cmds.Escape, "A", [3, 4, 5], power=3)
    t.react("B", "妨害", [4, 4, 4, 1, 2, 2, 3], power=3)  # 12 ≥ 12; the GM's C joins with its charge 4 (issue 29)
    assert [(e.unit, e.target_number) for e in t.of(ce.PoolRolled)[-2:]] == [("B", 12), ("C", 12)]
    assert not t.u("A").conditions
    assert "逃亡失敗" in t.of(ce.StrikeEnded)[-1].outcome


@pytest.mark.rule("C-ESC-03")
def test_obstructors_add_up_and_an_auto_failure_adds_nothing(cr_table):
    t = cr_table()
    escape_table(t)
    t.act(cmds.Escape, "A", [3, 4, 5], power=3)
    t.react("B", "妨害", [2, 2, 2, 2, 2, 2], power=2)  # B 4, and the GM's C with its whole charge 8 → 12 ≥ 12
    assert not t.u("A").conditions
    t2 = cr_table()
    escape_table(t2)
    t2.act(cmds.Escape, "A", [3, 4, 5], power=3)
    t2.react("B", "妨害", [6, 6, 1, 1, 1, 2, 3, 3, 3], power=5)  # B fails automatically: 0; C 11 < 12
    assert t2.state.strikes == [] and "逃亡" in t2.u("A").conditions


@pytest.mark.rule("C-ESC-04")
def test_an_escape_can_be_intercepted(cr_table):
    t = waiting_a_and_escaping_b(cr_table)
    t.refused("C-ESC-04", cmds.React, "A", action="カバーリング", power=1)
    t.react("A", "インターセプト", [2, 2], power=2)     # 4 ≥ 4
    t.react("B", "なし")
    assert not t.u("B").conditions
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 2 − 1 = 5"


@pytest.mark.rule("C-WAIT-01", "C-WAIT-02")
def test_waiting_spends_nothing_blocks_active_actions_but_allows_interrupts(cr_table):
    t = cr_table()
    t.unit("A", reflex=6, attack=3)
    t.unit("B", reflex=5, npc=True)
    t.unit("C", reflex=4, npc=True)
    t.start()
    t.act(cmds.Wait, "A")
    assert (t.u("A").status, t.u("A").charge) == ("待機", 6)
    assert "A" not in t.state.acted
    t.refused("C-WAIT-02", cmds.Attack, "A", target="B", power=1)
    t.act(cmds.Attack, "B", [3], target="C", power=1)
    assert t.asked()[:2] == ("A", "interrupt")


@pytest.mark.rule("C-OTHER-01", "C-OTHER-02")
def test_other_actions_need_the_gms_permission_and_spend_their_power_rank(cr_table):
    t = cr_table()
    t.unit("A", reflex=6)
    t.unit("B", reflex=5, npc=True)
    t.start()
    t.refused("C-OTHER-01", cmds.SkillCheck, "A", skill="扉をこじ開ける", modifier=2)
    t.apply(cmds.SkillCheck(issuer="kp", as_unit="A", skill="扉をこじ開ける", modifier=2,
                            allow=frozenset({"C-OTHER-01"})), [5, 6])
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.purpose, roll.power, roll.achievement, roll.charge_after) == ("扉をこじ開ける", 2, 11, 4)
    assert t.u("A").status == "行動済み" and t.state.turn == "B"


@pytest.mark.rule("C-ESC-02", "C-ESC-03", "C-PASS-02")
def test_a_unit_asked_to_interrupt_is_still_asked_to_obstruct(cr_table):
    t = waiting_a_and_escaping_b(cr_table)
    t.react("A", "なし")
    assert t.asked() == ("A", "obstruct", ("妨害", "なし"))
    t.react("A", "妨害", [2, 3], power=2)               # 5 ≥ 4
    assert not t.u("B").conditions  # C, B's ally, is not asked to obstruct (issue 22)
    assert "逃亡失敗" in t.of(ce.StrikeEnded)[-1].outcome
