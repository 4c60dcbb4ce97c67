"""Limits of the dice language, checked before any die is rolled.

BCDice's own limits are kept where its test vectors show them (200 dice per term,
10000 sides, 100 repetitions); the rest protect the bot from hostile input.
"""
from __future__ import annotations

import re

from rules.dice.core import DiceError

#: Most dice one term may roll (``201D`` is refused, as BCDice refuses it).
MAX_DICE_PER_TERM = 200
#: Most sides a die may have (``1D10000`` rolls, ``1D10001`` is refused).
MAX_SIDES = 10000
#: Most dice one whole line may roll, repetitions included.
MAX_TOTAL_DICE = 2000
#: Most repetitions of ``x``/``rep``/``repeat``.
MAX_REPEAT = 100
#: Longest command (without its comment), in characters after normalisation.
MAX_COMMAND_CHARS = 300
#: Deepest nesting of parentheses.
MAX_DEPTH = 20
#: Longest result text (Discord's message limit).
MAX_OUTPUT = 2000

_DICE_ALPHABET = re.compile(r"[0-9A-Z+\-*/()<>=!?,\[\]]+")
_DICE_HINT = re.compile(r"(?:\d|\))D|^S?(?:CC|CBR|RES|C\(|C\d|X\d|REP|D66)|\dB\d")


def looks_like_dice(command: str) -> bool:
    """Whether an (upper-cased, normalised) command is recognisably meant as dice.

    Used to choose between silence (ordinary chat) and a ``DiceError`` for input that
    is too long or too deeply nested to parse.
    """
    return bool(_DICE_ALPHABET.fullmatch(command)) and bool(_DICE_HINT.search(command))


def check_dice(count: int, sides: int) -> None:
    """Refuse a term of ``count`` dice of ``sides`` sides outside the limits.

    Raises:
        DiceError: count not in 1..200 or sides not in 1..10000.
    """
    if count < 1:
        raise DiceError(f"ダイスの個数は1個以上にしてください（{count}個）")
    if count > MAX_DICE_PER_TERM:
        raise DiceError(f"ダイスは一度に{MAX_DICE_PER_TERM}個までです（{count}個）")
    if sides < 1:
        raise DiceError(f"ダイスの面数は1以上にしてください（{sides}面）")
    if sides > MAX_SIDES:
        raise DiceError(f"ダイスの面数は{MAX_SIDES}面までです（{sides}面）")


def check_total(dice: int) -> None:
    """Refuse a line that would roll more than ``MAX_TOTAL_DICE`` dice in all.

    Raises:
        DiceError: too many dice.
    """
    if dice > MAX_TOTAL_DICE:
        raise DiceError(f"一度に振れるダイスは合計{MAX_TOTAL_DICE}個までです（{dice}個）")
