"""Posting outside an interaction (chat dice, reminders): tagged messages are remembered and
later edited in place; private replies go by DM."""
from __future__ import annotations

import discord_gateway as gateway
from bot.transports.discord.delivery import post
from bot.render.reply import Reply

KP = gateway.USERS["kp"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def test_a_tagged_post_is_edited_in_place_later(make_bot, fake):
    harness = await make_bot()
    channel = harness.bot.get_partial_messageable(int(gateway.CHANNEL_ID))
    await post(harness.bot, channel, [Reply(text="状況表", tag="board:7")])
    sent = fake.calls[-1]
    assert (sent.method, sent.path, sent.content) == ("POST", CHANNEL_MESSAGES, "状況表")
    await post(harness.bot, channel, [Reply(text="（古くなりました）", edit="board:7"),
                                      Reply(text="手番です", mentions=(KP,)),
                                      Reply(text="KPだけに", ephemeral=True, to=KP)])
    edit, ping, *dm = fake.calls[fake.calls.index(sent) + 1:]
    assert (edit.method, edit.path, edit.content) == ("PATCH", f"{CHANNEL_MESSAGES}/{sent.response['id']}", "（古くなりました）")
    assert (ping.content, ping.payload["allowed_mentions"]) == (f"<@{KP}> 手番です", {"parse": [], "users": [int(KP)]})
    assert [(c.method, c.path) for c in dm] == [
        ("GET", f"/users/{KP}"), ("POST", "/users/@me/channels"), ("POST", f"/channels/{fake.dm_channel}/messages")]
    assert dm[-1].content == "KPだけに"


async def test_an_edit_without_a_remembered_message_does_nothing(make_bot, fake):
    harness = await make_bot()
    before = len(fake.calls)
    await post(harness.bot, harness.bot.get_partial_messageable(int(gateway.CHANNEL_ID)),
               [Reply(text="（古くなりました）", edit="board:99")])
    assert fake.calls[before:] == []
