"""Discord events as service :class:`~bot.service.Request` objects."""
from __future__ import annotations

import discord

from bot.sheets import attachments
from bot.service import Request
from rules.errors import InvalidInput


def from_interaction(interaction: discord.Interaction, command: str, options: dict) -> Request:
    """The request of a slash command (``command`` = English path, ``options`` by English
    name) or a button click (``command="button"``). The interaction id is the idempotency
    key, so a retried delivery of the same interaction is answered from the store."""
    return Request(channel=str(interaction.channel_id), guild=_guild(interaction.guild_id),
                   user=str(interaction.user.id), name=interaction.user.display_name,
                   command=command, options=options, request_id=str(interaction.id),
                   is_admin=bool(interaction.permissions.manage_channels), roles=_roles(interaction.user))


def from_message(message: discord.Message) -> Request:
    """The ``chat`` request of a plain message (``options["text"]`` = its content), with the
    author's roles and Manage Channels, so that a KP by role may declare for NPCs in chat."""
    guild_id = message.guild.id if message.guild else getattr(message.channel, "guild_id", None)
    return Request(channel=str(message.channel.id), guild=_guild(guild_id),
                   user=str(message.author.id), name=message.author.display_name,
                   command="chat", options={"text": message.content},
                   request_id=str(message.id), is_admin=_manages(message), roles=_roles(message.author))


def _manages(message: discord.Message) -> bool:
    """Whether the author has Manage Channels in the message's channel (a member in a guild)."""
    if not isinstance(message.author, discord.Member) or not hasattr(message.channel, "permissions_for"):
        return False
    return bool(message.channel.permissions_for(message.author).manage_channels)


def _roles(user: discord.abc.User) -> tuple[str, ...]:
    """A member's role ids and names (what ``/kp role`` may name); none outside a server."""
    roles = getattr(user, "roles", None) or ()
    return tuple(str(r.id) for r in roles) + tuple(r.name for r in roles)


def _guild(guild_id: int | None) -> str | None:
    return str(guild_id) if guild_id else None


async def with_attachment_text(options: dict, command: str = "") -> dict:
    """``options`` with an Attachment value (``/char import file:``) replaced by the file's
    text under ``data`` (the option the service reads); for a ``command`` that takes a
    picture (``/char portrait file:``), by its bytes under ``image`` and its name under
    ``image_name``. Raises InvalidInput (Japanese) for a file over
    :data:`bot.sheets.attachments.MAX_IMPORT_BYTES` (a picture over ``MAX_IMAGE_BYTES``;
    refused before it is downloaded), one Discord cannot deliver, or one that is not text."""
    files = {k: v for k, v in options.items() if isinstance(v, discord.Attachment)}
    if not files:
        return options
    result = {k: v for k, v in options.items() if k not in files}
    for attachment in files.values():
        if attachments.is_picture(command):  # a portrait (issue 31): its bytes
            if attachment.size > attachments.MAX_IMAGE_BYTES:
                raise InvalidInput(attachments.too_big_image(attachment.filename, attachment.size))
            result["image"], result["image_name"] = await _read(attachment), attachment.filename
            continue
        if attachment.size > attachments.MAX_IMPORT_BYTES:
            raise InvalidInput(attachments.too_big(attachment.filename, attachment.size))
        result["data"] = attachments.sheet_text(await _read(attachment), attachment.filename)
    return result


async def _read(attachment: discord.Attachment) -> bytes:
    """The bytes of ``attachment`` (downloaded now, while its address is fresh); raises
    InvalidInput (Japanese) when Discord cannot deliver them."""
    try:
        return await attachment.read()
    except discord.HTTPException as exc:
        raise InvalidInput(f"添付ファイル「{attachment.filename}」を読み込めませんでした（Discord {exc.status}）。"
                           "もう一度添付してください。") from None
