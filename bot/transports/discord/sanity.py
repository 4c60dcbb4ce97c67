"""The SAN flow's cog: the ``/san`` group (loss, time, state) and the ``/table`` group (add,
list, show, remove, roll); their chat lines come through :mod:`bot.transports.discord.chat`."""
from __future__ import annotations

from discord.ext import commands

from bot.transports.discord import slash


class Sanity(commands.Cog):
    """``/san …`` and ``/table …`` — the SAN flow and the server's own tables."""

    san = slash.group("san")
    table = slash.group("table")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions)."""
    await bot.add_cog(Sanity())
