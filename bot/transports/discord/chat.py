"""Chat dice: a plain message whose first word is a dice command is rolled (needs the
message-content intent); other chat gets no reply. Secret rolls show only a notice in the
channel; the result goes to the roller and the KP by DM."""
from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.transports.discord import reopen
from bot.transports.discord.delivery import post
from bot.transports.discord.requests import from_message

log = logging.getLogger(__name__)

MAX_CHAT = 2000
"""Longer messages (Nitro allows 4,000 characters) are not dice commands."""

PEOPLES_TYPES = frozenset({discord.MessageType.default, discord.MessageType.reply})
"""The message types a person writes; every other type is a system message (a thread
created or renamed carries its name as content: 「ターン終了」 must not end a turn)."""


def is_chat(message: discord.Message) -> bool:
    """Whether ``message`` is a person's chat line: type default or reply, not from a bot,
    a webhook or the system, not ephemeral, with text of at most :data:`MAX_CHAT`."""
    if message.type not in PEOPLES_TYPES or message.flags.ephemeral:
        return False
    if message.author.bot or message.author.system or message.webhook_id:
        return False
    return 0 < len(message.content) <= MAX_CHAT


class ChatDice(commands.Cog):
    """Rolls dice commands typed as ordinary messages."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Send a person's chat line (:func:`is_chat`) through the service, which answers a
        roll once per message id (also across restarts and processes: bot.sheets.dice_desk.DiceDesk.first_delivery).
        A line still in flight when a stop began is answered while the stop waits; one
        that comes after that is not taken: the next start reads it back
        (bot.transports.discord.catch_up), and answers the lines written while the bot was
        stopped before any live one of their channel."""
        if not is_chat(message) or (getattr(self.bot, "closing", False) and not getattr(self.bot, "draining", False)):
            return
        with self.bot.working():
            await self.bot.catch_up.settled(message.channel.id)
            if self.bot.catch_up.first_time(message.id):
                await self.answer(message)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Connected: read back the chat written while the bot was stopped (once)."""
        self.bot.catch_up.start(self.answer, is_chat)

    async def answer(self, message: discord.Message) -> None:
        """Answer the chat line ``message`` (live, or read back after a stop), keeping
        where the channel's chat was read up to (bot.transports.discord.catch_up.ChatLedger)."""
        self.bot.ledger.took(message)
        try:
            await self._handle(message)
        finally:
            self.bot.ledger.finished(message)

    async def _handle(self, message: discord.Message) -> None:
        try:
            if isinstance(message.channel, discord.PartialMessageable) and message.guild is not None:
                await reopen.reopen(self.bot, message.channel.id)  # a thread not known open: just unarchived?
            else:
                await reopen.settled(self.bot, message.channel.id)
            replies = await self.bot.service.handle(from_message(message))
            if any(r.voice for r in replies):  # spoken as a character (issue 31): the webhook's queue
                await self.bot.voice_poster.deliver(message, replies)
                return
            posted = await post(self.bot, message.channel, replies, reply_to=message)
            if posted.failed and not posted.closed:
                log.warning("%d reply(ies) to message %s in channel %s not posted (network or Discord 5xx)",
                            len(posted.failed), message.id, message.channel.id)
        except Exception:
            log.exception("chat message %s in channel %s failed", message.id, message.channel.id)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(ChatDice(bot))
