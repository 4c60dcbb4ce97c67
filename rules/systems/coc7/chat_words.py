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

DISARM_VERBS = ("叩き落とす", "叩き落す", "はたき落とす", "たたき落とす", "弾き飛ばす", "はじき飛ばす", "奪い取る")
"""Verbs whose object is the target's weapon (「ナイフを叩き落とす」: a disarming maneuver)."""
FREE_VERBS = ("振りほどく", "振り解く", "ふりほどく", "脱出", "脱出する", "抜け出す", "逃れる")
"""Breaking free of a hold (「振りほどく」「組み付きから脱出」): a maneuver on the holder (7-MAN-07)."""
VERBS = {"組み付く": HELD, "組みつく": HELD, "組付く": HELD, "くみつく": HELD, "掴みかかる": HELD,
         "押さえ込む": PINNED, "押さえつける": PINNED, "転ばせる": PRONE, "押し倒す": PRONE, "投げ飛ばす": PRONE,
         "転倒させる": PRONE, "転倒させ": PRONE, "転ばす": PRONE, "足払い": PRONE, "足を払う": PRONE,
         "武器を奪う": DISARM, "武器を叩き落とす": DISARM, "武装解除する": DISARM, "武装解除させる": DISARM,
         **{v: DISARM for v in DISARM_VERBS}, **{v: HELD for v in FREE_VERBS}}
"""A maneuver's verb → its effect, named as the attack's weapon (rules.systems.coc7.maneuver);
breaking free is a maneuver like any (its effect does not matter: 7-MAN-07)."""

WORDS = Words(
    reactions={"応戦": ("反撃", "迎え撃つ", "迎撃", "やり返す", "殴り返す", "応戦する", "応戦します", "おうせん", "はんげき")},
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
    object_verbs=DISARM_VERBS,
)
"""``coc7``: the words of the 7th edition's battle."""
