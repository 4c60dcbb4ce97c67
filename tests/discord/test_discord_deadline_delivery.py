"""Deadlines deliver before they are deleted (issue 18, item 5): an auto-skip whose
announcement meets a reset connection or Discord's 5xx is retried with backoff, committed
once and announced once; one that keeps failing is given up with one log line and told to
the KP at their next command."""
from __future__ import annotations

import logging

import pytest

import discord_gateway as gateway
from discord_deadlines import db, overdue, settle
from discord_harness import RESET
from bot.battle import reminders
from bot.transports.discord import missed, sending

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
SKIPPED = "⚖ KP裁定［スキップ］アリスの手番を飛ばした"


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(sending, "NETWORK_BACKOFF", (0.01, 0.01))
    monkeypatch.setattr(reminders, "DELIVERY_BACKOFF", (0.05, 0.05))


def _skips(database_url: str) -> int:
    return db(database_url, "SELECT count(*) FROM events WHERE kind = 'step' AND request_id LIKE 'deadline-%'")[0][0]


async def _turn(harness) -> str:
    board = [c for c in await harness.slash("kp", "battle status") if c.content.startswith("【")]
    return board[0].message["embeds"][0]["title"]


@pytest.mark.parametrize("failure", [RESET, 502])
async def test_an_auto_skip_whose_announcement_failed_is_announced_once_and_skipped_once(
        make_bot, fake, database_url, quick, failure):
    harness = await make_bot(reminder_minutes=0, autoskip_minutes=5)
    await harness.first_round(hidden=False)
    before = len(fake.calls)
    # a reset: every attempt of the first delivery (3 tries); a 5xx: discord.py's own retry succeeds
    fake.fail(f"POST {CHANNEL_MESSAGES}$", failure, times=3 if failure == RESET else 1)
    await overdue(harness, database_url)
    await settle(fake, 1.5 if failure == 502 else 0.4)  # discord.py waits 1 s before retrying a 5xx
    posts = [c for c in fake.calls[before:] if c.path == CHANNEL_MESSAGES]
    announced = [c for c in posts if c.status == 200 and SKIPPED in c.content]
    assert len(announced) == 1
    assert [c.status for c in posts if SKIPPED in c.content] == ([RESET] * 3 if failure == RESET else [502]) + [200]
    assert _skips(database_url) == 1
    assert await _turn(harness) == "ラウンド1　手番: ゾンビ"
    assert db(database_url, "SELECT kind FROM deadlines") == [("skip",)]  # ゾンビ's, not アリス's


async def test_a_delivery_that_keeps_failing_is_given_up_once_and_told_to_the_kp(
        make_bot, fake, database_url, quick, caplog):
    harness = await make_bot(reminder_minutes=0, autoskip_minutes=5)
    await harness.first_round(hidden=False)
    fake.fail(f"POST {CHANNEL_MESSAGES}$", RESET, times=9)  # three deliveries of three tries each
    with caplog.at_level(logging.ERROR, logger="bot.transports.discord.reminders"):
        await overdue(harness, database_url)
        await settle(fake)
    assert [r.getMessage() for r in caplog.records] == [
        f"1 message(s) for channel {gateway.CHANNEL_ID} not delivered after 3 attempts; given up, kept for the KP"]
    assert _skips(database_url) == 1 and db(database_url, "SELECT kind FROM deadlines") == [("skip",)]
    alice = await harness.slash("alice", "battle status")
    assert not any(missed.HEADER in c.content for c in alice)
    told = [c for c in await harness.slash("kp", "battle status") if missed.HEADER in c.content]
    assert len(told) == 1 and told[0].ephemeral
    assert told[0].content.startswith(f"{missed.HEADER}\n・{SKIPPED}")
    assert f"\n<@{gateway.USERS['kp']}> ラウンド1: ゾンビの手番です。" in told[0].content  # merged into one message
    assert not any(missed.HEADER in c.content for c in await harness.slash("kp", "battle status"))
