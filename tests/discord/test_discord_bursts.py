"""Bursts (issue 18, item 10): posts to one channel are paced to Discord's per-channel limit
(the fake answers with Discord's rate-limit headers, 5 messages per window) by discord.py's
own rate limiter, so Discord need not refuse any; a 429 Discord sends anyway is retried after its
``retry_after``; the messages one chat declaration causes are merged into as few as fit."""
from __future__ import annotations

import asyncio

import discord_gateway as gateway

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def test_a_burst_of_chat_rolls_is_paced_to_the_channel_limit(make_bot, fake):
    harness = await make_bot(list(range(1, 13)))
    fake.channel_limit = (5, 0.6)
    rolls = [harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100")) for _ in range(12)]
    await asyncio.gather(*rolls)
    posts = [c for c in fake.calls if c.path == CHANNEL_MESSAGES]
    sent = [c for c in posts if c.status == 200]
    assert sorted(int(c.content.rsplit("＞ ", 1)[1]) for c in sent) == list(range(1, 13))  # each once
    # paced by the headers (12 posts, 5 per window); discord.py's limiter, woken at a window's
    # edge on a busy machine, may still meet a 429 or two, retried after retry_after
    assert len(posts) - len(sent) <= 3
    times = [c.at for c in sent]
    assert times[5] - times[0] >= 0.5 and times[10] - times[5] >= 0.5  # 5 per window


async def test_a_429_on_a_channel_post_is_retried_after_retry_after_and_posted_once(make_bot, fake):
    harness = await make_bot([42])
    fake.fail(f"POST {CHANNEL_MESSAGES}$", 429, retry_after=0.3)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    assert [(c.status, c.content) for c in calls] == [(429, "Alice\n(1D100) ＞ 42"), (200, "Alice\n(1D100) ＞ 42")]
    assert calls[1].at - calls[0].at >= 0.3


def test_plain_replies_merge_up_to_the_message_limit_and_boards_stay_apart():
    from bot.render.reply import Button, Reply
    from bot.transports.discord.merge import merge
    end = Button("ターン終了", "cb:1:t1-ゾンビ:end")
    replies = [Reply("アリスの手番が終わりました。"), Reply("ラウンド1: ゾンビの手番です。", mentions=("13",), buttons=(end,)),
               Reply("【状況】", data={"combatants": []}, tag="board:1"), Reply("a" * 1500), Reply("b" * 600)]
    merged = merge(replies)
    assert [(r.text, r.mentions, r.buttons) for r in merged[:1]] == [
        ("アリスの手番が終わりました。\n<@13> ラウンド1: ゾンビの手番です。", ("13",), (end,))]
    assert [r.text[:4] for r in merged[1:]] == ["【状況】", "aaaa", "bbbb"]  # a board alone; 2,101 characters do not fit


async def test_a_chat_turn_end_pings_the_kp_once_in_one_message(make_bot, fake):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "ターン終了"))
    posts = [c for c in calls if c.path == CHANNEL_MESSAGES]
    assert len(posts) == 1
    assert posts[0].content.count(f"<@{gateway.USERS['kp']}>") == 1
    assert posts[0].message["allowed_mentions"] == {"parse": [], "users": [int(gateway.USERS["kp"])]}
