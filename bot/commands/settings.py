"""``/kp setting``: the KP-configurable options, their Japanese labels, the clause each comes
from, and parsing of new values. Defaults are the system's (``CocRules.defaults``) plus the
turn timings of the bot's settings."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.commands import options as opt
from bot.commands.setting_names import ALIASES, japanese_name, show_value, shown_name
from rules.errors import InvalidInput
from rules.sanity.preset import Duration


@dataclass(frozen=True)
class Option:
    """One setting: ``label`` (Japanese), ``clause`` (CATALOG.md id), ``choices`` (allowed
    text values, empty = any of the default's type), ``minimum`` for numbers."""

    label: str
    clause: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    words: tuple[tuple[str, str], ...] = ()
    """Other spellings of the choices, ``(typed, choice)`` after NFKC and upper-casing."""


_EDITION_WORDS = (("版のとおり", "EDITION"), ("版の既定", "EDITION"), ("既定", "EDITION"))
_ON_OFF = (("オン", "ON"), ("オフ", "OFF"), ("TRUE", "ON"), ("FALSE", "OFF"))

OPTIONS: dict[str, Option] = {
    "edition": Option("ダイスの版（6: クトゥルフ神話TRPG / 7: 新クトゥルフ神話TRPG。戦闘中は戦闘のルールの版。7のチャンネルの /battle new は7版の戦闘）",
                      "H-GEN-04", ("6", "7"),
                      words=(("6版", "6"), ("COC6", "6"), ("6TH", "6"), ("7版", "7"), ("COC7", "7"),
                             ("7TH", "7"), ("新クトゥルフ", "7"), ("新クトゥルフ神話TRPG", "7"),
                             ("クトゥルフ神話TRPG", "6"))),
    "dice": Option("判定方式（CCB: 決定的成功1–5・致命的失敗96–100 / CC: 1と100のみ）", "X-ROLL-02",
                   ("CCB", "CC")),
    "shock": Option("ショック（半分以上のダメージでCON×5）", "X-HP-03"),
    "impale": Option("貫通（OFF / ONCE: db1回 / TWICE: db2回）", "X-IMPALE-01", ("OFF", "ONCE", "TWICE")),
    "parry_free_at": Option("宣言なしで受け流せる〈マーシャルアーツ〉〈武道〉の値", "H-DEF-PARRY-03", minimum=0),
    "separate_attack_counts": Option("殴りと射撃を別に数える", "H-AP-04"),
    "dodge_firearms": Option("銃器への〈回避〉を認める", "H-DEF-DODGE-02"),
    "block_melee_critical": Option("防御のクリティカルで近接武器から減らす量", "H-DEF-BLOCK-04"),
    "shield_missile_chance": Option("盾で射撃戦武器を防げる確率（%、0で自動処理なし）", "H-DEF-PARRY-08"),
    "parry_fumble_damage": Option("武器での受け流しのファンブルでもダメージを受ける", "H-DEF-PARRY-21"),
    "budo_styles": Option("武道の流派の型（例: 柔道=組み技系, 空手=立ち技系）", "H-MA-GRAP-01"),
    "traits": Option("クリーチャーの特徴（例: ショゴス=不定形/浮遊, 犬=投げられない）", "H-MA-SALTO-02"),
    "special": Option("スペシャル（目標値の1/5以下）を判定する", "X-ROLL-03"),
    "invictus_shields": Option("盾で1ラウンドに2回受け流せる（Cthulhu Invictus）", "P-NOTE-04"),
    "substitute_parry": Option("他人への攻撃を受け流して身代わりになれる", "P-NOTE-01"),
    "parry_step": Option("2回目以降の受け流し・回避の減少（%）", "B-PARRY-02", minimum=0),
    "budo_double": Option("武道の組み合わせ成功でダメージ2倍", "X-DBL-01"),
    "hard_floor": Option("押し倒しの床が硬い（+1d4）", "B-TACKLE-07"),
    "same_vital": Option("急所狙いの相手が自分と同じ急所を持つ（−50%）", "B-CALL-VITAL-01"),
    "arm_skills": Option("腕を狙われたとき半減する技能", "B-CALL-ARM-04"),
    "leg_skills": Option("脚を狙われたとき半減する技能", "B-CALL-LEG-04"),
    "seating": Option("席順（GMから時計回り、リフレクス同値の順）", "C-PHASE-06"),
    "cover_basic_guard": Option("カバーリングで基本ガードも引く", "C-COVER-03"),
    "group_attack": Option("集団攻撃をGMの確認なしで認める", "C-OPT-GROUP-01"),
    "advantaged": Option("有利な状況のユニット", "C-OPT-ADV-01"),
    "disadvantaged": Option("不利な状況のユニット", "C-OPT-ADV-02"),
    "safety_floor": Option("セーフティランクの下限", "C-OPT-ADV-02", minimum=0),
    "interrupt_ask": Option("割り込みを尋ねる相手（all: 全員 / waiting: 待機中のみ）", "C-INT-02",
                            ("all", "waiting")),
    "area_distance": Option("次の戦闘区域までの距離（パワーランク、0でなし）", "C-OPT-OOA-01", minimum=0),
    "injury_thresholds": Option("負傷表 [[ダメージ, 程度], …]", "C-INJ-03"),
    "injury_stamina_loss": Option("負傷の程度ごとのスタミナ減少 {程度: 量}", "C-INJ-05"),
    "malfunction": Option("銃の故障：射撃の出目が武器の故障ナンバー以上なら銃が故障して撃てなくなる（公開ルール）",
                          "X-JAM-01"),
    "supplements": Option("使用を許可する追加のルールブック・サプリメント（空欄＝なし。戦闘開始時に告知）", "H-GEN-04"),
    "luck_spend": Option("7版：失敗した判定に幸運を使って成功にできる（ルールブックの選択ルール）", "H-GEN-04"),
    "secret_hidden_rolls": Option("非公開NPCのロールをシークレットにする", "H-GEN-01"),
    "chat_declarations": Option("チャットの宣言（「回避」「ゾンビをこぶしで攻撃」など）を読み取る", "H-GEN-01"),
    "chat_kp_for_players": Option("KPがチャットに書いたPCの宣言（「アリスは回避」）でPCを動かす（ボイスセッションでKPが代わりに入力する卓向け）",
                                  "H-GEN-01"),
    "chat_reported_dice": Option("チャットで申告された出目（「（こぶし）1D100<=75 → 78」: 物理ダイス・他のダイスボットで振った結果）を"
                                 "そのまま使い、戦闘ログに申告と記す（オフならボットが振り直す）", "H-GEN-01"),
    "chat_context_target": Option("対象を書かないチャットの攻撃・パレットロールを、文脈の相手（直前の相手・直前に攻撃してきた相手・"
                                  "KPの描写の相手）にそのまま行う（オフなら先頭に置いて尋ねる）", "H-GEN-01"),
    "sheet_carry": Option("戦闘の終了時にPCのHP・SAN・武器の状態・スタミナをシートに書き込む（/battle reopen で取り消し）", "H-GEN-01"),
    "skill_over_99": Option("6版のシートに99%を超える技能を設定できる（神話生物など。既定は99まで）", "X-SHEET-01"),
    "growth_cap": Option("6版：成長ロールで技能が上がる上限（%）", "H-GEN-02", minimum=1),
    "growth_critical": Option("6版：決定的成功で付いた成長の印は1D100なしで成長する（ハウスルール）", "H-GEN-01"),
    "growth_96": Option("6版：成長ロールの1D100が96以上なら技能値を超えていなくても成長する（ハウスルール）", "H-GEN-01"),
    "san_window": Option("SAN：不定の狂気を数える期間（EDITION: 版のとおり＝6版1時間・7版1日 / HOUR: ゲーム内1時間 / "
                         "SESSION: セッション / DAY: 1日）", "SAN-INDEF-01", ("EDITION", "HOUR", "SESSION", "DAY"),
                         words=_EDITION_WORDS + (("1時間", "HOUR"), ("時間", "HOUR"), ("セッション", "SESSION"),
                                                 ("1日", "DAY"), ("日", "DAY"))),
    "san_fumble_max": Option("SAN：ファンブルで失敗時の最大値を失う（EDITION: 7版はオン・6版はオフ）", "SAN-FUMBLE-01",
                             ("EDITION", "ON", "OFF"), words=_EDITION_WORDS + _ON_OFF),
    "san_bout_no_loss": Option("SAN：狂気の発作（6版は一時的狂気）の間はSANを失わない（EDITION: 7版はオン・6版はオフ）",
                               "SAN-BOUT-01", ("EDITION", "ON", "OFF"), words=_EDITION_WORDS + _ON_OFF),
    "madness_table_temporary": Option("一時的狂気で振る表（/table の呼び名。空欄: 版のとおり＝7版BMR・6版なし / なし）", "TBL-03"),
    "madness_table_indefinite": Option("不定の狂気で振る表（空欄: 版のとおり＝7版BMR・6版なし / なし）", "TBL-03"),
    "madness_private": Option("狂気の表の結果を本人とKPにだけ送る", "TBL-03"),
    "madness_time_temporary": Option("一時的狂気の長さ（1D10+4ラウンド、1D10時間、1D10行動 … 空欄: 版のとおり / なし: KPが外すまで）",
                                     "SAN-TIME-01"),
    "madness_time_indefinite": Option("不定の狂気の長さ（空欄: KPが外すまで）", "SAN-TIME-01"),
    "madness_time_bout": Option("7版：狂気の発作の長さ（BMR・BMSは表の1D10。空欄: 1D10ラウンド）", "SAN-TIME-01"),
    "turn_reminder_minutes": Option("手番のリマインドまでの分数（0で無効）", "H-GEN-01", minimum=0),
    "turn_autoskip_minutes": Option("手番の自動スキップまでの分数（0で無効）", "H-GEN-01", minimum=0),
    "voice_name": Option("なりきり発言の名前（PC: キャラクター名 / PCPL: キャラクター名（PL名））", "H-GEN-01", ("PC", "PCPL"),
                         words=(("キャラ名", "PC"), ("キャラクター名", "PC"), ("PC名", "PC"), ("PC(PL)", "PCPL"),
                                ("PC名(PL名)", "PCPL"), ("キャラ名(PL名)", "PCPL"), ("キャラクター名(PL名)", "PCPL"))),
    "declare_timeout_minutes": Option("ラウンド開始時の宣言を自動で締め切るまでの分数（0でKPが締め切るまで待つ）",
                                      "H-DEF-PARRY-01", minimum=0),
}

EDITION = "6"
"""Default of ``edition``: a channel rolls 6th-edition dice until the KP sets 7 (issue 20)."""

DECLARE_TIMEOUT_MINUTES = 0
"""Default of ``declare_timeout_minutes``: 0, the round-start declarations wait for every
answer or the KP's 「宣言を締め切る」; with N > 0 they close by themselves N minutes after the
round opened."""

SHEET_DEFAULTS = {"sheet_carry": True, "growth_cap": 99, "growth_critical": False, "growth_96": False,
                  "san_window": "EDITION", "san_fumble_max": "EDITION", "san_bout_no_loss": "EDITION",
                  "madness_table_temporary": "", "madness_table_indefinite": "", "madness_private": False,
                  "madness_time_temporary": "", "madness_time_indefinite": "", "madness_time_bout": "",
                  "voice_name": "PC", "skill_over_99": False}
"""The sheet side's settings: the carry of a battle's result (bot.sheets.carry), the
growth roll's cap and house variants (rules.coc6.growth.GrowthRules), and the SAN flow's
preset (rules.sanity.preset: ``EDITION`` and empty values follow the sheet's edition), the name a
character's spoken line is posted under (bot.sheets.voice), and whether a 6th sheet may hold a
skill over 99% (bot.sheets.limits)."""


def defaults(system_defaults: dict, reminder_minutes: int, autoskip_minutes: int) -> dict:
    """Every option with its default: the system's, then the bot-wide ones."""
    return {"edition": EDITION, "luck_spend": False, "secret_hidden_rolls": True, "chat_declarations": True,
            "chat_kp_for_players": False, "chat_reported_dice": False, "chat_context_target": False,
            **system_defaults, **SHEET_DEFAULTS,
            "turn_reminder_minutes": reminder_minutes, "turn_autoskip_minutes": autoskip_minutes,
            "declare_timeout_minutes": DECLARE_TIMEOUT_MINUTES}


def resolve(key: str, known: dict) -> str:
    """The option ``key`` names (an id or a Japanese alias); raises InvalidInput naming the
    options of ``known``."""
    name = ALIASES.get(key.strip(), key.strip())
    if name not in known:
        raise InvalidInput(f"設定項目「{key}」はありません。項目: {'、'.join(map(shown_name, known))}"
                           "（/kp setting で一覧と説明を表示します）")
    return name


def parse(key: str, raw: str, known: dict) -> tuple[str, object]:
    """``(key, value)`` for ``/kp setting key: value:``; raises InvalidInput naming the options."""
    name = resolve(key, known)
    default = known[name]
    option = OPTIONS.get(name)
    if isinstance(default, bool):
        return name, opt.boolean({"value": raw}, "value")
    if isinstance(default, int):
        value = opt.integer({"value": raw}, "value", name)
        if value is None or (option and value < option.minimum):
            raise InvalidInput(f"{shown_name(name)} には {option.minimum if option else 0} 以上の整数を指定してください。")
        return name, value
    value = unicodedata.normalize("NFKC", raw).strip().upper() if option and option.choices else raw.strip()
    if option and option.words:
        value = dict(option.words).get(value, value)
    if option and option.choices and value not in option.choices:
        raise InvalidInput(f"{shown_name(name)} に使える値: {'、'.join(option.choices)}")
    if name.startswith("madness_time_") and value:
        Duration.parse(value)  # refuses a length it cannot read (「1D10ラウンド」「1D10時間」「なし」)
    return name, value


def table_text(values: dict, defaults_: dict, sources: str = "") -> str:
    """The settings list: each key (its Japanese name first when it has one, which
    ``key:`` takes as well), its label, current value, default and clause; then
    ``sources``, the rule set's word on where unstated matters are settled."""
    lines = ["【KP設定】 /kp setting key:項目 value:値 で変更します（このチャンネルに保存。項目は日本語名でも英字名でも指定できます）。"]
    for key, default in defaults_.items():
        option = OPTIONS.get(key)
        label = f"{option.label}（{option.clause}）" if option else ""
        value = values.get(key, default)
        mark = "" if value == default else " ※変更済み"
        alias = japanese_name(key)
        name = f"{alias}（{key}）" if alias else key
        lines.append(f"・{name} = {_show(value)}（既定 {_show(default)}）{mark}　{label}")
    if sources:
        lines.append(sources)
    return "\n".join(lines)


_show = show_value


CHAT_DECLARATIONS = "chat_declarations"
"""The KP setting that turns chat declarations off and on per channel (on by default)."""
REPORTED_DICE = "chat_reported_dice"
"""The KP setting that lets a die reported in chat stand (off: the bot rolls its own, issue 26)."""
CONTEXT_TARGET = "chat_context_target"
"""The KP setting that lets a chat attack naming no target act on the context's one (issue 26)."""
KP_FOR_PLAYERS = "chat_kp_for_players"
"""The KP setting that lets the KP's chat lines act for the players' units (off by
default: a KP line about a PC's action is talk; on for tables playing by voice)."""


def chat_on(state) -> bool:
    """Whether chat declarations are on in this battle (the KP's ``chat_declarations``)."""
    return bool(state.settings.get(CHAT_DECLARATIONS, True))
