"""A 7th-edition battle's result carried back to its investigators' sheets (issue 30, as
bot.sheets.carry does for the 6th): HP (7-HP-07), each gun's rounds left and jam, and the
growth ticks of the skills used with success and no bonus die (7-GROW-01); a reopening
puts back what the sheet still holds of it."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.state import Unit
from rules.coc7.character import Investigator
from rules.coc7.growth import ticks
from rules.coc7.weapons import UNARMED
from rules.systems.coc7.events import Check7Rolled
from rules.systems.coc7.state import DYING, MAJOR_WOUND

CARRIED7 = ("hp_now", "weapon_state", "wounds", "growth")
"""The keys of a 7th sheet dict a 7th battle's end may change."""
WOUNDS = (MAJOR_WOUND, DYING)
"""The states a 7th battle leaves on the sheet (7-HP-02 重傷, 7-HP-06 瀕死): they outlast the
fight (a dying investigator needs first aid, 7-AID-02)."""


def is_seventh_unit(unit: Unit) -> bool:
    """Whether ``unit`` is a 7th-edition battle's (it holds an investigator)."""
    return isinstance(getattr(unit, "sheet", None), Investigator)


def ticked(events: list, unit: str) -> list[str]:
    """The skills ``unit`` succeeded with in ``events`` without a bonus die (7-GROW-01), in
    the order first ticked; characteristic rolls (CON …) name no skill and tick nothing."""
    found: list[str] = []
    for e in events:
        if isinstance(e, Check7Rolled) and e.unit == unit and e.skill and e.skill not in found:
            if ticks(e.skill, e.level not in ("失敗", "ファンブル"), e.bonus):
                found.append(e.skill)
    return found


def result7(sheet: Investigator, unit, skills: list[str], carry: bool) -> Investigator:
    """``sheet`` with what ``unit`` ended the battle with: HP and each gun's rounds and jam
    (when ``carry``, the KP setting シート反映), and the growth ticks of ``skills``."""
    after = sheet
    if carry:
        state = {}
        for weapon in sheet.weapons:
            arm = unit.arms.get(weapon.name)
            if arm is None or weapon.name == UNARMED.name:
                continue
            if (arm.ammo == weapon.capacity or arm.ammo is None) and not arm.jammed:
                continue  # as new: no entry
            state[weapon.name] = {"ammo": arm.ammo, "jammed": arm.jammed}
        wounds = tuple(c for c in unit.conditions if c in WOUNDS)
        after = replace(after, hp_now=None if unit.hp == sheet.hp_max else unit.hp, weapon_state=state, wounds=wounds)
    growth = tuple(dict.fromkeys([*sheet.growth, *skills]))
    return replace(after, growth=growth)


def carried(sheet: Investigator) -> dict:
    """The carried fields of ``sheet`` as its dict holds them."""
    data = sheet.to_dict()
    return {key: data.get(key) for key in CARRIED7}


def changes7(old: Investigator, new: Investigator) -> list[str]:
    """``HP 11→4``, ``.38リボルバー 残弾6→2``, ``拳銃 故障``: what a 7th sheet's carry changed
    (the growth ticks are said on their own line)."""
    parts = [f"HP {old.hp}→{new.hp}"] if old.hp != new.hp else []
    for weapon in new.weapons:
        was, now = old.weapon_state.get(weapon.name, {}), new.weapon_state.get(weapon.name, {})
        if was == now:
            continue
        before, after = was.get("ammo", weapon.capacity), now.get("ammo", weapon.capacity)
        if before != after:
            parts.append(f"{weapon.name} 残弾{before}→{after}")
        if bool(now.get("jammed")) != bool(was.get("jammed")):  # as new (no entry) is not jammed
            parts.append(f"{weapon.name} {'故障' if now.get('jammed') else '故障から回復'}")
    if old.wounds != new.wounds:
        parts.append(f"負傷 {'・'.join(old.wounds) or 'なし'}→{'・'.join(new.wounds) or 'なし'}")
    return parts


def undo7(data: dict, old: dict, new: dict) -> tuple[dict, list[str]]:
    """The sheet dict ``data`` with what a 7th battle's end wrote (``new``, by key) taken back
    to ``old`` where the sheet still holds it; the growth ticks it added are removed. Returns
    ``(data, the keys left as changed by hand since)``."""
    data, kept = dict(data), []
    for key, before in old.items():
        written = new.get(key)
        if key == "growth":
            added = [s for s in (written or ()) if s not in (before or ())]
            data["growth"] = [s for s in data.get("growth") or () if s not in added] or None
        elif data.get(key) == written:
            data[key] = before
        else:
            kept.append(key)
    return {k: v for k, v in data.items() if v is not None}, kept
