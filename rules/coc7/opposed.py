"""Opposed rolls (対抗ロール, 新クトゥルフ神話TRPG p.90–91), in our words (docs/coc7.md):

* 7-OPP-01 each side rolls its own skill (or characteristic); the higher success level
  wins: クリティカル ＞ イクストリーム成功 ＞ ハード成功 ＞ レギュラー成功 ＞ 失敗 (a fumble
  counts as a failure, 7-LEVEL-01);
* 7-OPP-02 at the same success level the higher skill value wins; with the same value too,
  it is a draw (the KP calls a stalemate or has both roll again);
* 7-OPP-03 when both fail, neither wins;
* 7-OPP-04 no difficulty is set (bonus and penalty dice adjust an opposed roll).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc7.check import Check7

LEVEL = "level"
"""Decided by the higher success level (7-OPP-01)."""
VALUE = "value"
"""The same level, decided by the higher skill value (7-OPP-02)."""
DRAW = "draw"
"""The same level and value: nobody wins (7-OPP-02)."""
BOTH_FAILED = "both_failed"
"""Both failed: nobody wins (7-OPP-03)."""


def standing(check: Check7) -> int:
    """The success level as an opposed roll compares it: failure and fumble alike (1), then
    レギュラー 2, ハード 3, イクストリーム 4, クリティカル 5."""
    return max(check.level.rank, 1)


@dataclass(frozen=True)
class Opposed:
    """The outcome of an opposed roll of ``first`` (who called for it) against ``second``.

    Attributes:
        winner: 0 (first), 1 (second) or None (nobody); why: :data:`LEVEL`, :data:`VALUE`,
        :data:`DRAW` or :data:`BOTH_FAILED`.
    """

    first: Check7
    second: Check7
    winner: int | None
    why: str


def oppose(first: Check7, second: Check7) -> Opposed:
    """Compare two rolls (each ``skill`` the value rolled against, no difficulty) by
    7-OPP-01..03."""
    a, b = standing(first), standing(second)
    if a == 1 and b == 1:
        return Opposed(first, second, None, BOTH_FAILED)
    if a != b:
        return Opposed(first, second, 0 if a > b else 1, LEVEL)
    if first.skill != second.skill:
        return Opposed(first, second, 0 if first.skill > second.skill else 1, VALUE)
    return Opposed(first, second, None, DRAW)


__all__ = ["BOTH_FAILED", "DRAW", "LEVEL", "Opposed", "VALUE", "oppose", "standing"]
