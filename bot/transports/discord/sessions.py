"""The sessions cog: the ``/session`` group (start, end, log)."""
from __future__ import annotations

from discord.ext import commands

from bot.transports.discord import slash


class Sessions(commands.Cog):
    """``/session …`` — one evening's play in a channel, its statistics and its log."""

    session = slash.group("session")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions)."""
    await bot.add_cog(Sessions())
