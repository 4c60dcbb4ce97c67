"""The webhooks a line spoken as a character is posted through (issue 31), as Discord has
them: one per parent channel, made by the bot and reused (a thread or forum post is served
through its parent's, with discord.py's ``thread=``); one Discord no longer knows (10015) is
made again once; one Discord will not make (the channel holds its 15: 30007; no Manage
Webhooks: 50013) is a :class:`Refused` naming why. Nothing here writes HTTP by hand: every
call is discord.py's (``TextChannel.webhooks``, ``create_webhook``, ``Webhook.edit``).

Without a public address for the portraits the bot keeps (bot.sheets.voice.portraits), the
webhook itself wears the speaker's kept picture (``Webhook.edit(avatar=…)``, only when it
changes): Discord keeps each post's avatar as it was when posted.
"""
from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

WEBHOOK_NAME = "CoCボット なりきり"
"""The name of the webhooks the bot makes (how an admin recognises them)."""

UNKNOWN_WEBHOOK, TOO_MANY_WEBHOOKS, MISSING_PERMISSIONS = 10015, 30007, 50013
"""Discord's codes: the webhook is gone; the channel holds the most webhooks it may (15);
the bot lacks a permission."""

MANAGE_WEBHOOKS, MANAGE_MESSAGES, TOO_MANY, NO_CHANNEL = "manage_webhooks", "manage_messages", "too_many", "no_channel"
"""Why a line cannot be posted as its character (:class:`Refused`)."""


class Refused(Exception):
    """A line cannot be posted as its character here: ``reason`` is one of
    :data:`MANAGE_WEBHOOKS`, :data:`MANAGE_MESSAGES`, :data:`TOO_MANY`, :data:`NO_CHANNEL`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def parent_of(channel) -> tuple[discord.abc.GuildChannel | None, discord.Thread | None]:
    """``(the channel whose webhook serves channel, the thread to post in or None)``: a
    thread (a forum post too) is served by its parent's webhook; (None, None) for a channel
    without webhooks (a DM)."""
    if isinstance(channel, discord.Thread):
        return channel.parent, channel
    return (channel, None) if hasattr(channel, "create_webhook") else (None, None)


def lacking(channel) -> list[str]:
    """The permissions the bot lacks in ``channel`` to post lines as characters (Manage
    Webhooks, Manage Messages: the player's own line is removed), as cached from the gateway."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None:
        return [NO_CHANNEL]
    rights = channel.permissions_for(guild.me)
    return [name for name in (MANAGE_WEBHOOKS, MANAGE_MESSAGES) if not getattr(rights, name)]


class Webhooks:
    """The bot's webhook of each parent channel, found or made once and kept (by channel id),
    and the kept picture each one wears."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self._hooks: dict[int, discord.Webhook] = {}
        self._worn: dict[int, str | None] = {}

    def forget(self, parent_id: int) -> None:
        """Drop the kept webhook of ``parent_id`` (Discord no longer knows it)."""
        hook = self._hooks.pop(parent_id, None)
        if hook is not None:
            self._worn.pop(hook.id, None)

    async def of(self, parent) -> discord.Webhook:
        """The bot's webhook of ``parent``: kept, else the one the bot made there before
        (``parent.webhooks()``), else a new one. Raises :class:`Refused`."""
        hook = self._hooks.get(parent.id)
        if hook is not None:
            return hook
        try:
            found = [h for h in await parent.webhooks()
                     if h.token and h.user is not None and h.user.id == self.bot.user.id]
            if found:
                hook = found[0]
            else:
                hook = await parent.create_webhook(name=WEBHOOK_NAME, reason="なりきり発言（/char voice）")
                self._worn[hook.id] = None  # a new webhook wears no picture
        except discord.Forbidden as exc:
            log.info("no Manage Webhooks in channel %s: %s", parent.id, exc)
            raise Refused(MANAGE_WEBHOOKS) from exc
        except discord.HTTPException as exc:
            if exc.code == TOO_MANY_WEBHOOKS:
                raise Refused(TOO_MANY) from exc
            raise
        self._hooks[parent.id] = hook
        return hook

    async def wear(self, hook: discord.Webhook, sha: str | None, picture) -> None:
        """Make ``hook`` wear the kept picture ``sha`` (``await picture(sha)`` → PNG bytes),
        or none, unless it wears it already."""
        if hook.id in self._worn and self._worn[hook.id] == sha:
            return
        png = await picture(sha) if sha else None
        await hook.edit(avatar=png, reason="なりきり発言の立ち絵")
        self._worn[hook.id] = sha if png else None
