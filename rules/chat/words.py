"""The chat vocabulary: the words players type for each thing the rules know, by kind.

A game system gives its own :class:`Words` (``system.chat_words``) merged over
:data:`BASE`, the spellings every CoC table shares; the grammar (rules.chat.grammar)
never names a system. Every entry maps a canonical term (what the slash command takes,
e.g. ``受け流し``) to the spellings players use for it (受流し, うけながし, パリィ …).
"""
from __future__ import annotations

from dataclasses import dataclass, field

Table = dict[str, tuple[str, ...]]


@dataclass(frozen=True, eq=False)
class Words:
    """One system's chat words (canonical term → spellings; the term itself always counts).

    Attributes:
        reactions: answers to a pending question (``/react action:``).
        declarations: round-start declarations (``/declare action:``), besides
            ``<reaction>に集中`` (``focus``) and the parry declaration.
        focus: the reactions a unit may concentrate on (``回避に集中``, H-DEF-03).
        specials: ``/attack special:`` names; aims: ``aim:``; modes: firing ``mode:``.
        checks: skills whose check the rules apply on one's turn (``/check skill:``).
        weapons: spellings of the standard weapons (こぶし: 拳, パンチ …).
        turn_actions: other turn commands by command path (``wait`` → 待機).
        options: spellings of question buttons that are no reaction (宣言を締め切る: 締め切り).
        verb_weapons: the weapon an attack verb names when the line names none (殴る: こぶし).
        special_families: a word that stands for one of several specials (二刀流: 連続攻撃 or
            同時攻撃); next to one of them it is that one, alone it makes a question.
        attack_verbs: the system's own words that end an attack like 攻撃 does (charge-rank's
            technique names 掌打, 気弾, 靠), besides the shared :data:`ATTACK_VERBS`.
        power: the system takes a ``power:`` number on attacks, answers and escapes.

    Compared and hashed by identity: a system's words are one object, built once.
    """

    reactions: Table = field(default_factory=dict)
    declarations: Table = field(default_factory=dict)
    focus: tuple[str, ...] = ()
    specials: Table = field(default_factory=dict)
    aims: Table = field(default_factory=dict)
    modes: Table = field(default_factory=dict)
    checks: Table = field(default_factory=dict)
    weapons: Table = field(default_factory=dict)
    turn_actions: Table = field(default_factory=dict)
    options: Table = field(default_factory=dict)
    verb_weapons: dict[str, str] = field(default_factory=dict)
    attack_verbs: tuple[str, ...] = ()
    special_families: Table = field(default_factory=dict)
    power: bool = False

    def over(self, base: "Words") -> "Words":
        """These words added to ``base`` (a term's spellings are joined)."""
        def join(a: Table, b: Table) -> Table:
            merged = dict(a)
            for term, spellings in b.items():
                merged[term] = tuple(dict.fromkeys(merged.get(term, ()) + spellings))
            return merged
        return Words(reactions=join(base.reactions, self.reactions),
                     declarations=join(base.declarations, self.declarations),
                     focus=self.focus or base.focus, specials=join(base.specials, self.specials),
                     aims=join(base.aims, self.aims), modes=join(base.modes, self.modes),
                     checks=join(base.checks, self.checks), weapons=join(base.weapons, self.weapons),
                     turn_actions=join(base.turn_actions, self.turn_actions),
                     options=join(base.options, self.options),
                     verb_weapons={**base.verb_weapons, **self.verb_weapons},
                     attack_verbs=tuple(dict.fromkeys(base.attack_verbs + self.attack_verbs)),
                     special_families={**base.special_families, **self.special_families},
                     power=self.power or base.power)


DODGE, PARRY, BLOCK, NONE, COVER, HIDE = "回避", "受け流し", "防御", "なし", "かばう", "隠れる"

BASE = Words(
    reactions={
        DODGE: ("かいひ", "カイヒ", "回避行動をとる", "避ける", "避け", "よける", "よけ", "躱す", "躱し", "かわす", "かわし", "ドッジ", "ダッジ", "回避行動"),
        PARRY: ("受流し", "うけながし", "受けながし", "受け流す", "受流す", "パリィ", "パリー"),
        BLOCK: ("ぼうぎょ", "防ぐ", "防ぎ", "ガード"),
        NONE: ("無し", "ナシ", "特になし", "特に無し", "なにもしない", "何もしない", "何もしません", "しない", "しません",
               "対応なし", "パス", "スルー", "受ける", "受けます", "甘んじて受ける", "そのまま受ける",
               "くらう", "くらいます", "食らう", "食らいます"),
        COVER: ("庇う", "庇い", "かばい", "カバー"),
        HIDE: ("かくれる", "身を隠す", "隠れます", "隠れ"),
    },
    weapons={
        "こぶし": ("拳", "パンチ", "素手", "こぶし（パンチ）"),
        "キック": ("蹴り", "けり"),
        "組み付き": ("組付き", "組みつき", "くみつき", "組付", "組み付け", "組みつけ", "グラップル"),
        "頭突き": ("ずつき", "頭つき"),
    },
    options={"宣言しない": ("宣言なし", "宣言しません", "何も宣言しない", "何も宣言しません", "なにも宣言しない",
                        "なにも宣言しません"),
             "以後宣言しない": ("今後宣言しない", "ずっと宣言しない", "以降宣言しない", "今後は宣言しない",
                          "以後は宣言しない", "この戦闘は宣言しない", "もう宣言しない"),
             "宣言を締め切る": ("締め切り", "締め切る", "宣言締め切り", "宣言を締め切り", "締切", "宣言受付終了")},
)
"""What every system shares (the reactions of COMMANDS.md and the four built-in weapons)."""

NONE_OPTIONS = ("なし", "宣言しない")
"""Buttons that answer a question with nothing: なし types them (during the round's declarations too)."""

END_TURN = ("ターン終了", "手番終了", "ターンエンド", "ターン終わり", "ターンおわり", "手番終わり",
            "手番おわり", "ターンを終了", "手番を終了", "ターンを終える", "手番を終える", "ターン終える",
            "手番終える", "ターンを終わる", "手番を終わる", "ターン終わる", "手番終わる",
            "ターン終わります", "手番終わります", "手番を終わります", "ターンを終わります",
            "以上", "以上です", "エンド", "パス", "手番パス", "ターンパス", "終わり", "おわり",
            "終了", "おしまい", "これで終わり", "これでおわり", "これで以上")
"""Ending one's turn (``/end``)."""

ATTACK_VERBS = ("攻撃", "こうげき", "ぶん殴る", "ぶん殴り", "ぶんなぐる", "ぶんなぐり", "蹴飛ばす", "蹴飛ばし", "けとばす", "けとばし", "蹴っ飛ばす", "蹴っ飛ばし", "殴る", "殴り", "殴りかかる", "殴りかかり", "殴りつける", "殴りつけ",
                "なぐる", "なぐり", "なぐりかかる", "なぐりかかり", "なぐりつける", "なぐりつけ", "斬る", "斬り",
                "切る", "切り", "斬りつける", "斬りつけ", "斬りかかる", "斬りかかり", "切りつける", "切りつけ",
                "撃つ", "撃ち", "射撃", "発砲", "刺す", "刺し", "突く", "突き", "蹴る", "蹴り", "叩く", "叩き",
                "狙う", "狙い", "仕掛ける", "仕掛け", "放つ", "放ち", "射る", "射", "打つ", "打ち",
                "攻撃を仕掛ける", "攻撃を仕掛け", "アタック", "組み付く", "組みつく", "組付く", "くみつく",
                "とどめ", "トドメ", "とどめを刺す", "とどめを刺し", "止めを刺す", "もう一発", "もう1発", "もう一撃",
                "追撃", "攻撃する", "攻撃します")
"""Verbs that end an attack declaration (ゾンビを殴る, ゾンビの足を狙う)."""

COC_VERB_WEAPONS = {"殴る": "こぶし", "殴り": "こぶし", "殴りかかる": "こぶし", "殴りかかり": "こぶし", "殴りつける": "こぶし",
                "殴りつけ": "こぶし", "ぶん殴る": "こぶし", "ぶん殴り": "こぶし", "ぶんなぐる": "こぶし", "ぶんなぐり": "こぶし",
                "蹴る": "キック", "蹴り": "キック", "蹴飛ばす": "キック", "蹴飛ばし": "キック",
                "けとばす": "キック", "けとばし": "キック", "蹴っ飛ばす": "キック", "蹴っ飛ばし": "キック",
                "なぐる": "こぶし", "なぐり": "こぶし", "なぐりかかる": "こぶし", "なぐりかかり": "こぶし",
                "なぐりつける": "こぶし", "なぐりつけ": "こぶし",
                "撃つ": "銃", "撃ち": "銃", "射撃": "銃", "発砲": "銃",
                "組み付く": "組み付き", "組みつく": "組み付き", "組付く": "組み付き", "くみつく": "組み付き"}
"""CoC's weapon of a verb when the line names none: 殴る is a fist, 蹴る a kick, 撃つ a gun
(銃: the unit's one usable firearm, a question among several, else refused by name)."""

MOVE_VERBS = ("移動", "動く", "動き", "進む", "進み", "行く", "行き", "走る", "走り", "下がる", "下がり")
DECLARE_VERBS = ("宣言",)
DO_VERBS = ("する", "し", "行う", "行い", "使う", "使い", "選ぶ", "選び", "選択", "判定", "試みる", "試み",
            "かける", "かけ", "施す", "施し")
FOCUS = ("集中",)
POWER_WORDS = ("パワー", "パワーランク", "PR")
SHOTS_SUFFIX = ("発",)
DEX_WORDS = ("DEX",)
SELF_WORDS = ("自分", "自分自身", "じぶん")
"""The acting unit itself, as a treatment's target (応急手当を自分に)."""
PARTICLES = ("を", "に", "で", "へ", "の", "は", "まで", "から", "と", ":", "、", ",", "にて", "へと", "が",
             "狙って", "狙いつつ", "めがけて", "目掛けて", "に向かって", "に対して", "に対し", "にたいして", "→", "->",
             "の陰に", "の影に", "の後ろに", "のうしろに", "の裏に", "の陰へ", "の後ろへ")
ENDINGS = ("ます", "まーす", "まs", "す", "る", "です", "だ", "で", "ね", "よ", "ぞ", "っ", "!", "。", ".", "…",
           "...", "~", "〜", "ー", "します", "しまーす", "する", "するよ", "しよう", "でお願いします", "お願いします",
           "おねがいします", "でいきます", "で行きます", "でいく", "で", "!!", "ッ", "じゃ", "じゃー", "じゃい", "や", "やで",
           "おk", "ok", "おけ", "おっけ", "おっけー", "オッケー", "おけです", "でー", "!!!",
           "しますね", "しときます", "しておきます", "しとく", "しておく", "っす", "ッス", "/")
"""What may trail a declaration (〈回避〉します, 回避で！, 殴ります)."""
FILLERS = ("いや", "いえ", "やっぱり", "やっぱ", "じゃあ", "じゃ", "よし", "よーし", "では", "それでは", "それじゃあ", "ここは", "なら", "ならば",
           "はい", "うん", "えい", "とりあえず", "ほな", "ほんなら", "そしたら", "なので", "だから", "ええい", "くそ", "よっしゃ",
           "そのまま", "普通に", "ふつうに", "素直に", "今度は", "次は", "今回は", "今回も", "ここも", "もう一度", "もう1回", "もう一回")
"""What may lead a declaration (じゃあ回避で)."""

MANNER = ("全力で", "本気で", "必死で", "両手で", "片手で", "左手で", "右手で", "渾身の一撃で", "渾身の力で", "一撃で",
          "急いで", "とっさに", "咄嗟に", "すかさず", "思いっきり", "思い切り", "力いっぱい", "力一杯", "素早く", "すばやく",
          "慎重に", "冷静に", "まあ", "えっと", "ええと", "えーと", "さて",
          "おりゃ", "おりゃあ", "せーの", "とりゃ", "どりゃ", "今度こそ", "今こそ", "ひとまず", "一応")
"""How an action is done, said anywhere in a declaration and changing nothing the rules read
(「ゾンビ1を全力で殴る」「必死で回避」): never the name of a weapon (issue 21)."""

AGAIN_VERBS = ("もう一発", "もう1発", "もう一撃", "追撃")
"""Attack verbs that mean the same attack again (「ゾンビ2にもう一発」): the weapon and the
target of the unit's last attack, where the line names none (rules.chat.resolve)."""

