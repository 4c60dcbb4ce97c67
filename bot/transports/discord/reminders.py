"""The cog that runs the turn-deadline dispatcher (bot.battle.reminders) inside the Discord bot:
started when the extension loads (after ``setup_hook`` opened the store, so deadlines are
re-armed at start-up), stopped when it unloads."""
from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from bot.transports.discord import places
from bot.transports.discord.delivery import post
from bot.battle.reminders import Dispatcher
from bot.render.reply import Reply

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    """Posts turn reminders (a new message, so the mention pings) and auto-skips."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.dispatcher = Dispatcher(bot.service, self.send)
        self.task: asyncio.Task | None = None

    async def cog_load(self) -> None:
        """Start the dispatcher: deadlines already in the database are re-armed now."""
        self.task = asyncio.create_task(self.dispatcher.run(), name="turn-deadlines")

    async def cog_unload(self) -> None:
        """Stop the dispatcher and wait for it, before the bot closes the store."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def send(self, channel_id: str, replies: list[Reply]) -> None:
        """Post ``replies`` in the channel as chat replies are posted (bot.transports.discord.delivery:
        edits of the remembered board first, tagged messages remembered, private ones by DM)."""
        try:
            channel = self.bot.get_channel(int(channel_id)) or await self.bot.fetch_channel(int(channel_id))
        except ValueError as exc:
            log.warning("deadline channel %s unavailable: %s", channel_id, exc)
            return
        except discord.HTTPException as exc:
            log.warning("deadline channel %s unavailable: %s", channel_id, exc)
            await places.refused(self.bot, int(channel_id), exc)
            return
        await post(self.bot, channel, replies)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions.EXTENSIONS)."""
    await bot.add_cog(Reminders(bot))
