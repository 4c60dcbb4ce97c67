"""Helpers of the Discord-layer tests that drive the turn-deadline dispatcher of a running
bot: read the test database, make every deadline overdue, wait until Discord hears no more."""
from __future__ import annotations

import asyncio
import sqlite3


def db(database_url: str, sql: str) -> list[tuple]:
    """The rows of ``sql`` run on the test database (a write is committed)."""
    with sqlite3.connect(database_url.removeprefix("sqlite+aiosqlite:///")) as conn:
        return conn.execute(sql).fetchall()


async def overdue(harness, database_url: str) -> None:
    """Make every scheduled deadline overdue and wake the bot's dispatcher."""
    db(database_url, "UPDATE deadlines SET due_at = '2000-01-01 00:00:00'")
    harness.bot.get_cog("Reminders").dispatcher.wake.set()


async def settle(fake, quiet: float = 0.3) -> None:
    """Wait until the fake Discord received no request for ``quiet`` seconds."""
    seen = -1
    while seen != len(fake.calls):
        seen = len(fake.calls)
        await asyncio.sleep(quiet)
