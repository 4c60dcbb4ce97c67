"""Why a chat line that is recognisably a dice command cannot be rolled (trial 9, G11).

Ordinary chat gets no answer, and neither does a line the dice read (rules.dice.editions
``is_dice``). Between the two are lines whose first word is plainly a dice command but that
no edition reads: ``CCB<=`` (no target), ``CCB<=abc``, ``2D6+`` (the expression stops at an
operator), ``choice[]`` (nothing to choose), a palette ``{`` left open (``CCB<={目星``) or a
``{名前}`` left unfilled (``CCB<={めぼし}``). :func:`malformed` names the reason in one short
Japanese sentence; :func:`placeholders` lists the ``{名前}`` a line still holds. Pure: no I/O.
"""
from __future__ import annotations

import re
import unicodedata

from rules.dice.normalize import split_line

_CHECK = re.compile(r"S?(?:(?:X|REP|REPEAT)\d+\s+)?(?:CCB?|CBRB?|RESB?|1D100)(?:\(-?\d+\)|-?\d+)?(<=|<|=)(.*)",
                    re.IGNORECASE)
"""A check with its comparison: group 2 is what stands for the target."""
_SUM = re.compile(r"S?(?:(?:X|REP|REPEAT)\d+\s+)?\d*D\d+(?:[-+*/]\d*D?\d*)*[-+*/]", re.IGNORECASE)
"""A dice sum whose last character is an operator (``2D6+``, ``1D6+1D4-``)."""
_CHOICE = re.compile(r"S?CHOICE\s*[\[(]\s*[,\s]*[\])]?$", re.IGNORECASE)
"""``choice[]``, ``choice()``, ``choice[`` with no option."""
_PLACEHOLDER = re.compile(r"\{([^{}]{1,30})\}")
_FIRST = re.compile(r"\S+")


def _head(line: str) -> str:
    """The first word of ``line`` (the dice command when it is one), NFKC and stripped."""
    text = unicodedata.normalize("NFKC", line).strip()
    split = split_line(text) if "{" not in text else None
    if split is not None:
        return split[0]
    first = _FIRST.match(text)
    return first[0] if first else ""


def placeholders(line: str) -> list[str]:
    """The ``{名前}`` still in the first word of ``line`` (``CCB<={めぼし}`` → ``["めぼし"]``)."""
    return [name.strip() for name in _PLACEHOLDER.findall(_head(line))]


def looks_like_palette(line: str) -> bool:
    """Whether ``line``'s first word is a check or sum holding a ``{``: a palette line."""
    head = _head(line)
    return "{" in head and bool(_CHECK.match(head) or re.match(r"S?\d*D\d+", head, re.IGNORECASE))


def malformed(line: str) -> str | None:
    """The reason the dice command ``line`` cannot be rolled, or None when its first word is
    not recognisably a dice command (talk) or nothing is wrong with it that is seen here."""
    head = _head(line)
    if not head:
        return None
    check = _CHECK.match(head)
    if "{" in head and (check or re.match(r"S?\d*D\d+", head, re.IGNORECASE)):
        if head.count("{") > head.count("}"):
            return "「{」が閉じていません（{目星} のように技能名を {} で囲みます）"
        return None  # a {名前} the sheet did not fill: the caller knows why
    if check:
        target = check[2].strip()
        if not target:
            return f"「{head[:20]}」の後に目標値がありません（例: CCB<=70）"
        if not target.isascii():  # 「CCB<=50がいいかな」: talk about a roll
            return None
        if not re.fullmatch(r"[-+*/()\d\s]+", target):
            return f"目標値「{target[:20]}」が数字ではありません（例: CCB<=70）"
        return None
    if _SUM.fullmatch(head):
        return f"「{head[:20]}」は式が途中で終わっています（例: 2D6+1）"
    if _CHOICE.match(head):
        return "choice の選択肢がありません（例: choice[A,B,C]）"
    return None


__all__ = ["looks_like_palette", "malformed", "placeholders"]
