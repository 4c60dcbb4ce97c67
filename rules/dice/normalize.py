"""Normalising chat input: full-width forms, operator look-alikes, command/comment split.

The command is the text up to the first whitespace (ASCII or the ideographic space
U+3000), except ``choice[...]``/``choice(...)`` whose brackets may hold spaces, and the
repetition prefix ``x3 ``/``rep3 ``/``repeat3 `` which is followed by its command. The
comment after it is returned exactly as typed and never parsed.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Look-alikes that NFKC leaves alone (applied after NFKC).
_LOOKALIKES = {
    "≦": "<=", "≤": "<=", "≧": ">=", "≥": ">=", "≠": "<>", "≒": "=",
    "ー": "-", "−": "-", "–": "-", "—": "-", "‐": "-", "‑": "-", "‒": "-", "―": "-",
    "×": "*", "✕": "*", "÷": "/", "、": ",", "〔": "(", "〕": ")",
    "「": "[", "」": "]", "【": "[", "】": "]",
}
_LOOKALIKE_TABLE = str.maketrans(_LOOKALIKES)

_REPEAT_WORD = re.compile(r"S?(?:REPEAT|REP|X)\d+", re.IGNORECASE)
_CHOICE_HEAD = re.compile(r"S?CHOICE\d*", re.IGNORECASE)
_CLOSERS = {"[": "]", "(": ")"}
_SPACE = re.compile(r"\s")


@lru_cache(maxsize=4096)
def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def normalize_command(command: str) -> str:
    """NFKC-normalise a command and map operator look-alikes to ASCII.

    ``ＣＣＢ＜＝５０`` → ``CCB<=50``, ``１Ｄ１００`` → ``1D100``, ``≦`` → ``<=``,
    ``ー``/``−``/``–`` → ``-``, ``×``/``＊`` → ``*``, ``÷`` → ``/``. ``choice`` items keep
    their letters (only NFKC is applied to a ``choice`` command). Case is kept.
    """
    if command.isascii():
        return command
    text = _nfkc(command)
    if _CHOICE_HEAD.match(text):
        return text
    return text.translate(_LOOKALIKE_TABLE)


def _first_space(text: str) -> int:
    """The index of the first whitespace character of ``text`` (what ``str.isspace`` calls
    whitespace: the pattern's ``\\s`` is the same test), or -1."""
    found = _SPACE.search(text)
    return found.start() if found is not None else -1


@lru_cache(maxsize=1024)
def split_line(line: str) -> tuple[str, str] | None:
    """Split a chat line into ``(normalised command, comment as typed)``.

    Returns None for an empty line or a repetition prefix with nothing after it. The
    command of ``x3 CCB<=50 目星`` is ``x3 CCB<=50`` and its comment ``目星``. Remembered
    for the last 1,024 lines: the dice, the palette and the chat readers each split the
    same line (a chat roll split it 6–7 times; issue 27).
    """
    text = line.strip()
    if not text:
        return None
    if text.isascii() and not _SPACE.search(text):
        return text, ""
    cut = _first_space(text)
    word = text if cut < 0 else text[:cut]
    head = normalize_command(word)
    if _REPEAT_WORD.fullmatch(head):
        if cut < 0:
            return None
        inner = split_line(text[cut:])
        if inner is None:
            return None
        return f"{head} {inner[0]}", inner[1]
    choice = _CHOICE_HEAD.match(head)
    if choice:
        rest = head[choice.end():]
        opener = rest[:1]
        if opener in _CLOSERS:
            closer = _CLOSERS[opener]
            seen = False
            for i, ch in enumerate(text):
                n = ch if ch.isascii() else _nfkc(ch)
                if not seen:
                    seen = n == opener
                elif n == closer:
                    after = text[i + 1:]
                    if after and not after[0].isspace():
                        break  # ``choice[a]xyz``: an ordinary word, split as usual
                    return normalize_command(text[: i + 1]), after.strip()
        elif rest == "" and cut >= 0:
            return normalize_command(text), ""
    if cut < 0:
        return head, ""
    return head, text[cut:].strip()
