"""Graceful shutdown (issue 18, item 11; issue 28): on SIGTERM/SIGINT (``bot.close()``) the
bot stops reading the gateway, takes no new command (told to retry) or chat line (read back at
the next start: test_discord_stop_and_restart.py), lets those in progress finish and answer
(bounded), then closes the connection and the database."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

import discord_gateway as gateway
from bot.battle.reminders import _sleep
from bot.transports.discord import client


async def _slowed(harness, seconds: float) -> asyncio.Event:
    service, entered = harness.bot.service, asyncio.Event()
    real = service.handle

    async def handle(request):
        entered.set()
        await asyncio.sleep(seconds)
        return await real(request)

    service.handle = handle
    return entered


async def test_a_command_in_progress_finishes_and_answers_before_the_database_closes(make_bot, fake, database_url):
    harness = await make_bot()
    entered = await _slowed(harness, 0.5)
    command = asyncio.create_task(harness.slash("kp", "battle new"))
    await asyncio.wait_for(entered.wait(), 2)
    closing = asyncio.create_task(harness.bot.close())
    await asyncio.sleep(0.05)
    late = await harness.dispatch("INTERACTION_CREATE", gateway.slash("alice", "roll", command="1D100"))
    assert [(c.ephemeral, c.content) for c in late] == [(True, client.RESTARTING)]
    answered = [c for c in await command if c not in late]  # the calls since it was sent
    await closing
    assert [(c.status, c.content.split("\n")[0]) for c in answered] == [
        (200, "戦闘を開きました（CoC6 ハウスルール（戦闘ルール））。KP: Kp")]
    assert harness.bot.store is None and harness.bot.is_closed()
    with sqlite3.connect(database_url.removeprefix("sqlite+aiosqlite:///")) as db:
        assert db.execute("SELECT status FROM battles").fetchall() == [("active",)]


async def test_shutdown_waits_no_longer_than_its_grace(make_bot, monkeypatch, caplog):
    harness = await make_bot()
    monkeypatch.setattr(client, "SHUTDOWN_GRACE", 0.2)
    entered = await _slowed(harness, 30)
    command = asyncio.create_task(harness.slash("kp", "battle new"))
    await asyncio.wait_for(entered.wait(), 2)
    started = asyncio.get_running_loop().time()
    with caplog.at_level(logging.WARNING, logger="bot.transports.discord.client"):
        await harness.bot.close()
    assert asyncio.get_running_loop().time() - started < 2
    assert [r.getMessage() for r in caplog.records] == ["1 command(s) still running after 0.2 s; closing anyway"]
    command.cancel()


async def test_chat_after_the_stop_waited_is_not_read_here(make_bot, fake):  # read back at the next start
    harness = await make_bot([42])
    harness.bot.closing = True
    assert await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100")) == []
    assert harness.bot.dice.remaining == 1


async def test_the_deadline_loop_ends_when_cancelled_as_it_is_woken():
    wake = asyncio.Event()
    sleeping = asyncio.create_task(_sleep(3600, wake))
    await asyncio.sleep(0)
    wake.set()  # a deadline written as the bot stops
    sleeping.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(sleeping, 1)
