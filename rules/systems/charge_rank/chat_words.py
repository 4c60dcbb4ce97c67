"""What players type in a ``charge-rank`` battle (seed 004, issue 9): the answers with a
power rank (``パワー3でカウンター``), 待機, 逃亡 and the attack options."""
from __future__ import annotations

from rules.chat.words import Words

WORDS = Words(
    reactions={"カウンター": (), "インターセプト": (), "カバーリング": ("カバー",), "妨害": ()},
    specials={"加減": ("手加減",), "不意打ち": (), "区域外": ()},
    turn_actions={"wait": ("待機", "様子見"), "escape": ("逃亡", "逃げる", "逃走")},
    power=True,
)
