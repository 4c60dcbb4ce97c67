"""A unit added while a round is under way (issue 22): it acts this round when its DEX place
(X-ORDER-01: higher DEX first, ties by joining order) is still ahead of the unit acting now;
else from the next round. The event says which, so the reply tells the table when it acts."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.decision import Decision
from rules.battle.events import Event, event
from rules.systems.coc6.state import CocState
from rules.systems.coc6.turns import order_dex


@event("coc.joined_mid_round")
@dataclass(frozen=True)
class JoinedMidRound(Event):
    """``unit`` joined during round ``round``: with ``acts`` it takes ``place`` (0-based) in
    this round's order, after ``after`` (None: first) and before ``before`` (None: last);
    without, it acts from the next round. ``dex``: the DEX its place comes from."""

    unit: str
    round: int
    acts: bool
    place: int
    dex: int
    after: str | None = None
    before: str | None = None


def place(d: Decision[CocState], unit_id: str) -> None:
    """After ``unit_id`` joined: while a round is under way, say whether it acts in it
    (its DEX place comes after every unit that has acted or is acting; X-ORDER-01)."""
    state = d.state
    if state.phase != "active" or not state.order:
        return
    unit = state.coc_unit(unit_id)
    rank = (-order_dex(unit), unit.join_seq)

    def key(other: str) -> tuple[int, int]:
        u = state.coc_unit(other)
        return (-order_dex(u), u.join_seq)

    at = next((i for i, other in enumerate(state.order) if rank < key(other)), len(state.order))
    behind = state.order[at:]
    acts = not any(u in state.acted or u == state.turn for u in behind)
    d.emit(JoinedMidRound(unit=unit_id, round=state.round, acts=acts, place=at, dex=order_dex(unit),
                          after=state.order[at - 1] if at else None, before=behind[0] if behind else None))


def _joined(state: CocState, e: JoinedMidRound) -> None:
    if e.acts and e.unit not in state.order:
        state.order.insert(min(e.place, len(state.order)), e.unit)


LATE_JOIN_HANDLERS = {JoinedMidRound: _joined}
"""Merged into evolve's table."""
