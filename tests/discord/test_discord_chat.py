"""Chat dice: MESSAGE_CREATE payloads through discord.py's parser and the chat cog."""
from __future__ import annotations

import logging

import discord_gateway as gateway
from bot.transports.discord import closed_dms

ALICE, KP = gateway.USERS["alice"], gateway.USERS["kp"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def test_a_dice_command_in_chat_is_rolled_as_a_reply(make_bot):
    harness = await make_bot([3])
    data = gateway.message_create("alice", "CCB<=50 こぶしで殴る")
    calls = await harness.dispatch("MESSAGE_CREATE", data)
    assert [(c.method, c.path) for c in calls] == [("POST", CHANNEL_MESSAGES)]
    assert calls[0].content == "Alice　こぶしで殴る\n(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル"
    assert calls[0].payload["message_reference"]["message_id"] == int(data["id"])
    assert calls[0].payload["allowed_mentions"] == {"parse": []}


async def test_ordinary_chat_gets_no_reply(make_bot):
    harness = await make_bot()
    assert await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "3時から始めましょう")) == []
    assert await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "こんにちは")) == []


async def test_the_bots_own_messages_are_ignored(make_bot):
    harness = await make_bot([3])
    data = gateway.message("CCB<=50")
    data["guild_id"] = gateway.GUILD_ID
    assert await harness.dispatch("MESSAGE_CREATE", data) == []


async def test_a_secret_chat_roll_goes_to_the_roller_and_the_kp_by_dm(make_bot, fake):
    harness = await make_bot([30])
    await harness.slash("kp", "battle new")
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "SCCB<=50 聞き耳"))
    posts = [c for c in calls if c.method == "POST" and c.path.endswith("/messages")]
    assert [(c.path, c.content) for c in posts] == [
        (CHANNEL_MESSAGES, "Aliceがシークレットダイスを振りました。"),
        (f"/channels/{fake.dm_channel}/messages", "🔒 Alice　聞き耳\n(1D100<=50) ＞ 30 ＞ 成功"),
        (f"/channels/{fake.dm_channel}/messages", "🔒 Aliceのシークレットダイス\n(1D100<=50) ＞ 30 ＞ 成功"),
    ]
    opened = [c.payload["recipient_id"] for c in calls if c.path == "/users/@me/channels"]
    assert opened == [int(ALICE), int(KP)]
    assert all("30" not in c.content and "聞き耳" not in c.content for c in calls if c.path == CHANNEL_MESSAGES)


async def test_closed_dms_are_logged_named_in_the_channel_and_leak_nothing(make_bot, fake, caplog):
    fake.dms_closed = True
    harness = await make_bot([30])
    with caplog.at_level(logging.INFO, logger="bot.transports.discord.delivery"):
        calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "SCCB<=50"))
    public = [c for c in calls if c.path == CHANNEL_MESSAGES]
    assert [c.content for c in public] == ["Aliceがシークレットダイスを振りました。",
                                           f"<@{ALICE}> {closed_dms.OPEN_DMS}\n{closed_dms.FOR_PLAYER}"]
    assert [r.getMessage() for r in caplog.records] == [f"user {ALICE} does not accept DMs from the bot"]
