"""evolve(state, event) for CoC 6 battles: apply one event in place; never rolls or fails."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.keeper import KEEPER_HANDLERS
from rules.battle.state import Pending, begin_round, drop_unit
from rules.coc6.character import Character
from rules.systems.coc6 import ammo, late_join, spells, waiting, window
from rules.systems.coc6 import events as ce
from rules.systems.coc6.evolve_house import HOUSE_HANDLERS, start_turn
from rules.systems.coc6.keeper import COC_KEEPER_HANDLERS
from rules.systems.coc6.state import TREATED, CocState, CocUnit, WeaponState
from rules.systems.coc6.turns import resort_order


def _joined(state: CocState, e: ev.UnitJoined) -> None:
    character = Character.from_dict(e.sheet)
    unit = CocUnit(id=e.unit, owner=e.owner, hidden=e.hidden,
                   join_seq=max((u.join_seq for u in state.units.values()), default=-1) + 1,
                   character=character, hp=character.hp, hp_max=character.hp_max,
                   mp=character.mp, mp_max=character.mp_max)
    unit.weapons = {w.name: _weapon_state(w.hp, character.weapon_state.get(w.name)) for w in character.all_weapons}
    state.units[e.unit] = unit


def _weapon_state(hp: int | None, kept: dict | None) -> WeaponState:
    """A weapon's state at joining: new (``hp`` its durability), or as the sheet kept it
    after an earlier battle ``{"hp", "broken", "jammed", "string"?, "malfunctioned"?}``
    (issue 19; ``malfunctioned``: jammed by its 故障ナンバー, X-JAM-01)."""
    if not kept:
        return WeaponState(hp=hp)
    return WeaponState(hp=kept.get("hp", hp), broken=bool(kept.get("broken")), cannot_fire=bool(kept.get("jammed")),
                       string=kept.get("string"), jammed=bool(kept.get("malfunctioned")))


def _removed(state: CocState, e: ev.UnitRemoved) -> None:
    drop_unit(state, e.unit)


def _round_started(state: CocState, e: ev.RoundStarted) -> None:
    begin_round(state, e.round, e.order, e.tied)
    state.declaring = []
    state.may_declare = []
    state.round_end.clear()
    state.bonus = None
    for unit in state.units.values():
        assert isinstance(unit, CocUnit)
        unit.used.clear()
        unit.extra.clear()
        unit.declarations.clear()
        unit.focus_successes = 0


def _turn_started(state: CocState, e: ev.TurnStarted) -> None:
    state.turn = e.unit
    unit = state.coc_unit(e.unit)
    unit.ap = e.ap
    unit.attacks = 0
    unit.firings = 0
    start_turn(state, unit, e.ap)


def _turn_ended(state: CocState, e: ev.TurnEnded) -> None:
    if e.unit not in state.acted:
        state.acted.append(e.unit)
    if e.unit in state.units:
        state.coc_unit(e.unit).ap = 0
    if state.turn == e.unit:
        state.turn = None


def _attack_declared(state: CocState, e: ce.AttackDeclared) -> None:
    state.next_attack = max(state.next_attack, e.attack + 1)
    state.attackers[e.attack] = e.attacker
    attacker = state.coc_unit(e.attacker)
    attacker.ap -= e.ap
    if e.counts:
        attacker.attacks += 1
        first = e.weapon.split("・")[0]
        weapon = attacker.character.weapon(first) if attacker.character else None
        if weapon is not None and weapon.is_firearm:
            attacker.firings += 1


def _reaction_requested(state: CocState, e: ce.ReactionRequested) -> None:
    state.pending.append(Pending(id=e.attack, kind="reaction", unit=e.unit,
                                 options=list(e.options),
                                 context={"attacker": e.attacker, **e.context}))


def _weapon_changed(state: CocState, e: ce.WeaponChanged) -> None:
    unit = state.coc_unit(e.unit)
    ws = unit.weapons.setdefault(e.weapon, WeaponState(hp=e.hp))
    ws.hp, ws.broken, ws.cannot_fire = e.hp, e.broken, e.cannot_fire


def _reaction_used(state: CocState, e: ce.ReactionUsed) -> None:
    unit = state.coc_unit(e.unit)
    unit.used[e.action] = unit.used.get(e.action, 0) + e.uses
    if e.weapon and e.weapon in unit.weapons:
        unit.weapons[e.weapon].parried_round = state.round
    if "restring" in unit.marks:  # H-KYU-STRING-02/03: 1 AP of the next turn, at most 3
        unit.marks["ap_debt"] = min(3, int(unit.marks.get("ap_debt", 0)) + e.uses)


def _condition(state: CocState, e: ce.ConditionChanged) -> None:
    unit = state.units[e.unit]
    if e.added:
        unit.add_condition(e.condition)
        if e.condition == "スタン" and isinstance(unit, CocUnit):
            unit.stun_round = state.round
    else:
        unit.remove_condition(e.condition)


def _declared(state: CocState, e: ce.Declared) -> None:
    state.coc_unit(e.unit).declarations.append(
        {"action": e.action, "target": e.target, "amount": e.amount})
    if e.action == "行動遅延":  # H-DELAY-01: the lowered DEX re-sorts this round's order
        resort_order(state)


def _hp_changed(state: CocState, e: ce.HpChanged) -> None:
    unit = state.coc_unit(e.unit)
    unit.hp = e.after
    if e.after < e.before:  # a new injury: 〈応急手当〉/〈医学〉 may heal it again
        unit.marks.pop(TREATED, None)


def _pending_closed(state: CocState, e: ce.PendingClosed) -> None:
    state.pending = [p for p in state.pending if not (p.id == e.attack and p.unit == e.unit)]


def _focus_succeeded(state: CocState, e: ce.FocusSucceeded) -> None:
    state.coc_unit(e.unit).focus_successes += 1


def _extra_use(state: CocState, e: ce.ExtraUseGranted) -> None:
    unit = state.coc_unit(e.unit)
    unit.extra[e.action] = unit.extra.get(e.action, 0) + 1


def _object_placed(state: CocState, e: ce.ObjectPlaced) -> None:
    state.objects[e.name] = {"kind": e.object_kind, "siz": e.siz, "square": e.square}


def _resolved(state: CocState, e: ce.AttackResolved) -> None:
    state.pending = [p for p in state.pending if p.id != e.attack]


_HANDLERS = {
    ev.BattleOpened: lambda s, e: (setattr(s, "system", e.system), setattr(s, "keeper", e.keeper),
                                   s.settings.update(e.settings)),
    ev.UnitJoined: _joined,
    ev.UnitRemoved: _removed,
    ev.RoundStarted: _round_started,
    ev.TurnStarted: _turn_started,
    ev.TurnEnded: _turn_ended,
    ev.SideOutOfAction: lambda s, e: s.defeated_sides.append(e.side),
    ev.BattleEnded: lambda s, e: (setattr(s, "phase", "ended"), setattr(s, "turn", None),
                                  s.pending.clear()),
    ce.Declared: _declared,
    ce.AttackDeclared: _attack_declared,
    ce.ReactionRequested: _reaction_requested,
    ce.WeaponChanged: _weapon_changed,
    ce.ReactionUsed: _reaction_used,
    ce.ConditionChanged: _condition,
    ce.HpChanged: _hp_changed,
    ce.AttackResolved: _resolved,
    ce.PendingClosed: _pending_closed,
    ce.FocusSucceeded: _focus_succeeded,
    ce.ObjectPlaced: _object_placed,
    ce.ExtraUseGranted: _extra_use,
}

_HANDLERS.update(KEEPER_HANDLERS)
_HANDLERS.update(COC_KEEPER_HANDLERS)
_HANDLERS.update(HOUSE_HANDLERS)
_HANDLERS.update(window.WINDOW_HANDLERS)
_HANDLERS.update(waiting.WAITING_HANDLERS)
_HANDLERS.update(late_join.LATE_JOIN_HANDLERS)
_HANDLERS.update(ammo.AMMO_HANDLERS)
_HANDLERS.update(spells.SPELL_HANDLERS)


def evolve(state: CocState, event: ev.Event) -> CocState:
    """Apply ``event`` to ``state`` in place and return it. Events with no effect on the
    state (rolls, chosen reactions) only count towards ``version``."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)
    window.after(state, event)
    state.version += 1
    return state
