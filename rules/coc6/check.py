"""The percentile check of CoC 6 and its success levels (X-ROLL-01..04, X-RES-01, X-COMB-01).

A check rolls 1D100 against a target value (skill %, or characteristic × 5, after modifiers)
and reads one of five levels. The bands follow BCDice's ``CCB`` (critical 01–05, fumble
96–100 on a failure) by default; ``CC`` uses critical 01 and fumble 100 only.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only a type: importing rules.dice here would be circular
    from rules.dice.core import Dice


class SuccessLevel(Enum):
    """The outcome of a percentile check, with the Japanese term BCDice prints."""

    CRITICAL = "決定的成功/スペシャル"
    SPECIAL = "スペシャル"
    SUCCESS = "成功"
    FAILURE = "失敗"
    FUMBLE = "致命的失敗"

    @property
    def succeeded(self) -> bool:
        """True for 決定的成功, スペシャル and 成功."""
        return self in (SuccessLevel.CRITICAL, SuccessLevel.SPECIAL, SuccessLevel.SUCCESS)

    @property
    def label(self) -> str:
        """The short Japanese word for the level (決定的成功 rather than 決定的成功/スペシャル)."""
        return "決定的成功" if self is SuccessLevel.CRITICAL else self.value


@dataclass(frozen=True)
class Bands:
    """Where criticals and fumbles lie (X-ROLL-02/04; KP-configurable).

    Attributes:
        critical_max: rolls 1..critical_max that succeed are critical (CCB: 5, CC: 1).
        fumble_min: failed rolls of fumble_min..100 are fumbles (CCB: 96, CC: 100).
        special: whether スペシャル is read at all (X-ROLL-03).
    """

    critical_max: int = 5
    fumble_min: int = 96
    special: bool = True


def level_word(level: SuccessLevel, roll: int, target: int) -> str:
    """BCDice's word for ``level``: a critical above the special band (max(1, ⌊target/5⌋))
    reads ``決定的成功`` rather than ``決定的成功/スペシャル`` (X-ROLL-02/03)."""
    if level is SuccessLevel.CRITICAL and roll > max(1, target // 5):
        return level.label
    return level.value


CCB = Bands()
CC = Bands(critical_max=1, fumble_min=100)


def judge(roll: int, target: int, bands: Bands = CCB) -> SuccessLevel:
    """Read the level of a 1D100 ``roll`` (1..100) against ``target`` (%, may be ≤ 0 or > 100).

    X-ROLL-01: success if roll ≤ target, and 100 always fails. X-ROLL-02: a success with
    roll ≤ ``bands.critical_max`` is critical. X-ROLL-03: a success with roll ≤
    max(1, ⌊target / 5⌋) is special. X-ROLL-04: a failure with roll ≥ ``bands.fumble_min``
    (and always 100) is a fumble.
    """
    if roll <= target and roll < 100:
        if roll <= bands.critical_max:
            return SuccessLevel.CRITICAL
        if bands.special and roll <= max(1, target // 5):
            return SuccessLevel.SPECIAL
        return SuccessLevel.SUCCESS
    if roll >= bands.fumble_min or roll >= 100:
        return SuccessLevel.FUMBLE
    return SuccessLevel.FAILURE


@dataclass(frozen=True)
class Check:
    """One rolled percentile check.

    Attributes:
        target: the target value rolled against (%).
        roll: the 1D100 face (1..100).
        level: the success level.
    """

    target: int
    roll: int
    level: SuccessLevel

    @property
    def succeeded(self) -> bool:
        """True for 決定的成功, スペシャル and 成功."""
        return self.level.succeeded

    def text(self) -> str:
        """The BCDice line, e.g. ``(1D100<=70) ＞ 45 ＞ 成功``."""
        return f"(1D100<={self.target}) ＞ {self.roll} ＞ {level_word(self.level, self.roll, self.target)}"


def roll_check(target: int, dice: Dice, bands: Bands = CCB) -> Check:
    """Roll 1D100 against ``target`` (%) with ``dice`` and judge it (X-ROLL-01..04)."""
    roll = dice.roll(100)
    return Check(target, roll, judge(roll, target, bands))


def check_from_roll(target: int, roll: int, bands: Bands = CCB) -> Check:
    """A ``Check`` for an already known 1D100 face (replay, keeper overrides)."""
    return Check(target, roll, judge(roll, target, bands))


def resistance_target(active: int, passive: int) -> int:
    """X-RES-01: the active side's chance 50 + 5 × (active − passive) (%), not clamped."""
    return 50 + 5 * (active - passive)


@dataclass(frozen=True)
class CombinationCheck:
    """X-COMB-01: one 1D100 compared with several skills.

    Attributes:
        targets: the skill values (%), in the order given.
        roll: the shared 1D100 face.
        levels: the level for each target.
    """

    targets: tuple[int, ...]
    roll: int
    levels: tuple[SuccessLevel, ...]

    @property
    def all_succeeded(self) -> bool:
        """Whether every part of the combination succeeded (X-COMB-01)."""
        return all(level.succeeded for level in self.levels)

    @property
    def overall(self) -> str:
        """BCDice's summary word: 成功 (all), 部分的成功 (some), 失敗 (none)."""
        wins = sum(level.succeeded for level in self.levels)
        if wins == len(self.levels):
            return "成功"
        return "部分的成功" if wins else "失敗"

    def text(self) -> str:
        """The BCDice ``CBRB`` line, e.g. ``(1d100<=70,70) ＞ 35[成功,成功] ＞ 成功``."""
        targets = ",".join(str(t) for t in self.targets)
        levels = ",".join(level_word(level, self.roll, t) for level, t in zip(self.levels, self.targets))
        return f"(1d100<={targets}) ＞ {self.roll}[{levels}] ＞ {self.overall}"


def roll_combination(targets: tuple[int, ...], dice: Dice, bands: Bands = CCB) -> CombinationCheck:
    """X-COMB-01: roll one 1D100 and judge it against every target in ``targets``."""
    roll = dice.roll(100)
    return CombinationCheck(targets, roll, tuple(judge(roll, t, bands) for t in targets))
