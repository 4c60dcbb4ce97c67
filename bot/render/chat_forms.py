"""The ways to declare and roll in chat, as players read them: one list that ``/help``
shows outside a battle (bot.battle.chat_help) and the command reference prints
(bot.render.reference, docs/commands.md)."""
from __future__ import annotations

STATUS_FORMS = ("ステータス: 「:HP-3」「:MP+2」「:HP=10」「.st hp-1」（KPは「:アリス:HP-3」）、KPの「1時間経過」「1ラウンド経過」",
                "表: 「表登録」の次の行からBCDiceの表（名前・ダイス・「出目:内容」）を貼る（/table add でも登録できます）")
"""The sheet's status lines and the tables, alike in both editions."""

CHAT_FORMS = (
    "【チャットの書き方】",
    "ダイス: 「CCB<=70 〈目星〉」「1D100」「2D6+1D4」（シークレットは頭にS）",
    "戦闘中の宣言は、そのまま書けば読み取ります（前置きやひとことが付いても大丈夫です）:",
    "  対応: 「回避」「ナイフで受け流し」「くっ、防御！」「なし」",
    "  手番: 「ゾンビ1をこぶしで攻撃」「ゾンビ1を殴る」「C4へ移動」「ボブに応急手当」「ターン終了」",
    "  行動してから手番を終える: 「ゾンビ1をこぶしで殴ってターン終了」「ゾンビ1を撃って、以上」"
    "（相手の対応が済んでから終わります）",
    "  パレット: 手番に「CCB<=50 【キック】 ゾンビ1」（相手を書かなければボタンで尋ねます）、"
    "対応を尋ねられたら「CCB<=28 【回避】」",
    "  ラウンドのはじめ: 「回避に集中」「ゾンビ1に受け流しを宣言」「宣言しない」",
    "  KP: 「ゾンビ1：アリスを攻撃」「ゾンビ1は回避」",
    "宣言にならないもの: 質問（？付き）、「> 」で始まる引用、「次は攻撃しよう」のような予定。",
    "正気度: 「SANチェック 1/1D6」「.sc 1/1d6」、パレットの「CCB<={SAN} 【正気度ロール】」の後に「1d3」か「:SAN-1D3」",
    *STATUS_FORMS,
)
"""The chat forms: a heading, then one line per form (an indented line belongs to the
line above it); shown outside a battle and under the moment's help."""

CHAT_FORMS7 = (
    "【チャットの書き方（7版）】",
    "ダイス: 「CC<=70 〈目星〉」「CC(1)<=50」（ボーナス・ダイス1）「CC<=50h」（ハード）「1D100」（シークレットは頭にS）",
    "判定のあと: 失敗したら「プッシュ」（KPが失敗したときの結果を告げてから振り直し。「プッシュ：棚を全部調べる」のように理由も）、"
    "「幸運を消費」（足りない分の幸運で成功に。KPが /kp setting key:幸運消費 value:on にしたとき）",
    "対抗ロール: 「対抗ロール STR 警備員」「警備員とSTRで対抗ロール」「隠密で警備員の目星と対抗ロール」（シートのない相手は「対抗ロール STR 警備員 60」）",
    "正気度ロール: 「SANチェック 1/1D6」、パレットの「CC<={SAN} 【正気度ロール】」の後に「1d3」か「:SAN-1D3」",
    *STATUS_FORMS,
    "7版の戦闘（/battle new system:coc7）の宣言は、そのまま書けば読み取ります:",
    "  対応: 「応戦」「ナイフで応戦」「回避」「なし」",
    "  手番: 「ゾンビ1をナイフで攻撃」「ゾンビ1を撃ってターン終了」「C4へ移動」「ボブに応急手当」「ターン終了」",
    "  マヌーバー: 「マヌーバーでゾンビ1に組み付く」「ゾンビ1を転倒させる」「ゾンビ1のナイフを叩き落とす」"
    "「振りほどく」（組み付かれたとき）",
    "  いつでも: 「身を投げ出す」（銃撃に備えて）、手番に「銃を構える」「装填」",
    "  KP: 「ゾンビ1：アリスを攻撃」「ゾンビ1は応戦」",
    "宣言にならないもの: 質問（？付き）、「> 」で始まる引用、「次は攻撃しよう」のような予定。",
)
"""The chat forms of a 7th-edition channel (issue 30)."""
