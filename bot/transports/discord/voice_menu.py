"""The owner's hold on a line posted as their character (issue 31): two message context menus
(right-click → アプリ), 「発言を編集」 (a form with the line's words; the bot's notes under it,
a roll's result, stay as they were) and 「発言を削除」. Only the player who spoke the line
may; the bot edits or deletes the post through its webhook (discord.py's
``Webhook.edit_message`` / ``delete_message``), having kept the change first.

Loading this extension also gives the bot its :class:`~bot.transports.discord.voice.VoicePoster`
(``bot.voice_poster``), which the chat cog posts spoken lines through.
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.transports.discord.delivery import tell
from bot.transports.discord.errors import report
from bot.transports.discord.translator import ja
from bot.transports.discord.voice import VoicePoster
from bot.transports.discord.webhooks import Refused, parent_of
from rules.errors import InvalidInput

log = logging.getLogger(__name__)

EDIT, DELETE = ja("Edit spoken line", "発言を編集"), ja("Delete spoken line", "発言を削除")
"""The menus' names (Japanese for a Japanese client)."""

GONE = "ボットがこのチャンネルのウェブフックを使えなくなっているため、変更できませんでした。"


class EditForm(discord.ui.Modal, title="発言を編集"):
    """The form of 「発言を編集」: the line's words, prefilled."""

    words: discord.ui.TextInput = discord.ui.TextInput(label="発言", style=discord.TextStyle.paragraph, max_length=2000)

    def __init__(self, post, message: discord.Message) -> None:
        super().__init__(timeout=900)
        self.post, self.message = post, message
        self.words.default = post.speech
        self.words.max_length = max(1, 2000 - len(post.notes) - 1)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Keep the new words, then edit the post (its notes kept) through the webhook."""
        bot = interaction.client
        try:
            content = await bot.service.voice.edited(self.post, self.words.value)
        except InvalidInput as exc:
            await tell(interaction, str(exc))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        parent, thread = parent_of(self.message.channel)
        try:
            hook = await bot.voice_poster.webhooks.of(parent)
            await hook.edit_message(self.message.id, content=content, thread=thread or discord.utils.MISSING,
                                    allowed_mentions=discord.AllowedMentions.none())
        except (Refused, discord.HTTPException) as exc:
            log.warning("could not edit spoken line %s: %s", self.message.id, exc)
            await tell(interaction, GONE)
            return
        await tell(interaction, "発言を編集しました。")

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        """Any failure: the one error mapper."""
        await report(interaction, error)


async def edit_line(interaction: discord.Interaction, message: discord.Message) -> None:
    """「発言を編集」: the form, for the line's owner; others are told why not."""
    try:
        found = await interaction.client.service.voice.editable(str(message.id), str(interaction.user.id))
    except InvalidInput as exc:
        await tell(interaction, str(exc))
        return
    await interaction.response.send_modal(EditForm(found, message))


async def delete_line(interaction: discord.Interaction, message: discord.Message) -> None:
    """「発言を削除」: the line's owner removes the post (and it leaves the session's log)."""
    bot = interaction.client
    try:
        found = await bot.service.voice.editable(str(message.id), str(interaction.user.id))
    except InvalidInput as exc:
        await tell(interaction, str(exc))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.voice.deleted(found)
    parent, thread = parent_of(message.channel)
    try:
        hook = await bot.voice_poster.webhooks.of(parent)
        await hook.delete_message(message.id, thread=thread or discord.utils.MISSING)
    except discord.NotFound:
        pass  # gone already
    except (Refused, discord.HTTPException) as exc:
        log.warning("could not delete spoken line %s: %s", message.id, exc)
        await tell(interaction, GONE)
        return
    await tell(interaction, "発言を削除しました。")


def menus() -> list[app_commands.ContextMenu]:
    """The two message context menus (servers only)."""
    return [app_commands.ContextMenu(name=name, callback=callback, type=discord.AppCommandType.message,
                                     allowed_contexts=app_commands.AppCommandContext(guild=True))
            for name, callback in ((EDIT, edit_line), (DELETE, delete_line))]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: the menus, and the poster of spoken lines."""
    bot.voice_poster = VoicePoster(bot)
    for menu in menus():
        bot.tree.add_command(menu)


async def teardown(bot: commands.Bot) -> None:
    """Extension exit: the menus leave the tree."""
    for menu in menus():
        bot.tree.remove_command(menu.name, type=menu.type)
