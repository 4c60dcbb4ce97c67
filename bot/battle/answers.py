"""Replies kept under request ids: a Discord interaction retried (also after a restart, or
seen by a second process) gets the answer it got the first time, never a second roll.

A battle step stores the span of its events and is rendered again from them
(:meth:`bot.battle.battles.Battles.replayed`); any other command stores its replies whole
(:meth:`Answers.once`). The newest answers also stay in memory (``battles.answered``).

A chat message is taken once by its message id (issue 28): the first durable write its line
makes takes its delivery key (``chat-<message id>``: a battle step, a question, a roll); a
line whose answer wrote nothing (a refusal) takes it before it is told (:meth:`Answers.first`).
A second delivery (a gateway replay after a RESUME, another process on the same token) posts
nothing (:meth:`Answers.again`), where an interaction retried gets its answer again.
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable

from bot.battle.battles import Battles
from bot.commands.request import Request, delivery_key
from bot.render.reply import Reply

log = logging.getLogger(__name__)

Produce = Callable[[], Awaitable[list[Reply]]]
"""``await produce() -> replies``: what a command does the first time it is asked."""


class Answers:
    """The answers of ``battles``' store and memory, by request id."""

    def __init__(self, battles: Battles) -> None:
        self.battles = battles
        self.store = battles.store

    def known(self, req: Request) -> list[Reply] | None:
        """The replies this process gave ``req``'s id already (memory only), or None."""
        if not req.request_id:
            return None
        known = self.battles.answered.get(req.request_id)
        return list(known) if known is not None else None

    async def before(self, req: Request) -> list[Reply] | None:
        """The stored replies of ``req``'s id if it was handled already, else None."""
        if not req.request_id:
            return None
        stored = await self.store.request_replies(req.request_id)
        if isinstance(stored, dict):  # a battle step: its replies are its events rendered again
            return await self.battles.replayed(stored["battle"], *stored["events"])
        return [Reply.from_dict(r) for r in stored] if stored is not None else None

    async def once(self, req: Request, produce: Produce) -> list[Reply]:
        """``await produce()`` for a command that changes no battle, its replies kept under
        the request id (a retried interaction gets them again, also after a restart)."""
        earlier = await self.before(req)
        if earlier is not None:
            return earlier
        replies = await produce()
        self.keep(req, replies)
        if req.request_id:
            try:
                await self.store.remember_request(req.request_id, [r.to_dict() for r in replies])
            except Exception:  # noqa: BLE001 - what produce() did is stored: its replies must go out
                log.exception("the replies of %s could not be kept (a retry is answered from memory)", req.request_id)
        return replies

    def keep(self, req: Request, replies: list[Reply]) -> None:
        """Remember in memory that ``req`` was answered with ``replies`` (stored already)."""
        if req.request_id:
            self.battles.answered.put(req.request_id, replies)

    def again(self, req: Request, replies: list[Reply]) -> list[Reply]:
        """What a request handled already is answered: an interaction its ``replies`` (Discord
        shows only its first response), a chat message nothing (its first delivery posted
        them: a replay posts nothing, issue 28)."""
        return [] if delivery_key(req) else replies

    async def first(self, req: Request, replies: list[Reply]) -> list[Reply]:
        """``replies`` of a chat line that are to be told, once per message: a line whose key
        was not taken by a write (a refusal, a note) takes it now; [] when another delivery
        of the message took it first. Anything else passes as it is."""
        key = delivery_key(req)
        if not key or not replies or (req.request_id and self.battles.answered.get(req.request_id) is not None):
            return replies
        return replies if await self.claim(dataclasses.replace(req, delivery=key)) else []

    async def claim(self, req: Request, note: dict | None = None) -> bool:
        """Take ``req``'s delivery key (``req.delivery``) durably, alone or with the session
        record ``note`` in the same transaction (a chat roll in an open session: one commit,
        issue 27): True for the first delivery of the message, also across processes and
        restarts; marked in memory. False writes nothing."""
        if not req.delivery:
            if note is not None:
                await self.store.sessions.record(note)
            return True
        taken = (await self.store.claim_request(req.delivery) if note is None
                 else await self.store.claim_and_record(req.delivery, note))
        if not taken:
            log.info("message %s seen before (a RESUME, another process): not answered again", req.request_id)
            return False
        self.battles.questions.taken(req)
        return True
