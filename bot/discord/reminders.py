"""The cog that runs the turn-deadline dispatcher (bot.reminders) inside the Discord bot:
started when the extension loads (after ``setup_hook`` opened the store, so deadlines are
re-armed at start-up), stopped when it unloads."""
from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from bot.discord.delivery import send_dm
from bot.discord.messages import send_kwargs
from bot.reminders import Dispatcher
from bot.render.reply import Reply

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    """Posts turn reminders (a new message, so the mention pings) and auto-skips."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.dispatcher = Dispatcher(bot.service, self.send)
        self.task: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self.task = asyncio.create_task(self.dispatcher.run(), name="turn-deadlines")

    async def cog_unload(self) -> None:
        """Stop the dispatcher and wait for it, before the bot closes the store."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def send(self, channel_id: str, replies: list[Reply]) -> None:
        """Post ``replies`` in the channel: private ones by DM, edits to the remembered
        message (no ping), tagged messages remembered for a later edit."""
        try:
            channel = self.bot.get_channel(int(channel_id)) or await self.bot.fetch_channel(int(channel_id))
        except (ValueError, discord.HTTPException) as exc:
            log.warning("deadline channel %s unavailable: %s", channel_id, exc)
            return
        for reply in replies:
            try:
                if reply.ephemeral:
                    await send_dm(self.bot, reply.to or "", reply)
                elif reply.edit:
                    message_id = await self.bot.service.message_for(channel_id, reply.edit)
                    if message_id:
                        await channel.get_partial_message(int(message_id)).edit(
                            content=reply.text, allowed_mentions=discord.AllowedMentions.none())
                else:
                    message = await channel.send(**send_kwargs(reply))
                    if reply.tag:
                        await self.bot.service.message_sent(channel_id, reply.tag, str(message.id))
            except discord.HTTPException as exc:
                log.warning("could not post a deadline reply in %s: %s", channel_id, exc)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.discord.extensions.EXTENSIONS)."""
    await bot.add_cog(Reminders(bot))
