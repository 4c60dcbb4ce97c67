"""Building result texts within ``MAX_OUTPUT`` characters (summarising, never cutting)."""
from __future__ import annotations

import re

from rules.dice.core import DiceError
from rules.dice.limits import MAX_OUTPUT

#: ``＞``-separated BCDice steps.
SEP = " ＞ "
ELLIPSIS = "…"

_DIE_LIST = re.compile(r"\[-?\d+(?:,-?\d+)*\]")


def elide_die_lists(text: str) -> str:
    """Replace every die list ``[3,5,1]`` by ``[…]`` (the totals stay)."""
    return _DIE_LIST.sub("[" + ELLIPSIS + "]", text)


def fit_sum(prefix: str, interim: str, total: str, tail: str) -> str:
    """``prefix + interim + ＞ total + tail`` shortened to fit ``MAX_OUTPUT``.

    First the die lists are elided (``8[…]``), then the whole interim step becomes ``…``.

    Raises:
        DiceError: not even the summary fits (cannot happen within the input limits).
    """
    text = prefix + interim + SEP + total + tail
    if len(text) <= MAX_OUTPUT:
        return text
    text = prefix + elide_die_lists(interim) + SEP + total + tail
    if len(text) <= MAX_OUTPUT:
        return text
    return ensure_fits(prefix + ELLIPSIS + SEP + total + tail)


def ensure_fits(text: str) -> str:
    """Return ``text`` if it fits ``MAX_OUTPUT``.

    Raises:
        DiceError: it does not (a last guard; every command summarises before this).
    """
    if len(text) > MAX_OUTPUT:
        raise DiceError(f"結果が長すぎるため表示できません（{MAX_OUTPUT}文字まで）")
    return text


def join_parts(texts: list[str]) -> str:
    """Join repetition texts as BCDice does (``#1\\n…\\n\\n#2\\n…``), summarised to fit.

    If the whole does not fit, die lists are elided; if it still does not fit, as many
    whole repetitions as fit are shown followed by a note of how many were left out.
    """
    blocks = [f"#{i}\n{t}" for i, t in enumerate(texts, 1)]
    text = "\n\n".join(blocks)
    if len(text) <= MAX_OUTPUT:
        return text
    blocks = [elide_die_lists(b) for b in blocks]
    text = "\n\n".join(blocks)
    if len(text) <= MAX_OUTPUT:
        return text
    shown: list[str] = []
    size = 0
    for block in blocks:
        note = f"\n\n{ELLIPSIS}（全{len(blocks)}回中{len(shown) + 1}回目以降は省略）"
        if size + len(block) + 2 + len(note) > MAX_OUTPUT:
            break
        shown.append(block)
        size += len(block) + 2
    note = f"{ELLIPSIS}（全{len(blocks)}回中{len(shown) + 1}回目以降は省略）"
    return ensure_fits("\n\n".join(shown + [note]))
