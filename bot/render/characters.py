"""Japanese text for character sheets, and what changes when one sheet replaces another."""
from __future__ import annotations

from rules.battle.protocol import UnitRow
from rules.coc6.character import CHARACTERISTICS, Character
from rules.coc6.growth import CRITICAL
from rules.systems.charge_rank.sheet import NAMES as CHARGE_RANK_NUMBERS
from rules.systems.coc6.kyudo import STRING_NEW
from rules.coc6.weapons import Weapon, magazine


def sheet_text(character: Character, full: bool = False) -> str:
    """A character's numbers: characteristics, HP/MP/SAN now and their maximum, db, 回避;
    with ``full`` also its skills, weapons (with the condition a battle left them in) and
    growth marks. A charge-rank sheet shows its own numbers (no %)."""
    if character.is_charge_rank:
        return charge_rank_text(character, full)
    stats = " ".join(f"{k}{character.stat(k)}" for k in CHARACTERISTICS)
    lines = [stats,
             f"HP {character.hp}/{character.hp_max} / MP {character.mp}/{character.mp_max} / "
             f"SAN {character.san}/{character.san_max} / "
             f"db {character.damage_bonus or 'なし'} / 回避 {character.skill('回避')}%"
             + (f" / 装甲 {character.armor}" if character.armor else "")]
    if full:
        if character.skills:
            lines.append("技能: " + "、".join(f"{k} {v}%" for k, v in character.skills.items()))
        lines.append("武器: " + "、".join(weapon_text(character, w) for w in character.all_weapons))
        if character.growth:
            lines.append(growth_text(character))
    return "\n".join(lines)


def growth_text(character: Character) -> str:
    """``成長の印: 〈目星〉〈回避〉★〈こぶし〉`` (★: marked by a critical success)."""
    marks = "".join(f"{'★' if kind == CRITICAL else ''}〈{skill}〉" for skill, kind in character.growth.items())
    return f"成長の印: {marks}（/char growth で成長ロール）"


def charge_rank_text(character: Character, full: bool = False) -> str:
    """A charge-rank sheet: ``リフレクス 6 / キャパシティ 6 / ガード 2 / スタミナ 12/25 / 攻撃力 3``
    (plain numbers, C-PHASE-04), and its injuries."""
    shown = []
    for name in CHARGE_RANK_NUMBERS:
        if name == "スタミナ":
            lowered = character.stamina_max < character.numbers.get("スタミナ", 0)  # C-INJ-05
            shown.append(f"スタミナ {character.stamina}/{character.stamina_max}"
                         + (f"（負傷で最大{character.numbers['スタミナ']}→{character.stamina_max}）" if lowered else ""))
        elif name == "MP" and name in character.numbers:
            shown.append(f"MP {character.mp}/{character.mp_max}")
        elif name in character.numbers:
            shown.append(f"{name} {character.numbers[name]}")
    lines = ["（チャージランク制）" + " / ".join(shown)]
    if character.injuries:
        lines.append("負傷: " + "・".join(character.injuries))
    if full and character.weapons:
        lines.append("武器: " + "、".join(w.name for w in character.weapons))
    return "\n".join(lines)


def malfunction_text(number: int | None) -> str:
    """A 故障ナンバー as the weapon table prints it: ``00`` for 100, else the number."""
    return "00" if number == 100 else str(number)


def weapon_text(character: Character, weapon: Weapon) -> str:
    """``バット（60% 1D8 耐久20）``: a weapon with the % it is rolled with, damage and HP, a
    firearm's 装弾数 (``.38リボルバー（20% 1D10 耐久10 装弾6）``); after a battle its HP now and
    condition (``耐久12/20``, ``破壊``, ``故障``, a bow's ``弦1/3``)."""
    kept = character.weapon_state.get(weapon.name, {})
    hp = ""
    if weapon.hp is not None:
        now = kept.get("hp", weapon.hp)
        hp = f" 耐久{now}/{weapon.hp}" if now != weapon.hp else f" 耐久{weapon.hp}"
    if (rounds := magazine(weapon)) is not None:
        hp += f" 装弾{rounds}"
    marks = "".join(f"・{word}" for key, word in (("broken", "破壊"), ("jammed", "故障"), ("malfunctioned", "故障"))
                    if kept.get(key))
    marks += f"・弦{kept['string']}/{STRING_NEW}" if kept.get("string") is not None else ""
    return f"{weapon.name}（{character.weapon_skill(weapon)}% {weapon.damage}{hp}{marks}）"


def sheet_changes(old: Character, new: Character) -> list[str]:
    """What replacing ``old`` by ``new`` changes, one Japanese line per kind: characteristics,
    HP/db/armour, skills gained, lost (back to their base value) and changed, weapons gained,
    lost and changed. Empty when nothing changes."""
    lines = []
    stats = [f"{k} {old.stat(k)} → {new.stat(k)}" for k in CHARACTERISTICS if old.stat(k) != new.stat(k)]
    derived = [f"{label} {a or 'なし'} → {b or 'なし'}" for label, a, b in (
        ("HP", old.hp_max, new.hp_max), ("db", old.damage_bonus, new.damage_bonus),
        ("装甲", old.armor, new.armor)) if a != b]
    if stats or derived:
        lines.append("能力値: " + "、".join(stats + derived))
    gained = [f"{k} {v}%" for k, v in new.skills.items() if k not in old.skills]
    lost = [f"{k} {v}%（→ {new.skill(k)}%）" for k, v in old.skills.items()
            if k not in new.skills and new.skill(k) != v]  # a value the new sheet computes alike is no loss
    changed = [f"{k} {v}% → {new.skills[k]}%" for k, v in old.skills.items()
               if k in new.skills and new.skills[k] != v]
    for label, items in (("増える技能", gained), ("なくなる技能", lost), ("変わる技能", changed)):
        if items:
            lines.append(f"{label}: " + _listed(items))
    before = {w.name: w for w in old.weapons}
    after = {w.name: w for w in new.weapons}
    for label, items in (
            ("増える武器", [weapon_text(new, w) for n, w in after.items() if n not in before]),
            ("なくなる武器", [weapon_text(old, w) for n, w in before.items() if n not in after]),
            ("変わる武器", [f"{weapon_text(old, w)} → {weapon_text(new, after[n])}" for n, w in before.items()
                         if n in after and (after[n] != w or old.weapon_skill(w) != new.weapon_skill(after[n]))])):
        if items:
            lines.append(f"{label}: " + _listed(items))
    return lines


def _listed(items: list[str], limit: int = 30) -> str:
    """``items`` joined with 、, the ones past ``limit`` counted (``…ほか12件``) so that a
    confirmation always fits one message."""
    shown = "、".join(items[:limit])
    return shown + (f" …ほか{len(items) - limit}件" if len(items) > limit else "")


def battle_line(row: UnitRow) -> str:
    """``HP 10/13 状態: 気絶``: a unit's numbers now, from its status row (HP where the
    system has it, the system's own numbers such as a charge rank, the conditions)."""
    parts = [f"HP {row.hp}/{row.hp_max}"] if row.hp is not None else []
    parts += [f"{label} {value}" for label, value in row.extra.items()]
    if row.conditions:
        parts.append("状態: " + "・".join(row.conditions))
    return " ".join(parts) or "数値なし"
