"""The Japanese names of the ``/kp setting`` options (``版`` for ``edition``): what ``key:``
accepts besides the English id, and what every message shows instead of the id."""
from __future__ import annotations

ALIASES = {"幸運消費": "luck_spend", "幸運の消費": "luck_spend", "版": "edition", "ダイスの版": "edition", "エディション": "edition", "サプリメント": "supplements", "判定": "dice", "ショック": "shock", "貫通": "impale", "受け流し宣言": "parry_free_at", "スペシャル": "special",
           "銃器回避": "dodge_firearms", "攻撃回数別": "separate_attack_counts", "盾2回": "invictus_shields", "身代わり": "substitute_parry",
           "受け流し減少": "parry_step", "武道2倍": "budo_double", "硬い床": "hard_floor",
           "流派": "budo_styles", "特徴": "traits", "席順": "seating", "集団攻撃": "group_attack",
           "有利": "advantaged", "不利": "disadvantaged", "割り込み確認": "interrupt_ask",
           "区域間距離": "area_distance", "負傷表": "injury_thresholds", "負傷スタミナ減少": "injury_stamina_loss",
           "シークレット": "secret_hidden_rolls", "リマインド": "turn_reminder_minutes",
           "自動スキップ": "turn_autoskip_minutes", "チャット宣言": "chat_declarations",
           "チャット": "chat_declarations", "宣言締切": "declare_timeout_minutes",
           "KP代理宣言": "chat_kp_for_players", "代理宣言": "chat_kp_for_players",
           "申告ダイス": "chat_reported_dice", "申告の出目": "chat_reported_dice",
           "文脈の対象": "chat_context_target", "文脈ターゲット": "chat_context_target",
           "シート反映": "sheet_carry", "成長上限": "growth_cap", "クリティカル成長": "growth_critical",
           "96成長": "growth_96", "防御クリティカル減少": "block_melee_critical",
           "盾の射撃防御": "shield_missile_chance", "受け流しファンブルダメージ": "parry_fumble_damage",
           "カバーリング基本ガード": "cover_basic_guard", "セーフティ下限": "safety_floor",
           "腕の半減技能": "arm_skills", "脚の半減技能": "leg_skills", "同じ急所": "same_vital",
           "不定の狂気の期間": "san_window", "SAN期間": "san_window", "SANファンブル最大": "san_fumble_max",
           "発作中SAN減少なし": "san_bout_no_loss", "一時的狂気表": "madness_table_temporary",
           "不定の狂気表": "madness_table_indefinite", "狂気表を秘匿": "madness_private",
           "一時的狂気の長さ": "madness_time_temporary", "不定の狂気の長さ": "madness_time_indefinite",
           "狂気の発作の長さ": "madness_time_bout",
           "発言者名": "voice_name", "なりきり名": "voice_name",
           "故障ナンバー": "malfunction", "銃の故障": "malfunction", "技能99超え": "skill_over_99"}
"""``{Japanese name: option id}``; the first name of an option is the one messages show."""


def japanese_name(key: str) -> str | None:
    """The first Japanese alias of the option ``key`` in :data:`ALIASES` (``chat_declarations``
    → ``チャット宣言``), or None when it has none."""
    return next((alias for alias, name in ALIASES.items() if name == key), None)


def shown_name(key: str) -> str:
    """The name a message shows for the option ``key``: its Japanese name (``edition`` →
    ``版``), or ``key`` itself for an option without one."""
    return japanese_name(key) or key


def show_value(value) -> str:
    """A setting's value as the KP reads it: オン/オフ for a flag, なし when empty."""
    if isinstance(value, bool):
        return "オン" if value else "オフ"
    if value in ("", [], {}):
        return "なし"
    return str(value)
