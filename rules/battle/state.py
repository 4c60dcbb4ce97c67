"""The folded state of a battle, shared by every game system.

A system may subclass :class:`Unit` and :class:`BattleState` with its own fields; the
service and the renderers only rely on what is defined here and on the system's ``view``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

OUT_OF_ACTION = ("死亡", "気絶", "ノックアウト")
"""Conditions that take a unit out of action: no turn and no reaction prompt (COMMANDS.md)."""
_OUT_OF_ACTION = frozenset(OUT_OF_ACTION)


@dataclass
class Unit:
    """A unit (コマ) in a battle.

    Attributes:
        id: its name, unique within the battle (e.g. ``"アリス"``).
        owner: the player's user id, or None for an NPC run by the KP.
        hidden: an NPC whose numbers only the KP sees.
        join_seq: the order in which it joined (0-based): the DEX tie order (X-ORDER-01).
        conditions: Japanese condition terms (転倒, スタン, 気絶, 死亡 …), in the order gained.
    """

    id: str
    owner: str | None
    hidden: bool
    join_seq: int
    conditions: list[str] = field(default_factory=list)

    @property
    def side(self) -> str:
        """``"PC"`` for a player's unit, ``"NPC"`` for the KP's."""
        return "PC" if self.owner is not None else "NPC"

    @property
    def out_of_action(self) -> bool:
        """Whether a condition takes it out of action (死亡, 気絶, ノックアウト): no turn, no prompt."""
        return not _OUT_OF_ACTION.isdisjoint(self.conditions)

    def add_condition(self, condition: str) -> None:
        """Add ``condition`` once (kept in the order gained)."""
        if condition not in self.conditions:
            self.conditions.append(condition)

    def remove_condition(self, condition: str) -> None:
        """Remove ``condition`` if present."""
        if condition in self.conditions:
            self.conditions.remove(condition)


@dataclass
class Pending:
    """A question the battle waits on (ARCHITECTURE.md): who may answer and with what.

    Attributes:
        id: the attack (or other action) number it belongs to.
        kind: ``"reaction"`` (the defender chooses) …
        unit: the unit that must answer.
        options: the answers legal now, as labels (``["回避", "受け流し", "なし"]``).
        context: system data needed to resolve it.
    """

    id: int
    kind: str
    unit: str
    options: list[str]
    context: dict = field(default_factory=dict)


@dataclass
class BattleState:
    """A battle folded from its events.

    Attributes:
        system: the game system's name (``coc6-house`` …).
        keeper: the KP's user id.
        phase: ``"setup"`` (before ``/battle start``), ``"active"`` or ``"ended"``.
        round: the current round, 0 before the start.
        order: this round's turn order (unit ids).
        turn: the unit whose turn it is, or None.
        acted: units that have had their turn this round.
        units: units by id, in joining order.
        pending: open questions, oldest first.
        settings: KP settings of this battle (keys from the system's defaults).
        defeated_sides: sides already announced as out of action.
        version: the number of events folded.
    """

    system: str = ""
    keeper: str = ""
    phase: str = "setup"
    round: int = 0
    order: list[str] = field(default_factory=list)
    tied: list[list[str]] = field(default_factory=list)
    turn: str | None = None
    acted: list[str] = field(default_factory=list)
    units: dict[str, Unit] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    defeated_sides: list[str] = field(default_factory=list)
    version: int = 0

    def pending_for(self, unit: str) -> Pending | None:
        """The oldest question ``unit`` must answer, or None."""
        return next((p for p in self.pending if p.unit == unit), None)


def drop_unit(state: BattleState, unit_id: str) -> None:
    """Take ``unit_id`` out of ``state`` (``/battle remove``): from the units, this round's
    order and acted list, the questions it must answer or its attack caused, and the turn."""
    state.units.pop(unit_id, None)
    state.order = [u for u in state.order if u != unit_id]
    state.acted = [u for u in state.acted if u != unit_id]
    state.pending = [p for p in state.pending if p.unit != unit_id and p.context.get("attacker") != unit_id]
    if state.turn == unit_id:
        state.turn = None


def begin_round(state: BattleState, number: int, order: list, tied: list) -> None:
    """Round ``number`` begins with ``order`` (``tied``: groups of equal units): the battle
    is active, nobody has acted yet and it is nobody's turn until the first begins."""
    state.phase = "active"
    state.round = number
    state.order = list(order)
    state.tied = [list(group) for group in tied]
    state.acted = []
    state.turn = None
