"""Merging the messages one command causes (issue 18, item 10): Discord allows about 5
messages per 5 s in a channel, and every message with a mention pings. Consecutive plain
public replies are sent as one message while it fits Discord's 2,000 characters; the last
of a run may carry buttons. A board (embeds), a file, a tagged or edited message, a private
or elsewhere-posted one stays on its own."""
from __future__ import annotations

import dataclasses

from bot.render.reply import MAX_TEXT, Reply
from bot.transports.discord.messages import content


def _plain(reply: Reply) -> bool:
    """A public message with text only (mentions allowed)."""
    return not (reply.ephemeral or reply.edit or reply.channel or reply.tag or reply.file or reply.data
                or reply.buttons)


def _joinable(reply: Reply) -> bool:
    """A public message that may end a merged run: plain, or with buttons."""
    return _plain(dataclasses.replace(reply, buttons=()))


def _spoken(reply: Reply) -> str:
    """The reply's text with its mentions written in front, as its own message would read."""
    return content(reply)


def merge(replies: list[Reply]) -> list[Reply]:
    """``replies`` with each run of plain public replies (and a following one with buttons)
    joined into one reply (each part as its own message would read, its mentions in front
    of it; the buttons of the last), as long as the message stays within
    :data:`~bot.render.reply.MAX_TEXT`; order kept."""
    merged: list[Reply] = []
    for reply in replies:
        last = merged[-1] if merged else None
        if last is not None and _plain(last) and _joinable(reply):
            joined = dataclasses.replace(reply, text=f"{_spoken(last)}\n{_spoken(reply)}",
                                         mentions=tuple(dict.fromkeys(last.mentions + reply.mentions)))
            if len(content(joined)) <= MAX_TEXT and len(joined.text) <= MAX_TEXT:
                merged[-1] = joined
                continue
        merged.append(reply)
    return merged
