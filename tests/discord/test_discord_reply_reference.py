"""A refused reply reference (issue 18, item 4): without Read Message History Discord refuses
every reply (403 160002), and a reference it does not accept is 400 50035 on
``message_reference``; the message is sent again without it, so a declaration applied is
also seen."""
from __future__ import annotations

import pytest

import discord_gateway as gateway

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def test_without_read_message_history_a_chat_roll_is_posted_without_the_reply(make_bot, fake):
    harness = await make_bot([42])
    fake.deny("read_message_history")
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    assert [(c.status, c.content, "message_reference" in c.payload) for c in calls] == [
        (403, "Alice\n(1D100) ＞ 42", True), (200, "Alice\n(1D100) ＞ 42", False)]
    assert calls[0].response["code"] == 160002


@pytest.mark.parametrize("status, code", [(403, 160002), (400, 50035)])
async def test_a_chat_declaration_refused_as_a_reply_is_still_seen(make_bot, fake, status, code):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    fake.fail(f"POST {CHANNEL_MESSAGES}$", status, code)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "ターン終了"))
    sent = [(c.status, c.content.split("\n")[0]) for c in calls if c.method == "POST"]
    assert sent[:2] == [(status, "アリスの手番が終わりました。"), (200, "アリスの手番が終わりました。")]
    board = [c for c in await harness.slash("kp", "battle status") if c.content.startswith("【")]
    assert board[0].message["embeds"][0]["title"] == "ラウンド1　手番: ゾンビ"


async def test_another_refusal_is_not_retried(make_bot, fake):
    harness = await make_bot([42])
    fake.fail(f"POST {CHANNEL_MESSAGES}$", 400, 50006)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    assert [c.status for c in calls] == [400]
