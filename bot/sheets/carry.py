"""The battle's result carried back to the sheets (issue 19): when a battle ends, each PC's
saved sheet takes its current HP and SAN, its weapons' HP, breakage and jams (CoC), its
stamina and injuries (charge rank), and the growth marks of the skills it used with
success; ``/battle reopen`` takes that back.

A PC is a unit with an owner that joined with a saved sheet of its owner (the sheet of
the same name in the server). The KP setting ``sheet_carry`` (シート反映) turns the carry
of HP, SAN, weapons and stamina off; growth marks are written either way. What the end
wrote is kept (``sheet_carries``) so that the reopening can put the old values back: SAN by
the difference (a SAN check made since stays counted), the growth marks the battle added by
removing them, everything else only where the sheet still holds what the battle wrote.
"""
from __future__ import annotations

from dataclasses import replace

from bot.render.reply import Reply, clip, public
from bot.store import SheetCarry, SheetWrites, Store
from rules.battle.events import UnitJoined, from_record
from rules.battle.state import BattleState, Unit
from rules.battle.steps import timeline
from rules.coc6.character import Character
from rules.coc7.character import Investigator, is_investigator
from bot.sheets.carry7 import CARRIED7, carried, changes7, is_seventh_unit, result7, ticked, undo7
from rules.coc6.growth import marked, skill_of_check
from rules.coc6.check import SuccessLevel
from rules.systems.charge_rank.state import CrUnit
from rules.systems.coc6.events import CheckRolled
from rules.systems.coc6.kyudo import STRING_NEW
from rules.systems.coc6.state import CocUnit

SETTING = "sheet_carry"
"""The KP setting (bool, default on) that carries a battle's result onto the sheets."""

CARRIED = ("hp_now", "mp_now", "san", "weapon_state", "stamina_now", "stamina_max", "injuries", "growth", "growth_channel")
"""The keys of the sheet dict a battle's end may change."""

SUCCEEDED = {level.value for level in SuccessLevel if level.succeeded}

REOPENED = "reopened"
"""The key of the carry record a reopening leaves for the next end (in its ``new``):
``{"rolled": [skills whose battle mark was already rolled], "kept": {sheet key: the battle's
value then}}`` — so that ending again neither marks a rolled skill twice nor overwrites a
value changed by hand between the end and the reopening."""


def battle_result(sheet: Character, unit: Unit) -> Character:
    """``sheet`` with the numbers ``unit`` ended the battle with: a CoC unit's HP (signed,
    X-HP-02), MP (X-MP-01), SAN less what the battle cost (``san_lost``, B-CALL-VITAL-05) and each own
    weapon's HP, breakage, jam and worn bowstring (a weapon back in its new condition keeps
    no entry); a
    charge-rank unit's injuries (C-INJ-03), stamina, and the lower maximum its injuries
    leave (StaminaMaxLowered at the battle's end, C-INJ-04/05), kept on the sheet so that the
    next battle and a rest stop there."""
    if isinstance(unit, CocUnit):
        conditions = dict(sheet.weapon_state)
        for weapon in sheet.weapons:
            state = unit.weapons.get(weapon.name)
            if state is None:
                continue
            string = state.string if state.string not in (None, STRING_NEW) else None  # a worn bowstring (H-KYU-GOU-07)
            if state.hp == weapon.hp and not state.broken and not state.cannot_fire and not state.jammed \
                    and string is None:
                conditions.pop(weapon.name, None)
            else:
                conditions[weapon.name] = {"hp": state.hp, "broken": state.broken, "jammed": state.cannot_fire,
                                           **({"string": string} if string is not None else {}),
                                           **({"malfunctioned": True} if state.jammed else {})}
        lost = int(unit.marks.get("san_lost", 0) or 0)
        return replace(sheet, hp_now=sheet.hp_now if unit.hp == sheet.hp else unit.hp, weapon_state=conditions,
                       san_now=max(0, sheet.san - lost) if lost else sheet.san_now,
                       mp_now=sheet.mp_now if unit.mp == sheet.mp or not unit.mp_max else unit.mp)  # X-MP-01
    if isinstance(unit, CrUnit):
        stamina = unit.stamina
        lowered = unit.stamina_max if unit.stamina_max < sheet.numbers.get("スタミナ", 0) else None
        return replace(sheet, stamina_now=sheet.stamina_now if stamina == sheet.stamina else stamina,
                       injuries=tuple(unit.injuries), stamina_max_override=lowered,
                       mp_now=sheet.mp_now if unit.mp == sheet.mp or not unit.mp_max else unit.mp)
    return sheet


def changes_text(old: Character, new: Character) -> list[str]:
    """The numbers that differ between ``old`` and ``new``, in Japanese: ``HP 13→4``,
    ``SAN 55→54``, ``ナイフ 耐久15→10``, ``拳銃 故障``, ``スタミナ 25→12``, ``負傷: 軽傷``."""
    parts = [f"{label} {a}→{b}" for label, a, b in (("HP", old.hp, new.hp), ("MP", old.mp, new.mp),
                                                    ("SAN", old.san, new.san))
             if a != b and not new.is_charge_rank]
    for weapon in new.weapons:
        was, now = old.weapon_state.get(weapon.name, {}), new.weapon_state.get(weapon.name, {})
        if was == now:
            continue
        before, after = was.get("hp", weapon.hp), now.get("hp", weapon.hp)
        if before != after and after is not None:
            parts.append(f"{weapon.name} 耐久{before}→{after}")
        if was.get("string", STRING_NEW) != now.get("string", STRING_NEW):
            parts.append(f"{weapon.name} 弦{was.get('string', STRING_NEW)}→{now.get('string', STRING_NEW)}")
        for key, word in (("broken", "破壊"), ("jammed", "故障"), ("malfunctioned", "故障（故障ナンバー）")):
            if now.get(key) and not was.get(key):
                parts.append(f"{weapon.name} {word}")
            elif was.get(key) and not now.get(key):
                parts.append(f"{weapon.name} {word}から回復")
    if new.is_charge_rank and old.stamina_max != new.stamina_max:
        parts.append(f"最大スタミナ {old.stamina_max}→{new.stamina_max}")
    if new.is_charge_rank and old.stamina != new.stamina:
        parts.append(f"スタミナ {old.stamina}→{new.stamina}")
    if new.is_charge_rank and old.mp != new.mp:
        parts.append(f"MP {old.mp}→{new.mp}")
    if old.injuries != new.injuries:
        parts.append("負傷: " + ("・".join(new.injuries) or "なし"))
    return parts


def _carried_fields(sheet: Character) -> dict:
    data = sheet.to_dict()
    return {key: data.get(key) for key in CARRIED}


class SheetCarrier:
    """Writes a battle's result onto its PCs' sheets at its end and takes it back at its
    reopening (both in the transaction of the battle's step: :class:`bot.store.SheetWrites`)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def at_end(self, scope: str, channel: str, battle_id: int, state: BattleState,
                     ) -> tuple[SheetWrites | None, list[Reply]]:
        """The sheet writes and the public message (「シートに反映: アリス HP 13→4、SAN 55→54」,
        the growth marks) of the end of battle ``battle_id`` whose final ``state`` is given;
        ``(None, [])`` when no PC sheet changes."""
        events = [from_record(kind, payload) for kind, payload, _actor in await self.store.events(battle_id)]
        joined = {e.unit: e for e in events if isinstance(e, UnitJoined)}
        active = [e for step in timeline(events) if step.active for e in step.events]
        used = _successes(active)
        carry = bool(state.settings.get(SETTING, True))
        reopened = {c.name: c.new[REOPENED] for c in await self.store.sheet_carries(battle_id) if REOPENED in c.new}
        writes, carries, lines, marks, ticks = [], [], [], [], []
        for unit in state.units.values():
            join = joined.get(unit.id)
            if unit.owner is None or join is None:
                continue
            record = await self.store.get_character(scope, str(join.sheet.get("name", unit.id)))
            if record is None or record.owner != unit.owner or is_investigator(record.data) != is_seventh_unit(unit):
                continue  # a sheet of the other edition with the same name never takes this battle's numbers
            if is_seventh_unit(unit):
                old7 = Investigator.from_dict(record.data)
                skills = ticked(active, unit.id)
                new7 = result7(old7, unit, skills, carry)
                added = [s for s in skills if s not in old7.growth]
                if added:
                    ticks.append(f"{old7.name}" + "".join(f"〈{s}〉" for s in added))
                before, after7 = carried(old7), carried(new7)
                changed = {k for k in CARRIED7 if before[k] != after7[k]}
                if not changed:
                    continue
                writes.append((scope, old7.name, {**{k: v for k, v in record.data.items() if k not in changed},
                                                  **{k: v for k, v in new7.to_dict().items() if k in changed}}))
                carries.append(SheetCarry(scope, old7.name, {k: before[k] for k in changed},
                                          {k: after7[k] for k in changed}))
                shown = changes7(old7, new7)
                if shown:
                    lines.append(f"{old7.name} " + "、".join(shown))
                continue
            sheet = Character.from_dict(record.data)
            left = reopened.get(sheet.name, {})
            kept = {"hp_now": join.sheet.get("hp_now"), **left.get("kept", {})}  # HP: the battle's change
            after = _kept_by_hand(sheet, battle_result(sheet, unit), kept) if carry else sheet
            rolled = set(left.get("rolled", ()))
            after, added = _with_marks(after, unit, {p: c for p, c in used.get(unit.id, {}).items()
                                                     if _skill(unit, p) not in rolled}, channel)
            if added:
                marks.append(f"{sheet.name}" + "".join(f"〈{s}〉" for s in added))
            old, new = _carried_fields(sheet), _carried_fields(after)
            if old == new:
                continue
            changed = {k for k in CARRIED if old[k] != new[k]}
            writes.append((scope, sheet.name, {**record.data, **after.to_dict(),
                                               **{k: None for k in changed if new[k] is None}}))
            carries.append(SheetCarry(scope, sheet.name, {k: old[k] for k in changed}, {k: new[k] for k in changed}))
            shown = changes_text(sheet, after)
            if shown:
                lines.append(f"{sheet.name} " + "、".join(shown))
        text = []
        if lines:
            text.append("シートに反映: " + "／".join(lines))
        if marks:
            text.append("成長の印: " + "、".join(marks) + "（/char growth で成長ロール）")
        if ticks:
            text.append("成長チェック: " + "、".join(ticks) + "（/char growth で成長ロール）")
        if not carry and any(u.owner for u in state.units.values()):
            text.append("（KP設定 シート反映 がオフのため、HP・SAN・武器はシートに書き込んでいません）")
        sheets = SheetWrites(tuple((s, n, _clean(d)) for s, n, d in writes), tuple(carries)) if writes else None
        return sheets, [public(clip("\n".join(text)))] if text else []

    async def taken_back(self, battle_id: int) -> tuple[SheetWrites | None, str]:
        """The sheet writes that undo what the end of ``battle_id`` wrote, and the line that
        says so (「シートへの反映を取り消しました: アリス HP 4→13」), or ``(None, "")``."""
        carries = await self.store.sheet_carries(battle_id)
        earlier = {c.name: c.new[REOPENED] for c in carries if REOPENED in c.new}
        writes, lines, left = [], [], []
        for carry in carries:
            if REOPENED in carry.new:
                continue
            record = await self.store.get_character(carry.scope, carry.name)
            if record is None:
                continue
            if is_investigator(record.data):  # a 7th battle's carry (bot.sheets.carry7)
                data, kept7 = undo7(record.data, carry.old, carry.new)
                writes.append((carry.scope, carry.name, data))
                shown = changes7(Investigator.from_dict(record.data), Investigator.from_dict(data))
                unticked = [k for k in record.data.get("growth") or () if k not in data.get("growth", ())]
                if unticked:
                    shown.append("成長チェック" + "".join(f"〈{k}〉" for k in unticked) + "を外す")
                if kept7:
                    shown.append("、".join(_KEPT_WORDS.get(k, k) for k in kept7) + "はその後に変えた値のまま")
                if shown:
                    lines.append(f"{carry.name} " + "、".join(shown))
                continue
            now = Character.from_dict(record.data)
            data = dict(record.data)
            before = earlier.get(carry.name, {})
            kept_keys, unmarked, rolled = [], [], list(before.get("rolled", ()))
            kept = {k: v for k, v in before.get("kept", {}).items() if k not in carry.new}
            for key, old in carry.old.items():
                new = carry.new.get(key)
                if key == "san":  # by the difference: a SAN check made since stays counted
                    data["san"] = max(0, now.san + (old if old is not None else now.stats.get("POW", 0) * 5)
                                      - (new if new is not None else now.san))
                elif key == "growth":
                    added = [k for k in (new or {}) if k not in (old or {})]
                    marks = data.get("growth") or {}
                    unmarked = [f"〈{k}〉" for k in added if k in marks]
                    rolled += [k for k in added if k not in marks]  # rolled already: the growth stays
                    data["growth"] = {k: v for k, v in marks.items() if k not in added}
                elif key == "growth_channel":
                    if data.get("growth"):
                        continue  # other marks made since belong to this channel still
                    data[key] = None
                elif data.get(key) == new:
                    data[key] = old
                else:
                    kept_keys.append(key)
                    kept[key] = new
            restored = Character.from_dict(_clean(data))
            writes.append((carry.scope, carry.name, _clean(data)))
            shown = changes_text(now, restored) + ([f"成長の印{''.join(unmarked)}を外す"] if unmarked else [])
            if rolled:
                shown.append("〈" + "〉〈".join(dict.fromkeys(rolled)) + "〉は成長ロール済みのためそのまま")
            if kept_keys:
                shown.append("、".join(f"HP {now.hp}" if k == "hp_now" else _KEPT_WORDS.get(k, k) for k in kept_keys)
                             + "はその後に変えた値のまま")
            if shown:
                lines.append(f"{carry.name} " + "、".join(shown))
            if rolled or kept:
                left.append(SheetCarry(carry.scope, carry.name, {}, {REOPENED: {"rolled": sorted(set(rolled)),
                                                                                "kept": kept}}))
        taken = {c.name for c in carries if REOPENED not in c.new}
        left += [c for c in carries if REOPENED in c.new and c.name not in taken]  # an end that wrote nothing
        sheets = SheetWrites(tuple(writes), tuple(left), drop=True) if carries else None
        return sheets, ("シートへの反映を取り消しました: " + "／".join(lines)) if lines else ""


_KEPT_WORDS = {"hp_now": "HP", "mp_now": "MP", "weapon_state": "武器の状態", "stamina_now": "スタミナ",
               "stamina_max": "最大スタミナ", "injuries": "負傷", "growth": "成長チェック"}


def _kept_by_hand(sheet: Character, after: Character, kept: dict) -> Character:
    """``after`` (the battle's result on ``sheet``) without the values changed by hand since
    the battle took them (``kept``: sheet key → the battle's value then: at the join, or at
    the end a reopening took back): such a value stays as the sheet holds it unless the
    battle changed it since; HP then moves by the battle's change (10 set by hand, the
    battle 4 → 2: the sheet 8)."""
    for key, then in kept.items():
        if key == "hp_now":
            was = Character.from_dict({**sheet.to_dict(), "hp_now": then}).hp
            after = replace(after, hp_now=sheet.hp_now if after.hp == was else max(-99, sheet.hp + after.hp - was))
        elif _carried_fields(after).get(key) == then:
            after = Character.from_dict({**after.to_dict(), key: sheet.to_dict().get(key)})
    return after


def _skill(unit: Unit, purpose: str) -> str | None:
    """The skill a check ``purpose`` of ``unit`` uses (None: not a CoC unit's skill)."""
    return skill_of_check(purpose, unit.character) if isinstance(unit, CocUnit) and unit.character else None


def _with_marks(sheet: Character, unit: Unit, used: dict[str, bool], channel: str) -> tuple[Character, list[str]]:
    """``sheet`` with the growth marks of the successful checks ``used`` (``{purpose:
    critical?}``) of CoC ``unit``, and the skills newly marked (once per skill)."""
    added = []
    for purpose, critical in used.items():
        skill = _skill(unit, purpose)
        again = marked(sheet, skill, critical) if skill else None
        if again is not None:
            sheet, added = again, added + [skill]
    return (replace(sheet, growth_channel=channel) if added else sheet), added


def _clean(data: dict) -> dict:
    """``data`` without the carried keys that are None or empty (absent = default)."""
    return {k: v for k, v in data.items() if k not in CARRIED or v not in (None, {}, [], ())}


def _successes(events) -> dict[str, dict[str, bool]]:
    """``{unit: {check purpose: critical?}}`` of the successful checks among ``events``; a
    check naming its skills (a combination's parts, a counter's roll: ``CheckRolled.skills``)
    counts each skill that succeeded, as ``〈skill〉`` (X-GROW-01)."""
    found: dict[str, dict[str, bool]] = {}
    for e in events:
        if not isinstance(e, CheckRolled):
            continue
        parts = {f"〈{skill}〉": level for skill, level in e.skills.items()} if e.skills else {e.purpose: e.level}
        for purpose, level in parts.items():
            if level in SUCCEEDED:
                purposes = found.setdefault(e.unit, {})
                purposes[purpose] = purposes.get(purpose, False) or level == SuccessLevel.CRITICAL.value
    return found
