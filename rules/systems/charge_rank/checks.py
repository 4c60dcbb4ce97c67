"""Checks 「判定」 of the charge-rank system (C-CHECK-01..08, C-ATK-02).

A check spends a power rank PR from the charge rank (C-CHECK-02), rolls PR six-sided dice
and sums them into the achievement value 「達成値」 (C-CHECK-04). It fails automatically when
the number of 1s exceeds the number of 6s by the safety rank or more (C-CHECK-06). Every
comparison in the system succeeds on ``>=`` (ties favour the defending side, C-CHECK-07).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice

BASE_SAFETY = 1
"""C-CHECK-05: the safety rank of a combat check (attack, counter, intercept, escape …)."""

GUARD_SAFETY = 2
"""C-DEF-05, C-COVER-04: defence/evasion and covering roll at safety rank 2."""

TIERS = ((3, "牽制"), (6, "通常"), (9, "必殺"))
"""C-ATK-02: PR 1–3 牽制, 4–6 通常, 7–9 必殺; 10 and above 奥義 (PR > 12 too, by default)."""


@dataclass(frozen=True)
class Roll:
    """One check: ``faces`` (the d6 results in roll order), ``achievement`` (their sum, or 0
    on an automatic failure), ``auto_fail``, ``safety`` (the safety rank it was judged at)."""

    faces: tuple[int, ...]
    achievement: int
    auto_fail: bool
    safety: int

    @property
    def total(self) -> int:
        """The plain sum of the faces (shown even when the check failed automatically)."""
        return sum(self.faces)


def auto_fails(faces: tuple[int, ...] | list[int], safety: int) -> bool:
    """C-CHECK-06: ``#1 − #6 >= safety``. ``[1, 1, 5]`` fails at 2; ``[1, 2, 2, 6]`` not at 1."""
    return faces.count(1) - faces.count(6) >= safety


def roll_check(dice: Dice, power: int, safety: int) -> Roll:
    """Roll ``power`` d6 (C-CHECK-04) and judge them at ``safety`` (C-CHECK-06).

    ``power`` must be at least 1 (callers refuse PR 0 with C-CHECK-03)."""
    faces = tuple(dice.roll(6) for _ in range(power))
    failed = auto_fails(faces, safety)
    return Roll(faces=faces, achievement=0 if failed else sum(faces), auto_fail=failed, safety=safety)


def beats(value: int, target: int) -> bool:
    """C-CHECK-07: a value succeeds against ``target`` when it is at least as high."""
    return value >= target


def tier(power: int) -> str:
    """C-ATK-02: the technique tier of an attack at ``power`` (牽制, 通常, 必殺, 奥義)."""
    for top, name in TIERS:
        if power <= top:
            return name
    return "奥義"


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    """``[2・3]``: dice faces the way the seed writes them."""
    return "[" + "・".join(str(f) for f in faces) + "]"
