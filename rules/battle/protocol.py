"""The game-system protocol every system implements (coc6-house, coc6, coc6-budo, charge-rank).

A system is a pair of pure functions plus what the transports need to show it:

    decide(state, command, dice) -> list[Event]   raises RuleViolation / InvalidInput
    evolve(state, event) -> state                 never rolls, never fails

``view(state)`` gives a system-independent picture (status rows, prompts) so that the
service and renderers never look inside a system's own state. The protocol makes no
assumption about d100 or DEX turns: the charge-rank system (d6 pools, phases, reflex,
interrupts, stamina) fits it with its own commands, state and view rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from rules.battle.commands import Command
from rules.battle.events import Event
from rules.battle.frozen import quick_init
from rules.battle.state import BattleState
from rules.dice.core import Dice

if TYPE_CHECKING:
    from rules.chat.words import Words


@quick_init
@dataclass(frozen=True)
class UnitRow:
    """One line of the status board.

    Attributes:
        name: unit id; ``hp``/``hp_max``: hit points (None where the system has none);
        ap: action points left this turn; dex: the value the order uses;
        conditions: Japanese terms; weapons: ``[{"name", "hp", "broken", …}]``, optionally
        with ``cannot_fire``/``dropped`` (not usable now), ``kinds`` (other words for it:
        拳銃, 銃) and ``unarmed`` (こぶし …), which chat declarations read (rules.chat);
        extra: system-specific numbers (charge rank, stamina …) as ``{label: value}``;
        owner: user id or None; hidden: numbers shown to the KP only;
        notes: what a KP needs to rule, in Japanese (CoC: this round's declarations
        「回避に集中」「受け流し宣言（ゾンビ）」, the standing 「以後宣言しない」, a wound's skill loss).
    """

    name: str
    owner: str | None
    hidden: bool
    hp: int | None
    hp_max: int | None
    ap: int | None
    dex: int | None
    conditions: tuple[str, ...] = ()
    weapons: tuple[dict, ...] = ()
    extra: dict = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class Prompt:
    """Something a unit is asked to do now: its turn, or an answer to a pending question.

    Attributes:
        kind: ``"turn"`` or ``"reaction"``.
        unit: the unit asked; ``owner``: its player's user id (None → the KP).
        options: button labels, in display order.
        text: a Japanese sentence saying what is asked.
        key: a stable identity of the question (for buttons and stale-click checks).
        about: the unit the question is about when it is not the one asked (the attacked
            ally of a かばう offer), else None.
    """

    kind: str
    unit: str
    owner: str | None
    options: tuple[str, ...]
    text: str
    key: str
    about: str | None = None


@quick_init
@dataclass(frozen=True)
class BattleView:
    """A system-independent picture of a battle for rendering."""

    system: str
    phase: str
    round: int
    turn: str | None
    order: tuple[str, ...]
    rows: tuple[UnitRow, ...]
    prompts: tuple[Prompt, ...]


class GameSystem(Protocol):
    """One game system (one module or package under ``rules/systems/``)."""

    name: str
    title: str
    chat_words: "Words"
    """The words players type in chat for this system's answers, specials and declarations
    (rules.chat.words.Words, merged over the shared ones; issue 9)."""

    def new_state(self) -> BattleState:
        """An empty state of this system's state class."""

    def decide(self, state: BattleState, command: Command, dice: Dice, in_place: bool = False) -> list[Event]:
        """The events ``command`` causes; raises RuleViolation (with the clause id) or
        InvalidInput, having rolled nothing that matters (the state is untouched). With
        ``in_place`` the events are applied to ``state`` as well (no copy; see
        rules.battle.decision: after a raise, ``state.version`` says whether it changed)."""

    def evolve(self, state: BattleState, event: Event) -> BattleState:
        """Apply ``event`` to ``state`` (in place) and return it; never rolls or fails."""

    def view(self, state: BattleState) -> BattleView:
        """The status rows and the prompts open now."""

    def settings(self) -> dict:
        """The KP-configurable options with their catalog defaults."""
