"""The cog that runs the turn-deadline dispatcher (bot.battle.reminders) inside the Discord bot:
started when the extension loads (after ``setup_hook`` opened the store, so deadlines are
re-armed at start-up), stopped when it unloads."""
from __future__ import annotations

import asyncio
import contextlib
import logging

from discord.ext import commands

from bot.store.keeper import Deadline
from bot.transports.discord.delivery import post_to
from bot.battle import reminders
from bot.battle.reminders import Dispatcher
from bot.render.reply import Reply

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    """Posts turn reminders (a new message, so the mention pings) and auto-skips."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.dispatcher = Dispatcher(bot.service.deadlines, self.send, gave_up=self.gave_up)
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
        edits of the remembered board first, tagged messages remembered, private ones by DM).
        Public messages Discord's 5xx or the network kept out are tried again, in order,
        after :data:`~bot.battle.reminders.DELIVERY_BACKOFF`, up to
        :data:`~bot.battle.reminders.MAX_ATTEMPTS` times; then they are given up with one log
        line and kept for the KP (:mod:`bot.transports.discord.missed`). A channel closed to
        the bot ends here (the battle was suspended or held)."""
        waiting = replies
        for attempt in range(1, reminders.MAX_ATTEMPTS + 1):
            posted = await post_to(self.bot, int(channel_id), waiting)
            if posted.closed or not posted.failed:
                return
            waiting = posted.failed
            if attempt < reminders.MAX_ATTEMPTS:
                await asyncio.sleep(reminders.DELIVERY_BACKOFF[min(attempt, len(reminders.DELIVERY_BACKOFF)) - 1])
        log.error("%d message(s) for channel %s not delivered after %d attempts; given up, kept for the KP",
                  len(waiting), channel_id, reminders.MAX_ATTEMPTS)
        self.bot.missed.note(channel_id, waiting)

    async def gave_up(self, deadline: Deadline, replies: list[Reply]) -> None:
        """A deadline's messages never went out (its channel could not even be reached):
        keep them for the KP."""
        self.bot.missed.note(deadline.channel, replies)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions.EXTENSIONS)."""
    await bot.add_cog(Reminders(bot))
