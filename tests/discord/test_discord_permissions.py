"""The bot's own permissions (issue 18, item 1): ``/battle new`` and ``/battle start`` read
``app_permissions`` and tell the KP, in one Japanese message, what is missing and how to
grant it; without View Channel or Send Messages the battle does not open. A permission lost
later (403 50013 on a post) is told to the KP once, privately, and the battle waits."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
from discord_deadlines import db, overdue, settle
from discord_harness import CHANNEL_PERMISSIONS

KP = gateway.USERS["kp"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
JA = {"view_channel": "チャンネルを見る", "send_messages": "メッセージを送信", "embed_links": "埋め込みリンク",
      "attach_files": "ファイルを添付", "read_message_history": "メッセージ履歴を読む"}
BLOCKING = {"view_channel", "send_messages"}


def _status(database_url: str) -> list[tuple[str, str]]:
    return db(database_url, "SELECT channel, status FROM battles ORDER BY id")


@pytest.mark.parametrize("permission", [p for p in CHANNEL_PERMISSIONS if p != "send_messages_in_threads"])
async def test_a_battle_opened_under_each_missing_permission(make_bot, fake, database_url, permission):
    harness = await make_bot()
    fake.deny(permission)
    calls = await harness.slash("kp", "battle new")
    shown = [(c.ephemeral, c.content) for c in calls]
    advice = [text for private, text in shown if private and text.startswith("⚠")]
    assert len(advice) == 1
    assert advice[0].startswith(f"⚠ このチャンネルでボットの権限が足りません: 「{JA[permission]}」\n・{JA[permission]}がないと")
    assert "ボットのロールにこれらを許可してください" in advice[0]
    if permission in BLOCKING:
        assert shown == [(True, advice[0])] and "戦闘を開きませんでした" in advice[0]
        assert _status(database_url) == []
    else:
        assert shown[0][1].startswith("戦闘を開きました") and advice[0].endswith("戦闘はこのまま進められます。")
        assert _status(database_url) == [(gateway.CHANNEL_ID, "active")]


async def test_every_permission_is_named_in_one_message(make_bot, fake, database_url):
    harness = await make_bot()
    fake.deny("embed_links", "attach_files", "read_message_history")
    calls = await harness.slash("kp", "battle new")
    assert [c.content.split("\n")[0] for c in calls if c.ephemeral] == [
        "⚠ このチャンネルでボットの権限が足りません: 「埋め込みリンク」「ファイルを添付」「メッセージ履歴を読む」"]


async def test_a_battle_with_all_permissions_says_nothing_about_them(make_bot):
    calls = await (await make_bot()).slash("kp", "battle new")
    assert [c.content.split("\n")[0] for c in calls] == ["戦闘を開きました（CoC6 ハウスルール（戦闘ルール））。KP: Kp"]


async def test_battle_start_without_send_messages_does_not_start(make_bot, fake):
    harness = await make_bot()
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await harness.slash("kp", "battle new")
    await harness.slash("alice", "battle join", character="アリス")
    fake.deny("send_messages")
    calls = await harness.slash("kp", "battle start")
    assert [(c.ephemeral, c.content.split("\n")[-1]) for c in calls] == [
        (True, "投稿できないまま進むと誰にも結果が見えないため、戦闘を開始しませんでした。許可してからもう一度 /battle start を使ってください。")]
    fake.denied.clear()
    started = await harness.slash("kp", "battle start")
    assert any("ラウンド1" in c.content for c in started)


def _deadlines(database_url: str) -> int:
    return db(database_url, "SELECT count(*) FROM deadlines")[0][0]


async def test_send_messages_lost_mid_battle_holds_it_and_tells_the_kp_once(make_bot, fake, database_url):
    harness = await make_bot([42], autoskip_minutes=1)
    await harness.first_round(hidden=False)
    assert _deadlines(database_url) == 2  # アリス's reminder and auto-skip
    fake.deny("send_messages")
    before = len(fake.calls)
    await overdue(harness, database_url)
    await settle(fake)
    refused = [c for c in fake.calls[before:] if c.path == CHANNEL_MESSAGES]
    dms = [c for c in fake.calls[before:] if c.path == f"/channels/{fake.dm_channel}/messages"]
    assert {(c.status, c.response["code"]) for c in refused} == {(403, 50013)}
    assert [c.content.split("\n")[0] for c in dms] == [
        f"⚠ <#{gateway.CHANNEL_ID}> に投稿できなくなりました（Discord 50013: 権限がありません）。"
        "戦闘は自動では進めずに待っています（時間切れの催促・自動スキップも止めました）。"]
    assert _deadlines(database_url) == 0 and _status(database_url) == [(gateway.CHANNEL_ID, "active")]
    again = len(fake.calls)  # another refused post: the KP is not told again
    await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    assert [c.path for c in fake.calls[again:]] == [CHANNEL_MESSAGES]


async def test_in_a_thread_without_send_messages_in_threads_the_battle_does_not_open(make_bot, fake, database_url):
    harness = await make_bot()
    thread = "1300000000000000077"
    fake.threads.add(thread)
    fake.deny("send_messages_in_threads")
    data = gateway.in_thread(gateway.slash("kp", "battle new"), gateway.thread(thread))
    calls = await harness.dispatch("INTERACTION_CREATE", data)
    assert [c.content.split("\n")[0] for c in calls] == ["⚠ このチャンネルでボットの権限が足りません: 「スレッドでメッセージを送信」"]
    assert _status(database_url) == []


async def test_a_result_from_a_dm_click_refused_in_the_channel_tells_the_kp_where_they_clicked(make_bot, fake):
    harness = await make_bot([30, 80, 2, 3])
    await harness.first_round()
    calls = await harness.slash("alice", "attack", target="ゾンビ")
    [question] = [c for c in calls if c.method == "POST" and c.path == f"/channels/{fake.dm_channel}/messages"]
    on_message = gateway.message(question.content, question.message["components"], channel_id=fake.dm_channel)
    fake.deny("send_messages")
    pressed = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("kp", question.custom_ids[0], on_message))
    assert [(c.status, c.response["code"]) for c in pressed if c.path == CHANNEL_MESSAGES] == [(403, 50013)]
    told = [c for c in pressed if c.ephemeral and c.content.startswith("⚠")]
    assert [c.content.split("\n")[0] for c in told] == [
        f"⚠ <#{gateway.CHANNEL_ID}> に投稿できなくなりました（Discord 50013: 権限がありません）。"
        "戦闘は自動では進めずに待っています（時間切れの催促・自動スキップも止めました）。"]
