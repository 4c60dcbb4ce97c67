"""Japanese text of a 7th-edition investigator sheet (``/char show``), laid out as the
rulebook's sheet reads: characteristics with their half and fifth, derived values, skills."""
from __future__ import annotations

from rules.coc7.character import CHARACTERISTICS, Investigator, fifth, half
from rules.coc7.rolled import Rolled7
from rules.coc7.weapons import Weapon7


def value3(value: int) -> str:
    """``70（35/14）``: a value with its ハード and イクストリーム values."""
    return f"{value}（{half(value)}/{fifth(value)}）"


def investigator_text(inv: Investigator, full: bool = False) -> str:
    """The sheet: characteristics, HP/MP (now/maximum: a status line ``:HP-3`` or a 7th
    battle's end changes them) SAN/幸運, db/ビルド/MOV, 回避, the weapons and 攻撃回数; with
    ``full`` every skill of the sheet's list as ``目星 70（35/14）`` (changed ones first)."""
    stats = "　".join(f"{k} {value3(inv.stat(k))}" for k in CHARACTERISTICS)
    age = f"　年齢 {inv.age}" if inv.age is not None else ""
    lines = ["〔新クトゥルフ神話TRPG（7版）探索者〕" + age, stats,
             f"HP {inv.hp}/{inv.hp_max}　MP {inv.mp}/{inv.mp_max}　SAN {inv.san}/{inv.san_max}　幸運 {inv.luck}",
             f"ダメージボーナス {inv.damage_bonus or '0'}　ビルド {inv.build}　MOV {inv.move}"
             f"　回避 {value3(inv.skill('回避'))}" + (f"　攻撃回数 {inv.attacks}" if inv.attacks != 1 else "")]
    if inv.wounds:
        lines.append("負傷: " + "・".join(inv.wounds) + f"（戦闘の結果。KPが :{inv.name}:状態-{inv.wounds[-1]} で終えます）")
    if inv.weapons:
        lines.append("武器: " + "／".join(f"{w.name}（{weapon_line(inv, w)}）" for w in inv.weapons))
    if full:
        rows = inv.skill_rows()
        own = [f"{n} {value3(v)}" for n, v in rows if n in inv.skills]
        base = [f"{n} {value3(v)}" for n, v in rows if n not in inv.skills]
        if own:
            lines.append("技能（通常（ハード/イクストリーム））: " + "、".join(own))
        lines.append("初期値の技能: " + "、".join(base))
        if inv.growth:
            lines.append("成長チェック: " + "、".join(inv.growth))
    return "\n".join(lines)


def investigator_changes(old: Investigator, new: Investigator) -> list[str]:
    """What replacing ``old`` by ``new`` changes (characteristics, derived values, skills);
    empty when nothing does."""
    lines = []
    stats = [f"{k} {old.stat(k)} → {new.stat(k)}" for k in CHARACTERISTICS if old.stat(k) != new.stat(k)]
    derived = [f"{label} {a} → {b}" for label, a, b in (
        ("HP", old.hp_max, new.hp_max), ("MP", old.mp_max, new.mp_max), ("SAN", old.san, new.san),
        ("幸運", old.luck, new.luck)) if a != b]
    if stats or derived:
        lines.append("能力値: " + "、".join(stats + derived))
    names = dict.fromkeys([*old.skills, *new.skills])
    changed = [f"{n} {old.skill(n)}% → {new.skill(n)}%" for n in names if old.skill(n) != new.skill(n)]
    if changed:
        lines.append("変わる技能: " + "、".join(changed))
    return lines


def check_line(who: str, rolled: Rolled7) -> str:
    """A 7th check as the channel reads it: ``🎲 エミリー 目星（70%・ハード）：(1D100<=35) … ＞ 失敗``
    (the value before the difficulty, then BCDice's text)."""
    check = rolled.check
    label = f"{check.skill}%" + (f"・{check.difficulty.label}" if check.difficulty else "")
    return f"🎲 {who} {rolled.skill}（{label}）：{check.text()}"


def weapon_line(inv: Investigator, weapon: Weapon7) -> str:
    """``〈射撃（拳銃）〉55%、1D10、射程15m、攻撃回数3、装弾数6、故障100、貫通``: a 7th weapon's numbers."""
    parts = [f"〈{weapon.skill}〉{inv.weapon_skill(weapon)}%", weapon.damage + ("＋DB" if weapon.add_db == "full" else
                                                                             "＋DB/2" if weapon.add_db == "half" else "")]
    if weapon.range_m is not None:
        parts.append(f"射程{weapon.range_m}m")
    if weapon.shots != 1:
        parts.append(f"攻撃回数{weapon.shots}")
    if weapon.capacity is not None:
        parts.append(f"装弾数{weapon.capacity}")
    if weapon.malfunction is not None:
        parts.append(f"故障{weapon.malfunction}")
    if weapon.impale:
        parts.append("貫通")
    return "、".join(parts)
