"""The same chat message twice (issue 28): a MESSAGE_CREATE replayed after a RESUME, or seen
by two bot processes on one token during a deploy, is taken once by its message id — the
first delivery wins and a replay posts nothing, whatever the line did: a palette roll (its
die never rolled again), a declaration, 「ターン終了」, a refusal, a SAN check. And a pending
chat question outlives a restart of the bot (issue 26): the answer typed to the new process
acts with the die the old one showed."""
from __future__ import annotations

import copy

import discord_gateway as gateway

KP = gateway.USERS["kp"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


def posts(calls, path: str = CHANNEL_MESSAGES) -> list:
    return [c for c in calls if c.method == "POST" and c.path == path]


async def twice(harness, who: str, line: str, other=None) -> tuple[list, list]:
    """``who``'s ``line`` delivered twice, the second time to ``other`` (another process) or
    again to ``harness``: the calls of each delivery."""
    data = gateway.message_create(who, line)
    first = await harness.dispatch("MESSAGE_CREATE", copy.deepcopy(data))
    return first, await (other or harness).dispatch("MESSAGE_CREATE", copy.deepcopy(data))


async def test_a_replayed_palette_roll_rolls_no_second_die(make_bot, fake):
    harness = await make_bot([30, 80])
    await harness.two_zombies()
    first, replay = await twice(harness, "alice", "CCB<=50 【こぶし】")
    [roll] = posts(first)
    assert roll.content == "アリス　CCB<=50 【こぶし】\n(1D100) ＞ 30（選ぶと、この出目で判定します）"
    [question] = posts(first, f"/channels/{fake.dm_channel}/messages")
    assert question.labels == ["ゾンビ1", "ゾンビ2"]
    assert replay == [] and harness.bot.dice.remaining == 1  # 80 is never rolled


async def test_a_replayed_turn_end_and_declaration_are_announced_once(make_bot):
    harness = await make_bot([20, 2, 3])
    await harness.two_zombies()
    first, replay = await twice(harness, "alice", "ゾンビ1をこぶしで攻撃")
    assert posts(first)[0].content.startswith("⚔ アリス → ゾンビ1：こぶしで攻撃（50%）\nアリス 攻撃（こぶし）：(1D100<=50) ＞ 20 ＞ 成功")
    assert replay == []
    first, replay = await twice(harness, "kp", "ゾンビ1：なし")
    assert posts(first)[0].content.startswith("ゾンビ1の対応：なし") and replay == []


async def test_a_turn_end_seen_by_two_processes_is_announced_once(make_bot):
    one = await make_bot([])
    two = await make_bot([])
    await one.two_zombies()
    await two.slash("kp", "battle status")  # the second process has the battle in memory too
    first, other = await twice(one, "alice", "ターン終了", other=two)
    assert posts(first)[0].content.startswith("アリスの手番が終わりました。")
    assert other == []
    _, again = await twice(two, "alice", "ターン終了", other=one)  # now ゾンビ1's turn: not alice's
    assert [c.ephemeral for c in again] == []


async def test_a_palette_roll_seen_by_two_processes_shows_one_die(make_bot, fake):
    one = await make_bot([30])
    two = await make_bot([80])
    await one.two_zombies()
    first, other = await twice(one, "alice", "CCB<=50 【こぶし】", other=two)
    assert "＞ 30" in posts(first)[0].content and other == []


async def test_a_replayed_refusal_is_told_once(make_bot, fake):
    harness = await make_bot([])
    await harness.two_zombies()
    first, replay = await twice(harness, "kp", "ゾンビ1：アリスを攻撃")  # not ゾンビ1's turn
    [told] = posts(first, f"/channels/{fake.dm_channel}/messages")
    assert "アリスの手番" in told.content
    assert replay == []


async def test_a_replayed_san_check_rolls_once(make_bot):
    harness = await make_bot([30, 99])
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14,
                        app=10, siz=13, int=13, edu=15)
    first, replay = await twice(harness, "alice", "SANチェック 1/1D6")
    assert posts(first)[0].content.startswith("🎲 アリス SANチェック（1/1D6）：(1D100<=55) ＞ 30 ＞ 成功\n成功：1 の減少 → SAN 55 → 54")
    assert replay == []
    assert harness.bot.dice.remaining == 1


async def test_a_palette_question_answered_after_a_restart_takes_the_die_shown(make_bot, fake):
    harness = await make_bot([30])
    await harness.two_zombies()
    await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=50 【こぶし】"))
    await harness.stop()
    restarted = await make_bot([])  # a new process: no die to roll
    assert await restarted.dispatch("MESSAGE_CREATE", gateway.message_create("kp", "がんばれー")) == []
    answered = await restarted.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "2"))
    assert "アリス 攻撃（こぶし）：(1D100<=50) ＞ 30 ＞ 成功" in posts(answered)[0].content
    assert "ゾンビ2" in posts(answered)[0].content
