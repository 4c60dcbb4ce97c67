"""Steps, undo bookkeeping and the override helpers as pure functions (H-GEN-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.events import TurnEnded
from rules.battle.override import ReplayDice, damage_faces, face_for, parse_result
from rules.battle.steps import (StepStarted, StepsReverted, StepsRestored, actions,
                                command_from_record, command_record, redoable, timeline)
from rules.coc6.check import CC, CCB, SuccessLevel
from rules.dice import ScriptedDice
from rules.errors import InvalidInput


def step(n, *events, joined=False):
    return [StepStarted(step=n, by="kp", label=f"/s{n}", joined=joined), *events]


def active(events):
    return [s.number for s in timeline(events) if s.active and s.number]


def test_a_later_revert_or_restore_decides_and_a_reverted_step_reverts_nothing():
    events = [*step(1, TurnEnded("a")), *step(2, TurnEnded("b")),
              *step(3, StepsReverted([2], "kp", "override")), *step(4, TurnEnded("b"), joined=True),
              *step(5, StepsReverted([3, 4], "kp")), *step(6, StepsRestored([3, 4], "kp"))]
    assert active(events) == [1, 3, 4, 5, 6]
    assert active(events[:-2]) == [1, 2, 5]


def test_undo_takes_whole_actions_and_redo_is_emptied_by_a_new_action():
    events = [*step(1, TurnEnded("a")), *step(2, StepsReverted([1], "kp", "override")),
              *step(3, TurnEnded("a"), joined=True), *step(4, TurnEnded("b"))]
    assert [[s.number for s in g] for g in actions(timeline(events))] == [[2, 3], [4]]
    undone = events + step(5, StepsReverted([4], "kp"))
    assert redoable(timeline(undone)) == [[4]]
    assert redoable(timeline(undone + step(6, TurnEnded("c")))) == []


def test_commands_survive_their_record_with_allowed_clauses():
    cmd = cmds.Attack(issuer="alice", target="ゾンビ", allow=frozenset({"H-AP-04"}), keeper=True)
    record = command_record(cmd)
    assert record["type"] == "Attack" and record["allow"] == ["H-AP-04"]
    assert command_from_record(record) == cmd


@pytest.mark.rule("X-ROLL-01")
@pytest.mark.parametrize("level,target,bands,face", [
    (SuccessLevel.FAILURE, 70, CCB, 71), (SuccessLevel.SUCCESS, 70, CCB, 70),
    (SuccessLevel.SPECIAL, 70, CCB, 14), (SuccessLevel.CRITICAL, 70, CCB, 5),
    (SuccessLevel.CRITICAL, 70, CC, 1), (SuccessLevel.FUMBLE, 70, CCB, 96),
    (SuccessLevel.FUMBLE, 70, CC, 100), (SuccessLevel.SUCCESS, 100, CCB, 99),
])
def test_an_outcome_word_maps_to_a_face_that_gives_it(level, target, bands, face):
    assert face_for(level, target, bands) == face


def test_impossible_outcomes_and_unreadable_results_are_refused():
    with pytest.raises(InvalidInput):
        face_for(SuccessLevel.SUCCESS, 0, CCB)
    with pytest.raises(InvalidInput):
        parse_result("たぶん成功")
    assert parse_result("ファンブル") is SuccessLevel.FUMBLE and parse_result("４２") == 42


def test_damage_faces_move_each_die_within_its_sides():
    assert damage_faces([[3, 2], [4, 3]], 5, 7) == [[3, 3], [4, 4]]
    assert damage_faces([[3, 2], [4, 3]], 5, 2) == [[3, 1], [4, 1]]
    with pytest.raises(InvalidInput):
        damage_faces([[3, 2], [4, 3]], 5, 8)


def test_replay_dice_reuse_recorded_faces_while_the_sides_match_then_roll_new_ones():
    dice = ReplayDice([[100, 17], [3, 2], [4, 3]], ScriptedDice([6, 1]))
    assert [dice.roll(100), dice.roll(3), dice.roll(6), dice.roll(4)] == [17, 2, 6, 1]
    assert dice.used == [[100, 17], [3, 2], [6, 6], [4, 1]]
