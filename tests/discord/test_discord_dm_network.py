"""A DM the network loses (issue 28, "Lost"): a reset connection or a timeout on the way to
Discord gets the retries a channel post gets, then the fallback a refused DM gets (a notice
in the channel with the KP-only [保留中] button); nothing already posted is removed and the
user is told no error."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
from bot.transports.discord import sending
from bot.transports.discord.closed_dms import FOR_KP, FOR_PLAYER, NETWORK
from discord_harness import RESET, TIMEOUT

KP, ALICE = gateway.USERS["kp"], gateway.USERS["alice"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
HIT = "アリスのこぶしがゾンビに命中しました。"


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch):
    monkeypatch.setattr(sending, "NETWORK_BACKOFF", (0.01, 0.01))


@pytest.mark.parametrize("failure", [RESET, TIMEOUT])
async def test_a_kps_question_lost_on_the_network_falls_back_to_the_pending_button(make_bot, fake, failure):
    harness = await make_bot([30])
    await harness.first_round()  # the zombie is hidden: its question goes to the KP by DM
    dm = f"POST /channels/{fake.dm_channel}/messages"
    fake.fail(dm, failure, times=3)
    calls = await harness.dispatch_all("INTERACTION_CREATE", gateway.slash("alice", "attack", target="ゾンビ"))
    assert [c.status for c in calls if c.path == f"/channels/{fake.dm_channel}/messages"] == [failure] * 3
    assert not any(c.method == "DELETE" for c in calls)
    answer = next(c for c in calls if c.path.endswith("/messages/@original"))
    assert (answer.method, answer.ephemeral) == ("PATCH", False) and answer.content.startswith("⚔ アリス → ゾンビ：こぶしで攻撃（50%）")
    notice = calls[-1]
    assert (notice.ephemeral, notice.content, notice.labels) == (False, f"<@{KP}> {NETWORK}\n{FOR_KP}", ["保留中"])
    assert all("エラーが発生しました" not in c.content and "⚠ 結果は" not in c.content for c in calls)
    shown = await harness.slash("kp", "kp pending")
    assert [c.content.split("\n")[0] for c in shown] == [f"{HIT}対応を選んでください。"]


async def test_a_dm_that_goes_through_on_the_second_try_is_sent_once(make_bot, fake):
    harness = await make_bot([30])
    await harness.first_round()
    fake.fail(f"POST /channels/{fake.dm_channel}/messages", RESET, times=1)
    calls = await harness.slash("alice", "attack", target="ゾンビ")
    dms = [c for c in calls if c.path == f"/channels/{fake.dm_channel}/messages"]
    assert [c.status for c in dms] == [RESET, 200]
    assert dms[1].content.startswith(f"{HIT}対応を選んでください。") and dms[1].labels == ["回避", "防御", "なし"]
    assert not any(NETWORK in c.content for c in calls)


async def test_a_chat_secret_roll_lost_on_the_network_is_noticed_in_the_channel(make_bot, fake):
    harness = await make_bot([30])
    await harness.slash("kp", "battle new")
    fake.fail(f"POST /channels/{fake.dm_channel}/messages", RESET, times=6)  # the roller's and the KP's copy
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "SCCB<=50 聞き耳"))
    posts = [c for c in calls if c.path == CHANNEL_MESSAGES]
    assert [c.content for c in posts][-2:] == [f"<@{ALICE}> {NETWORK}\n{FOR_PLAYER}", f"<@{KP}> {NETWORK}"]
    assert all("30" not in c.content for c in posts)
