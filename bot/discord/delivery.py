"""Sending the service's replies: to an interaction (first reply answers it, the rest are
followups), to a channel for chat messages, and by direct message for a private reply meant
for someone other than the one who acted (the KP's copy of a secret roll).
"""
from __future__ import annotations

import logging

import discord

from bot.discord.messages import send_kwargs
from bot.render.reply import Reply, private

log = logging.getLogger(__name__)

DONE = "受け付けました。"
"""The ephemeral answer when the service has nothing to say to the invoker."""


def split(replies: list[Reply], invoker: str) -> tuple[list[Reply], list[Reply]]:
    """``(here, by_dm)``: replies shown in the interaction (public ones and the invoker's
    private ones) and private replies addressed to other users."""
    here, by_dm = [], []
    for reply in replies:
        if reply.ephemeral and reply.to and reply.to != invoker:
            by_dm.append(reply)
        else:
            here.append(reply)
    return here, by_dm


async def answer_interaction(interaction: discord.Interaction, replies: list[Reply]) -> None:
    """Send ``replies`` for ``interaction``.

    Not yet responded: the first reply is the response. Deferred (an ephemeral "thinking"
    response, see ``CocBot.answer``): an ephemeral first reply replaces it, otherwise it is
    deleted and every reply becomes a followup. Private replies for other users go by DM.
    Raises ``discord.HTTPException`` when Discord refuses the response itself.
    """
    invoker = str(interaction.user.id)
    here, by_dm = split(replies, invoker)
    if not here:
        here = [private(invoker, DONE)]
    rest = here[1:]
    first = here[0]
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=first.ephemeral, **send_kwargs(first))
    elif first.ephemeral:
        kwargs = send_kwargs(first)
        if "file" in kwargs:
            kwargs["attachments"] = [kwargs.pop("file")]
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.delete_original_response()
        rest = here
    for reply in rest:
        await interaction.followup.send(ephemeral=reply.ephemeral, **send_kwargs(reply))
    for reply in by_dm:
        await send_dm(interaction.client, reply.to or invoker, reply)


async def deliver_chat(client: discord.Client, message: discord.Message, replies: list[Reply]) -> None:
    """Send the replies to a chat message: public ones to its channel (as a reply to it),
    private ones by DM to their addressee (the author when none is named)."""
    author = str(message.author.id)
    for reply in replies:
        if reply.ephemeral:
            await send_dm(client, reply.to or author, reply)
            continue
        try:
            await message.channel.send(reference=message.to_reference(fail_if_not_exists=False),
                                       **send_kwargs(reply))
        except discord.HTTPException as exc:
            log.warning("could not post in channel %s: %s", message.channel.id, exc)


async def send_dm(client: discord.Client, user_id: str, reply: Reply) -> bool:
    """Send ``reply`` to ``user_id`` by direct message; False (and a log line) when the user
    cannot be found or does not accept DMs from the bot."""
    if not str(user_id).isdigit():
        log.warning("not a Discord user id, DM skipped: %r", user_id)
        return False
    try:
        user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
        await user.send(**send_kwargs(reply))
    except discord.Forbidden:
        log.info("user %s does not accept DMs from the bot", user_id)
        return False
    except discord.HTTPException as exc:
        log.warning("DM to %s failed: %s", user_id, exc)
        return False
    return True
