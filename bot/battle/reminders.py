"""Turn reminders and auto-skips: deadlines live in the database and one dispatcher task
sleeps until the earliest (as RoboDanny's reminder cog does), woken early when a new
deadline is scheduled. Nothing is lost on a restart: a new dispatcher reads the table again.

Each deadline fires at most once (the service claims it in the database before acting), and
not at all once its turn or question has moved on (bot.battle.deadlines.Deadlines.fire).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.render.reply import Reply
from bot.battle.deadlines import Deadlines
from bot.store.keeper import Deadline

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0
"""Seconds the dispatcher sleeps at most before looking at the table again."""

BACKOFF = (1.0, 2.0, 5.0, 15.0, 60.0)
"""Seconds to wait after the 1st, 2nd, … failure in a row (the last repeats)."""

MAX_ATTEMPTS = 3
"""A deadline whose firing fails this often is given up (claimed, logged as an error), so
one bad row cannot hold back every deadline behind it."""

Send = Callable[[str, list[Reply]], Awaitable[None]]
"""``await send(channel id, replies)``: how the transport posts what a deadline produced;
raises when it could deliver nothing (the deadline fires again later)."""

GaveUp = Callable[[Deadline, list[Reply]], Awaitable[None]]
"""``await gave_up(deadline, replies)``: a deadline's messages could never be delivered."""

DELIVERY_BACKOFF = (5.0, 30.0)
"""Seconds before a deadline whose messages could not be delivered fires again (1st, 2nd
failure; the :data:`MAX_ATTEMPTS`-th gives it up)."""


def describe(deadline: Deadline) -> str:
    """The deadline for a log line: id, kind, battle, channel, due time."""
    return (f"deadline {deadline.id} ({deadline.kind} {deadline.key}) of battle {deadline.battle_id} "
            f"in channel {deadline.channel}, due {deadline.due_at:%Y-%m-%d %H:%M:%S}")


class DeadlineFailed(Exception):
    """Firing a deadline failed; the dispatcher backs off and tries it again."""


class Dispatcher:
    """Runs ``deadlines`` on their clock (``deadlines.clock``); survives errors:
    a failing database call or send is logged with its context, the loop waits
    (:data:`BACKOFF`) and goes on.

    Args:
        deadlines: the deadlines of the battles (bot.battle.deadlines; its store holds them).
        send: posts the replies of a fired deadline to its channel.
        gave_up: told about a deadline whose messages could never be delivered.
        sleep: ``await sleep(seconds, wake)`` returns after ``seconds`` or when ``wake`` is
            set (tests pass one driven by their clock).
    """

    def __init__(self, deadlines: Deadlines, send: Send, sleep=None, gave_up: GaveUp | None = None) -> None:
        self.deadlines = deadlines
        self.send = send
        self.gave_up = gave_up
        self.wake = asyncio.Event()
        self._sleep = sleep or _sleep
        self.attempts: dict[int, int] = {}
        self.failures = 0
        deadlines.listeners.append(self.wake.set)

    async def run_due(self) -> int:
        """Fire every deadline due now; returns how many produced messages. Raises
        DeadlineFailed when firing one failed (it is retried on the next pass, up to
        :data:`MAX_ATTEMPTS` times) and whatever the store raises when looking them up."""
        sent = 0
        while True:
            deadline = await self.deadlines.store.keeper.next_deadline()
            if deadline is None or deadline.due_at > self.deadlines.clock():
                return sent
            try:
                replies = await self.deadlines.fire(deadline)
            except Exception as exc:
                await self._failed(deadline, exc)
                continue
            if not replies:
                self.attempts.pop(deadline.id, None)
                continue
            sent += 1
            try:
                await self.send(deadline.channel, replies)
            except Exception as exc:  # noqa: BLE001 - the transport could not deliver them at all
                await self._undelivered(deadline, replies, exc)
                continue
            self.attempts.pop(deadline.id, None)
            await self.deadlines.delivered(deadline)

    async def _undelivered(self, deadline: Deadline, replies: list[Reply], exc: Exception) -> None:
        """The messages of a fired deadline could not be sent: it fires again after
        :data:`DELIVERY_BACKOFF` (a committed auto-skip is then announced from its stored
        step, not skipped again), up to :data:`MAX_ATTEMPTS` times; then it is given up with
        one log line and ``gave_up(deadline, replies)`` (the transport tells the KP)."""
        tries = self.attempts[deadline.id] = self.attempts.get(deadline.id, 0) + 1
        if tries < MAX_ATTEMPTS:
            log.info("%s: delivery failed (attempt %d of %d): %r", describe(deadline), tries, MAX_ATTEMPTS, exc)
            delay = timedelta(seconds=DELIVERY_BACKOFF[min(tries, len(DELIVERY_BACKOFF)) - 1])
            await self.deadlines.store.keeper.lease_deadline(deadline.id, None, self.deadlines.clock() + delay)
            return
        log.error("%s: delivery failed %d times, given up: %r", describe(deadline), tries, exc)
        self.attempts.pop(deadline.id, None)
        await self.deadlines.delivered(deadline)
        if self.gave_up is not None:
            await self.gave_up(deadline, replies)

    async def _failed(self, deadline: Deadline, exc: Exception) -> None:
        tries = self.attempts[deadline.id] = self.attempts.get(deadline.id, 0) + 1
        if tries < MAX_ATTEMPTS:
            log.warning("%s failed (attempt %d of %d), retrying: %r", describe(deadline), tries, MAX_ATTEMPTS, exc)
            raise DeadlineFailed(describe(deadline)) from exc
        log.error("%s failed %d times; given up", describe(deadline), tries, exc_info=exc)
        self.attempts.pop(deadline.id, None)
        await self.deadlines.store.keeper.claim_deadline(deadline.id, self.deadlines.clock())

    async def seconds_to_next(self) -> float:
        """Seconds until the earliest deadline (``MAX_SLEEP`` when there is none)."""
        deadline = await self.deadlines.store.keeper.next_deadline()
        if deadline is None:
            return MAX_SLEEP
        return max(0.0, min(MAX_SLEEP, (deadline.due_at - self.deadlines.clock()).total_seconds()))

    async def run(self) -> None:
        """Fire due deadlines, sleep until the next one (or a wake-up), forever. A failure
        (the database down, a deadline that cannot fire) is logged and retried after
        :data:`BACKOFF`; only cancellation ends the loop."""
        while True:
            try:
                await self.run_due()
                self.wake.clear()
                delay = await self.seconds_to_next()
                self.failures = 0
            except Exception as exc:
                self.failures += 1
                delay = BACKOFF[min(self.failures, len(BACKOFF)) - 1]
                if not isinstance(exc, DeadlineFailed):
                    log.error("turn deadlines could not be read (failure %d in a row); retrying in %g s",
                              self.failures, delay, exc_info=exc)
            await self._sleep(delay, self.wake)


async def _sleep(seconds: float, wake: asyncio.Event) -> None:
    """Sleep ``seconds`` or until ``wake`` is set. A cancellation always ends it (Python
    3.11's ``wait_for`` may swallow one that comes as ``wake`` is set, and the loop would
    then never stop)."""
    waiter = asyncio.ensure_future(wake.wait())
    try:
        await asyncio.wait({waiter}, timeout=seconds)
    finally:
        waiter.cancel()
