"""The 7th-edition percentile check: success levels, difficulty, bonus and penalty dice.

Facts as BCDice's ``Cthulhu7th`` reads them (and the rulebook, 新クトゥルフ神話TRPG p.88–92):

* A roll of 01 is a クリティカル; a fumble is 100, or 96–100 when the target is under 50.
* Without a stated difficulty the roll reads its own level: ≤ ⌊target/5⌋ イクストリーム成功,
  ≤ ⌊target/2⌋ ハード成功, ≤ target レギュラー成功, else 失敗.
* With a stated difficulty (``r``/``h``/``e``/``c``) the target becomes target, ⌊target/2⌋,
  ⌊target/5⌋ or 0 and the roll reads only 成功/失敗 (plus クリティカル/ファンブル), the
  fumble band following the reduced target.
* Bonus (n > 0) and penalty (n < 0) dice: |n| + 1 tens dice and one units die; each tens
  die with the units die makes a roll (00 + 0 reads 100); the lowest is kept with bonus
  dice, the highest with penalty dice.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only a type: importing rules.dice here would be circular
    from rules.dice.core import Dice


class Level7(Enum):
    """A 7th-edition check outcome, valued with the word BCDice prints."""

    CRITICAL = "クリティカル"
    EXTREME = "イクストリーム成功"
    HARD = "ハード成功"
    REGULAR = "レギュラー成功"
    SUCCESS = "成功"
    FAILURE = "失敗"
    FUMBLE = "ファンブル"

    @property
    def succeeded(self) -> bool:
        """True for every success level (クリティカル … 成功)."""
        return self not in (Level7.FAILURE, Level7.FUMBLE)

    @property
    def rank(self) -> int:
        """Order for comparing successes: ファンブル 0, 失敗 1, 成功/レギュラー 2, ハード 3,
        イクストリーム 4, クリティカル 5."""
        return _RANK[self]

    @property
    def label(self) -> str:
        """The short word a table uses (レギュラー, ハード, イクストリーム, クリティカル …)."""
        return self.value.removesuffix("成功") or self.value


_RANK = {Level7.FUMBLE: 0, Level7.FAILURE: 1, Level7.SUCCESS: 2, Level7.REGULAR: 2,
         Level7.HARD: 3, Level7.EXTREME: 4, Level7.CRITICAL: 5}


class Difficulty(Enum):
    """A stated difficulty: the suffix letter and the divisor of the target."""

    REGULAR = "R"
    HARD = "H"
    EXTREME = "E"
    CRITICAL = "C"

    def target(self, value: int) -> int:
        """The target at this difficulty: value, ⌊value/2⌋, ⌊value/5⌋, or 0 for critical."""
        if self is Difficulty.HARD:
            return value // 2
        if self is Difficulty.EXTREME:
            return value // 5
        if self is Difficulty.CRITICAL:
            return 0
        return value

    @property
    def label(self) -> str:
        """The Japanese name (レギュラー, ハード, イクストリーム, クリティカル)."""
        return _DIFFICULTY_LABEL[self]


_DIFFICULTY_LABEL = {Difficulty.REGULAR: "レギュラー", Difficulty.HARD: "ハード",
                     Difficulty.EXTREME: "イクストリーム", Difficulty.CRITICAL: "クリティカル"}


def fumble_floor(target: int, fumbleable: bool = False) -> int:
    """The lowest fumbling roll: 96 when the target is under 50 (or ``fumbleable``), else 100."""
    return 96 if target < 50 or fumbleable else 100


def judge(roll: int, target: int, fumbleable: bool = False) -> Level7:
    """The level a 1D100 ``roll`` (1..100) reads against ``target`` (%), no difficulty stated.

    ``fumbleable`` widens the fumble band to 96–100 whatever the target (full auto at a raised
    difficulty, BCDice ``FAR``).
    """
    if roll == 1:
        return Level7.CRITICAL
    if roll >= fumble_floor(target, fumbleable):
        return Level7.FUMBLE
    if roll <= target // 5:
        return Level7.EXTREME
    if roll <= target // 2:
        return Level7.HARD
    if roll <= target:
        return Level7.REGULAR
    return Level7.FAILURE


def judge_at(roll: int, target: int) -> Level7:
    """The level of ``roll`` against a target already reduced by a stated difficulty:
    クリティカル (01), ファンブル, 成功 or 失敗."""
    if roll == 1:
        return Level7.CRITICAL
    if roll >= fumble_floor(target):
        return Level7.FUMBLE
    return Level7.SUCCESS if roll <= target else Level7.FAILURE


def roll_with_bonus(dice: Dice, bonus: int) -> tuple[int, list[int]]:
    """Roll 1D100 with ``bonus`` bonus dice (> 0) or penalty dice (< 0).

    Rolls |bonus| + 1 tens d10 then one units d10 (a d10 showing 10 is the digit 0).
    Returns ``(kept roll, every candidate roll in tens-die order)``, each 1..100.
    """
    tens = [dice.roll(10) % 10 * 10 for _ in range(abs(bonus) + 1)]
    ones = dice.roll(10) % 10
    candidates = [t + ones or 100 for t in tens]
    kept = min(candidates) if bonus >= 0 else max(candidates)
    return kept, candidates


@dataclass(frozen=True)
class Check7:
    """One 7th skill roll against a target.

    Attributes:
        skill: the skill's value (%) before any difficulty; target: what was rolled against
        (the skill, or its half/fifth/0 with a difficulty); bonus: bonus (> 0) or penalty
        (< 0) dice; difficulty: the stated difficulty or None; roll: the kept 1D100;
        candidates: every candidate roll; level: the outcome.
    """

    skill: int
    target: int
    bonus: int
    difficulty: Difficulty | None
    roll: int
    candidates: tuple[int, ...]
    level: Level7

    @property
    def succeeded(self) -> bool:
        """Whether the level is a success."""
        return self.level.succeeded

    def text(self) -> str:
        """BCDice's text: ``(1D100<=53) ボーナス・ペナルティダイス[1] ＞ 92, 52 ＞ 52 ＞ レギュラー成功``."""
        return (f"(1D100<={self.target}) ボーナス・ペナルティダイス[{self.bonus}] ＞ "
                f"{', '.join(map(str, self.candidates))} ＞ {self.roll} ＞ {self.level.value}")

    def to_dict(self) -> dict:
        """A JSON-friendly dict (inverse of :meth:`from_dict`); the difficulty by its letter."""
        return {"skill": self.skill, "target": self.target, "bonus": self.bonus,
                "difficulty": self.difficulty.value if self.difficulty else None, "roll": self.roll,
                "candidates": list(self.candidates), "level": self.level.value}

    @classmethod
    def from_dict(cls, data: dict) -> "Check7":
        """The check of :meth:`to_dict`'s dict; raises KeyError/ValueError if malformed."""
        difficulty = Difficulty(data["difficulty"]) if data.get("difficulty") else None
        return cls(int(data["skill"]), int(data["target"]), int(data["bonus"]), difficulty, int(data["roll"]),
                   tuple(int(c) for c in data.get("candidates") or (data["roll"],)), Level7(data["level"]))


def reading(roll: int, skill: int, difficulty: Difficulty | None) -> tuple[int, Level7]:
    """``(target, level)`` of a kept ``roll`` against ``skill`` at ``difficulty``."""
    if difficulty is None:
        return skill, judge(roll, skill)
    target = difficulty.target(skill)
    return target, judge_at(roll, target)


def roll_skill(skill: int, dice: Dice, bonus: int = 0, difficulty: Difficulty | None = None) -> Check7:
    """Roll a 7th skill check of ``skill`` % (> 0) with ``bonus`` dice at ``difficulty``."""
    roll, candidates = roll_with_bonus(dice, bonus)
    target, level = reading(roll, skill, difficulty)
    return Check7(skill, target, bonus, difficulty, roll, tuple(candidates), level)


__all__ = ["Check7", "Difficulty", "Level7", "fumble_floor", "judge", "judge_at", "reading",
           "roll_skill", "roll_with_bonus"]
