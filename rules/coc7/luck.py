"""Spending Luck (幸運の消費, 新クトゥルフ神話TRPG p.99, an optional rule the KP turns on):
after a failed skill roll the player may spend Luck points, one per point the roll missed
by, to make it a success. Not for a fumble, nor for Luck, SAN or characteristic rolls, nor
with bonus or penalty dice pushed; Luck goes down by what was spent."""
from __future__ import annotations

from dataclasses import replace

from rules.coc7.check import Check7, Level7


def luck_needed(check: Check7) -> int | None:
    """Luck points that turn ``check`` into a success (roll − target), or None when it
    cannot be turned (a success already, a fumble, or a target of 0)."""
    if check.succeeded or check.level is Level7.FUMBLE or check.target <= 0:
        return None
    return check.roll - check.target


def spend_luck(check: Check7, luck: int) -> tuple[Check7, int] | None:
    """``(the check made a success, Luck left)`` when ``luck`` covers :func:`luck_needed`,
    else None. The level becomes 成功 with a stated difficulty, else レギュラー成功."""
    needed = luck_needed(check)
    if needed is None or needed > luck:
        return None
    level = Level7.SUCCESS if check.difficulty is not None else Level7.REGULAR
    return replace(check, roll=check.target, level=level), luck - needed
