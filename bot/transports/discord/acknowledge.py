"""Acknowledging an interaction at once: Discord waits only 3 seconds for the first response,
so every command and click is deferred before any database or CPU work, as private or
public as its answer will normally be (``Cmd.private`` in the spec; a button click is a
deferred update that shows nothing until its followups)."""
from __future__ import annotations

import logging

import discord

from bot.commands.spec import BY_PATH
from bot.transports.discord.delivery import EPHEMERAL
from bot.transports.discord.errors import describe

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062
"""Discord's error code for an interaction whose token has expired (answered too late)."""


def deferred_privately(command: str) -> bool:
    """Whether ``command`` (English path) is deferred ephemeral: its answer is normally
    private (an unknown path too: a refusal is private)."""
    cmd = BY_PATH.get(command)
    return cmd.private if cmd is not None else True


async def acknowledge(interaction: discord.Interaction, command: str) -> bool:
    """Defer ``interaction`` now; True when Discord accepted it (or it was already
    answered). False, with a log line, when Discord refused: then nothing must be done for
    it, since the user has already been told it failed (an expired interaction, 10062) and
    would repeat it."""
    response = interaction.response
    if response.is_done():
        return True
    try:
        if command == "button":
            await response.defer()
        else:
            private = deferred_privately(command)
            interaction.extras[EPHEMERAL] = private
            await response.defer(ephemeral=private, thinking=True)
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_INTERACTION:
            log.warning("%s expired before it could be acknowledged (Discord 10062); not run", describe(interaction))
        else:
            log.warning("could not acknowledge %s (Discord 404 %s): not run", describe(interaction), exc.code)
        return False
    except discord.HTTPException as exc:
        log.warning("could not acknowledge %s (Discord %s %s: %s): not run",
                    describe(interaction), exc.status, exc.code, exc.text)
        return False
    return True
