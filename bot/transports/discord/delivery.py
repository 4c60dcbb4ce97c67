"""Sending the service's replies: to an interaction (first reply answers it, the rest are
followups), to a channel outside an interaction (chat dice, reminders), and by direct
message for a private reply meant for someone other than the one who acted (the KP's copy
of a secret roll).

Tagged replies (``Reply.tag``, e.g. the status board) have their message id handed to
``service.battles.message_sent`` once sent; a reply with ``Reply.edit`` edits the message
remembered under that tag instead of sending anything (nothing happens without one).
"""
from __future__ import annotations

import dataclasses

import logging

import discord

from bot.transports.discord import closed_dms, places, sending
from bot.transports.discord.choices import chosen
from bot.transports.discord.merge import merge
from bot.transports.discord.messages import allowed_mentions, combatants_embeds, content, messages, pack
from bot.render import buttons
from bot.render.reply import Reply, clip, private

log = logging.getLogger(__name__)

DONE = "受け付けました。"
"""The ephemeral answer when the service has nothing to say to the invoker."""

EPHEMERAL = "ephemeral"
"""``interaction.extras`` key: whether the interaction was deferred ephemeral."""

ANSWERED = "answered"
"""``interaction.extras`` key: the user has seen the answer (the deferral was replaced or
removed), so nothing told later may edit or delete the original response (issue 28)."""


def split(replies: list[Reply], invoker: str) -> tuple[list[Reply], list[Reply], list[Reply]]:
    """``(edits, here, by_dm)``: edits of remembered messages, replies shown where the user
    acted (public ones and the invoker's private ones) and private replies addressed to
    other users."""
    edits, here, by_dm = [], [], []
    for reply in replies:
        if reply.edit:
            edits.append(reply)
        elif reply.ephemeral and reply.to and reply.to != invoker:
            by_dm.append(reply)
        else:
            here.append(reply)
    return edits, here, by_dm


async def answer_interaction(interaction: discord.Interaction, replies: list[Reply]) -> None:
    """Send ``replies`` for ``interaction``.

    Not yet responded: the first reply is the response. Deferred with "thinking" (see
    :func:`bot.transports.discord.acknowledge.acknowledge`): a first reply as private as the deferral
    replaces it, otherwise the deferral is deleted and every reply becomes a followup. A
    deferred button click (nothing shown yet): every reply is a followup. A reply too big for
    one message continues in followups; a file over the server's upload limit is replaced by
    a note. Edits of remembered messages come after the response (Discord waits only 3 s
    for it); private replies for other users go by DM. Raises ``discord.HTTPException`` when
    Discord refuses the response itself.
    """
    client, channel = interaction.client, interaction.channel_id
    invoker = str(interaction.user.id)
    limit = interaction.filesize_limit
    elsewhere = [r for r in replies if r.channel and r.channel != str(channel)]
    replies = [r for r in replies if r not in elsewhere]
    edits, here, by_dm = split(replies, invoker)
    targets = [(reply, await edit_target(client, channel, reply)) for reply in edits]
    if not here:
        here = [private(invoker, DONE)]
    first, rest = here[0], here[1:]
    pages = messages(first, limit)
    response = interaction.response
    if not response.is_done():
        sent = await response.send_message(ephemeral=first.ephemeral, **pages[0])
        interaction.extras[ANSWERED] = True
        await remember(client, channel, first, sent.message_id)
        await _followups(interaction, first, pages[1:])
    elif response.type is discord.InteractionResponseType.deferred_message_update:
        rest = here
    elif interaction.extras.get(EPHEMERAL, True) == first.ephemeral:
        kwargs = dict(pages[0])
        if "file" in kwargs:
            kwargs["attachments"] = [kwargs.pop("file")]
        sent = await interaction.edit_original_response(**kwargs)
        interaction.extras[ANSWERED] = True
        await remember(client, channel, first, sent.id)
        await _followups(interaction, first, pages[1:])
    else:
        await interaction.delete_original_response()
        interaction.extras[ANSWERED] = True
        rest = here
    for reply, message_id in targets:
        await edit(client, channel, reply, message_id)
    for reply in rest:
        pages = messages(reply, limit)
        sent = await interaction.followup.send(ephemeral=reply.ephemeral, wait=bool(reply.tag), **pages[0])
        interaction.extras[ANSWERED] = True
        await remember(client, channel, reply, sent.id if sent else None)
        await _followups(interaction, reply, pages[1:])
    undelivered = [(reply, why) for reply in by_dm if (why := await send_dm(client, reply.to or invoker, reply))]
    await _dms_refused(interaction, undelivered)
    for reply in elsewhere:
        await post_to(client, int(reply.channel), [dataclasses.replace(reply, channel=None)], interaction)


async def _dms_refused(interaction: discord.Interaction, undelivered: list[tuple[Reply, str]]) -> None:
    """Private replies whose DM failed (``(reply, why)``: :func:`send_dm`), while
    ``interaction`` is at hand: the invoker's own as an ephemeral followup; for anyone else
    a public notice (:mod:`bot.transports.discord.closed_dms`)."""
    if not undelivered:
        return
    invoker = str(interaction.user.id)
    for reply, _why in [u for u in undelivered if u[0].to == invoker]:
        for page in messages(reply, interaction.filesize_limit):
            await interaction.followup.send(ephemeral=True, **page)
    others = [u for u in undelivered if u[0].to != invoker]
    keeper = await interaction.client.service.battles.keeper_of(str(interaction.channel_id)) if others else None
    for notice in closed_dms.notices([r for r, _why in others], keeper, _network(others)):
        await interaction.followup.send(**messages(notice)[0])


def _network(undelivered: list[tuple[Reply, str]]) -> set[str]:
    """The users of ``undelivered`` whose DM failed on the network (not refused)."""
    return {r.to for r, why in undelivered if why == DM_NETWORK and r.to}


async def _followups(interaction: discord.Interaction, reply: Reply, pages: list[dict]) -> None:
    for page in pages:
        await interaction.followup.send(ephemeral=reply.ephemeral, **page)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """Show ``text`` to the user of ``interaction`` only, whatever state its response is in
    (not yet answered, deferred privately or publicly, or a deferred button click). Once the
    answer was shown (:data:`ANSWERED`) it stays as it was: ``text`` comes in a new private
    message. Raises ``discord.HTTPException`` when Discord refuses."""
    response = interaction.response
    if not response.is_done():
        await response.send_message(text, ephemeral=True)
    elif interaction.extras.get(ANSWERED):
        await interaction.followup.send(text, ephemeral=True)
    elif response.type is discord.InteractionResponseType.deferred_channel_message and interaction.extras.get(EPHEMERAL, True):
        await interaction.edit_original_response(content=text)
    else:
        if response.type is discord.InteractionResponseType.deferred_channel_message:
            await interaction.delete_original_response()
        await interaction.followup.send(text, ephemeral=True)


async def post_to(client: discord.Client, channel_id: int, replies: list[Reply],
                  interaction: discord.Interaction | None = None) -> "Posted":
    """:func:`post` in the channel ``channel_id`` (fetched when not cached); a channel that
    cannot be reached is logged and skipped (its battle suspended: bot.transports.discord.places)."""
    try:
        channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    except discord.HTTPException as exc:
        log.warning("could not reach channel %s: %s", channel_id, exc)
        await places.refused(client, channel_id, exc, interaction)
        return Posted(failed=[r for r in replies if not r.ephemeral], closed=places.closed(exc) or exc.status == 404)
    return await post(client, channel, replies, interaction=interaction)


def remaining(message: discord.Message, clicked: str) -> discord.ui.View | None:
    """The clicked message's buttons that the click did not answer (the round-start window
    holds every unit's, issue 22: :func:`bot.render.buttons.answered_with`), or None."""
    view = discord.ui.View.from_message(message, timeout=None)
    for item in list(view.children):
        if buttons.answered_with(clicked, getattr(item, "custom_id", None) or ""):
            view.remove_item(item)
    return view if view.children else None


async def retire_buttons(interaction: discord.Interaction, replies: list[Reply]) -> None:
    """After an accepted click (the service answered publicly), remove the buttons of the
    question it answered from the clicked message (:func:`remaining`: all of them but in
    the round-start window, where other units' buttons stay). A refused click keeps them.
    Failures are only logged."""
    if interaction.message is None or not any(not r.ephemeral and not r.edit for r in replies):
        return
    left = remaining(interaction.message, chosen(interaction.data or {}))
    try:
        if interaction.response.type is discord.InteractionResponseType.deferred_message_update:
            await interaction.edit_original_response(view=left)  # the clicked message itself
        else:
            await interaction.message.edit(view=left)
    except discord.HTTPException as exc:
        log.info("could not remove the buttons of message %s: %s", interaction.message.id, exc)


async def post(client: discord.Client, channel: discord.abc.Messageable, replies: list[Reply], *,
               reply_to: discord.Message | None = None,
               interaction: discord.Interaction | None = None) -> "Posted":
    """Post ``replies`` in ``channel`` outside an interaction (chat dice, reminders): edits
    first, public replies as messages (merged where they fit: bot.transports.discord.merge) (answering ``reply_to`` when given, remembered when
    tagged), private ones by DM to their addressee (``reply_to``'s author when none is
    named). A message Discord refuses is logged and skipped, and the refusal handled
    (bot.transports.discord.places: a lost permission, a place gone; ``interaction``, when
    one is at hand, may carry the KP's private word). Returns what could not be posted
    (:class:`Posted`)."""
    author = str(reply_to.author.id) if reply_to is not None else ""
    edits, here, by_dm = split(replies, author)
    here = merge(here)
    for reply in edits:
        await edit(client, channel.id, reply, await edit_target(client, channel.id, reply))
    limit = getattr(getattr(channel, "guild", None), "filesize_limit", None)
    reference = reply_to.to_reference(fail_if_not_exists=False) if reply_to is not None else None
    undelivered: list[tuple[Reply, str]] = []
    failed: list[Reply] = []
    for n, reply in enumerate(here):
        if reply.ephemeral:
            if why := await send_dm(client, reply.to or author, reply):
                undelivered.append((dataclasses.replace(reply, to=reply.to or author), why))
            continue
        outcome = await _post_one(client, channel, reply, limit, reference, interaction)
        if outcome == CLOSED:
            return Posted(failed=[r for r in here if not r.ephemeral], closed=True)  # the rest would be refused too
        if outcome == FAILED:  # the rest waits, so that a retry keeps the order
            failed = [r for r in here[n:] if not r.ephemeral]
            break
    undelivered += [(r, why) for r in by_dm if (why := await send_dm(client, r.to or author, r))]
    if undelivered:
        keeper = await client.service.battles.keeper_of(str(channel.id))
        for notice in closed_dms.notices([r for r, _why in undelivered], keeper, _network(undelivered)):
            await _post_one(client, channel, notice, limit, None, interaction)
    return Posted(failed=failed, closed=False)


@dataclasses.dataclass(frozen=True)
class Posted:
    """What :func:`post` could not do: the public replies ``failed`` (the first one Discord's
    5xx or the network refused after the retries, and every public one after it, unsent to
    keep the order) and whether the channel is ``closed`` to the bot (gone,
    archived, no permission: nothing more is tried there)."""

    failed: list[Reply]
    closed: bool


SENT, FAILED, CLOSED = "sent", "failed", "closed"
"""How posting one reply went: sent; failed (Discord's 5xx or the network, after the
retries); the channel closed to the bot (gone, archived, no permission)."""


async def _post_one(client: discord.Client, channel: discord.abc.Messageable, reply: Reply, limit: int | None,
                    reference: discord.MessageReference | None, interaction: discord.Interaction | None) -> str:
    """Post one public reply (continued in further messages when too big): :data:`SENT`,
    :data:`FAILED` or :data:`CLOSED` (bot.transports.discord.places handled the refusal)."""
    try:
        count = len(messages(reply, limit))
        sent = await sending.send(channel, lambda: messages(reply, limit)[0], reference)
        await remember(client, channel.id, reply, sent.id)
        for n in range(1, count):
            await sending.send(channel, lambda n=n: messages(reply, limit)[n])
    except discord.HTTPException as exc:
        log.warning("could not post in channel %s (Discord %s %s): %s", channel.id, exc.status, exc.code, exc.text)
        await places.refused(client, channel.id, exc, interaction)
        return CLOSED if places.closed(exc) else FAILED
    except sending.TRANSIENT as exc:
        log.info("could not post in channel %s (network: %r)", channel.id, exc)  # retried; a give-up is logged once
        return FAILED
    service = getattr(client, "service", None)
    if service is not None:
        await service.places.posting_works(str(channel.id))  # a later loss is told again
    return SENT


async def remember(client: discord.Client, channel_id: int | None, reply: Reply, message_id: int | None) -> None:
    """Tell the service the id of a sent public message that carries a ``tag``."""
    if reply.tag and not reply.ephemeral and message_id and channel_id:
        await client.service.battles.message_sent(str(channel_id), reply.tag, str(message_id))


async def edit_target(client: discord.Client, channel_id: int | None, reply: Reply) -> str | None:
    """The id of the message remembered under ``reply.edit`` in the channel, or None. Looked
    up before anything new is sent, since a new tagged message replaces the memory."""
    if not channel_id:
        return None
    return await client.service.battles.message_id(str(channel_id), reply.edit)


async def edit(client: discord.Client, channel_id: int | None, reply: Reply, message_id: str | None) -> None:
    """Edit message ``message_id`` (nothing when None) to the reply's text and its
    combatants embed, or none; nobody is pinged. A message that is gone or no longer
    editable is only logged."""
    if message_id is None or not channel_id:
        return
    groups = pack(combatants_embeds(reply.data))
    text = content(reply)
    if len(groups) > 1:
        shown = sum(len(e.fields) for e in groups[0])
        text = clip(f"{text}\n（{len(reply.data['combatants'])}人中{shown}人を表示。全員は /battle status で）")
    target = client.get_partial_messageable(int(channel_id)).get_partial_message(int(message_id))
    try:
        await target.edit(content=text, embeds=groups[0] if groups else [],
                          allowed_mentions=allowed_mentions(reply))
    except discord.HTTPException as exc:
        log.info("could not edit message %s (%s) in channel %s: %s", message_id, reply.edit, channel_id, exc)
        if exc.code in places.GONE or exc.code == places.ARCHIVED:
            await places.refused(client, int(channel_id), exc)


DM_REFUSED, DM_NETWORK = "refused", "network"
"""Why :func:`send_dm` could not deliver: Discord refused (closed DMs 403 50007, an
unknown user, not a user id), or the network failed after the retries."""


async def send_dm(client: discord.Client, user_id: str, reply: Reply) -> str | None:
    """Send ``reply`` to ``user_id`` by direct message, each page with the network retries of
    :func:`bot.transports.discord.sending.send` (a reset connection, a timeout); None when
    delivered, else why not (:data:`DM_REFUSED`, :data:`DM_NETWORK`), with a log line.
    Never raises for Discord or the network: the caller falls back to a notice in the
    channel (:mod:`bot.transports.discord.closed_dms`)."""
    if not str(user_id).isdigit():
        log.warning("not a Discord user id, DM skipped: %r", user_id)
        return DM_REFUSED
    try:
        user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
        for n in range(len(messages(reply))):
            await sending.send(user, lambda n=n: messages(reply)[n])
    except discord.Forbidden:
        log.info("user %s does not accept DMs from the bot", user_id)
        return DM_REFUSED
    except discord.HTTPException as exc:
        log.warning("DM to %s failed: %s", user_id, exc)
        return DM_REFUSED
    except sending.TRANSIENT as exc:
        log.warning("DM to %s failed on the network after the retries: %r", user_id, exc)
        return DM_NETWORK
    return None
