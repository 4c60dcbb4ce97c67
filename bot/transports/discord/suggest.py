"""Autocomplete for ``unit``, ``character``, ``weapon`` and ``table`` options.

Autocomplete runs without command checks, so suggestions come only from what the user may
already see: units and their weapons from ``/battle status`` as the service renders it for
this user (hidden NPCs' numbers and weapons are masked for everyone but the KP), characters
from the server's list (the user's own; a KP's first, then every other), plus the unarmed attacks everyone has.
"""
from __future__ import annotations

import dataclasses
import unicodedata
from typing import Awaitable, Callable

import discord
from discord import app_commands

from bot.transports.discord.requests import from_interaction
from rules.coc6.weapons import UNARMED_WEAPONS

MAX_CHOICES = 25
"""Discord shows at most 25 suggestions."""

Provider = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def choices(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 distinct ``names`` containing ``current`` (width and case folded), names
    starting with it first; each name and value at most 100 characters."""
    typed = _fold(current or "")
    seen: list[str] = []
    for name in names:
        if name and name not in seen and typed in _fold(name):
            seen.append(name)
    seen.sort(key=lambda n: not _fold(n).startswith(typed))
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in seen[:MAX_CHOICES]]


def _scope(interaction: discord.Interaction) -> str:
    return str(interaction.guild_id) if interaction.guild_id else "console"


async def combatants(interaction: discord.Interaction) -> list[dict]:
    """``data.combatants`` of ``/battle status`` as this user would see it: the copy
    addressed to them (the KP's unmasked one) or else the public one; [] without a battle in
    the channel. Read without the channel's lock (``BattleDesk.peek_status``): a slow command
    in the channel does not delay suggestions."""
    request = dataclasses.replace(from_interaction(interaction, "battle status", {}), request_id=None)
    boards = [r for r in await interaction.client.service.battle_desk.peek_status(request) if r.data and "combatants" in r.data]
    own = [r for r in boards if r.to == request.user]
    shown = own or [r for r in boards if not r.ephemeral]
    return shown[0].data["combatants"] if shown else []


async def units(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The units of the channel's active battle."""
    return choices([c["name"] for c in await combatants(interaction)], current)


async def characters(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The user's own saved characters; a KP's, then every other of the server."""
    request = dataclasses.replace(from_interaction(interaction, "char list", {}), request_id=None)
    names = await interaction.client.service.sheets.character_names(request)
    return choices(names, current)


async def weapons(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The weapons of the acting unit (``as:`` if given, else the user's own unit in the
    battle) and the unarmed attacks."""
    rows = await combatants(interaction)
    acting = getattr(interaction.namespace, "as", None)
    if not acting:
        scope, user = _scope(interaction), str(interaction.user.id)
        mine = set(await interaction.client.service.characters.owned(scope, user))
        acting = next((c["name"] for c in rows if c["name"] in mine), None)
    row = next((c for c in rows if c["name"] == acting), None)
    carried = [w["name"] for w in (row or {}).get("weapons", []) if not w.get("broken")]
    return choices(carried + [w.name for w in UNARMED_WEAPONS], current)


async def tables(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's tables (and a 7th channel's BCDice tables)."""
    names = await interaction.client.service.sanity.tables.names(_scope(interaction), str(interaction.channel_id))
    return choices(names, current)


PROVIDERS: dict[str, Provider] = {"unit": units, "character": characters, "weapon": weapons, "table": tables}
"""Autocomplete providers by the spec's ``Opt.autocomplete`` kind."""
