"""The turn-deadline dispatcher of a running bot survives errors (issue 11): a failing
database call is logged with its context, retried with backoff, and the loop goes on; the
reminder is then posted exactly once."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest
from sqlalchemy.exc import OperationalError

import discord_gateway as gateway
from bot.battle import reminders

ALICE = gateway.USERS["alice"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


@pytest.fixture
def quick_backoff(monkeypatch):
    monkeypatch.setattr(reminders, "BACKOFF", (0.01, 0.02))


async def _overdue(harness, database_url: str) -> None:
    """Make the open reminder overdue and wake the dispatcher."""
    with sqlite3.connect(database_url.removeprefix("sqlite+aiosqlite:///")) as db:
        db.execute("UPDATE deadlines SET due_at = '2000-01-01 00:00:00'")
    harness.bot.get_cog("Reminders").dispatcher.wake.set()


async def _reminders(fake, timeout: float = 3.0) -> list:
    """The reminder posts (mentioning Alice) once the dispatcher made one, or [] after ``timeout``."""
    for _ in range(int(timeout / 0.02)):
        found = [c for c in fake.calls if c.method == "POST" and c.path == CHANNEL_MESSAGES
                 and c.content.startswith(f"<@{ALICE}>")]
        if found:
            await asyncio.sleep(0.1)  # nothing more comes
            return [c for c in fake.calls if c.method == "POST" and c.path == CHANNEL_MESSAGES
                    and c.content.startswith(f"<@{ALICE}>")]
        await asyncio.sleep(0.02)
    return []


async def test_a_failing_database_is_logged_retried_and_the_reminder_posted_once(
        make_bot, fake, database_url, monkeypatch, caplog, quick_backoff):
    harness = await make_bot()
    await harness.first_round()
    store = harness.bot.store.keeper
    real = store.next_deadline
    failures = iter([OperationalError("SELECT deadlines", {}, Exception("database is locked"))] * 2)

    async def flaky():
        error = next(failures, None)
        if error is not None:
            raise error
        return await real()

    monkeypatch.setattr(store, "next_deadline", flaky)
    with caplog.at_level(logging.ERROR, logger="bot.battle.reminders"):
        await _overdue(harness, database_url)
        posted = await _reminders(fake)
    assert len(posted) == 1
    assert [r.getMessage() for r in caplog.records] == [
        "turn deadlines could not be read (failure 1 in a row); retrying in 0.01 s",
        "turn deadlines could not be read (failure 2 in a row); retrying in 0.02 s"]
    assert "database is locked" in str(caplog.records[0].exc_info[1])
    assert not harness.bot.get_cog("Reminders").task.done()


async def test_a_deadline_that_fails_to_fire_is_retried_with_its_context_logged(
        make_bot, fake, database_url, monkeypatch, caplog, quick_backoff):
    harness = await make_bot()
    await harness.first_round()
    service = harness.bot.service
    real = service.deadlines.fire
    calls = []

    async def flaky(deadline):
        calls.append(deadline.id)
        if len(calls) == 1:
            raise OperationalError("UPDATE deadlines", {}, Exception("database is locked"))
        return await real(deadline)

    monkeypatch.setattr(service.deadlines, "fire", flaky)
    with caplog.at_level(logging.WARNING, logger="bot.battle.reminders"):
        await _overdue(harness, database_url)
        posted = await _reminders(fake)
    assert len(posted) == 1 and len(calls) == 2
    message = caplog.records[0].getMessage()
    assert message.startswith(f"deadline {calls[0]} (remind ") and "of battle 1 in channel " in message
    assert message.endswith("due 2000-01-01 00:00:00 failed (attempt 1 of 3), retrying: "
                            "OperationalError('(builtins.Exception) database is locked')")
