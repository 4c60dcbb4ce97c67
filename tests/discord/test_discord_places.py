"""When a battle's place goes away (issue 18, items 6 and 9): a channel or thread deleted, a
thread archived, the bot removed from the guild, or Discord answering 404 10003 / 403 50001
for a deadline's channel suspend the battle: kept whole, deadlines dropped, the bot quiet
and healthy; ``/battle reopen`` resumes it. ``/battle new`` in a thread joins it; in an
archived one the KP is told."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
from discord_deadlines import db, overdue, settle
from bot.transports.discord.places import ARCHIVED_AT_NEW

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
THREAD_ID = "1300000000000000099"


async def test_a_channel_deleted_mid_battle_leaves_the_bot_quiet_and_healthy(make_bot, fake, database_url):
    harness = await make_bot([42], autoskip_minutes=1)
    await harness.first_round(hidden=False)
    events = db(database_url, "SELECT count(*) FROM events")
    assert await harness.dispatch("CHANNEL_DELETE", gateway.channel_delete()) == []
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]
    assert db(database_url, "SELECT count(*) FROM deadlines") == [(0,)]
    assert db(database_url, "SELECT count(*) FROM events") == events  # kept whole
    before = len(fake.calls)
    await overdue(harness, database_url)
    await settle(fake)
    assert fake.calls[before:] == []  # quiet: nothing fires into the deleted channel
    assert not harness.bot.get_cog("Reminders").task.done()
    roll = await harness.dispatch("INTERACTION_CREATE", gateway.slash_in_dm("alice", "roll", command="1D100"))
    assert [c.content for c in roll] == ["Alice\n(1D100) ＞ 42"]  # healthy


@pytest.mark.parametrize("status, code", [(404, 10003), (403, 50001)])
async def test_a_deadlines_channel_that_is_gone_suspends_the_battle_and_reopen_resumes_it(
        make_bot, fake, database_url, status, code):
    harness = await make_bot(autoskip_minutes=1)
    await harness.first_round(hidden=False)
    fake.fail(f"POST {CHANNEL_MESSAGES}$", status, code)
    before = len(fake.calls)
    await overdue(harness, database_url)
    await settle(fake)
    assert [(c.method, c.status) for c in fake.calls[before:]] == [("POST", status)]  # one refusal, then quiet
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]
    assert db(database_url, "SELECT count(*) FROM deadlines") == [(0,)]
    status_now = await harness.slash("alice", "battle status")
    assert [c.content for c in status_now] == ["このチャンネルには進行中の戦闘がありません。/battle new で開いてください。"]
    reopened = await harness.slash("kp", "battle reopen")
    assert reopened[0].content == "♻ KP（Kp）が中断していた戦闘を再開しました（ラウンド1）。"
    assert any(c.content.startswith(f"<@{gateway.USERS['alice']}> ラウンド1: アリスの手番です。") for c in reopened)
    assert db(database_url, "SELECT status FROM battles") == [("active",)]
    assert sorted(db(database_url, "SELECT kind FROM deadlines")) == [("remind",), ("skip",)]


async def test_the_bot_removed_from_the_guild_suspends_its_battles(make_bot, database_url):
    harness = await make_bot()
    await harness.first_round()
    assert await harness.dispatch("GUILD_DELETE", gateway.guild_delete()) == []
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]


async def _battle_in_thread(harness, fake, kind=gateway.PUBLIC_THREAD):
    fake.threads.add(THREAD_ID)
    return await harness.dispatch("INTERACTION_CREATE",
                                  gateway.in_thread(gateway.slash("kp", "battle new"), gateway.thread(THREAD_ID, kind)))


@pytest.mark.parametrize("kind", [gateway.PUBLIC_THREAD, gateway.PRIVATE_THREAD])
async def test_battle_new_in_a_thread_joins_it(make_bot, fake, database_url, kind):
    harness = await make_bot()
    calls = await _battle_in_thread(harness, fake, kind)
    assert [(c.method, c.path) for c in calls if "thread-members" in c.path] == [
        ("PUT", f"/channels/{THREAD_ID}/thread-members/@me")]
    assert calls[-1].content.startswith("戦闘を開きました")
    assert db(database_url, "SELECT channel, status FROM battles") == [(THREAD_ID, "active")]


async def test_battle_new_in_an_archived_thread_tells_the_kp(make_bot, database_url):
    harness = await make_bot()
    data = gateway.in_thread(gateway.slash("kp", "battle new"), gateway.thread(THREAD_ID, archived=True))
    calls = await harness.dispatch("INTERACTION_CREATE", data)
    assert [(c.ephemeral, c.content) for c in calls] == [(True, ARCHIVED_AT_NEW)]
    assert db(database_url, "SELECT count(*) FROM battles") == [(0,)]


async def test_a_thread_archived_or_deleted_suspends_its_battle(make_bot, fake, database_url):
    harness = await make_bot()
    await _battle_in_thread(harness, fake)
    calls = await harness.dispatch("THREAD_UPDATE", gateway.thread(THREAD_ID, archived=True))
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]
    told = [c for c in calls if c.path == f"/channels/{fake.dm_channel}/messages"]
    assert [c.content.split("\n")[0] for c in told] == [
        f"<#{THREAD_ID}> のスレッドがアーカイブされたため、戦闘を中断しました（状態はそのまま保存しています）。"]
    unarchived = gateway.in_thread(gateway.slash("kp", "battle reopen"), gateway.thread(THREAD_ID))
    await harness.dispatch("INTERACTION_CREATE", unarchived)
    assert db(database_url, "SELECT status FROM battles") == [("active",)]
    assert await harness.dispatch("THREAD_DELETE", gateway.thread_delete(THREAD_ID)) == []
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]


async def test_a_board_edit_refused_as_archived_suspends_the_battle(make_bot, fake, database_url):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    await harness.slash("alice", "battle status")  # the board message the next one marks out of date
    fake.fail(rf"PATCH {CHANNEL_MESSAGES}/\d+", 400, 50083)
    calls = await harness.slash("alice", "battle status")
    assert db(database_url, "SELECT status FROM battles") == [("suspended",)]
    told = [c for c in calls if c.path == f"/channels/{fake.dm_channel}/messages"]  # the KP, not alice
    assert [c.content.split("\n")[0] for c in told] == [
        f"<#{gateway.CHANNEL_ID}> のスレッドがアーカイブされたため、戦闘を中断しました（状態はそのまま保存しています）。"]


@pytest.mark.parametrize("kind, how", [
    (gateway.PRIVATE_THREAD, "非公開スレッドでは、ボットのロールに「スレッドの管理」を許可するか"),
    (gateway.PUBLIC_THREAD, "ボットのロールに「チャンネルを見る」と「スレッドでメッセージを送信」を許可してください。")])
async def test_a_thread_the_bot_may_not_join_tells_the_kp_what_is_missing(make_bot, fake, database_url, kind, how):
    harness = await make_bot()
    fake.fail(rf"PUT /channels/{THREAD_ID}/thread-members/@me", 403, 50001)
    calls = await _battle_in_thread(harness, fake, kind)
    assert [(c.method, c.status) for c in calls if "thread-members" in c.path] == [("PUT", 403)]
    told = [c for c in calls if c.content]
    assert [(c.ephemeral, c.path.split("/")[1]) for c in told] == [(True, "webhooks")]  # in the thread, to the KP
    lines = told[0].content.split("\n")
    assert lines[0] == "⚠ ボットがこのスレッドに参加できませんでした（Discord 50001: アクセス権がありません）。"
    assert lines[1].startswith(how) and lines[2].endswith("もう一度 /battle new を使ってください。")
    assert db(database_url, "SELECT count(*) FROM battles") == [(0,)]


async def test_a_join_that_fails_on_the_server_side_still_opens_the_battle(make_bot, fake, database_url):
    harness = await make_bot()
    fake.fail(rf"PUT /channels/{THREAD_ID}/thread-members/@me", 503, times=5)
    calls = await _battle_in_thread(harness, fake)
    assert calls[-1].content.startswith("戦闘を開きました")
    assert db(database_url, "SELECT channel, status FROM battles") == [(THREAD_ID, "active")]
