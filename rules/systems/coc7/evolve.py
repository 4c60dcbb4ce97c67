"""evolve(state, event) for 7th-edition battles: apply one event in place; never rolls or fails."""
from __future__ import annotations

from dataclasses import replace

from rules.battle import events as ev
from rules.battle.keeper import KEEPER_HANDLERS
from rules.battle.state import Pending, begin_round, drop_unit
from rules.coc7.character import CHARACTERISTICS, Investigator
from rules.systems.coc6 import events as ce
from rules.systems.coc7 import events as e7
from rules.systems.coc7.state import Arm, Coc7State, Coc7Unit
from rules.systems.coc7.treatment import TREATED


def _joined(state: Coc7State, e: ev.UnitJoined) -> None:
    sheet = Investigator.from_dict(e.sheet)
    unit = Coc7Unit(id=e.unit, owner=e.owner, hidden=e.hidden,
                    join_seq=max((u.join_seq for u in state.units.values()), default=-1) + 1,
                    sheet=sheet, hp=sheet.hp, hp_max=sheet.hp_max)
    for weapon in sheet.all_weapons:
        kept = sheet.weapon_state.get(weapon.name) or {}
        ammo = kept.get("ammo", weapon.capacity) if weapon.capacity is not None else None
        unit.arms[weapon.name] = Arm(ammo=ammo, jammed=bool(kept.get("jammed")))
    unit.in_hand = sheet.all_weapons[0].name
    state.units[e.unit] = unit


def _round_started(state: Coc7State, e: ev.RoundStarted) -> None:
    begin_round(state, e.round, e.order, e.tied)
    for unit in state.units.values():
        assert isinstance(unit, Coc7Unit)
        unit.responses = 0


def _turn_started(state: Coc7State, e: ev.TurnStarted) -> None:
    state.turn = e.unit
    unit = state.unit7(e.unit)
    unit.attacks = 0
    unit.moved = 0
    unit.marks.pop("acted", None)


def _turn_ended(state: Coc7State, e: ev.TurnEnded) -> None:
    if e.unit not in state.acted:
        state.acted.append(e.unit)
    if state.turn == e.unit:
        state.turn = None
    unit = state.units.get(e.unit)
    if isinstance(unit, Coc7Unit):
        unit.marks.pop("acted", None)
        forfeit = unit.marks.get("forfeit")
        if forfeit is not None and forfeit <= state.round:  # the attack it gave up (7-FIRE-06)
            unit.marks.pop("forfeit", None)


def _attack_declared(state: Coc7State, e: ce.AttackDeclared) -> None:
    state.next_attack = max(state.next_attack, e.attack + 1)
    state.attackers[e.attack] = e.attacker
    state.unit7(e.attacker).attacks += 1


def _reaction_requested(state: Coc7State, e: ce.ReactionRequested) -> None:
    state.pending.append(Pending(id=e.attack, kind="reaction", unit=e.unit, options=list(e.options),
                                 context={"attacker": e.attacker, **e.context}))


def _resolved(state: Coc7State, e: ce.AttackResolved) -> None:
    state.pending = [p for p in state.pending if p.id != e.attack]


def _pending_closed(state: Coc7State, e: ce.PendingClosed) -> None:
    state.pending = [p for p in state.pending if not (p.id == e.attack and p.unit == e.unit)]


def _hp_changed(state: Coc7State, e: ce.HpChanged) -> None:
    unit = state.unit7(e.unit)
    unit.hp = e.after
    if e.after < e.before:  # a new injury: it may be treated again (7-AID-03)
        unit.marks.pop(TREATED, None)


def _condition(state: Coc7State, e: ce.ConditionChanged) -> None:
    unit = state.units[e.unit]
    if e.added:
        unit.add_condition(e.condition)
    else:
        unit.remove_condition(e.condition)


def _response(state: Coc7State, e: e7.ResponseUsed) -> None:
    state.unit7(e.unit).responses += 1


def _arm(state: Coc7State, e: e7.ArmChanged) -> None:
    state.unit7(e.unit).arms[e.weapon] = Arm(ammo=e.ammo, jammed=e.jammed, dropped=e.dropped)


def _in_hand(state: Coc7State, e: e7.InHand) -> None:
    state.unit7(e.unit).in_hand = e.weapon


def _marked(state: Coc7State, e: ce.UnitMarked) -> None:
    marks = state.unit7(e.unit).marks
    if e.value is None:
        marks.pop(e.key, None)
    else:
        marks[e.key] = e.value


def _moved(state: Coc7State, e: ce.UnitMoved) -> None:
    unit = state.unit7(e.unit)
    unit.square = e.square
    unit.moved += e.squares


def _sheet_set(state: Coc7State, e: e7.SheetSet) -> None:
    unit = state.unit7(e.unit)
    if unit.sheet is None:
        return
    if e.key in CHARACTERISTICS:
        unit.sheet = replace(unit.sheet, stats={**unit.sheet.stats, e.key: e.value})
    elif e.key == "攻撃回数":
        unit.sheet = replace(unit.sheet, attacks=e.value)
    else:
        unit.sheet = unit.sheet.with_skill(e.key, e.value)


def _object_placed(state: Coc7State, e: ce.ObjectPlaced) -> None:
    state.objects[e.name] = {"kind": e.object_kind, "siz": e.siz, "square": e.square}


_HANDLERS = {
    ev.BattleOpened: lambda s, e: (setattr(s, "system", e.system), setattr(s, "keeper", e.keeper),
                                   s.settings.update(e.settings)),
    ev.UnitJoined: _joined,
    ev.UnitRemoved: lambda s, e: drop_unit(s, e.unit),
    ev.RoundStarted: _round_started,
    ev.TurnStarted: _turn_started,
    ev.TurnEnded: _turn_ended,
    ev.SideOutOfAction: lambda s, e: s.defeated_sides.append(e.side),
    ev.BattleEnded: lambda s, e: (setattr(s, "phase", "ended"), setattr(s, "turn", None), s.pending.clear()),
    ce.AttackDeclared: _attack_declared,
    ce.ReactionRequested: _reaction_requested,
    ce.AttackResolved: _resolved,
    ce.PendingClosed: _pending_closed,
    ce.HpChanged: _hp_changed,
    ce.ConditionChanged: _condition,
    ce.UnitMarked: _marked,
    ce.UnitMoved: _moved,
    ce.ObjectPlaced: _object_placed,
    e7.ResponseUsed: _response,
    e7.ArmChanged: _arm,
    e7.InHand: _in_hand,
    e7.SheetSet: _sheet_set,
    **KEEPER_HANDLERS,
}


def evolve(state: Coc7State, event: ev.Event) -> Coc7State:
    """Apply ``event`` to ``state`` in place and return it; events with no effect on the
    state (rolls, chosen answers, notes) only count towards ``version``."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)
    state.version += 1
    return state
