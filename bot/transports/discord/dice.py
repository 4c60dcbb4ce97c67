"""The dice cog: ``/roll`` (dice typed as chat are :mod:`bot.transports.discord.chat`)."""
from __future__ import annotations

from discord.ext import commands

from bot.transports.discord import slash


class Dice(commands.Cog):
    """``/roll`` — BCDice-style dice, usable in servers and DMs."""

    roll = slash.command("roll")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions)."""
    await bot.add_cog(Dice())
