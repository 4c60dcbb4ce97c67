"""``/kp override result:`` on a 7th-edition check (H-GEN-01): the result words of the 7th
edition and the tens and units dice that give them (the step is decided again with them,
rules.battle.override)."""
from __future__ import annotations

import unicodedata

from rules.coc7.check import Level7, judge
from rules.errors import InvalidInput

WORDS = {"クリティカル": Level7.CRITICAL, "決定的成功": Level7.CRITICAL, "大成功": Level7.CRITICAL,
         "イクストリーム": Level7.EXTREME, "イクストリーム成功": Level7.EXTREME,
         "ハード": Level7.HARD, "ハード成功": Level7.HARD,
         "レギュラー": Level7.REGULAR, "レギュラー成功": Level7.REGULAR, "成功": Level7.REGULAR,
         "失敗": Level7.FAILURE, "ファンブル": Level7.FUMBLE, "致命的失敗": Level7.FUMBLE, "大失敗": Level7.FUMBLE}
"""The words ``result:`` takes in a 7th-edition battle."""


def parse(text: str) -> Level7 | int:
    """``result:`` as a 7th level or a 1D100 roll; raises InvalidInput naming the words."""
    word = unicodedata.normalize("NFKC", text or "").strip()
    if word in WORDS:
        return WORDS[word]
    if word.lstrip("-").isdigit():
        return int(word)
    raise InvalidInput("result: にはクリティカル、イクストリーム、ハード、レギュラー（成功）、失敗、ファンブル か出目（1〜100）を指定してください。")


def roll_for(level: Level7, target: int) -> int:
    """A 1D100 roll that reads ``level`` against ``target``: for a success the highest such
    roll, for a failure the lowest. Raises InvalidInput when none does."""
    rolls = range(100, 0, -1) if level.succeeded else range(1, 101)
    for roll in rolls:
        if judge(roll, target) is level:
            return roll
    raise InvalidInput(f"目標値{target}では「{level.value}」になる出目がありません。")


def faces(event, wanted: Level7 | int) -> tuple[list[list[int]], int]:
    """The dice of ``event`` (a Check7Rolled: tens dice, then the units die) made to keep
    the roll ``wanted`` (a roll, or a level against the event's target): every tens die shows
    its tens, so bonus or penalty dice keep it. Returns ``(faces, roll)``."""
    roll = wanted if isinstance(wanted, int) else roll_for(wanted, event.target)
    if not 1 <= roll <= 100:
        raise InvalidInput("1D100の出目は1から100の間で指定してください。")
    tens, units = roll // 10 % 10, roll % 10
    count = max(1, len(event.faces) - 1)
    return [[10, tens or 10] for _ in range(count)] + [[10, units or 10]], roll
