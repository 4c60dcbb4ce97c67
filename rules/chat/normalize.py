"""Folding chat text into one comparable spelling (issue 9: spelling as people type it).

``fold`` is applied to what a player types and to every word the grammar knows, so that
full- and half-width forms (ＣＣＢ / CCB, ｿﾞﾝﾋﾞ / ゾンビ), hiragana and katakana (こぶし /
コブシ), letter case, spaces and brackets (〈〉【】「」『』《》) never decide a match.
"""
from __future__ import annotations

import unicodedata

BRACKETS = frozenset("〈〉【】「」『』《》〔〕［］[]<>()（）{}｛｝\"'“”‘’")
"""Characters dropped everywhere: players wrap skills and names in them (〈回避〉)."""

SPACES = frozenset(" \t\u3000\u200b\u00a0")

_HIRAGANA_START, _HIRAGANA_END, _KATAKANA_SHIFT = 0x3041, 0x3096, 0x60
_DROP: dict[int, int | None] = {ord(c): None for c in BRACKETS | SPACES}


def _table() -> dict[int, int | None]:
    table: dict[int, int | None] = dict(_DROP)
    table.update({code: code + _KATAKANA_SHIFT for code in range(_HIRAGANA_START, _HIRAGANA_END + 1)})
    table.update({code: code + 32 for code in range(ord("A"), ord("Z") + 1)})
    return table


_TABLE = _table()
_SHIFT = {k: v for k, v in _TABLE.items() if v is not None}


def fold(text: str) -> str:
    """``text`` as the grammar compares it: NFKC, ASCII lower case, hiragana as katakana,
    without spaces and brackets. ``fold("〈回避〉します")`` → ``"回避シマス"``;
    ``fold("ｿﾞﾝﾋﾞＡ")`` → ``"ゾンビa"``."""
    return unicodedata.normalize("NFKC", text).translate(_TABLE)


def prefold(text: str) -> str:
    """``text`` as :func:`fold` gives it but with its kana and letter case kept (NFKC,
    without spaces and brackets): what the morphological analyser reads (rules.chat.morph),
    since なぐる and ナグル are different words to it. Character for character the same
    length as ``fold(text)``: ``fold(text) == shift(prefold(text))``."""
    return unicodedata.normalize("NFKC", text).translate(_DROP)


def shift(prefolded: str) -> str:
    """A :func:`prefold` text folded the rest of the way (hiragana as katakana, ASCII lower case)."""
    return prefolded.translate(_SHIFT)


def as_typed(text: str, folded: str) -> str:
    """The shortest part of ``text`` whose :func:`fold` is ``folded`` (the word as the speaker
    typed it: かみつき, not カミツキ), stripped; ``folded`` itself when no part folds to it."""
    for i in range(len(text)):
        for j in range(i + 1, min(len(text), i + 2 * len(folded) + 2) + 1):
            if fold(text[i:j]) == folded:
                return text[i:j].strip()
    return folded
