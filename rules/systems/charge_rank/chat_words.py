"""What players type in a ``charge-rank`` battle (seed 004, issue 9): the answers with a
power rank (``パワー3でカウンター``), 待機, 逃亡 and the attack options. 割り込み (an interrupt,
C-INT-) stands for both of its kinds: the question offers which."""
from __future__ import annotations

from rules.chat.words import Words

WORDS = Words(
    reactions={"カウンター": (), "インターセプト": ("割り込み", "わりこみ"), "カバーリング": ("カバー", "割り込み", "わりこみ"),
               "妨害": ()},
    specials={"加減": ("手加減",), "不意打ち": (), "区域外": ()},
    turn_actions={"wait": ("待機", "様子見"), "escape": ("逃亡", "逃げる", "逃走")},
    power=True,
)
