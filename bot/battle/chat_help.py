"""``/help`` (issue 21): in a battle, what the speaker can type right now, with phrasings
of their units' choices that the grammar reads in this battle (rules.chat.help); outside a
battle, the commands and the chat forms."""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.render.chat_forms import CHAT_FORMS, CHAT_FORMS7
from bot.render.reference import ACTIONS, DOCS_PATH, GROUP_TITLES, command_groups
from bot.render.reply import Reply, clip
from rules.chat import read
from rules.chat.help import moment_lines, waiting_lines
from rules.dice.editions import COC7
from bot.sheets.edition import from_setting

if TYPE_CHECKING:
    from bot.battle.chat_play import ChatTable
    from bot.commands.request import Request

IN_BATTLE_FOOTER = ("コマンドでも同じことができます（/attack /react /declare /end /check …）。"
                    "書き方に迷ったら、ボタンか番号で選べる質問が届きます。")


def command_lines() -> list[str]:
    """The commands, grouped by their first word as the reference groups them
    (bot.render.reference): ``/battle（戦闘）: new 作成・join 参加・…``; the one-word commands
    of a battle's turn on one line (``戦闘中の行動: /attack（攻撃）・/react（対応）・…``); then
    where the whole reference is (docs/commands.md)."""
    lines, actions, at = ["【コマンド】"], [], 0
    for first, ja, cmds in command_groups():
        subs = [f"{cmd.path.partition(' ')[2]} {cmd.ja.partition(' ')[2]}" for cmd in cmds if " " in cmd.path]
        if not subs and first not in GROUP_TITLES:
            if not actions:  # the line of the actions, where the first of them stands; filled below
                at = len(lines)
                lines.append("")
            actions.append(f"/{first}（{ja}）")
            continue
        lines.append(f"/{first}（{ja}）" + (f": {'・'.join(subs)}" if subs else ""))
    if actions:
        lines[at] = f"{ACTIONS}: {'・'.join(actions)}"
    lines.append(f"オプション・設定まで全部の一覧: {DOCS_PATH}（ボットのリポジトリ）")
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
