"""Steps: each command's events form one step, so the KP can take steps back (H-GEN-01).

The service puts a :class:`StepStarted` marker before the events of every decided command;
the marker records who issued it, the command itself and every die face its decision
rolled. ``/kp undo`` appends :class:`StepsReverted` and ``/kp redo`` :class:`StepsRestored`;
nothing is ever deleted. :func:`fold` rebuilds the state from the active steps only.

A *keeper action* is one step and the steps joined to it (``joined``): an override re-decides
several commands in one action, and undo takes whole actions back.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.battle.commands import Command
from rules.battle.events import BattleEnded, BattleOpened, Event, event
from rules.battle.state import BattleState
from rules.battle.state_copy import copy_state


@event("step")
@dataclass(frozen=True)
class StepStarted(Event):
    """The events that follow (up to the next marker) are step ``step``.

    Attributes:
        step: 1, 2, … in the battle; by: the issuer's user id;
        command: :func:`command_record` of the command decided (None for keeper bookkeeping);
        dice: ``[[sides, face], …]`` every die the decision rolled, in order;
        label: the command as a user would type it (for the battle log);
        joined: part of the same keeper action as the step before it;
        speaker: the issuer's display name (for the battle log).
    """

    step: int
    by: str
    command: dict | None = None
    dice: list = field(default_factory=list)
    label: str = ""
    joined: bool = False
    speaker: str = ""


@event("steps_reverted")
@dataclass(frozen=True)
class StepsReverted(Event):
    """The KP took ``steps`` back; ``reason`` is ``"undo"``, ``"override"`` (H-GEN-01) or
    ``"reopen"`` (``/battle reopen`` takes back the step that ended the battle)."""

    steps: list
    by: str
    reason: str = "undo"


@event("steps_restored")
@dataclass(frozen=True)
class StepsRestored(Event):
    """The KP redid ``steps`` taken back by an undo (H-GEN-01)."""

    steps: list
    by: str


@dataclass
class Step:
    """One step of a battle's timeline: the marker's fields, its events and whether it counts.

    ``number`` 0 holds events stored before any marker (never undone).
    """

    number: int
    by: str
    command: dict | None
    dice: list
    label: str
    joined: bool
    events: list[Event] = field(default_factory=list)
    active: bool = True
    speaker: str = ""

    @property
    def meta(self) -> bool:
        """An undo/redo step: bookkeeping that is itself never undone."""
        return bool(self.events) and all(
            isinstance(e, StepsRestored) or (isinstance(e, StepsReverted) and e.reason == "undo")
            for e in self.events)


def command_record(cmd: Command) -> dict:
    """A JSON-friendly record of ``cmd``: ``{"type": class name, field: value, …}``."""
    record = {"type": type(cmd).__name__}
    for name in _field_names(type(cmd)):
        value = getattr(cmd, name)
        record[name] = sorted(value) if isinstance(value, frozenset) else value
    return record


@functools.lru_cache(maxsize=256)
def _field_names(cls: type) -> tuple[str, ...]:
    """The field names of the dataclass ``cls``, in order."""
    return tuple(f.name for f in dataclasses.fields(cls))


def _command_classes(base: type = Command) -> dict[str, type]:
    found = {base.__name__: base}
    for sub in base.__subclasses__():
        found.update(_command_classes(sub))
    return found


def command_from_record(record: dict) -> Command:
    """The command :func:`command_record` stored; raises KeyError for an unknown type."""
    cls = _command_classes()[record["type"]]
    names = {f.name for f in dataclasses.fields(cls)}
    values = {k: v for k, v in record.items() if k in names}
    if "allow" in values:
        values["allow"] = frozenset(values["allow"] or ())
    return cls(**values)


def timeline(events: Iterable[Event]) -> list[Step]:
    """Group ``events`` into steps and mark which are active.

    A revert or restore counts only while the step holding it is active; for each step the
    latest counting revert/restore decides (resolved from the end of the battle backwards).
    """
    steps = [Step(0, "", None, [], "", False)]
    for e in events:
        if isinstance(e, StepStarted):
            steps.append(Step(e.step, e.by, e.command, list(e.dice), e.label, e.joined, speaker=e.speaker))
        else:
            steps[-1].events.append(e)
    decided: dict[int, bool] = {}
    for step in reversed(steps):
        step.active = decided.get(step.number, True)
        if not step.active:
            continue
        for e in reversed(step.events):
            if isinstance(e, (StepsReverted, StepsRestored)):
                for number in e.steps:
                    decided.setdefault(number, isinstance(e, StepsRestored))
    return steps


def actions(steps: list[Step]) -> list[list[Step]]:
    """The active keeper actions that undo may take back, oldest first: each a step and the
    active steps joined to it; step 0, bookkeeping steps, the opening and reopenings are
    left out."""
    groups: list[list[Step]] = []
    for step in steps:
        if step.number == 0 or step.meta or not step.active:
            continue
        if step.joined and groups:
            groups[-1].append(step)
        else:
            groups.append([step])
    return [g for g in groups if not any(isinstance(e, BattleOpened) or _reopening(e) for s in g for e in s.events)]


def _reopening(e: Event) -> bool:
    """A reopening is no action to undo: the battle's end it took back stays taken back."""
    return isinstance(e, StepsReverted) and e.reason == "reopen"


def ending_step(steps: list[Step]) -> int | None:
    """The number of the active step that ended the battle (its ``BattleEnded``), or None."""
    found = [s.number for s in steps if s.active and any(isinstance(e, BattleEnded) for e in s.events)]
    return found[-1] if found else None


def redoable(steps: list[Step]) -> list[list[int]]:
    """The undone step lists that ``/kp redo`` may restore, most recent last. A new action
    after an undo empties it (its effects would no longer fit)."""
    stack: list[list[int]] = []
    for step in steps:
        if step.number == 0:
            continue
        if not step.meta:
            stack.clear()
            continue
        for e in step.events:
            if isinstance(e, StepsReverted):
                stack.append(list(e.steps))
            elif isinstance(e, StepsRestored) and stack:
                stack.pop()
    return stack


def fold(new_state, evolve, events: Iterable[Event]) -> tuple[BattleState, list[Step]]:
    """Rebuild a battle: ``(state, steps)`` from its stored ``events``.

    Args:
        new_state: a callable returning an empty state of the system.
        evolve: the system's ``evolve(state, event)``.
        events: every stored event, in order.
    Only events of active steps are evolved (markers and undo bookkeeping are not).
    """
    steps = timeline(events)
    state = new_state()
    for step in steps:
        if step.active:
            for e in step.events:
                if not isinstance(e, (StepsReverted, StepsRestored)):
                    evolve(state, e)
    return state, steps


def grow(state: BattleState, steps: list[Step], evolve, events: list[Event]) -> tuple[BattleState, list[Step]]:
    """``(state, steps)`` with ``events`` appended, without refolding the battle; for events
    with no revert or restore (those change earlier steps: use :func:`fold`). The inputs are
    copied, never changed."""
    if any(isinstance(e, (StepsReverted, StepsRestored)) for e in events):
        raise ValueError("grow() cannot apply a revert or restore; fold the battle again")
    state = copy_state(state)
    steps = list(steps)
    for e in events:
        if isinstance(e, StepStarted):
            steps.append(Step(e.step, e.by, e.command, list(e.dice), e.label, e.joined, speaker=e.speaker))
            continue
        last = steps[-1]
        steps[-1] = dataclasses.replace(last, events=[*last.events, e])
        if last.active:
            evolve(state, e)
    return state, steps


def rebuild(new_state, evolve, state: BattleState, steps: list[Step], base: list[Event],
            events: list[Event]) -> tuple[BattleState, list[Step]]:
    """The battle after ``events`` are appended to ``base`` (whose fold is ``state`` and
    ``steps``): grown when nothing earlier changes, else folded again."""
    if any(isinstance(e, (StepsReverted, StepsRestored)) for e in events):
        return fold(new_state, evolve, base + events)
    return grow(state, steps, evolve, events)


def next_step(steps: list[Step]) -> int:
    """The number the next step gets."""
    return max((s.number for s in steps), default=0) + 1
