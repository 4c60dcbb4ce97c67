"""The keeper cog: the ``/kp`` group (set, place, object, override, allow, undo, redo, skip,
order, setting, role, handover)."""
from __future__ import annotations

from discord.ext import commands

from bot.transports.discord import slash


class Keeper(commands.Cog):
    """``/kp …`` — the KP's tools."""

    kp = slash.group("kp")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions)."""
    await bot.add_cog(Keeper())
