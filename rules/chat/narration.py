"""The KP narrating an NPC's attack in the past tense with its roll's result (issue 26):
「狂信者1号は美咲をナイフで刺した。ナイフ成功」「ゾンビは有栖に殴りかかった。こぶし成功」.

Said in the past, a line is talk (「前のラウンドでゾンビは有栖を殴った」): the result said
after it is what makes it the report of the roll just made, as 「有栖にかみつき、成功」 is.
:func:`present` gives the line as that report in the present tense — the narrated verb in
its dictionary form, the result after it — for the grammar to read; nothing else changes.
Pure: the analyser is a function of the text.
"""
from __future__ import annotations

import re

from rules.chat.morph import analyse
from rules.chat.normalize import fold, prefold
from rules.chat.words import RESULTS

RESULT_WORDS = sorted({fold(w) for term, spellings in RESULTS.items() for w in (term, *spellings)}, key=len,
                       reverse=True)
"""The folded words of a roll's result (成功, しっぱい, クリティカル …), longest first."""
_TAIL = re.compile(r"^(?P<head>.+?)[。、,，.!！\n ]+(?P<tail>[^。、,，.!！\n ]{1,12})[。.!！…]*$")
"""A narration, then a short last sentence (the roll's result: 「ナイフ成功」「失敗」)."""


def present(text: str) -> tuple[str, str] | None:
    """``(the narration in the present tense, the result sentence)`` of a KP's line that
    narrates an action in the past and ends with the roll's result, or None."""
    match = _TAIL.match(text.strip())
    if match is None or not fold(match["tail"]).endswith(tuple(RESULT_WORDS)):
        return None
    head = match["head"].rstrip("。.!！ ")
    pre = prefold(head)
    morphs = analyse(pre)
    if len(morphs) < 3 or morphs[-1].pos != "助動詞" or morphs[-1].lemma != "た" \
            or not morphs[-1].form.startswith("終止形"):
        return None
    verb = morphs[-2]
    if verb.pos != "動詞":
        return None
    return pre[:verb.begin] + verb.base, match["tail"]
