"""What players type in a ``charge-rank`` battle (seed 004, issue 9): the answers with a
power rank (``パワー3でカウンター``), 待機, 逃亡 and the attack options. 割り込み (an interrupt,
C-INT-) stands for both of its kinds: the question offers which."""
from __future__ import annotations

from rules.chat.words import Words

TECHNIQUES = ("掌打", "しょうだ", "気弾", "きだん", "靠", "てつざんこう", "鉄山靠", "拳打", "蹴撃", "斬撃")
"""Technique names players give their attacks (seed 004's examples 掌打, 靠, 気弾, C-EX-03/09/13):
each ends an attack as 攻撃 does (「パワー2で刺客1に掌打」); the rules know no techniques, so the
attack is the plain one."""

WORDS = Words(
    reactions={"カウンター": (), "インターセプト": ("割り込み", "わりこみ"), "カバーリング": ("カバー", "割り込み", "わりこみ"),
               "妨害": ()},
    specials={"加減": ("手加減",), "不意打ち": (), "区域外": ()},
    turn_actions={"wait": ("待機", "様子見", "様子を見る", "様子をみる", "待つ", "待ちます", "たいき"),
                  "escape": ("逃亡", "逃げる", "逃走", "逃げます", "撤退"),
                  "move": ("移動",)},  # 「パワー2で移動」 towards another combat area (C-OPT-OOA-04)
    attack_verbs=TECHNIQUES,
    power=True,
)
