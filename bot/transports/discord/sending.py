"""Sending one message to a channel as a real server answers: a reply whose reference
Discord refuses (403 160002 without Read Message History, 400 50035 ``message_reference``)
is sent again without it, and a network error (a reset connection, a timeout) gets a bounded
retry with backoff. Discord's 429 ``retry_after`` and its 5xx are retried by discord.py's own
HTTP client before an error reaches here."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import aiohttp
import discord

log = logging.getLogger(__name__)

REFERENCE_REFUSED = frozenset({160002, 50035})
"""Discord's codes for a reply it will not make: no Read Message History (160002), or a
reference it does not accept (50035 Invalid Form Body on ``message_reference``)."""

NETWORK_BACKOFF = (0.5, 2.0)
"""Seconds to wait before the 2nd and 3rd attempt after a network error (then it fails)."""

TRANSIENT = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
"""Errors of the way to Discord (no answer from it): worth another attempt."""


def refused_reference(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a message because of its reply reference."""
    if exc.code == 160002:
        return True
    return exc.code == 50035 and "message_reference" in (exc.text or "")


async def send(channel: discord.abc.Messageable, build: Callable[[], dict],
               reference: discord.MessageReference | None = None) -> discord.Message:
    """Send the message ``build()`` describes (fresh keyword arguments per attempt: a
    ``discord.File`` is used up once sent) in ``channel``, as a reply to ``reference`` when
    given. Raises ``discord.HTTPException`` when Discord refuses it (after a refused
    reference, without one) and the network error when every attempt failed."""
    attempt = 0
    while True:
        page = build()
        if reference is not None:
            page["reference"] = reference
        try:
            return await channel.send(**page)
        except discord.HTTPException as exc:
            if reference is None or not refused_reference(exc):
                raise
            log.info("reply refused in channel %s (Discord %s %s); sent without the reference",
                     getattr(channel, "id", "?"), exc.status, exc.code)
            reference = None
        except TRANSIENT as exc:
            if attempt >= len(NETWORK_BACKOFF):
                raise
            log.info("network error posting in channel %s (%r); retrying", getattr(channel, "id", "?"), exc)
            await asyncio.sleep(NETWORK_BACKOFF[attempt])
            attempt += 1
