"""Only people's messages are chat (issue 18, item 3): a thread created or renamed 「ターン終了」
or ``1D100`` is a system message (type 18 / 4) and changes nothing; webhooks, bots and
ephemeral messages are not read; a person's reply (type 19) is."""
from __future__ import annotations

import pytest

import discord_gateway as gateway

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def _turn(harness) -> str:
    board = [c for c in await harness.slash("kp", "battle status") if c.content.startswith("【")]
    return board[0].message["embeds"][0]["title"]


@pytest.mark.parametrize("kind", [gateway.THREAD_CREATED, gateway.CHANNEL_NAME_CHANGE])
async def test_a_thread_named_turn_end_does_not_end_the_turn(make_bot, fake, kind):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    before = await _turn(harness)
    assert await harness.dispatch("MESSAGE_CREATE", gateway.system_message("alice", kind, "ターン終了")) == []
    assert await _turn(harness) == before == "ラウンド1　手番: アリス"


@pytest.mark.parametrize("kind", [gateway.THREAD_CREATED, gateway.CHANNEL_NAME_CHANGE])
async def test_a_thread_named_like_dice_rolls_nothing(make_bot, kind):
    harness = await make_bot([42])
    assert await harness.dispatch("MESSAGE_CREATE", gateway.system_message("alice", kind, "1D100")) == []
    assert harness.bot.dice.remaining == 1  # the face was not used


async def test_webhook_and_ephemeral_messages_are_not_chat(make_bot):
    harness = await make_bot([42])
    assert await harness.dispatch("MESSAGE_CREATE", gateway.webhook_message("1D100")) == []
    ephemeral = gateway.message_create("alice", "1D100")
    ephemeral["flags"] = 64
    assert await harness.dispatch("MESSAGE_CREATE", ephemeral) == []
    assert harness.bot.dice.remaining == 1


async def test_a_persons_reply_is_chat(make_bot):
    harness = await make_bot([42])
    earlier = gateway.message("前のメッセージ")
    data = gateway.reply_create("alice", "1D100", earlier)
    calls = await harness.dispatch("MESSAGE_CREATE", data)
    assert [(c.path, c.content) for c in calls] == [(CHANNEL_MESSAGES, "Alice\n(1D100) ＞ 42")]
    assert calls[0].payload["message_reference"]["message_id"] == int(data["id"])
