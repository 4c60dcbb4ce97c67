"""C-PHASE and C-MAIN: open phase, initiative by reflex, main phase, check phase, round end;
the battle start and the numbers read from the sheet."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.errors import InvalidInput
from rules.systems.charge_rank import SYSTEM
from rules.systems.charge_rank import events as ce


@pytest.mark.rule("C-PHASE-01", "C-PHASE-02", "C-PHASE-04")
def test_round_one_opens_with_charge_equal_to_reflex(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, capacity=8)
    t.unit("B", reflex=2, capacity=8, npc=True)
    assert t.u("A").charge == 0
    events = t.start()
    kinds = [type(e) for e in events[:3]]
    assert kinds == [ev.RoundStarted, ce.OpenPhase, ev.TurnStarted]
    assert t.of(ce.OpenPhase)[0].charges == [["A", 0, 5], ["B", 0, 2]]


@pytest.mark.rule("C-PHASE-02", "C-PHASE-03", "C-PHASE-04", "C-PHASE-11")
def test_charge_grows_by_reflex_up_to_capacity(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, capacity=3)
    t.unit("B", reflex=4, capacity=10, npc=True)
    t.start()
    assert t.charges() == {"A": 3, "B": 4}      # C-PHASE-04: capacity below reflex
    t.act(cmds.EndTurn, "A")
    t.act(cmds.EndTurn, "B")                      # round end → round 2's open phase
    assert t.state.round == 2
    assert t.charges() == {"A": 3, "B": 8}        # min(3 + 5, 3), min(4 + 4, 10)


@pytest.mark.rule("C-PHASE-05")
def test_initiative_uses_reflex_not_the_current_charge(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, capacity=5)
    t.unit("B", reflex=4, capacity=10, npc=True)
    t.start()
    t.act(cmds.EndTurn, "A")
    t.act(cmds.EndTurn, "B")
    assert t.charges() == {"A": 5, "B": 8}
    assert t.state.turn == "A"
    t.refused("C-PHASE-05", cmds.Attack, "B", target="A", power=1)


@pytest.mark.rule("C-PHASE-06", "C-PHASE-07")
def test_reflex_ties_follow_the_seating_one_at_a_time(cr_table):
    t = cr_table()
    t.unit("A", reflex=3)
    t.unit("B", reflex=3, npc=True)
    t.unit("C", reflex=3, npc=True)
    t.setting("席順", "C,A,B")
    t.start()
    assert t.of(ev.RoundStarted)[0].order == ["C", "A", "B"]
    assert t.of(ev.RoundStarted)[0].tied == [["C", "A", "B"]]
    # C-PHASE-07: no simultaneous action: one main phase, one turn prompt at a time.
    prompts = SYSTEM.view(t.state).prompts
    assert [(p.kind, p.unit) for p in prompts] == [("turn", "C")]
    t.act(cmds.EndTurn, "C")
    assert t.state.turn == "A"


@pytest.mark.rule("C-PHASE-06")
def test_reflex_ties_default_to_the_joining_order(cr_table):
    t = cr_table()
    t.unit("B", reflex=3, npc=True)
    t.unit("A", reflex=3)
    t.start()
    assert t.state.turn == "B"


@pytest.mark.rule("C-PHASE-08", "C-PHASE-09", "C-MAIN-02")
def test_an_active_action_makes_the_unit_acted_for_the_round(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, attack=3)
    t.unit("B", reflex=4, guard=3, npc=True)
    t.start()
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2)
    t.react("B", "なし")
    assert t.u("A").status == "行動済み"
    assert t.state.turn == "B"
    t.refused("C-PHASE-09", cmds.Attack, "A", target="B", power=1)


@pytest.mark.rule("C-PHASE-10", "C-PHASE-11")
def test_round_ends_once_everyone_is_acted_or_waiting(cr_table):
    t = cr_table()
    t.unit("A", reflex=5)
    t.unit("B", reflex=4, npc=True)
    t.start()
    t.act(cmds.Wait, "A")
    assert t.state.round == 1 and t.state.turn == "B"
    t.act(cmds.EndTurn, "B")
    assert t.state.round == 2
    assert {u.status for u in t.state.cr_units()} == {"未行動"}
    assert t.state.turn == "A"


@pytest.mark.rule("C-MAIN-01", "C-ATK-05", "C-INT-01")
def test_main_phase_steps_run_active_interrupt_passive_damage(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, attack=3)
    t.unit("B", reflex=4, guard=3, npc=True)
    t.unit("C", reflex=3, npc=True)
    t.start()
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2)
    assert t.asked() == ("C", "interrupt", ("インターセプト", "カバーリング", "なし"))
    t.react("C", "なし")
    assert t.asked()[:2] == ("B", "passive")
    t.refused("C-MAIN-01", cmds.EndTurn, "A")
    t.react("B", "なし")
    order = [type(e).__name__ for e in t.events
             if isinstance(e, (ce.PoolRolled, ce.QuestionAsked, ce.DamageDealt, ev.TurnEnded))]
    assert order == ["PoolRolled", "QuestionAsked", "QuestionAsked", "DamageDealt", "TurnEnded"]


@pytest.mark.rule("C-PHASE-02", "C-ATK-06")
def test_the_numbers_come_from_the_sheet_with_defaults(cr_table):
    t = cr_table()
    t.unit("A", reflex=4, capacity=None, guard=None, attack=None, stamina=12)
    unit = t.u("A")
    assert (unit.reflex, unit.capacity, unit.guard, unit.attack, unit.stamina) == (4, 4, 0, 1, 12)


def test_start_names_each_missing_number(cr_table):
    t = cr_table()
    t.unit("A", reflex=None, stamina=None)
    t.unit("B", reflex=3, stamina=None, npc=True)
    with pytest.raises(InvalidInput) as info:
        t.start()
    assert "A（リフレクス・スタミナ）" in info.value.message and "B（スタミナ）" in info.value.message
    assert t.state.phase == "setup"


def test_a_unit_joining_a_running_battle_needs_its_numbers_and_starts_at_charge_zero(cr_table):
    t = cr_table()
    t.unit("A", reflex=5)
    t.start()
    with pytest.raises(InvalidInput):
        t.unit("B", reflex=None, npc=True)
    t.unit("B", reflex=4, npc=True)
    assert (t.u("B").charge, t.u("B").status) == (0, "未行動")
    t.act(cmds.EndTurn, "A")
    assert t.state.turn == "A" and t.state.round == 2 and t.u("B").charge == 4


@pytest.mark.rule("C-GEN-01", "C-OPT-DIST-01")
def test_no_distance_anyone_can_attack_anyone_and_moving_is_refused(cr_table):
    t = cr_table()
    t.unit("A", reflex=5, attack=3)
    t.unit("B", reflex=4, npc=True)
    t.start()
    t.refused("C-OPT-DIST-01", cmds.Move, "A", to="C4")
    t.refused("C-OPT-DIST-01", cmds.Attack, "A", target="B", power=1, special="移動")
    t.act(cmds.Attack, "A", [3], target="B", power=1)
    assert t.asked()[0] == "B"
