"""A scratch pad for ``decide``: emit events one by one onto a private copy of the state,
so that later steps of the same decision see the effect of earlier ones. The caller's state
is never touched; if the decision raises, nothing has happened.

With ``in_place`` the caller gives its state up to the decision (no copy: issue 12, the copy
was the largest cost of a command): the events are applied to it as they are emitted, and
if the decision raises, the state may hold some of them (``state.version`` tells: the
caller folds the battle again)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rules.battle.events import Event
from rules.battle.state import BattleState
from rules.battle.state_copy import copy_state
from rules.dice.core import Dice

S = TypeVar("S", bound=BattleState)


class Decision(Generic[S]):
    """``Decision(state, evolve, dice, in_place=False)``: ``.state`` is a deep copy (or
    ``state`` itself with ``in_place``); ``emit(e)`` records ``e`` and evolves ``.state``;
    ``.events`` is the list to return from ``decide``; ``.dice`` is the command's Dice (or
    None), for steps that roll on their own (what a turn start rolls)."""

    def __init__(self, state: S, evolve: Callable[[S, Event], S], dice: Dice | None = None,
                 in_place: bool = False) -> None:
        self.state: S = state if in_place else copy_state(state)
        self.events: list[Event] = []
        self.dice = dice
        self._evolve = evolve

    def branch(self) -> "Decision[S]":
        """A trial decision on a copy of ``.state`` with the same evolve and dice: its events
        are emitted here only if the trial succeeds (a queued step that may be refused)."""
        return Decision(self.state, self._evolve, self.dice)

    def emit(self, event: Event) -> None:
        """Record ``event`` and apply it to the scratch state."""
        self.events.append(event)
        self._evolve(self.state, event)
