"""The one error mapper: every failure of a slash command, autocomplete or button becomes a
polite Japanese ephemeral message, and is logged with its context."""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.transports.discord.delivery import ANSWERED, tell
from bot.transports.discord.slash import RefusedValue

log = logging.getLogger(__name__)

UNEXPECTED = ("エラーが発生しました。申し訳ありません。/battle status で状況を確認してから、"
              "もう一度お試しください。")
OUT_OF_SYNC = ("このコマンドの定義がボットと合っていません。管理者に `python -m bot sync` "
               "の実行を頼んでください。")
BAD_VALUE = "オプションの値が正しくありません。入力を確認してもう一度お試しください。"
NOT_HERE = "このコマンドはここでは使えません。"
AFTER_ANSWER = ("⚠ 結果は上のとおり保存・表示済みですが、そのあとの処理（通知など）でエラーが発生しました。"
                "もう一度実行する必要はありません。/battle status で状況を確認できます。")
"""Told, in a new private message, for an error after the answer was shown (issue 28)."""

_EXPECTED = {
    app_commands.CommandSignatureMismatch: OUT_OF_SYNC,
    app_commands.CommandNotFound: OUT_OF_SYNC,
    app_commands.TransformerError: BAD_VALUE,
    app_commands.CheckFailure: NOT_HERE,
    RefusedValue: BAD_VALUE,
}


def user_message(error: Exception) -> str:
    """The Japanese text shown for ``error``."""
    if isinstance(error, RefusedValue):
        return str(error)
    for kind, text in _EXPECTED.items():
        if isinstance(error, kind):
            return text
    return UNEXPECTED


def describe(interaction: discord.Interaction) -> str:
    """Who did what where, for the log (ids only, no message content)."""
    data = interaction.data or {}
    what = data.get("name") or data.get("custom_id") or interaction.type.name
    return (f"{what!r} by user {interaction.user.id} in channel {interaction.channel_id} "
            f"(guild {interaction.guild_id}, interaction {interaction.id})")


async def report(interaction: discord.Interaction, error: Exception) -> None:
    """Log ``error`` with the interaction's context and tell the user (ephemeral). An
    autocomplete gets an empty list; an interaction Discord no longer accepts is only
    logged. After the answer was shown, the error comes in a new message
    (:data:`AFTER_ANSWER`), never in place of the answer."""
    if isinstance(error, tuple(_EXPECTED)):
        log.info("refused %s: %s", describe(interaction), error)
    else:
        original = getattr(error, "original", error)
        log.error("error in %s", describe(interaction), exc_info=original)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        elif interaction.extras.get(ANSWERED) and not isinstance(error, tuple(_EXPECTED)):
            await tell(interaction, AFTER_ANSWER)  # the answer stays; repeating would do it twice
        else:
            await tell(interaction, user_message(error))
    except discord.HTTPException as exc:
        log.warning("could not tell the user about the error in %s: %s", describe(interaction), exc)
