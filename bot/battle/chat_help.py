"""``/help`` (issue 21): in a battle, what the speaker can type right now, with phrasings
of their units' choices that the grammar reads in this battle (rules.chat.help); outside a
battle, the commands and the chat forms."""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.commands.spec import COMMANDS
from bot.render.reply import Reply, clip
from rules.chat import read
from rules.chat.help import moment_lines, waiting_lines
from rules.dice.editions import COC7
from bot.sheets.edition import from_setting

if TYPE_CHECKING:
    from bot.battle.chat_play import ChatTable
    from bot.commands.request import Request

STATUS_FORMS = ("ステータス: 「:HP-3」「:MP+2」「:HP=10」「.st hp-1」（KPは「:アリス:HP-3」）、KPの「1時間経過」「1ラウンド経過」",
                "表: 「表登録」の次の行からBCDiceの表（名前・ダイス・「出目:内容」）を貼る（/table add でも登録できます）")
"""The sheet's status lines and the tables, alike in both editions."""

CHAT_FORMS = (
    "【チャットの書き方】",
    "ダイス: 「CCB<=70 〈目星〉」「1D100」「2D6+1D4」（シークレットは頭にS）",
    "戦闘中の宣言は、そのまま書けば読み取ります（前置きやひとことが付いても大丈夫です）:",
    "  対応: 「回避」「ナイフで受け流し」「くっ、防御！」「なし」",
    "  手番: 「ゾンビ1をこぶしで攻撃」「C4へ移動」「ボブに応急手当」「ターン終了」",
    "  ラウンドのはじめ: 「回避に集中」「ゾンビ1に受け流しを宣言」「宣言しない」",
    "  KP: 「ゾンビ1：アリスを攻撃」「ゾンビ1は回避」",
    "宣言にならないもの: 質問（？付き）、「> 」で始まる引用、「次は攻撃しよう」のような予定。",
    "正気度: 「SANチェック 1/1D6」「.sc 1/1d6」、パレットの「CCB<={SAN} 【正気度ロール】」の後に「1d3」か「:SAN-1D3」",
    *STATUS_FORMS,
)
"""The chat forms, shown outside a battle and under the moment's help."""

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
    "  手番: 「ゾンビ1をナイフで攻撃」「マヌーバーでゾンビ1に組み付く」「C4へ移動」「ボブに応急手当」「ターン終了」",
    "  いつでも: 「身を投げ出す」（銃撃に備えて）、手番に「銃を構える」「装填」",
    "  KP: 「ゾンビ1：アリスを攻撃」「ゾンビ1は応戦」",
    "宣言にならないもの: 質問（？付き）、「> 」で始まる引用、「次は攻撃しよう」のような予定。",
)
"""The chat forms of a 7th-edition channel (issue 30)."""

IN_BATTLE_FOOTER = ("コマンドでも同じことができます（/attack /react /declare /end /check …）。"
                    "書き方に迷ったら、ボタンか番号で選べる質問が届きます。")


def command_lines() -> list[str]:
    """The commands, grouped by their first word: ``/battle（戦闘）: new 作成, …``."""
    groups: dict[str, list[str]] = {}
    heads: dict[str, str] = {}
    for cmd in COMMANDS:
        first, _, rest = cmd.path.partition(" ")
        heads.setdefault(first, cmd.ja.split(" ")[0])
        groups.setdefault(first, []).append(rest or "")
    lines = ["【コマンド】"]
    for first, subs in groups.items():
        names = [s for s in subs if s]
        tail = f": {', '.join(names)}" if names else ""
        lines.append(f"/{first}（{heads[first]}）{tail}")
    return lines


async def help_replies(table: "ChatTable", req: "Request") -> list[Reply]:
    """The private ``/help`` answer for ``req.user`` in ``req.channel``."""
    found = await table.chat_context(req)
    if found is None:
        stored = await table.battles.store.keeper.channel_settings(req.channel)
        forms = CHAT_FORMS7 if from_setting(stored.get("edition")) == COC7 else CHAT_FORMS
        text = "\n".join([*command_lines(), "", *forms])
        return [Reply(text=clip(text), ephemeral=True, to=req.user)]
    ctx = found
    lines = moment_lines(ctx, read)
    head = "【いま書けること】" if lines else "【いま書けること】あなたが答える問いはありません。"
    if not lines:
        lines = waiting_lines(ctx, read)
    text = "\n".join([head, *lines, "", IN_BATTLE_FOOTER])
    return [Reply(text=clip(text), ephemeral=True, to=req.user)]
