"""Persistent buttons: every button the bot sends is a :class:`BattleButton`, a
``DynamicItem`` whose custom id (``cb:<battle>:<key>:<choice>``, see
:mod:`bot.render.buttons`) carries all it needs, so a click on a message sent before a
restart still works. The service re-checks every click against the database.
"""
from __future__ import annotations

import re

import discord

from bot.render import buttons as ids
from bot.render.reply import Button

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
"""``Button.style`` names to discord.py styles (unknown names fall back to secondary)."""

MAX_BUTTONS = 25
"""Discord shows at most 5 rows of 5 buttons."""


class BattleButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PATTERN):
    """A button whose click becomes ``Request(command="button", options={"custom_id": …})``
    through ``bot.answer``; the reply (or a refusal, or the stale-button message) goes back
    to the clicker."""

    def __init__(self, custom_id: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label[:80] or "…", style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> "BattleButton":
        """Rebuild the button from a clicked message (``item`` is the message's button)."""
        label = getattr(item, "label", None) or "…"
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(match.string, label, style)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot (see ``CocBot.answer``)."""
        await interaction.client.answer(interaction, "button", {"custom_id": self.custom_id})


def make_view(buttons: tuple[Button, ...]) -> discord.ui.View | None:
    """A view of persistent buttons (no timeout) for ``buttons``, or None when there are
    none. Buttons whose custom id is not one of ours are left out (Discord would never route
    them back)."""
    view = discord.ui.View(timeout=None)
    for button in buttons[:MAX_BUTTONS]:
        if ids.PATTERN.fullmatch(button.custom_id):
            view.add_item(BattleButton(button.custom_id, button.label,
                                       STYLES.get(button.style, discord.ButtonStyle.secondary)))
    return view if view.children else None
