"""More choices than one message's 25 buttons (issue 28): a question with 26 or more (a
parry with any of thirty weapons) shows them in select menus of 25 options each, four to a
message, the way to decline (「なし」「宣言しない」…) kept as a button beside them; a question
past a message's menus continues in more messages, so no choice is ever cut.

Every menu is a :class:`ChoiceMenu`, a ``DynamicItem`` like the buttons
(:mod:`bot.transports.discord.buttons`): an option's value is the custom id its button
would have had, so choosing it is the click of that button for the service (which
re-checks it) and still works after a restart.
"""
from __future__ import annotations

import re

import discord

from bot.render import buttons as ids
from bot.render.reply import Button
from bot.transports.discord.buttons import MAX_BUTTONS, BattleButton, STYLES, make_view

MENU_OPTIONS = 25
"""Discord's limit on the options of one select menu."""

ROWS = 5
"""Discord's limit on the rows of one message (a select menu fills a row)."""

DECLINES = frozenset({"none", "no_declare", "no_declare_on"})
"""Choice codes of the ways to decline (「なし」「宣言しない」「以後宣言しない」): buttons beside the
menus, never inside one."""


class ChoiceMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"cm:(?P<n>\d{1,4})"):
    """Select menu ``n`` of a message (custom id ``cm:<n>``) whose options' values are the
    custom ids of the choices' buttons; choosing one runs ``bot.answer(interaction,
    "button", {"custom_id": value})``, as a click on that button does."""

    def __init__(self, n: int, options: list[discord.SelectOption], placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=f"cm:{n}", options=options, placeholder=placeholder[:150] or None,
                                           min_values=1, max_values=1))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> "ChoiceMenu":
        """Rebuild the menu from the message it is on (``item`` is its select)."""
        return cls(int(match["n"]), list(getattr(item, "options", [])), getattr(item, "placeholder", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the chosen option to the bot as the click of its button."""
        chosen = self.item.values[0] if self.item.values else ""
        await interaction.client.answer(interaction, "button", {"custom_id": chosen})


def chosen(data: dict) -> str:
    """The custom id a component interaction's ``data`` answers with: a menu's chosen value,
    else the clicked button's id."""
    values = data.get("values") or []
    return values[0] if values else data.get("custom_id", "")


def views(buttons: tuple[Button, ...]) -> list[discord.ui.View]:
    """The views of ``buttons`` (those with our custom ids), one per message: one view of
    buttons up to 25 (``[]`` without any); past that, select menus of 25 in order, four in
    the first message beside a row of the ways to decline (:data:`DECLINES`, at most five)
    and five in each further message."""
    ours = tuple(b for b in buttons if ids.PATTERN.fullmatch(b.custom_id))
    if len(ours) <= MAX_BUTTONS:
        view = make_view(ours)
        return [view] if view is not None else []
    declines = [b for b in ours if ids.decode(b.custom_id).choice in DECLINES][:ROWS]
    rest = [b for b in ours if b not in declines]
    menus = [rest[i:i + MENU_OPTIONS] for i in range(0, len(rest), MENU_OPTIONS)]
    first = ROWS - 1 if declines else ROWS
    pages = [menus[:first]] + [menus[i:i + ROWS] for i in range(first, len(menus), ROWS)]
    found: list[discord.ui.View] = []
    n = 0
    for page in pages:
        view = discord.ui.View(timeout=None)
        for menu in page:
            start = n * MENU_OPTIONS + 1
            n += 1
            view.add_item(ChoiceMenu(n, [discord.SelectOption(label=b.label[:100] or "…", value=b.custom_id)
                                         for b in menu],
                                     f"選んでください（{start}〜{start + len(menu) - 1}件目／全{len(rest)}件）"))
        found.append(view)
    for button in declines:
        found[0].add_item(BattleButton(button.custom_id, button.label,
                                       STYLES.get(button.style, discord.ButtonStyle.secondary)))
    return found
