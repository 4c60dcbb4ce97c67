"""A thread open again (issue 28): Discord unarchives an archived thread when anyone writes
in it or reopens it, and the battle suspended by its archiving (bot.transports.discord.places)
resumes by itself where it stood; the thread is told how to resume it when it cannot. A chat
line in the thread waits for the resumption (:func:`settled`), so that the line that
unarchived the thread is read in the resumed battle, whichever of the two events came first."""
from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from bot.render.reply import public
from bot.transports.discord.delivery import post_to
from rules.errors import InvalidInput

log = logging.getLogger(__name__)


NOT_REOPENED = "このスレッドの戦闘は中断したままです。{reason}\nKPが /battle reopen で再開できます。"
"""Posted in a thread open again whose battle could not resume by itself."""


async def reopen(client: discord.Client, channel_id: int) -> None:
    """Resume the battle suspended in the thread ``channel_id``, open again (issue 28):
    bot.battle.places.Places.unarchived, its replies posted there; when it cannot resume,
    the thread is told how to (:data:`NOT_REOPENED`). One resumption per thread at a time,
    which a chat line there waits for (:func:`settled`), so that the line that unarchived
    the thread is read in the resumed battle."""
    reopening = client.reopening
    task = reopening.get(channel_id)
    if task is None:
        task = reopening[channel_id] = asyncio.ensure_future(_reopen(client, channel_id))
        task.add_done_callback(lambda _t: reopening.pop(channel_id, None))
    await asyncio.shield(task)


async def settled(client: discord.Client, channel_id: int) -> None:
    """Wait for a resumption of ``channel_id``'s battle under way (:func:`reopen`)."""
    task = getattr(client, "reopening", {}).get(channel_id)
    if task is not None:
        await asyncio.shield(task)


async def _reopen(client: discord.Client, channel_id: int) -> None:
    try:
        replies = await client.service.places.unarchived(str(channel_id))
    except InvalidInput as exc:
        replies = [public(NOT_REOPENED.format(reason=exc))]
    except Exception:  # noqa: BLE001 - a failed resumption leaves the battle suspended, /battle reopen still works
        log.exception("could not resume the battle of thread %s", channel_id)
        replies = [public(NOT_REOPENED.format(reason="自動で再開できませんでした。"))]
    if replies:
        log.info("battle in thread %s resumed: the thread is open again", channel_id)
        await post_to(client, channel_id, replies)


class Reopening(commands.Cog):
    """Resumes a thread's suspended battle when the thread is open again."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread updated while not archived (unarchived, renamed …): resume its battle
        if one is suspended there."""
        if not payload.data.get("thread_metadata", {}).get("archived"):
            await reopen(self.bot, payload.thread_id)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions.EXTENSIONS)."""
    await bot.add_cog(Reopening(bot))
