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
        object_verbs: attack verbs whose object is the target's weapon, not the attacker's
            (the 7th edition's 「ナイフを叩き落とす」 disarms: ナイフ is what is knocked away).

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
    object_verbs: tuple[str, ...] = ()

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
                     power=self.power or base.power,
                     object_verbs=tuple(dict.fromkeys(base.object_verbs + self.object_verbs)))


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
            "終了", "おしまい", "これで終わり", "これでおわり", "これで以上", "以上になります", "以上となります")
"""Ending one's turn (``/end``)."""

END_TURN += ("これでターン終了", "これで手番終了", "これでターンエンド", "ターンを終えます", "手番を終えます",
             "ターンを終えました", "何もせず終了", "何もせずターン終了", "何もしないで終了", "何もせずに終了")
"""Trial 9 (G9): 「これで」 before the end, the polite 「〜を終えます」 and 「何もせず終了」 end a turn too."""

ATTACK_VERBS = ("攻撃", "こうげき", "ぶん殴る", "ぶん殴り", "ぶんなぐる", "ぶんなぐり", "蹴飛ばす", "蹴飛ばし", "けとばす", "けとばし", "蹴っ飛ばす", "蹴っ飛ばし", "殴る", "殴り", "殴りかかる", "殴りかかり", "殴りつける", "殴りつけ",
                "なぐる", "なぐり", "なぐりかかる", "なぐりかかり", "なぐりつける", "なぐりつけ", "斬る", "斬り",
                "切る", "切り", "斬りつける", "斬りつけ", "斬りかかる", "斬りかかり", "切りつける", "切りつけ",
                "撃つ", "撃ち", "射撃", "発砲", "刺す", "刺し", "突く", "突き", "蹴る", "蹴り", "叩く", "叩き",
                "狙う", "狙い", "仕掛ける", "仕掛け", "放つ", "放ち", "射る", "射", "打つ", "打ち",
                "攻撃を仕掛ける", "攻撃を仕掛け", "アタック", "組み付く", "組みつく", "組付く", "くみつく",
                "とどめ", "トドメ", "とどめを刺す", "とどめを刺し", "止めを刺す", "もう一発", "もう1発", "もう一撃",
                "追撃", "攻撃する", "攻撃します", "噛みつく", "かみつく", "噛み付く", "引っかく", "ひっかく", "引っ掻く")
"""Verbs that end an attack declaration (ゾンビを殴る, ゾンビの足を狙う)."""

BITE = "噛みつき|かみつき|噛み付き|牙|キバ"
CLAW = "爪|かぎ爪|鉤爪|引っかき|ひっかき|引っ掻き"
"""A creature's bite and claws, by the names sheets give them: the unit's own, else the
first (refused by name: 「ボブは「噛みつき」を持っていません」)."""

COC_VERB_WEAPONS = {"殴る": "こぶし", "殴り": "こぶし", "殴りかかる": "こぶし", "殴りかかり": "こぶし", "殴りつける": "こぶし",
                "殴りつけ": "こぶし", "ぶん殴る": "こぶし", "ぶん殴り": "こぶし", "ぶんなぐる": "こぶし", "ぶんなぐり": "こぶし",
                "蹴る": "キック", "蹴り": "キック", "蹴飛ばす": "キック", "蹴飛ばし": "キック",
                "けとばす": "キック", "けとばし": "キック", "蹴っ飛ばす": "キック", "蹴っ飛ばし": "キック",
                "なぐる": "こぶし", "なぐり": "こぶし", "なぐりかかる": "こぶし", "なぐりかかり": "こぶし",
                "なぐりつける": "こぶし", "なぐりつけ": "こぶし",
                "撃つ": "銃", "撃ち": "銃", "射撃": "銃", "発砲": "銃",
                "組み付く": "組み付き", "組みつく": "組み付き", "組付く": "組み付き", "くみつく": "組み付き",
                **{v: BITE for v in ("噛みつく", "かみつく", "噛み付く")},
                **{v: CLAW for v in ("引っかく", "ひっかく", "引っ掻く")}}
"""CoC's weapon of a verb when the line names none: 殴る is a fist, 蹴る a kick, 撃つ a gun
(銃: the unit's one usable firearm, a question among several, else refused by name)."""

MOVE_VERBS = ("移動", "動く", "動き", "進む", "進み", "行く", "行き", "走る", "走り", "下がる", "下がり")
DECLARE_VERBS = ("宣言",)
DO_VERBS = ("する", "し", "行う", "行い", "使う", "使い", "選ぶ", "選び", "選択", "判定", "試みる", "試み", "振る", "振り",
            "かける", "かけ", "施す", "施し")
FOCUS = ("集中",)
POWER_WORDS = ("パワー", "パワーランク", "PR")
SHOTS_SUFFIX = ("発",)
DEX_WORDS = ("DEX",)
SELF_WORDS = ("自分", "自分自身", "じぶん")
"""The acting unit itself, as a treatment's target (応急手当を自分に)."""
PARTICLES = ("を", "に", "で", "へ", "の", "は", "まで", "から", "と", ":", "、", ",", "にて", "へと", "が", "も",
             "狙って", "狙いつつ", "めがけて", "目掛けて", "目がけて", "に向かって", "に向けて", "へ向けて", "に対して", "に対し", "にたいして", "→", "->",
             "の陰に", "の影に", "の後ろに", "のうしろに", "の裏に", "の陰へ", "の後ろへ")
ENDINGS = ("ます", "まーす", "まs", "す", "る", "です", "だ", "で", "ね", "よ", "ぞ", "っ", "!", "。", ".", "…",
           "...", "~", "〜", "ー", "します", "しまーす", "する", "するよ", "しよう", "でお願いします", "お願いします",
           "おねがいします", "でいきます", "で行きます", "でいく", "で", "!!", "ッ", "じゃ", "じゃー", "じゃい", "や", "やで",
           "おk", "ok", "おけ", "おっけ", "おっけー", "オッケー", "おけです", "でー", "!!!",
           "しますね", "しときます", "しておきます", "しとく", "しておく", "っす", "ッス", "/", "かます", "かましま")
"""What may trail a declaration (〈回避〉します, 回避で！, 殴ります)."""
FILLERS = ("いや", "いえ", "やっぱり", "やっぱ", "じゃあ", "じゃ", "よし", "よーし", "では", "それでは", "それじゃあ", "ここは", "なら", "ならば",
           "はい", "うん", "えい", "とりあえず", "ほな", "ほんなら", "そしたら", "なので", "だから", "ええい", "くそ", "よっしゃ",
           "そのまま", "普通に", "ふつうに", "素直に", "今度は", "次は", "今回は", "今回も", "ここも", "もう一度", "もう1回", "もう一回",
           "もっかい", "もういっかい", "再度", "これで")
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


# --- the morphological reading (issue 26: rules.chat.cut) ------------------------------

LEMMAS = {
    # attacks
    "殴る": "殴る", "ぶん殴る": "ぶん殴る", "打っ飛ばす": "ぶん殴る", "ぶっ飛ばす": "ぶん殴る", "殴り付ける": "殴りつける",
    "殴り掛かる": "殴りかかる", "殴り飛ばす": "ぶん殴る", "張り倒す": "殴る", "小突く": "殴る",
    "蹴る": "蹴る", "蹴飛ばす": "蹴飛ばす", "蹴り飛ばす": "蹴飛ばす", "蹴っ飛ばす": "蹴飛ばす", "蹴り付ける": "蹴る",
    "蹴り上げる": "蹴る", "蹴り込む": "蹴る",
    "切る": "斬る", "斬る": "斬る", "切り付ける": "斬りつける", "切り掛かる": "斬りかかる", "切り裂く": "斬る",
    "刺す": "刺す", "さす": "刺す", "突き刺す": "刺す", "うつ": "打つ", "突く": "突く", "撃つ": "撃つ", "撃ち込む": "撃つ", "打ち込む": "打つ",
    "射る": "射る", "打つ": "打つ", "叩く": "叩く", "ぶっ叩く": "叩く", "叩き付ける": "叩く", "狙う": "狙う",
    "狙い撃つ": "撃つ", "放つ": "放つ", "仕掛ける": "仕掛ける",
    "噛み付く": "噛みつく", "噛む": "噛みつく", "引っ掻く": "引っかく",
    "掻く": "引っかく", "組み付く": "組み付く", "掴み掛かる": "組み付く", "組み付き": "組み付き",
    "巻き付く": "組み付く", "絡み付く": "組み付く", "締め付ける": "組み付く", "飛び掛かる": "攻撃", "襲い掛かる": "攻撃",
    "襲う": "攻撃", "突っ込む": "攻撃",
    "打った切る": "斬る", "切り刻む": "斬る", "打ち叩く": "叩く", "しばく": "殴る", "ど突く": "殴る",
    "打っぱなす": "撃つ", "振り下ろす": "攻撃", "叩き込む": "攻撃", "打ちかます": "攻撃", "食らわす": "攻撃",
    "食らわせる": "攻撃", "喰らわす": "攻撃", "突き立てる": "刺す", "刺し貫く": "刺す", "搗ち割る": "叩く",
    "叩き割る": "叩く", "切り捨てる": "斬る", "薙ぎ払う": "斬る", "切り払う": "斬る", "殴り倒す": "殴る",
    "蹴り倒す": "蹴る", "打ち抜く": "撃つ", "射貫く": "射る",
    # answers
    "避ける": "避ける", "交わす": "かわす", "躱す": "躱す", "受け流す": "受け流す", "防ぐ": "防ぐ", "庇う": "庇う",
    "隠れる": "隠れる", "受ける": "受ける", "食らう": "食らう", "喰らう": "食らう",
    # doing
    "為る": "する", "行う": "行う", "使う": "使う", "振る": "振る", "ふる": "振る", "試みる": "試みる", "掛ける": "かける",
    "施す": "施す", "願う": "お願いします", "頼む": "お願いします",
    # moving
    "移動": "移動", "動く": "動く", "進む": "進む", "行く": "行く", "走る": "走る", "下がる": "下がる",
    # nouns Sudachi spells its own way
    "止め": "とどめ", "応急手当て": "応急手当", "手当て": "応急手当",
}
"""The analyser's normalized form (rules.chat.morph) → the spelling the lexicon knows, for
the words whose form differs (蹴り飛ばす → 蹴飛ばす, 噛み付く → 噛みつく, 為る → する); a
lemma not listed is looked up as it is."""

AFTER_VERB_LEMMAS = frozenset(("掛かる", "付ける", "行く", "来る", "込む", "続ける", "行ける", "遣る", "やる", "見る",
                               "置く", "仕舞う", "ちゃう", "捲る"))
"""Verbs that only carry on the attack or answer before them (斬りかかる, 殴りに行く, 撃ち込む,
殴ってやる, 撃ちまくる)."""

STRIKE_WITH = frozenset(("入れる", "かます", "見舞う", "お見舞い", "御見舞い"))
"""Verbs that deliver the strike named before them (蹴りを入れる, タックルかます, こぶしをお見舞い):
an attack with that weapon or special; after anything else, no word the reading knows."""

INTENSIFIERS = frozenset(("ぶっ", "ぶち", "ぶん", "ぶった"))
"""Slang prefixes before a verb (ぶっ刺す, ぶち込む): the verb alone."""

THROW_LEMMAS = frozenset(("投げる", "投げ付ける", "投げ込む", "投擲", "放り投げる", "ぶん投げる", "投げ飛ばす"))
"""Throwing: a thrown object is an attack (投石), a thrown unit a サルト (rules.chat.cut)."""

THROWN_OBJECTS = ("石", "小石", "石ころ", "いし", "岩", "レンガ", "煉瓦", "れんが", "瓦礫", "がれき", "瓶", "ビン",
                  "びん", "空き瓶", "椅子", "いす", "イス", "灰皿", "コップ", "皿", "本", "缶", "空き缶", "砂", "土")
"""Things at hand a character throws: the thrown attack 投石 (X-WPN-01's row 投石, 〈投擲〉)."""

HONORIFICS = frozenset(("さん", "くん", "君", "ちゃん", "様", "さま", "殿", "どの", "氏", "たん", "ちゃま", "っち",
                        "先輩", "せんぱい", "先生", "せんせい", "嬢"))
"""Honorifics after a name (ゾンビさん, 翔馬くん): the name alone."""

BLOCK_ADVERBS = frozenset(("多分", "たぶん", "きっと", "もし", "もしも", "もしかして", "仮に", "まだ", "既に", "すでに",
                           "さっき", "先程", "さきほど", "もはや", "全然", "別に"))
"""Adverbs that make a line a guess, a condition or a remark about the past (たぶん回避,
もし殴ったら, さっき殴った): no declaration."""

NEGATIONS = ("不可", "無理", "むり", "やめ", "やめる", "やめとく", "やめます", "止める", "止めとく", "やめた",
             "キャンセル", "取り消し", "とりけし", "できない", "出来ない", "無効", "ダメ", "だめ")
"""Refusals: a line holding one never acts (「回避、不可」「攻撃やめる」), except a question's
own button typed as a whole answer (なし, 宣言しない: those are words of their own)."""

STYLES = {"マーシャルアーツ": ("マーシャル", "まーしゃる", "MA"), "武道": ("ぶどう", "武道で")}
"""Combat styles named beside a strike (武道キック, マーシャルキック, こぶしマーシャル): the
strike with its style, which the rules combine where the unit has it (X-COMB-01)."""

INTERROGATIVES = frozenset(("何", "なに", "なん", "どう", "どっち", "どちら", "どれ", "どこ", "誰", "だれ", "いつ", "なぜ",
                            "何故", "如何", "どの", "どんな", "いくつ", "幾つ"))
"""Question words: a line holding one asks, it does not declare (「何を殴る」「どっちが強い」)."""

RESULTS = {"成功": ("せいこう", "成功！"), "失敗": ("しっぱい",), "スペシャル": (), "決定的成功": ("クリティカル", "クリ"),
           "致命的失敗": ("ファンブル", "ファン")}
"""A roll's result said in words (「暴漢①、こぶし成功」): the KP's report of an NPC's roll made
elsewhere (issue 26). The bot rolls its own die and says so."""
