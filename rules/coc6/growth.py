"""The growth roll 「成長ロール」 of published CoC 6th (admitted by H-GEN-02): a skill
successfully used in play is marked once; after the scenario 1D100 is rolled for each
marked skill, and a roll above the skill's value raises it by 1D10.

What counts: a successful check of a skill. The rulebook excludes アイデア, 幸運, 知識,
SAN (正気度), 〈クトゥルフ神話〉 (it grows only by reading and by horrors) and characteristic
rolls (CON×5 …). House variants are :class:`GrowthRules` fields (KP settings)."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules.coc6.character import CHARACTERISTIC_ROLL, CHARACTERISTICS, SAN_NAMES, Character, canonical_skill
from rules.dice import Dice

NOT_GROWING = frozenset({"アイデア", "幸運", "知識", "クトゥルフ神話", *SAN_NAMES, "SAN値", "正気度ロール"})
"""Skills and rolls the growth roll never raises (the rulebook's list, see the module)."""

SUCCESS, CRITICAL = "成功", "決定的成功"
"""The two kinds of mark: an ordinary success, and a critical one (house variant
``critical_grows``)."""

_BRACKETED = re.compile(r"[〈<＜【\[［]([^〉>＞】\]］]+)[〉>＞】\]］]")
_WITH_WEAPON = re.compile(r"^(?:攻撃|受け流し|反撃)（([^）]+)）")


@dataclass(frozen=True)
class GrowthRules:
    """How growth is rolled (KP settings; defaults are the rulebook's).

    Attributes:
        cap: the highest value (%) growth may reach (99 by default).
        critical_grows: a skill marked by a critical success (決定的成功) grows without the
            1D100 (1D10 only).
        high_roll_grows: a 1D100 of 96–100 grows the skill even when it is not above the
            value (a skill of 96% or more can still grow).
    """

    cap: int = 99
    critical_grows: bool = False
    high_roll_grows: bool = False


@dataclass(frozen=True)
class Growth:
    """One skill's growth roll: ``skill``, its value ``before`` and ``after`` (%), the 1D100
    ``roll`` (None when none was rolled), the 1D10 ``gain`` (None when it did not grow) and
    ``why`` (the variant or cap that decided it, Japanese, or "")."""

    skill: str
    before: int
    after: int
    roll: int | None
    gain: int | None
    why: str = ""

    def text(self) -> str:
        """``目星 60→67（1D100=84 > 60, 1D10=7）`` / ``聞き耳 70（1D100=42 ≦ 70、成長なし）``."""
        if self.roll is None and self.gain is None:
            return f"{self.skill} {self.before}（{self.why}、成長なし）"
        parts = []
        if self.roll is not None:
            compare = ">" if self.roll > self.before else "≦"
            parts.append(f"1D100={self.roll} {compare} {self.before}")
        if self.why:
            parts.append(self.why)
        if self.gain is None:
            return f"{self.skill} {self.before}（{', '.join(parts)}、成長なし）"
        parts.append(f"1D10={self.gain}")
        capped = f"、上限{self.after}" if self.after < self.before + self.gain else ""
        return f"{self.skill} {self.before}→{self.after}（{', '.join(parts)}{capped}）"


def grows_by_use(skill: str) -> bool:
    """Whether a success with ``skill`` marks it for growth: not アイデア, 幸運, 知識, SAN,
    〈クトゥルフ神話〉, nor a characteristic roll (``CON×5``, ``STR``)."""
    key = canonical_skill(skill)
    if not key or key in NOT_GROWING or key.upper() in {n.upper() for n in NOT_GROWING}:
        return False
    return CHARACTERISTIC_ROLL.fullmatch(key) is None and key.upper() not in CHARACTERISTICS


def skill_of_check(purpose: str, character: Character) -> str | None:
    """The skill a battle check of ``purpose`` (``CheckRolled.purpose``) was rolled with,
    when it can grow: ``〈回避〉``-style brackets, an attack / parry / counter with a weapon
    (``攻撃（ナイフ）`` → the weapon's skill), a shot (``.38リボルバー 射撃 1発目`` → the
    firearm's skill, 〈拳銃〉), or a purpose that is a skill's name
    (``回避``, ``応急手当（アリス）``); a weapon given its own % (``/char weapon バット
    skill:60``) grows as itself (〈バット〉, X-GROW-01). None for characteristic rolls, SAN,
    resistance rolls and anything not read."""
    if "×" in purpose or "抵抗" in purpose or "SAN" in purpose.upper():
        return None
    found = _BRACKETED.search(purpose)
    if found:
        skill = canonical_skill(found.group(1))
    elif (fired := _fired_weapon(purpose, character)) is not None:
        skill = fired.skill
    elif (weapon := _WITH_WEAPON.match(purpose)) is not None:
        carried = character.weapon(weapon.group(1))
        skill = carried.skill if carried is not None else weapon.group(1)
    else:
        skill = canonical_skill(re.split(r"[（(［\[ ]", purpose, maxsplit=1)[0])
    if skill and _own_value(character, skill):
        return skill if grows_by_use(skill) else None
    if not skill or not character.knows(skill) or not grows_by_use(skill):
        return None
    return skill


def _own_value(character: Character, skill: str) -> bool:
    """Whether ``skill`` is a weapon of ``character`` given its own % (its growth rolls
    against that %, :func:`skill_value`)."""
    return any(w.name == skill and w.skill_value is not None for w in character.weapons)


def _fired_weapon(purpose: str, character: Character):
    """The weapon of a shot's check purpose (``<weapon> <label> <k>発目``,
    rules.systems.coc6.firearms), or None."""
    if not purpose.endswith("発目"):
        return None
    return next((w for w in character.all_weapons if purpose.startswith(f"{w.name} ")), None)


def skill_value(character: Character, skill: str) -> int:
    """The value (%) growth rolls against: a weapon's own % when ``skill`` is a weapon given
    its own value (``/char weapon … skill:60``, X-WPN-01), else the sheet's skill."""
    weapon = next((w for w in character.weapons if w.name == skill and w.skill_value is not None), None)
    return weapon.skill_value if weapon is not None else character.skill(skill)


def with_value(character: Character, skill: str, value: int) -> Character:
    """``character`` with ``skill`` at ``value`` %: the weapon's own % for a weapon given
    one (see :func:`skill_value`), else the sheet's skill."""
    weapon = next((w for w in character.weapons if w.name == skill and w.skill_value is not None), None)
    if weapon is not None:
        return character.with_weapon(replace(weapon, skill_value=value))
    return character.with_skill(skill, value)


def marked(character: Character, skill: str, critical: bool) -> Character | None:
    """``character`` with ``skill`` marked for growth (a critical upgrades an ordinary
    mark), or None when the mark is already there (once per skill) or the skill cannot grow."""
    key = canonical_skill(skill)
    if not grows_by_use(key):
        return None
    old = character.growth.get(key)
    if old == CRITICAL or (old == SUCCESS and not critical):
        return None
    kind = CRITICAL if critical else SUCCESS
    return Character(**{**character.__dict__, "growth": {**character.growth, key: kind}})


def roll_growth(skill: str, value: int, mark: str, dice: Dice, rules: GrowthRules) -> Growth:
    """The growth roll of ``skill`` at ``value`` % marked ``mark`` (:data:`SUCCESS` or
    :data:`CRITICAL`): 1D100 above the value grows it by 1D10, never above ``rules.cap``
    (a skill already at the cap rolls nothing); the variants of :class:`GrowthRules`."""
    if value >= rules.cap:
        return Growth(skill, value, value, None, None, f"上限{rules.cap}")
    if mark == CRITICAL and rules.critical_grows:
        gain = dice.roll(10)
        return Growth(skill, value, min(rules.cap, value + gain), None, gain, "決定的成功の印で自動成長")
    roll = dice.roll(100)
    why = ""
    if roll <= value and rules.high_roll_grows and roll >= 96:
        why = "96以上で成長"
    elif roll <= value:
        return Growth(skill, value, value, roll, None)
    gain = dice.roll(10)
    return Growth(skill, value, min(rules.cap, value + gain), roll, gain, why)
