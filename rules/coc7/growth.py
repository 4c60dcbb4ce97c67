"""7th-edition skill growth 「成長」 (新クトゥルフ神話TRPG p.101): at the end of a scenario,
each skill ticked by a success is rolled on 1D100 (no bonus dice); a roll above the skill,
or above 95, makes it grow by 1D10. A skill that reaches 90 or more this way gains the
investigator 2D6 SAN. A skill succeeded with bonus dice is not ticked (rulebook)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.coc7.character import CHARACTERISTICS, Investigator
from rules.coc7.rolled import Rolled7, is_luck, is_sanity
from rules.coc7.skills import CHARACTERISTIC_SKILLS
from rules.dice import Dice

SANITY_MARK = 90
"""The value whose reaching gives 2D6 SAN."""
ALWAYS_GROWS_ABOVE = 95
"""A growth roll above this always grows the skill."""
_NO_GROWTH = frozenset({"クトゥルフ神話", *CHARACTERISTIC_SKILLS})


@dataclass(frozen=True)
class Growth:
    """One skill's growth roll: ``roll`` (1D100), ``gain`` (1D10 or 0), ``before``/``after``
    values, ``san_gain`` (2D6 when it reached 90, else 0) and the dice of it."""

    skill: str
    before: int
    roll: int
    gain: int
    san_gain: int
    san_dice: tuple[int, ...] = ()

    @property
    def after(self) -> int:
        """The value after growth."""
        return self.before + self.gain

    @property
    def grew(self) -> bool:
        """Whether the skill grew."""
        return self.gain > 0

    def text(self) -> str:
        """``目星 70：1D100 ＞ 84 ＞ 成長 1D10 ＞ 6 → 76``."""
        head = f"{self.skill} {self.before}：1D100 ＞ {self.roll}"
        if not self.grew:
            return f"{head} ＞ 成長なし"
        tail = (f"（{SANITY_MARK}に達したのでSAN +2D6({','.join(map(str, self.san_dice))}) ＝ +{self.san_gain}）"
                if self.san_gain else "")
        return f"{head} ＞ 成長 1D10 ＞ {self.gain} → {self.after}{tail}"


def grows(roll: int, value: int) -> bool:
    """Whether a growth ``roll`` makes a skill of ``value`` % grow."""
    return roll > value or roll > ALWAYS_GROWS_ABOVE


def growth_roll(skill: str, value: int, dice: Dice) -> Growth:
    """Roll the growth of ``skill`` at ``value`` % (1D100, then 1D10, then 2D6 on reaching 90)."""
    roll = dice.roll(100)
    if not grows(roll, value):
        return Growth(skill, value, roll, 0, 0)
    gain = dice.roll(10)
    if value < SANITY_MARK <= value + gain:
        san_dice = (dice.roll(6), dice.roll(6))
        return Growth(skill, value, roll, gain, sum(san_dice), san_dice)
    return Growth(skill, value, roll, gain, 0)


def can_grow(name: str) -> bool:
    """Whether a 7th skill ``name`` (canonical) can get a growth check: not Luck, SAN, a
    characteristic (アイデア, 知識 included) or the Cthulhu Mythos."""
    return name not in _NO_GROWTH and name.upper() not in CHARACTERISTICS and not is_luck(name) \
        and not is_sanity(name)


def ticks(skill: str, succeeded: bool, bonus: int, rollable: bool = True) -> bool:
    """Whether a check ticks ``skill`` for growth: a success without bonus dice of a skill
    (not Luck, SAN, a characteristic or the Cthulhu Mythos: ``rollable`` False)."""
    return succeeded and bonus <= 0 and rollable


def ticked(inv: Investigator, rolled: Rolled7) -> tuple[Investigator, str]:
    """``inv`` with a growth check on the roll's skill when it earns one (:func:`ticks`, and
    no Luck spent on it: 7-LUCK-06; once per skill), and the line that says so ('' when none)."""
    check = rolled.check
    if rolled.luck or rolled.skill in inv.growth \
            or not ticks(rolled.skill, check.succeeded, check.bonus, can_grow(rolled.skill)):
        return inv, ""
    return replace(inv, growth=(*inv.growth, rolled.skill)), f"（〈{rolled.skill}〉に成長チェック ✔）"
