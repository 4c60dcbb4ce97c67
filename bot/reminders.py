"""Turn reminders and auto-skips: deadlines live in the database and one dispatcher task
sleeps until the earliest (as RoboDanny's reminder cog does), woken early when a new
deadline is scheduled. Nothing is lost on a restart: a new dispatcher reads the table again.

Each deadline fires at most once (the service claims it in the database before acting), and
not at all once its turn or question has moved on (``Service.fire_deadline``).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.render.reply import Reply
from bot.service import Service

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0
"""Seconds the dispatcher sleeps at most before looking at the table again."""

Send = Callable[[str, list[Reply]], Awaitable[None]]
"""``await send(channel id, replies)``: how the transport posts what a deadline produced."""


class Dispatcher:
    """Runs the deadlines of ``service`` on its clock (``service.clock``).

    Args:
        service: the table service (its store holds the deadlines).
        send: posts the replies of a fired deadline to its channel.
        sleep: ``await sleep(seconds, wake)`` returns after ``seconds`` or when ``wake`` is
            set (tests pass one driven by their clock).
    """

    def __init__(self, service: Service, send: Send, sleep=None) -> None:
        self.service = service
        self.send = send
        self.wake = asyncio.Event()
        self._sleep = sleep or _sleep
        service.deadline_listeners.append(self.wake.set)

    async def run_due(self) -> int:
        """Fire every deadline due now; returns how many produced messages."""
        sent = 0
        while True:
            deadline = await self.service.store.keeper.next_deadline()
            if deadline is None or deadline.due_at > self.service.clock():
                return sent
            try:
                replies = await self.service.fire_deadline(deadline)
            except Exception:
                log.exception("deadline %s failed", deadline)
                await self.service.store.keeper.claim_deadline(deadline.id, self.service.clock())
                continue
            if replies:
                sent += 1
                await self.send(deadline.channel, replies)

    async def seconds_to_next(self) -> float:
        """Seconds until the earliest deadline (``MAX_SLEEP`` when there is none)."""
        deadline = await self.service.store.keeper.next_deadline()
        if deadline is None:
            return MAX_SLEEP
        return max(0.0, min(MAX_SLEEP, (deadline.due_at - self.service.clock()).total_seconds()))

    async def run(self) -> None:
        """Fire due deadlines, sleep until the next one (or a wake-up), forever."""
        while True:
            await self.run_due()
            self.wake.clear()
            await self._sleep(await self.seconds_to_next(), self.wake)


async def _sleep(seconds: float, wake: asyncio.Event) -> None:
    try:
        await asyncio.wait_for(wake.wait(), timeout=seconds)
    except asyncio.TimeoutError:
        pass
