"""The five phases of a round (C-PHASE-01): open (charge += reflex up to capacity,
C-PHASE-02..04), initiative (the not-yet-acted unit with the highest reflex, ties by seat,
C-PHASE-05/06), main (the active action, C-PHASE-08/09, C-MAIN-01), check (anyone not yet
acted? C-PHASE-10) and round end (C-PHASE-11)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.systems.charge_rank.events import OpenPhase, StatusChanged
from rules.systems.charge_rank.state import ACTED, READY, CrState, CrUnit


def open_charge(unit: CrUnit) -> int:
    """C-PHASE-02/03: the charge rank after an open phase, ``min(charge + reflex, capacity)``."""
    return min(unit.charge + unit.reflex, unit.capacity)


def initiative_order(state: CrState) -> list[str]:
    """The order the initiative phases will pick this round if nobody waits: units able to
    act, highest reflex first, ties by seat (C-PHASE-05/06)."""
    return [u.id for u in state.by_reflex([u for u in state.cr_units() if not u.out_of_action])]


def _tied(state: CrState, order: list[str]) -> list[list[str]]:
    groups: dict[int, list[str]] = {}
    for unit_id in order:
        groups.setdefault(state.unit(unit_id).reflex, []).append(unit_id)
    return [g for g in groups.values() if len(g) > 1]


def start_round(d: Decision[CrState], number: int) -> None:
    """Round end of the last round (C-PHASE-11) and round ``number``'s open phase
    (C-PHASE-02..04); the initiative phase follows in :func:`advance`."""
    order = initiative_order(d.state)
    d.emit(ev.RoundStarted(round=number, order=order, tied=_tied(d.state, order)))
    charges = [[u.id, u.charge, open_charge(u)] for u in d.state.cr_units() if not u.out_of_action]
    d.emit(OpenPhase(round=number, charges=charges))


def next_actor(state: CrState) -> CrUnit | None:
    """C-PHASE-05: the not-yet-acted unit with the highest reflex (ties C-PHASE-06), or None."""
    ready = [u for u in state.cr_units() if u.status == READY and not u.out_of_action]
    ordered = state.by_reflex(ready)
    return ordered[0] if ordered else None


def advance(d: Decision[CrState]) -> None:
    """Check phase → initiative → main phase (C-PHASE-10, C-PHASE-05), or round end and the
    next round (C-PHASE-11). A unit at charge 0 can make no check and passes (C-EX-07)."""
    for _ in range(4 * len(d.state.units) + 8):
        state = d.state
        if state.phase != "active" or state.turn is not None or state.pending or state.strikes:
            return
        if not any(not u.out_of_action for u in state.cr_units()):
            return
        unit = next_actor(state)
        if unit is None:
            if not any(open_charge(u) for u in state.cr_units() if not u.out_of_action) \
                    and state.round and all(u.charge == 0 for u in state.cr_units()):
                return
            start_round(d, state.round + 1)
            continue
        d.emit(ev.TurnStarted(unit=unit.id, round=state.round, ap=0))
        if unit.charge >= 1:
            return
        d.emit(StatusChanged(unit=unit.id, status=ACTED,
                             cause="チャージランクが0なので何もできません（C-CHECK-03）"))
        d.emit(ev.TurnEnded(unit=unit.id))


def finish_action(d: Decision[CrState]) -> None:
    """The active action is fully resolved: end the main phase and go on (C-MAIN-01)."""
    state = d.state
    if state.pending or state.strikes:
        return
    if state.turn is not None:
        d.emit(ev.TurnEnded(unit=state.turn))
    announce_defeat(d)
    advance(d)


def announce_defeat(d: Decision[CrState]) -> None:
    """Emit SideOutOfAction for a side whose every unit is out of action (fainted or fled)."""
    for side in ("PC", "NPC"):
        units = [u for u in d.state.cr_units() if u.side == side]
        if units and side not in d.state.defeated_sides and all(u.out_of_action for u in units):
            d.emit(ev.SideOutOfAction(side=side))
