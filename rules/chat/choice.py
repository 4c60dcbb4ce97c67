"""Answering the bot's own chat question in chat (issue 21): after «どちらを攻撃しますか？»
with the buttons ゾンビ1 / ゾンビ2, the player may type the button's name or its number
instead of pressing it (「ゾンビ2」「2」「ほなゾンビ2！」「2番で」)."""
from __future__ import annotations

import re

from rules.chat.normalize import fold
from rules.chat.resolve import Declaration
from rules.chat.words import ENDINGS, FILLERS


def _alternatives(words) -> str:
    return "|".join(re.escape(w) for w in sorted({fold(w) for w in words}, key=len, reverse=True))


_LEAD = re.compile(f"(?:{_alternatives(FILLERS)}|[、,])*")
_TAIL = re.compile(f"(?:{_alternatives((*ENDINGS, 'で', 'でお願い', 'にします', 'にする', 'で!', 'だよ', 'の方', 'のほう'))})*")
_NUMBER = re.compile(f"(?:{_alternatives(FILLERS)}|[、,])*(\\d{{1,2}})(?:番目|番|ツ目|個目|本目)?"
                     f"(?:{_alternatives(ENDINGS)})*")


def _says(folded: str, word: str) -> bool:
    """Whether ``folded`` is ``word`` with only fillers before and endings after it."""
    start = folded.find(word)
    while start >= 0:
        if _LEAD.fullmatch(folded[:start]) and _TAIL.fullmatch(folded[start + len(word):]):
            return True
        start = folded.find(word, start + 1)
    return False


YES = frozenset(fold(w) for w in ("はい", "うん", "ok", "おk", "おけ", "オッケー", "お願いします", "おねがいします",
                                  "それで", "それでお願いします", "それで!", "はい!", "いいよ", "よろしく", "それでいい"))
"""A yes to a question with one button (the declaration asked back: «…この宣言でよければ押してください»)."""


def pick(text: str, choices: tuple[Declaration, ...]) -> Declaration | None:
    """The choice among ``choices`` (a question's buttons, in order) that ``text`` names: by
    its number (1 is the first) or by its label (the button's name) or its canonical text,
    with fillers before and endings after it (「ほなモリス！」), or a yes when there is one
    choice (「はい」); None when it names none or several."""
    folded = fold(text)
    if not folded:
        return None
    if len(choices) == 1 and folded.rstrip("!。.") in YES:
        return choices[0]
    number = _NUMBER.fullmatch(folded)
    if number:
        index = int(number[1])
        if clash(text, choices) is not None:
            return None  # 「1」 with ゾンビ2 first and ゾンビ1 second: asked, never guessed (G3)
        return choices[index - 1] if 1 <= index <= len(choices) else None
    found = [c for c in choices if any(_says(folded, fold(w)) for w in (c.label, c.text, c.text.split("：", 1)[-1]) if w)]
    return found[0] if len(found) == 1 else None


def clash(text: str, choices: tuple[Declaration, ...]) -> str | None:
    """The question back when ``text`` is a bare number that could mean the choice at that
    position or another choice whose name ends with that number (trial 9, G3: after «1.
    ゾンビ2 2. ゾンビ1», 「1」 may mean ゾンビ1); None when the number is unambiguous."""
    number = _NUMBER.fullmatch(fold(text))
    if not number:
        return None
    index = int(number[1])
    named = [c for c in choices if c.label and re.search(f"(?<!\\d){index}$", fold(c.label))]
    at = choices[index - 1] if 1 <= index <= len(choices) else None
    if not named or named == [at] or (at is None and len(named) == 1):
        return None
    means = "、".join(f"「{c.label}」" for c in named)
    if at is not None:
        means = f"{index}番目の「{at.label}」か、{means}"
    which = "どちら" if len(named) + (at is not None) == 2 else "どれ"
    return f"「{number[1]}」は{means}の{which}のことですか？ 名前で答えてください（ボタンでも選べます）。"
