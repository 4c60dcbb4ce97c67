"""A battle as folded (:class:`Loaded`) and the events being prepared for one command
(:class:`Draft`), with the dice that a decision rolled recorded into its step."""
from __future__ import annotations

from dataclasses import dataclass

from bot.store import BattleRecord
from rules.battle.events import Event
from rules.battle.state import BattleState
from rules.battle.state_copy import copy_state
from rules.battle.steps import (Step, StepStarted, StepsReverted, StepsRestored, command_record,
                                fold, next_step)


@dataclass
class Loaded:
    """A battle as folded: its ``record``, the state and the number of its next step.

    ``events`` (every stored event) and ``steps`` (their timeline) are the battle's history:
    None when the fold started from a snapshot and nothing has needed them yet (see
    :meth:`bot.battle.battles.Battles.with_history`); undo, redo, override and the log need them.
    """

    record: BattleRecord
    events: list[Event] | None
    state: BattleState
    steps: list[Step] | None
    next_step: int = 1
    view: object = None
    """The system's view of ``state`` when known (kept from the command that made it)."""

    @property
    def has_history(self) -> bool:
        """Whether ``events`` and ``steps`` are loaded."""
        return self.events is not None


def reverts(events: list[Event]) -> bool:
    """Whether ``events`` take steps back or restore them (the battle must be folded anew)."""
    for e in events:
        if isinstance(e, (StepsReverted, StepsRestored)):
            return True
    return False


def advance(system, loaded: Loaded, events: list[Event], evolved: bool = False) -> None:
    """Apply ``events`` (with no revert or restore) to ``loaded`` IN PLACE: its state is
    evolved (unless ``evolved``: a decision in place did it already), its history (when
    loaded) extended. The caller owns ``loaded`` (the cache drops it if the commit fails).
    Raises ValueError for a revert or restore."""
    if reverts(events):
        raise ValueError("advance() cannot apply a revert or restore; fold the battle again")
    active = True
    for e in events:
        if isinstance(e, StepStarted):
            loaded.next_step = max(loaded.next_step, e.step + 1)
            active = True
            if loaded.steps is not None:
                loaded.steps.append(Step(e.step, e.by, e.command, list(e.dice), e.label, e.joined,
                                         speaker=e.speaker))
            continue
        if loaded.steps is not None:
            loaded.steps[-1].events.append(e)
            active = loaded.steps[-1].active
        if active and not evolved:
            system.evolve(loaded.state, e)
    if loaded.events is not None:
        loaded.events.extend(events)


def folded(system, record: BattleRecord, events: list[Event]) -> Loaded:
    """The battle folded from all its ``events`` (history kept)."""
    state, steps = fold(system.new_state, system.evolve, events)
    return Loaded(record, events, state, steps, next_step(steps))


class RecordingDice:
    """Wraps a Dice and records ``faces`` = ``[[sides, face], …]`` in roll order."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.faces: list[list[int]] = []

    def roll(self, sides: int) -> int:
        """Roll one die of ``sides`` sides with the wrapped dice and record it."""
        face = self.inner.roll(sides)
        self.faces.append([sides, face])
        return face


class KeptDie:
    """Dice whose first 1D100 is ``face``, a die already rolled and shown (a palette roll
    whose target was asked, issue 21: the die is kept and used, never rolled again); every
    other die comes from ``inner``."""

    def __init__(self, face: int, inner) -> None:
        self.face: int | None = face
        self.inner = inner

    def roll(self, sides: int) -> int:
        """The kept face for the first 1D100, else a die of ``inner``."""
        if sides == 100 and self.face is not None:
            face, self.face = self.face, None
            return face
        return self.inner.roll(sides)


class Draft:
    """Events being prepared in one command or keeper action. The draft's ``state`` is
    folded only when a later decision needs it (one decision costs no copy of the state),
    on a private copy: the cached battle is never changed by a draft."""

    def __init__(self, system, loaded: Loaded) -> None:
        self.system = system
        self.loaded = loaded
        self.events: list[Event] = []
        self._own: Loaded | None = None
        self._done = 0

    @property
    def state(self) -> BattleState:
        """The battle with the draft's events applied (folded when first needed)."""
        pending = self.events[self._done:]
        if not pending:
            return self._own.state if self._own else self.loaded.state
        if reverts(pending):
            if self.loaded.events is None:
                raise ValueError("taking steps back needs the battle's history")
            self._own = folded(self.system, self.loaded.record, self.loaded.events + self.events)
        else:
            if self._own is None:
                base = self.loaded
                self._own = Loaded(base.record, list(base.events) if base.events is not None else None,
                                   copy_state(base.state), copy_state(base.steps), base.next_step)
            advance(self.system, self._own, pending)
        self._done = len(self.events)
        return self._own.state

    def add(self, events: list[Event]) -> None:
        """Append ``events`` (markers included); the draft's state follows when next read."""
        self.events.extend(events)

    def next_step(self) -> int:
        """The number the draft's next step gets."""
        numbers = [e.step for e in self.events if isinstance(e, StepStarted)]
        return max([self.loaded.next_step - 1, *numbers]) + 1

    def decide(self, command, dice, by: str, label: str, joined: bool = False,
               rulings: tuple[Event, ...] = (), speaker: str = "", in_place: bool = False) -> list[Event]:
        """Decide ``command`` on the draft's state as one step; raises what decide raises.
        ``in_place`` (a draft's first and only decision, no rulings): the decision changes
        the battle's own state (no copy); the caller owns ``loaded`` and applies the step
        with ``advance(..., evolved=True)``; see rules.battle.decision."""
        if in_place and (self.events or rulings):
            raise ValueError("only a draft's first decision, without rulings, can be decided in place")
        recorder = RecordingDice(dice)
        events = self.system.decide(self.state, command, recorder, in_place=in_place)
        step = [StepStarted(step=self.next_step(), by=by, command=command_record(command),
                            dice=recorder.faces, label=label, joined=joined, speaker=speaker),
                *rulings, *events]
        self.add(step)
        if in_place:
            self._done = len(self.events)  # the battle's state has them already
        return events
