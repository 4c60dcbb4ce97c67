"""evolve(state, event) for charge-rank battles: apply one event in place; never rolls or fails."""
from __future__ import annotations

import copy

from rules.battle import events as ev
from rules.battle.magic import MpChanged
from rules.battle.keeper import KEEPER_HANDLERS
from rules.battle.state import Pending
from rules.systems.charge_rank import events as ce
from rules.systems.charge_rank.keeper import NumberSet, apply_number_set
from rules.systems.charge_rank.sheet import numbers
from rules.systems.charge_rank.state import ACTED, READY, CrState, CrUnit


def _opened(state: CrState, e: ev.BattleOpened) -> None:
    state.system, state.keeper, state.settings = e.system, e.keeper, copy.deepcopy(e.settings)


def _joined(state: CrState, e: ev.UnitJoined) -> None:
    n = numbers(e.sheet)
    seq = max((u.join_seq for u in state.units.values()), default=-1) + 1
    state.units[e.unit] = CrUnit(id=e.unit, owner=e.owner, hidden=e.hidden, join_seq=seq, reflex=n.reflex,
                                 capacity=n.capacity, guard=n.guard, attack=n.attack, stamina=n.stamina_start,
                                 stamina_max=n.stamina_max, missing=n.missing, injuries=list(n.injuries),
                                 unrested=n.unrested, mp=n.mp_start, mp_max=n.mp)


def _removed(state: CrState, e: ev.UnitRemoved) -> None:
    state.units.pop(e.unit, None)
    state.order = [u for u in state.order if u != e.unit]
    state.acted = [u for u in state.acted if u != e.unit]
    state.pending = [p for p in state.pending if p.unit != e.unit]
    state.strikes = [s for s in state.strikes if e.unit not in (s["attacker"], s["target"])]
    if state.turn == e.unit:
        state.turn = None


def _round_started(state: CrState, e: ev.RoundStarted) -> None:
    """C-PHASE-11: a new round; acted and waiting units are not yet acted again."""
    state.phase, state.round = "active", e.round
    state.order, state.tied = list(e.order), [list(g) for g in e.tied]
    state.acted, state.turn = [], None
    for unit in state.cr_units():
        unit.status = READY


def _open_phase(state: CrState, e: ce.OpenPhase) -> None:
    for unit_id, _before, after in e.charges:
        if unit_id in state.units:
            state.unit(unit_id).charge = after


def _turn_started(state: CrState, e: ev.TurnStarted) -> None:
    state.turn = e.unit


def _turn_ended(state: CrState, e: ev.TurnEnded) -> None:
    if state.turn == e.unit:
        state.turn = None


def _status(state: CrState, e: ce.StatusChanged) -> None:
    if e.unit in state.units:
        unit = state.unit(e.unit)
        unit.status, unit.why = e.status, e.cause
        if e.status == ACTED and e.unit not in state.acted:
            state.acted.append(e.unit)


def _check(state: CrState, e: ce.PoolRolled) -> None:
    if e.unit in state.units:
        state.unit(e.unit).charge = e.charge_after


def _queued(state: CrState, e: ce.StrikeQueued) -> None:
    strike = copy.deepcopy(e.strike)
    state.next_strike = max(state.next_strike, int(strike["id"]) + 1)
    if e.front:
        state.strikes.insert(0, strike)
    else:
        state.strikes.append(strike)


def _strike(state: CrState, sid: int) -> dict | None:
    return next((s for s in state.strikes if s["id"] == sid), None)


def _updated(state: CrState, e: ce.StrikeUpdated) -> None:
    strike = _strike(state, e.strike)
    if strike is not None:
        strike.update(copy.deepcopy(e.changes))


def _ended(state: CrState, e: ce.StrikeEnded) -> None:
    state.strikes = [s for s in state.strikes if s["id"] != e.strike]
    state.pending = [p for p in state.pending if p.context.get("strike") != e.strike]


def _asked(state: CrState, e: ce.QuestionAsked) -> None:
    state.next_question = max(state.next_question, e.question + 1)
    state.pending.append(Pending(id=e.question, kind=e.ask, unit=e.unit, options=list(e.options),
                                 context={"strike": e.strike, "text": e.text}))


def _answered(state: CrState, e: ce.Answered) -> None:
    question = next((p for p in state.pending if p.id == e.question), None)
    state.pending = [p for p in state.pending if p.id != e.question]
    strike = _strike(state, question.context.get("strike")) if question else None
    if strike is not None and e.unit not in strike["asked"]:
        strike["asked"].append(e.unit)


def _damage(state: CrState, e: ce.DamageDealt) -> None:
    if e.unit in state.units:
        state.unit(e.unit).stamina = e.after


def _condition(state: CrState, e: ce.ConditionChanged) -> None:
    if e.unit in state.units:
        unit = state.unit(e.unit)
        (unit.add_condition if e.added else unit.remove_condition)(e.condition)


def _injury(state: CrState, e: ce.InjuryRecorded) -> None:
    if e.unit in state.units:
        state.unit(e.unit).injuries.append(e.degree)


def _treated(state: CrState, e: ce.InjuryTreated) -> None:
    if e.unit in state.units and e.success:
        state.unit(e.unit).treated.append(e.degree)


def _stamina_max(state: CrState, e: ce.StaminaMaxLowered) -> None:
    if e.unit in state.units:
        unit = state.unit(e.unit)
        unit.stamina_max = e.after
        unit.stamina = min(unit.stamina, e.after)


def _rested(state: CrState, e: ce.Rested) -> None:
    if e.unit in state.units:
        unit = state.unit(e.unit)
        unit.stamina, unit.unrested = e.after, False


def _travel(state: CrState, e: ce.TravelProgressed) -> None:
    if e.unit in state.units:
        state.unit(e.unit).travel = e.after


def _side(state: CrState, e: ev.SideOutOfAction) -> None:
    if e.side not in state.defeated_sides:
        state.defeated_sides.append(e.side)


def _ended_battle(state: CrState, e: ev.BattleEnded) -> None:
    state.phase, state.turn, state.pending, state.strikes = "ended", None, [], []


HANDLERS = {
    ev.BattleOpened: _opened, ev.UnitJoined: _joined, ev.UnitRemoved: _removed,
    ev.RoundStarted: _round_started, ev.TurnStarted: _turn_started, ev.TurnEnded: _turn_ended,
    ev.SideOutOfAction: _side, ev.BattleEnded: _ended_battle,
    ce.OpenPhase: _open_phase, ce.StatusChanged: _status, ce.PoolRolled: _check,
    ce.StrikeQueued: _queued, ce.StrikeUpdated: _updated, ce.StrikeEnded: _ended,
    ce.QuestionAsked: _asked, ce.Answered: _answered,
    ce.QuestionWithdrawn: lambda s, e: setattr(s, "pending", [p for p in s.pending if p.id != e.question]), ce.DamageDealt: _damage,
    ce.ConditionChanged: _condition, ce.InjuryRecorded: _injury, ce.InjuryTreated: _treated,
    ce.StaminaMaxLowered: _stamina_max, ce.TravelProgressed: _travel, ce.Rested: _rested,
    NumberSet: apply_number_set, **KEEPER_HANDLERS,
    MpChanged: lambda s, e: setattr(s.unit(e.unit), "mp", e.after),
}


def evolve(state: CrState, event: ev.Event) -> CrState:
    """Apply ``event`` to ``state`` in place and return it; events of other kinds (generic
    bookkeeping such as step markers) leave it unchanged apart from ``version``."""
    handler = HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)
    state.version += 1
    return state
