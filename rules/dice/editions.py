"""Which edition's dice a line belongs to, for a table that plays both (issue 20).

A channel rolls by its edition (``coc6`` or ``coc7``). A command that only the other edition
has is rolled by that edition's rules instead, and the caller says so; a spelling both share
(``CC<=50``, ``CBR(70,30)``, ``1D100``) follows the channel. Never silently reinterpreted:

* 6th only: ``CCB``, ``RES``/``RESB``, ``CBRB`` (7th has none of them);
* 7th only: what 7th reads and 6th does not (``CC-1``, ``CC<=50h``, ``FAR(…)``, ``BMR``,
  ``BMS``, ``PH``, ``MA``, ``FCL``, ``FCM``, and their repetitions), and ``CC(n)``/``CCn``
  with −10 ≤ n ≤ 10, n ≠ 0: 6th would read n as a 故障ナンバー, which no weapon has that
  low, so it is 7th's bonus or penalty dice (``CC(1)<=50``, ``CC1<=50``, ``CC(-2)<=40``).
  ``CC(95)<=50`` stays a 故障ナンバー in a 6th channel.
"""
from __future__ import annotations

import re

from rules.dice.common import Message, Repeat
from rules.dice.core import DiceError
from rules.dice.cthulhu import Check
from rules.dice.cthulhu7th import Combination7, SkillRoll, Table7
from rules.dice.engine import SYSTEMS, parse
from rules.dice.full_auto import FullAuto
from rules.dice.normalize import split_line

COC6, COC7 = "coc6", "coc7"
#: The Japanese name of each edition, as a note names it.
EDITION_NAMES = {COC6: "6版", COC7: "7版"}
#: Largest |n| of ``CC(n)`` read as bonus/penalty dice rather than a 故障ナンバー.
BONUS_NOT_MALFUNCTION = 10

_SIXTH_ONLY = re.compile(r"(?:S?(?:REPEAT|REP|X)\d+\s+)?S?(?:CCB|RESB?|CBRB)", re.IGNORECASE)
_SEVENTH_NODES = (SkillRoll, Combination7, FullAuto, Table7)
_REFUSED = object()


def _read(line: str, edition: str):
    """The command node (a repetition's inner one) of ``line`` in ``edition``, None, or
    ``_REFUSED`` when that edition refuses it with a DiceError."""
    try:
        node = parse(line, edition)
    except DiceError:
        return _REFUSED
    return node.inner if isinstance(node, Repeat) else node


def own_edition(line: str) -> str | None:
    """The edition a dice line belongs to alone (``coc6``/``coc7``), or None when both
    read it the same way, neither reads it, or it is a common command (``1D100``)."""
    sixth, seventh = _read(line, COC6), _read(line, COC7)
    split = split_line(line)
    if sixth is not None and split and _SIXTH_ONLY.match(split[0]):
        return COC6  # 7th reads none of CCB, RES, RESB, CBRB
    readable = seventh is _REFUSED or isinstance(seventh, _SEVENTH_NODES + (Message,))
    if not readable:  # 7th reads nothing, or only a common command
        return None
    if sixth is None or (sixth is _REFUSED and seventh is not _REFUSED):
        return COC7  # 6th reads nothing there (x3 FAR(…): 6th has nothing to repeat)
    if isinstance(sixth, Check) and isinstance(seventh, SkillRoll) and seventh.bonus \
            and abs(sixth.broken) <= BONUS_NOT_MALFUNCTION:
        return COC7
    return None


def is_dice(line: str) -> bool:
    """Whether either edition reads ``line`` as a dice command (or refuses it as one):
    False for ordinary chat, which no edition answers."""
    return _read(line, COC6) is not None or _read(line, COC7) is not None


def choose(line: str, channel: str) -> tuple[str, bool]:
    """``(edition to roll by, whether it is not the channel's)`` for a dice line typed in a
    channel of edition ``channel``."""
    if channel not in SYSTEMS:
        raise ValueError(f"unknown edition {channel!r}")
    own = own_edition(line)
    if own is not None and own != channel:
        return own, True
    return channel, False


def foreign_note(rolled: str, channel: str, in_battle: bool = False) -> str:
    """The short note under a roll made by the other edition's rules:
    ``※7版のコマンドとして振りました（このチャンネルは6版です）``."""
    where = "このチャンネルの戦闘" if in_battle else "このチャンネル"
    tail = "。戦闘には反映しません" if in_battle else ""
    return f"※{EDITION_NAMES[rolled]}のコマンドとして振りました（{where}は{EDITION_NAMES[channel]}です{tail}）"


__all__ = ["BONUS_NOT_MALFUNCTION", "COC6", "COC7", "EDITION_NAMES", "choose", "foreign_note",
           "is_dice", "own_edition"]
