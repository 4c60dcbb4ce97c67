"""A :class:`bot.render.reply.Reply` as the keyword arguments of a Discord send.

Mentions are user ids: they are written in front of the text as ``<@id>`` and are the only
pings ``allowed_mentions`` permits; a reply without mentions pings nobody.
"""
from __future__ import annotations

import base64
import io

import discord

from bot.discord.buttons import make_view
from bot.render.reply import Reply, clip

EMBED_FIELDS = 25
"""Discord's limit on the fields of one embed."""


def mention_ids(reply: Reply) -> list[int]:
    """The Discord user ids ``reply`` pings (non-numeric ids, e.g. console names, dropped)."""
    return [int(m) for m in reply.mentions if str(m).isdigit()]


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    """Exactly the users of ``reply.mentions``; no @everyone, roles or replied user."""
    users = [discord.Object(id=i) for i in mention_ids(reply)]
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def content(reply: Reply) -> str:
    """The message text: mentions first, then the reply's text, at most 2,000 characters."""
    prefix = " ".join(f"<@{i}>" for i in mention_ids(reply))
    return clip(f"{prefix} {reply.text}" if prefix else reply.text)


def combatants_embed(data: dict | None) -> discord.Embed | None:
    """An embed of ``data["combatants"]`` (``/battle status``), or None without them.

    Hidden NPCs arrive already masked by the service (``hp`` None, ``state`` a wound word).
    """
    combatants = (data or {}).get("combatants")
    if not combatants:
        return None
    title = f"ラウンド{data['round']}" if data.get("round") else "戦闘"
    if data.get("turn"):
        title += f"　手番: {data['turn']}"
    embed = discord.Embed(title=title[:256], colour=discord.Colour.dark_red())
    for unit in combatants[:EMBED_FIELDS]:
        if unit.get("hp") is None:
            body = unit.get("state") or "―"
        else:
            body = f"HP {unit['hp']}/{unit['hp_max']}"
            if unit.get("ap") is not None:
                body += f"　AP {unit['ap']}"
            if unit.get("dex") is not None:
                body += f"　DEX {unit['dex']}"
        if unit.get("conditions"):
            body += "\n" + "・".join(unit["conditions"])
        mark = "▶ " if unit["name"] == data.get("turn") else ""
        embed.add_field(name=f"{mark}{unit['name']}"[:256], value=body[:1024], inline=True)
    return embed


def send_kwargs(reply: Reply) -> dict:
    """``content``, ``allowed_mentions`` and, when the reply has them, ``view`` (buttons),
    ``embed`` (combatants) and ``file`` (an attachment, see :func:`file_bytes`). A fresh ``discord.File``
    each call: a file object can be sent only once."""
    kwargs: dict = {"content": content(reply), "allowed_mentions": allowed_mentions(reply)}
    view = make_view(reply.buttons)
    if view is not None:
        kwargs["view"] = view
    embed = combatants_embed(reply.data)
    if embed is not None:
        kwargs["embed"] = embed
    if reply.file:
        kwargs["file"] = discord.File(io.BytesIO(file_bytes(reply.file)), filename=reply.file.get("name") or "log.txt")
    return kwargs


def file_bytes(file: dict) -> bytes:
    """The bytes of a Reply attachment: ``content_b64`` (binary, e.g. the map PNG) or
    ``content`` (text, UTF-8)."""
    if "content_b64" in file:
        return base64.b64decode(file["content_b64"])
    raw = file.get("content", "")
    return raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
