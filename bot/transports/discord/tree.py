"""The command tree: routes every app-command and autocomplete error to
:func:`bot.transports.discord.errors.report`."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.transports.discord.errors import report


class BotTree(app_commands.CommandTree):
    """A ``CommandTree`` whose ``on_error`` is the bot's one error mapper."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Answer ``error`` politely in Japanese (ephemeral) and log it with context."""
        await report(interaction, error)
