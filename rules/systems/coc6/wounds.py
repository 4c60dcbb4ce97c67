"""Lasting losses from called and joint shots, and their treatment: arm (attack skills ×2/3,
H-CALL-ARM-02/03), leg or wing (DEX ×2/3 rounded up and 〈回避〉 with it, H-CALL-LEG-02..04),
shoulder/knee (−1 STR / −1 DEX, up to four parts, H-KYU-PREC-11/12/15) and throat
(1D3 per turn until treated, H-KYU-PREC-17/19)."""
from __future__ import annotations

import math

from rules.battle.decision import Decision
from rules.coc6.character import Character
from rules.coc6.weapons import ParryClass
from rules.systems.coc6 import events as ce
from rules.systems.coc6.state import CocState, CocUnit

ATTACK_SKILLS = ("こぶし", "キック", "組み付き", "頭突き", "マーシャルアーツ", "投擲", "拳銃",
                 "ショットガン", "ライフル", "サブマシンガン", "マシンガン", "武器・双撃")
"""H-CALL-ARM-02 default: the skills used to attack (plus every weapon's skill and every
〈武道〉 on the sheet, the unarmed skills' partner, H-MA-01: :func:`weapon_skills`)."""

JOINTS = {"肩": "STR", "膝": "DEX"}
"""H-KYU-PREC-11: a shoulder costs 1 STR, a knee 1 DEX."""

JOINT_LIMIT = 2
"""H-KYU-PREC-12: up to four parts, both shoulders and both knees: two of each."""

TREATABLE = ("腕", "足", "羽", "肩", "膝", "喉")
"""Wounds a successful 〈応急手当〉 or 〈医学〉 undoes (H-CALL-ARM-03, H-CALL-LEG-04,
H-KYU-PREC-15, H-KYU-PREC-19)."""


def two_thirds(value: int, round_up: bool) -> int:
    """``value`` × 2/3, rounded up (DEX, H-CALL-LEG-02) or down (skill %, X-ROUND-01)."""
    return math.ceil(value * 2 / 3) if round_up else value * 2 // 3


def lowered(sheet: Character, names, change) -> dict[str, int]:
    """``{skill: −%}``: what ``change`` (new value from the % now) takes from each of ``names``
    that ``sheet`` can roll, read where it is stored (:meth:`Character.skill_values`: a weapon's
    own ``skill:N`` as well as the sheet's skills); skills it leaves as they are are left out.
    Every wound lowers skills through this one door (issue 29)."""
    values = sheet.skill_values()
    found = {name: change(values[name]) - values[name] for name in sorted(set(names)) if name in values}
    return {name: delta for name, delta in found.items() if delta}


def weapon_skills(sheet: Character, listed, hands_only: bool = False) -> set[str]:
    """``listed`` (skill names), every weapon's skill, each under the name its % is kept
    (:meth:`Character.skill_key`: a バット with its own ``skill:60`` too), and every 〈武道〉
    (the unarmed skills' partner, H-MA-01). ``hands_only``: only weapons held in the hands
    (「腕を使う技能」, B-CALL-ARM-04: not kicks, head-butts or a creature's natural attacks)."""
    weapons = [w for w in sheet.all_weapons if not hands_only or
               (w.parry_class not in (ParryClass.KICK, ParryClass.HEAD_BUTT) and not w.natural)]
    return set(listed) | {sheet.skill_key(w) for w in weapons} | set(sheet.budo_skills())


def count(unit: CocUnit, part: str) -> int:
    """How many wounds of ``part`` the unit has now."""
    return sum(1 for w in unit.wounds if w["part"] == part)


def deltas(unit: CocUnit, part: str) -> tuple[dict, dict, str]:
    """``(stats, skills, note)``: what a wound to ``part`` takes from ``unit`` now.

    腕: every attack skill → ×2/3 (floor), once (H-CALL-ARM-02); 足/羽: DEX → ⌈DEX×2/3⌉ and a
    〈回避〉 written on the sheet −2 per DEX lost (H-CALL-LEG-02/03), once; 肩/膝: −1 STR/DEX
    (H-KYU-PREC-11); 喉: nothing on the sheet (H-KYU-PREC-17).
    """
    sheet = unit.character
    assert sheet is not None
    if part == "腕":
        if count(unit, "腕"):
            return {}, {}, f"{unit.id}の腕はすでに負傷している（技能値は再度は下がらない）"
        skills = lowered(sheet, weapon_skills(sheet, ATTACK_SKILLS), lambda value: two_thirds(value, False))
        return {}, skills, f"{unit.id}の攻撃技能が2/3になった（H-CALL-ARM-02）"
    if part in ("足", "羽"):
        if count(unit, "足") or count(unit, "羽"):
            return {}, {}, f"{unit.id}の{part}はすでに負傷している（DEXは再度は下がらない）"
        dex = sheet.stat("DEX")
        lost = dex - two_thirds(dex, True)
        skills = {"回避": -2 * lost} if "回避" in sheet.skills else {}
        return {"DEX": -lost}, skills, f"{unit.id}のDEXが{dex}→{dex - lost}（回避も低下、H-CALL-LEG-02/03）"
    if part in JOINTS:
        stat = JOINTS[part]
        value = sheet.stat(stat)
        return {stat: -1}, {}, f"{unit.id}の{stat}が{value}→{value - 1}（{part}、H-KYU-PREC-11）"
    return {}, {}, f"{unit.id}は喉を射抜かれ、毎ターン1D3の出血（H-KYU-PREC-17）"


def inflict(d: Decision[CocState], unit: CocUnit, part: str) -> None:
    """Emit WoundTaken for a hit on ``part`` of ``unit`` (see :func:`deltas`)."""
    stats, skills, note = deltas(unit, part)
    d.emit(ce.WoundTaken(unit=unit.id, part=part, stats=stats, skills=skills, note=note))


def treat(d: Decision[CocState], unit: CocUnit, by: str) -> list[str]:
    """A successful 〈応急手当〉/〈医学〉 on ``unit`` undoes every treatable wound at once
    (H-KYU-PREC-15: one success restores every part). Returns the parts treated."""
    parts = sorted({w["part"] for w in unit.wounds if w["part"] in TREATABLE})
    if parts:
        d.emit(ce.WoundsTreated(unit=unit.id, parts=parts, by=by))
    return parts
