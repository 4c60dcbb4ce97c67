"""The KP told once that the bot lost Send Messages in a battle's channel (issue 18 item 1;
issue 26: the flag is kept with the battle): a restart of the bot does not tell them again
while posting is still refused; a post that goes through clears it, and a later loss is
told again."""
from __future__ import annotations

import discord_gateway as gateway

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
LOST = (f"⚠ <#{gateway.CHANNEL_ID}> に投稿できなくなりました（Discord 50013: 権限がありません）。"
        "戦闘は自動では進めずに待っています（時間切れの催促・自動スキップも止めました）。")


async def roll(harness, fake) -> list[str]:
    """alice rolls 1D100 in the battle's channel: the first lines of the DMs the KP got."""
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    return [c.content.split("\n")[0] for c in calls if c.path == f"/channels/{fake.dm_channel}/messages"]


async def test_the_kp_is_told_once_across_a_restart_and_again_after_posting_worked(make_bot, fake):
    harness = await make_bot([10, 20, 30, 40, 50])
    await harness.first_round(hidden=False)
    fake.deny("send_messages")
    assert await roll(harness, fake) == [LOST]
    assert await roll(harness, fake) == []
    await harness.stop()
    restarted = await make_bot([60, 70, 80])
    assert await roll(restarted, fake) == []  # told before the restart: not again
    fake.denied.clear()
    calls = await restarted.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    assert [c.status for c in calls if c.path == CHANNEL_MESSAGES] == [200]
    fake.deny("send_messages")
    assert await roll(restarted, fake) == [LOST]  # posting worked in between: told again
