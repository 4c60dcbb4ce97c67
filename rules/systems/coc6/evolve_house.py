"""How the house-rule attack events change a CoC battle (squares, wounds, weapon readiness,
technique marks, round-end extra attacks). Registered into ``evolve`` by evolve.py; like
every evolve handler these never roll and never fail."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.state import Pending
from rules.systems.coc6 import events as ce
from rules.systems.coc6.state import CocState, CocUnit, WeaponState
from rules.systems.coc6.turns import resort_order


def _ap_spent(state: CocState, e: ce.ApSpent) -> None:
    unit = state.coc_unit(e.unit)
    unit.ap -= e.ap


def _moved(state: CocState, e: ce.UnitMoved) -> None:
    unit = state.coc_unit(e.unit)
    unit.square = e.square
    unit.ap -= e.ap
    unit.moved += e.squares
    if e.all_out:
        unit.all_out = True


def _shift(unit: CocUnit, stats: dict, skills: dict, sign: int) -> None:
    """Add ``sign`` × the deltas to the unit's sheet (stats and skills)."""
    assert unit.character is not None
    new_stats = dict(unit.character.stats)
    for key, delta in stats.items():
        new_stats[key] = new_stats.get(key, 0) + sign * int(delta)
    new_skills = dict(unit.character.skills)
    weapons = list(unit.character.weapons)
    for key, delta in skills.items():
        own = [i for i, w in enumerate(weapons) if w.skill == key and w.skill_value is not None]
        for i in own:  # a weapon's own value (``/char weapon … skill:40``)
            weapons[i] = replace(weapons[i], skill_value=int(weapons[i].skill_value or 0) + sign * int(delta))
        if not own:
            new_skills[key] = unit.character.skill(key) + sign * int(delta)
    unit.character = replace(unit.character, stats=new_stats, skills=new_skills, weapons=tuple(weapons))


def _wound(state: CocState, e: ce.WoundTaken) -> None:
    unit = state.coc_unit(e.unit)
    _shift(unit, e.stats, e.skills, +1)
    unit.wounds.append({"part": e.part, "stats": dict(e.stats), "skills": dict(e.skills),
                        "round": state.round})
    if "DEX" in e.stats:
        resort_order(state)


def _treated(state: CocState, e: ce.WoundsTreated) -> None:
    unit = state.coc_unit(e.unit)
    kept = []
    for wound in unit.wounds:
        if wound["part"] in e.parts:
            _shift(unit, wound["stats"], wound["skills"], -1)
        else:
            kept.append(wound)
    unit.wounds = kept
    resort_order(state)


def _readied(state: CocState, e: ce.WeaponReadied) -> None:
    unit = state.coc_unit(e.unit)
    ws = unit.weapons.setdefault(e.weapon, WeaponState(hp=None))
    if e.nocked is not None:
        ws.nocked = e.nocked
    if e.string is not None:
        ws.string = e.string
    if e.dropped is not None:
        ws.dropped = e.dropped
        ws.dropped_by = e.cause if e.dropped else ""


def _marked(state: CocState, e: ce.UnitMarked) -> None:
    unit = state.coc_unit(e.unit)
    if e.value is None:
        unit.marks.pop(e.key, None)
    else:
        unit.marks[e.key] = e.value


def _extra_queued(state: CocState, e: ce.ExtraAttackQueued) -> None:
    state.round_end.append({"unit": e.unit, "target": e.target, "weapon": e.weapon})


def _extra_started(state: CocState, e: ce.ExtraAttackStarted) -> None:
    state.round_end = [x for x in state.round_end if x["unit"] != e.unit]
    state.bonus = {"unit": e.unit, "target": e.target, "weapon": e.weapon}
    state.turn = e.unit
    unit = state.coc_unit(e.unit)
    unit.ap = unit.ap_start = 0
    unit.attacks = 0


def _handed_over(state: CocState, e: ce.PendingHandedOver) -> None:
    state.pending = [p for p in state.pending if p.id != e.attack]
    state.pending.append(Pending(id=e.attack, kind="reaction", unit=e.unit,
                                 options=list(e.options), context=dict(e.context)))


def start_turn(state: CocState, unit: CocUnit, ap: int) -> None:
    """Per-turn resets of the house-rule fields when ``unit``'s turn begins with ``ap``."""
    unit.ap_start = ap
    unit.moved = 0
    unit.all_out = False
    unit.marks.pop("yabusame", None)
    unit.marks.pop("free_move", None)
    unit.marks.pop("turn_action", None)  # X-AMMO-03, X-MP-02: a reload or spell was the last turn's action
    state.bonus = None


HOUSE_HANDLERS = {
    ce.ApSpent: _ap_spent,
    ce.UnitMoved: _moved,
    ce.WoundTaken: _wound,
    ce.WoundsTreated: _treated,
    ce.WeaponReadied: _readied,
    ce.UnitMarked: _marked,
    ce.ExtraAttackQueued: _extra_queued,
    ce.ExtraAttackStarted: _extra_started,
    ce.PendingHandedOver: _handed_over,
}
"""Event type → handler, merged into evolve's table."""
