"""A scratch pad for ``decide``: emit events one by one onto a private copy of the state,
so that later steps of the same decision see the effect of earlier ones. The caller's state
is never touched; if the decision raises, nothing has happened."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rules.battle.events import Event
from rules.battle.state import BattleState
from rules.battle.state_copy import copy_state
from rules.dice.core import Dice

S = TypeVar("S", bound=BattleState)


class Decision(Generic[S]):
    """``Decision(state, evolve, dice)``: ``.state`` is a deep copy; ``emit(e)`` records ``e``
    and evolves the copy; ``.events`` is the list to return from ``decide``; ``.dice`` is the
    command's Dice (or None), for steps that roll on their own (what a turn start rolls)."""

    def __init__(self, state: S, evolve: Callable[[S, Event], S], dice: Dice | None = None) -> None:
        self.state: S = copy_state(state)
        self.events: list[Event] = []
        self.dice = dice
        self._evolve = evolve

    def emit(self, event: Event) -> None:
        """Record ``event`` and apply it to the scratch state."""
        self.events.append(event)
        self._evolve(self.state, event)
