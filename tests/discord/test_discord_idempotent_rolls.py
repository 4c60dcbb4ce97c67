"""Idempotent rolls (issue 18, item 8): a MESSAGE_CREATE repeated (after a RESUME, or seen by
two processes during a redeploy) and a repeated interaction id roll once; the key is in the
database, so a restart or a second process does not roll again."""
from __future__ import annotations

import copy
import sqlite3

import discord_gateway as gateway

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


def _keys(database_url: str) -> list[str]:
    with sqlite3.connect(database_url.removeprefix("sqlite+aiosqlite:///")) as db:
        return [r[0] for r in db.execute("SELECT request_id FROM requests ORDER BY request_id")]


async def test_a_repeated_message_create_is_answered_once(make_bot, database_url):
    harness = await make_bot([42, 7])
    data = gateway.message_create("alice", "1D100")
    first = await harness.dispatch("MESSAGE_CREATE", copy.deepcopy(data))
    assert [c.content for c in first] == ["Alice\n(1D100) ＞ 42"]
    assert await harness.dispatch("MESSAGE_CREATE", copy.deepcopy(data)) == []
    assert harness.bot.dice.remaining == 1
    assert _keys(database_url) == [f"chat-{data['id']}"]


async def test_table_talk_writes_no_delivery_key(make_bot, database_url):
    harness = await make_bot([])
    for line in ("今日のゾンビ硬そう", "回避って何%だっけ", "お疲れ様です！"):
        assert await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", line)) == []
    assert _keys(database_url) == []


async def test_a_message_seen_by_two_processes_or_after_a_restart_is_answered_once(make_bot, fake):
    one = await make_bot([42])
    two = await make_bot([99])
    data = gateway.message_create("alice", "CCB<=50 目星")
    answered = (await one.dispatch("MESSAGE_CREATE", copy.deepcopy(data))
                + await two.dispatch("MESSAGE_CREATE", copy.deepcopy(data)))
    assert [c.content for c in answered] == ["Alice　目星\n(1D100<=50) ＞ 42 ＞ 成功"]
    await one.stop()
    restarted = await make_bot([5])
    assert await restarted.dispatch("MESSAGE_CREATE", copy.deepcopy(data)) == []


async def test_a_repeated_interaction_rolls_once_also_after_a_restart(make_bot, fake):
    harness = await make_bot([42])
    data = gateway.slash("alice", "roll", command="1D100")
    first = await harness.dispatch("INTERACTION_CREATE", copy.deepcopy(data))
    assert [c.content for c in first] == ["Alice\n(1D100) ＞ 42"]
    again = await harness.dispatch_all("INTERACTION_CREATE", copy.deepcopy(data))  # another process's copy
    assert [(c.status, c.response["code"]) for c in again] == [(400, 40060)]
    await harness.stop()
    fake.acknowledged.clear()  # Discord lets the retried delivery be answered: the stored result
    restarted = await make_bot([77])
    retried = await restarted.dispatch("INTERACTION_CREATE", copy.deepcopy(data))
    assert [c.content for c in retried] == ["Alice\n(1D100) ＞ 42"]
    assert restarted.bot.dice.remaining == 1
