"""The battle cog: the ``/battle`` group and the turn commands a player types in a fight."""
from __future__ import annotations

from discord.ext import commands

from bot.transports.discord import slash


class Battle(commands.Cog):
    """``/battle …`` and ``/attack``, ``/react``, ``/declare``, ``/spell``, ``/end``, ``/wait``,
    ``/escape``, ``/move``, ``/check``; ``/help`` (what one can type now in the fight)."""

    battle = slash.group("battle")
    attack = slash.command("attack")
    react = slash.command("react")
    declare = slash.command("declare")
    spell = slash.command("spell")
    end = slash.command("end")
    wait = slash.command("wait")
    escape = slash.command("escape")
    move = slash.command("move")
    check = slash.command("check")
    help = slash.command("help")


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions)."""
    await bot.add_cog(Battle())
