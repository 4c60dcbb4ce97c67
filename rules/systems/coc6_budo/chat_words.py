"""What players type in a ``coc6-budo`` battle (seed 002, issue 9): 武道受け流し, カウンター,
回避カウンター, the four specials and the called shots of the 武道 rules."""
from __future__ import annotations

from rules.chat.words import COC_VERB_WEAPONS, Words
from rules.systems.coc6.chat_words import CHECKS, MODES, WEAPONS

WORDS = Words(
    reactions={"武道": ("武道受け流し", "ぶどう", "武道で受け流し", "武道で受け流す", "武道で防ぐ", "武道で防ぎ",
                        "武道で防御", "武道で受ける", "武道で捌く", "武道でさばく", "武道で"), "カウンター": (),
               "回避カウンター": ("回避でカウンター", "回避からカウンター", "回避してカウンター", "回避してからカウンター",
                           "かいひカウンター"),
               "カウンター攻撃": ()},
    specials={"サルト": ("投げ",), "タックル": (), "ラッシュ": (), "フェイント": ()},
    aims={"急所": ("頭", "頭部"), "腕": ("腕部",), "足": ("脚", "脚部"), "武器": ("武器狙い",)},
    modes=MODES,
    checks=CHECKS,
    weapons=WEAPONS,
    verb_weapons=COC_VERB_WEAPONS,
)
