"""The ``/attack special:`` words of a 7th-edition battle: マヌーバー (7-MAN-01) and 至近距離
(7-FIRE-02), alone or together (``マヌーバー・至近距離`` is refused by the attack itself)."""
from __future__ import annotations

import re
import unicodedata

from rules.errors import InvalidInput

MANEUVER, POINT_BLANK = "マヌーバー", "至近距離"
SPECIALS = (MANEUVER, POINT_BLANK)
SPELLINGS = {"マニューバー": MANEUVER, "マニューバ": MANEUVER, "マヌーバ": MANEUVER, "戦闘マヌーバー": MANEUVER,
             "至近": POINT_BLANK, "ゼロ距離": POINT_BLANK, "零距離": POINT_BLANK, "ポイントブランク": POINT_BLANK}
"""Other spellings of the specials."""


def split(text: str | None, also: tuple[str, ...] = ()) -> list[str]:
    """The specials of ``special:`` (``"マヌーバー"``, ``"至近距離"``; separated by ・、, / ,
    spaces or brackets: ``マヌーバー（転倒）``), with the words of ``also`` (a maneuver's
    effects) kept as written; raises InvalidInput naming the specials for an unknown one."""
    words = [w for w in re.split(r"[・、,/／\s()（）:：]+", unicodedata.normalize("NFKC", text or "").strip()) if w]
    found = []
    for word in words:
        if word in also:
            found.append(word)
            continue
        special = SPELLINGS.get(word, word)
        if special not in SPECIALS:
            raise InvalidInput(f"special:「{word}」はこのシステム（7版）にはありません。使えるもの: {'、'.join(SPECIALS)}")
        found.append(special)
    return found
