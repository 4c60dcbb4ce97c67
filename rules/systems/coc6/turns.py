"""Rounds and turns in DEX order (H-UNIT-02, H-UNIT-04, X-ORDER-01, H-AP-01, H-AP-06)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.systems.coc6.state import CocState, CocUnit

AP_PER_TURN = 3
"""H-AP-01: every unit has 3 action points per turn."""


def turn_order(state: CocState) -> tuple[list[str], list[list[str]]]:
    """X-ORDER-01: units able to act, higher DEX first; ties keep the joining order.

    Returns ``(order, tied)`` where ``tied`` lists the groups of 2+ units sharing a DEX.
    A delay declared this round (H-DELAY-01) lowers the DEX used for ordering.
    """
    units = [u for u in state.units.values() if isinstance(u, CocUnit) and not u.out_of_action]
    units.sort(key=lambda u: (-u.dex, u.join_seq))
    order = [u.id for u in units]
    groups: dict[int, list[str]] = {}
    for u in units:
        groups.setdefault(u.dex, []).append(u.id)
    return order, [g for g in groups.values() if len(g) > 1]


def next_actor(state: CocState) -> str | None:
    """The first unit of this round's order that has not acted and can act, or None."""
    for unit_id in state.order:
        unit = state.units.get(unit_id)
        if unit is not None and unit_id not in state.acted and not unit.out_of_action:
            return unit_id
    return None


def start_round(d: Decision[CocState], number: int) -> None:
    """Begin round ``number`` and the first turn in it."""
    order, tied = turn_order(d.state)
    d.emit(ev.RoundStarted(round=number, order=order, tied=tied))
    first = next_actor(d.state)
    if first is not None:
        d.emit(ev.TurnStarted(unit=first, round=number, ap=AP_PER_TURN))


def advance(d: Decision[CocState]) -> None:
    """After a turn ended: start the next unit's turn, or the next round (H-UNIT-04)."""
    if d.state.phase != "active" or d.state.turn is not None:
        return
    following = next_actor(d.state)
    if following is not None:
        d.emit(ev.TurnStarted(unit=following, round=d.state.round, ap=AP_PER_TURN))
    elif any(not u.out_of_action for u in d.state.units.values()):
        start_round(d, d.state.round + 1)
