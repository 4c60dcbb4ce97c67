"""A battle's thread archived, then open again (issue 28, "Lost"): a player writing in the
archived thread unarchives it (Discord sends THREAD_UPDATE and the MESSAGE_CREATE, in either
order); the battle suspended by the archiving resumes where it stood, and that player's line
is read in it. A thread open again without a suspended battle posts nothing."""
from __future__ import annotations

import discord_gateway as gateway
from discord_deadlines import db

THREAD_ID = "1300000000000000099"
THREAD_MESSAGES = f"/channels/{THREAD_ID}/messages"
ENDED = "アリスの手番が終わりました。\n"
RESUMED = "♻ スレッドが再開されたので、中断していた戦闘を再開しました（ラウンド1）。"


async def _in_thread(harness, who: str, path: str, **values):
    return await harness.dispatch("INTERACTION_CREATE",
                                  gateway.in_thread(gateway.slash(who, path, **values), gateway.thread(THREAD_ID)))


async def _said(harness, who: str, text: str):
    return await harness.dispatch("MESSAGE_CREATE", gateway.in_thread(gateway.message_create(who, text),
                                                                     gateway.thread(THREAD_ID)))


async def _archived_battle(harness, fake, database_url):
    """Alice against the zombie in the thread, round 1 on Alice's turn, then the thread archived."""
    fake.threads.add(THREAD_ID)
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await harness.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await _in_thread(harness, "kp", "battle new")
    await _in_thread(harness, "alice", "battle join", character="アリス")
    await _in_thread(harness, "kp", "battle add", name="ゾンビ", character="ゾンビ")
    await _in_thread(harness, "kp", "battle start")
    await harness.dispatch("THREAD_UPDATE", gateway.thread(THREAD_ID, archived=True))
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]


async def test_a_thread_unarchived_resumes_its_battle_and_the_players_line_is_read(make_bot, fake, database_url):
    harness = await make_bot()
    await _archived_battle(harness, fake, database_url)
    opened = await harness.dispatch("THREAD_UPDATE", gateway.thread(THREAD_ID))
    posts = [c for c in opened if c.path == THREAD_MESSAGES]
    assert posts[0].content == RESUMED
    assert any(c.content.startswith(f"<@{gateway.USERS['alice']}> ラウンド1: アリスの手番です。") for c in posts)
    assert db(database_url, "SELECT status FROM battles") == [("active",)]
    said = await _said(harness, "alice", "ターン終了")
    assert [c.content for c in said if c.path == THREAD_MESSAGES][0].startswith(ENDED)


async def test_the_line_that_unarchived_the_thread_resumes_the_battle_when_it_comes_first(make_bot, fake, database_url):
    harness = await make_bot()
    await _archived_battle(harness, fake, database_url)
    said = await _said(harness, "alice", "ターン終了")  # before the THREAD_UPDATE
    contents = [c.content for c in said if c.path == THREAD_MESSAGES]
    assert contents[0] == RESUMED
    assert [c for c in contents[contents.index(RESUMED) + 1:] if c.startswith(ENDED)] != []
    assert db(database_url, "SELECT status FROM battles") == [("active",)]
    assert await harness.dispatch("THREAD_UPDATE", gateway.thread(THREAD_ID)) == []  # resumed once


async def test_both_events_at_once_resume_the_battle_once(make_bot, fake, database_url):
    import asyncio
    harness = await make_bot()
    await _archived_battle(harness, fake, database_url)
    before = len(fake.calls)
    await asyncio.gather(harness.dispatch("THREAD_UPDATE", gateway.thread(THREAD_ID)), _said(harness, "alice", "ターン終了"))
    contents = [c.content for c in fake.calls[before:] if c.path == THREAD_MESSAGES]
    ended = [n for n, c in enumerate(contents) if c.startswith(ENDED)]
    assert contents.count(RESUMED) == 1 and len(ended) == 1
    assert contents.index(RESUMED) < ended[0]


async def test_a_thread_open_again_without_a_suspended_battle_posts_nothing(make_bot, fake, database_url):
    harness = await make_bot()
    fake.threads.add(THREAD_ID)
    await _in_thread(harness, "kp", "battle new")
    assert await harness.dispatch("THREAD_UPDATE", gateway.thread(THREAD_ID, name="戦闘（改名）")) == []
    assert db(database_url, "SELECT status FROM battles") == [("active",)]
