"""What players type in a 7th-edition battle (issue 30): the answers 「応戦」「回避」「なし」, the
specials 「マヌーバー」「至近距離」, the maneuvers' verbs (「マヌーバーで組み付く」「転ばせる」),
the weapon declarations (「銃を構える」「身を投げ出す」「装填」「武器を拾う」) and the treatments.
The shared reactions and weapons are in :data:`rules.chat.words.BASE`."""
from __future__ import annotations

from rules.chat.words import Words
from rules.systems.coc7 import declare
from rules.systems.coc7.maneuver import DISARM
from rules.systems.coc7.specials import MANEUVER, POINT_BLANK
from rules.systems.coc7.state import HELD, PINNED, PRONE

VERBS = {"組み付く": HELD, "組みつく": HELD, "組付く": HELD, "くみつく": HELD, "掴みかかる": HELD,
         "押さえ込む": PINNED, "押さえつける": PINNED, "転ばせる": PRONE, "押し倒す": PRONE, "投げ飛ばす": PRONE,
         "武器を奪う": DISARM, "武器を叩き落とす": DISARM}
"""A maneuver's verb → its effect, named as the attack's weapon (rules.systems.coc7.maneuver)."""

WORDS = Words(
    reactions={"応戦": ("おうせん", "反撃", "迎え撃つ", "迎撃", "やり返す", "殴り返す", "応戦する", "応戦します")},
    declarations={declare.READY: ("銃を抜く", "構える"), declare.HOLSTER: ("しまう",),
                  declare.DIVE: ("伏せる", "遮蔽に飛び込む", "物陰に飛び込む"),
                  declare.RELOAD: ("リロード", "再装填"), declare.PICK_UP: ("拾う",)},
    specials={MANEUVER: ("マニューバー", "マニューバ", "マヌーバ", "戦闘マヌーバー"),
              POINT_BLANK: ("至近", "ゼロ距離", "零距離", "ポイントブランク")},
    checks={"応急手当": ("応急手当て", "応急処置", "おうきゅうてあて", "応急"), "医学": ("いがく", "治療")},
    weapons={HELD: (), PINNED: (), PRONE: (), DISARM: ()},
    verb_weapons={**VERBS, "殴る": "こぶし", "殴り": "こぶし", "殴りかかる": "こぶし", "ぶん殴る": "こぶし",
                  "撃つ": "銃", "撃ち": "銃", "射撃": "銃", "発砲": "銃"},
    attack_verbs=tuple(VERBS),
)
"""``coc7``: the words of the 7th edition's battle."""
