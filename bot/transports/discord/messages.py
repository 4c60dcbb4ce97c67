"""A :class:`bot.render.reply.Reply` as the keyword arguments of a Discord send.

Mentions are user ids: they are written in front of the text as ``<@id>`` and are the only
pings ``allowed_mentions`` permits; a reply without mentions pings nobody.
"""
from __future__ import annotations

import base64
import io

import discord

from bot.transports.discord.choices import views
from bot.render.reply import MAX_TEXT, Reply, clip

EMBED_FIELDS = 25
"""Discord's limit on the fields of one embed."""

EMBED_TOTAL = 6000
"""Discord's limit on the characters of all embeds of one message together."""

EMBEDS_PER_MESSAGE = 10
"""Discord's limit on the embeds of one message."""


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
    """The message text: mentions first (those not written in the text already, as a merged
    message has them by its parts: bot.transports.discord.merge), then the reply's text, at
    most 2,000 characters; a text clipped already keeps its note (which says where the rest
    is) when the mentions make it shorter still."""
    prefix = " ".join(f"<@{i}>" for i in mention_ids(reply) if f"<@{i}>" not in reply.text)
    if not prefix:
        return clip(reply.text)
    room, text = MAX_TEXT - len(prefix) - 1, reply.text
    if len(text) > room:
        body, _, note = text.rpartition("\n")
        if body and note.startswith("…（"):  # clipped already: shorter still, under the same note
            text = body[: room - len(note) - 1].rstrip() + "\n" + note
        else:
            text = clip(text, room)
    return f"{prefix} {text}"


def combatants_embed(data: dict | None, units: list[dict] | None = None, page: str = "") -> discord.Embed | None:
    """An embed of ``data["combatants"]`` (``/battle status``), or None without them:
    the first :data:`EMBED_FIELDS` units, or ``units`` (one page of them) titled with
    ``page`` (``"（2/3）"``).

    Hidden NPCs arrive already masked by the service (``hp`` None, ``state`` a wound word).
    """
    combatants = (data or {}).get("combatants")
    if not combatants:
        return None
    title = f"ラウンド{data['round']}" if data.get("round") else "戦闘"
    if data.get("turn"):
        title += f"　手番: {data['turn']}"
    embed = discord.Embed(title=(title + page)[:256], colour=discord.Colour.dark_red())
    for unit in (combatants[:EMBED_FIELDS] if units is None else units):
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


def combatants_embeds(data: dict | None) -> list[discord.Embed]:
    """Every unit of ``data["combatants"]`` as embeds of at most :data:`EMBED_FIELDS`
    fields each (``[]`` without combatants); more than one page is titled ``（n/N）``."""
    combatants = (data or {}).get("combatants") or []
    pages = [combatants[i:i + EMBED_FIELDS] for i in range(0, len(combatants), EMBED_FIELDS)]
    return [combatants_embed(data, units, f"（{n}/{len(pages)}）" if len(pages) > 1 else "")
            for n, units in enumerate(pages, 1)]


def pack(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """``embeds`` in message-sized groups: at most :data:`EMBEDS_PER_MESSAGE` per message and
    :data:`EMBED_TOTAL` characters (Discord counts every title, field and footer) in total."""
    groups: list[list[discord.Embed]] = []
    size = 0
    for embed in embeds:
        if not groups or len(groups[-1]) == EMBEDS_PER_MESSAGE or size + len(embed) > EMBED_TOTAL:
            groups.append([])
            size = 0
        groups[-1].append(embed)
        size += len(embed)
    return groups


def messages(reply: Reply, file_limit: int | None = None) -> list[dict]:
    """The keyword arguments of every message ``reply`` needs: the first has ``content``,
    ``allowed_mentions``, the ``view`` (buttons) and the ``file`` when the reply has them,
    and the first embeds; a board too big for one message continues in further messages
    (``content`` 「（続き）」), so every unit is shown, as do choices past one message's
    select menus (「（選択肢の続き）」, bot.transports.discord.choices). A file over ``file_limit`` bytes (the
    server's upload limit) is left out and the text says so. A fresh ``discord.File`` each
    call: a file object can be sent only once."""
    first: dict = {"content": content(reply), "allowed_mentions": allowed_mentions(reply)}
    shown = views(reply.buttons)
    if shown:
        first["view"] = shown[0]
    if reply.file:
        raw = file_bytes(reply.file)
        name = reply.file.get("name") or "log.txt"
        if file_limit is not None and len(raw) > file_limit:
            first["content"] = clip(f"{first['content']}\n" + too_large(name, len(raw), file_limit))
        else:
            first["file"] = discord.File(io.BytesIO(raw), filename=name)
    groups = pack(combatants_embeds(reply.data))
    if groups:
        first["embeds"] = groups[0]
    rest = [{"content": "（続き）", "embeds": group, "allowed_mentions": discord.AllowedMentions.none()}
            for group in groups[1:]]
    rest += [{"content": "（選択肢の続き）", "view": view, "allowed_mentions": discord.AllowedMentions.none()}
             for view in shown[1:]]
    return [first, *rest]


def send_kwargs(reply: Reply, file_limit: int | None = None) -> dict:
    """The first message of :func:`messages` (all of a reply that fits in one message)."""
    return messages(reply, file_limit)[0]


def too_large(name: str, size: int, limit: int) -> str:
    """The note shown instead of a file over the server's upload limit."""
    return (f"（ファイル「{name}」は {size / 1_048_576:.1f} MB あり、このサーバーの上限 "
            f"{limit / 1_048_576:.1f} MB を超えるため添付できませんでした）")


def file_bytes(file: dict) -> bytes:
    """The bytes of a Reply attachment: ``content_b64`` (binary, e.g. the map PNG) or
    ``content`` (text, UTF-8)."""
    if "content_b64" in file:
        return base64.b64decode(file["content_b64"])
    raw = file.get("content", "")
    return raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
