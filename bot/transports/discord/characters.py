"""The characters cog: the ``/char`` group (new, set, weapon, show, list, delete, import)."""
from __future__ import annotations

from discord.ext import commands

from bot.transports.discord import slash


class Characters(commands.Cog):
    """``/char …`` — the server's saved characters."""

    char = slash.group("char")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions)."""
    await bot.add_cog(Characters())
