"""The ways to declare and roll in chat, as players read them: one list that ``/help``
shows outside a battle (bot.battle.chat_help) and the command reference prints
(bot.render.reference, docs/commands.md)."""
from __future__ import annotations

CHAT_FORMS = (
    "【チャットの書き方】",
    "ダイス: 「CCB<=70 〈目星〉」「1D100」「2D6+1D4」（シークレットは頭にS）",
    "戦闘中の宣言は、そのまま書けば読み取ります（前置きやひとことが付いても大丈夫です）:",
    "  対応: 「回避」「ナイフで受け流し」「くっ、防御！」「なし」",
    "  手番: 「ゾンビ1をこぶしで攻撃」「C4へ移動」「ボブに応急手当」「ターン終了」",
    "  ラウンドのはじめ: 「回避に集中」「ゾンビ1に受け流しを宣言」「宣言しない」",
    "  KP: 「ゾンビ1：アリスを攻撃」「ゾンビ1は回避」",
    "宣言にならないもの: 質問（？付き）、「> 」で始まる引用、「次は攻撃しよう」のような予定。",
)
"""The chat forms: a heading, then one line per form (an indented line belongs to the
line above it)."""
