"""Closed DMs (issue 18, items 2 and 13): a DM Discord refuses (403 50007) is never lost
silently. The channel is told who should open their DMs, without the secret; the KP's
question stays reachable through the KP-only [保留中] button and ``/kp pending``, also after
the ephemeral copy vanished with a reload. A KP with DMs closed runs a battle with a hidden
NPC to its end."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
from bot.transports.discord.closed_dms import FOR_KP, FOR_PLAYER, OPEN_DMS

KP, ALICE = gateway.USERS["kp"], gateway.USERS["alice"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
PENDING = "cb:0:pending:show"
QUESTION = ("アリスのこぶしがゾンビに命中しました。対応を選んでください。\n"
            "選べる対応: 回避／防御／なし（チャットで「回避」のように書くか、/react action:… でも選べます）")


def _bot_message(call) -> dict:
    return gateway.message(call.content, call.message.get("components"), message_id=call.response["id"])


@pytest.mark.rule("H-GEN-01")
async def test_a_kp_with_closed_dms_answers_a_hidden_npc_through_the_pending_button_to_the_end(make_bot, fake):
    harness = await make_bot([30, 80, 2, 3, 95, 50])
    await harness.first_round()
    fake.dms_closed = True
    hit = await harness.slash("alice", "attack", target="ゾンビ")
    refused = [c for c in hit if c.path == f"/channels/{fake.dm_channel}/messages"]
    assert [(c.status, c.response["code"]) for c in refused] == [(403, 50007)]
    notice = hit[-1]
    assert (notice.ephemeral, notice.content) == (False, f"<@{KP}> {OPEN_DMS}\n{FOR_KP}")
    assert notice.labels == ["保留中"] and notice.custom_ids == [PENDING]
    assert notice.message["allowed_mentions"] == {"parse": [], "users": [int(KP)]}
    assert all("回避／防御" not in c.content for c in hit if not c.ephemeral and c not in refused)

    not_kp = await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", PENDING, _bot_message(notice)))
    assert [(c.ephemeral, c.content) for c in not_kp] == [(True, "この操作はKPだけが行えます（権限: KP）。")]
    shown = await harness.dispatch("INTERACTION_CREATE", gateway.click("kp", PENDING, _bot_message(notice)))
    assert [(c.ephemeral, c.content, c.labels) for c in shown] == [(True, QUESTION, ["回避", "防御", "なし"])]
    again = await harness.slash("kp", "kp pending")  # after a reload: the same question again
    assert [(c.ephemeral, c.content) for c in again] == [(True, QUESTION)]

    dodged = await harness.dispatch("INTERACTION_CREATE", gateway.click("kp", shown[0].custom_ids[0], _bot_message(shown[0])))
    assert [c.content for c in dodged if c.ephemeral] == [
        "🔒 KP用（シークレット）\nゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗\nゾンビ HP 15 → 10"]
    assert [c.content for c in await harness.slash("kp", "kp pending")] == ["いまKPが答える質問はありません。"]
    ended = await harness.slash("kp", "battle end", confirm=True)
    assert any(c.content.startswith("戦闘を終了しました") for c in ended if not c.ephemeral)
    assert [c.content for c in await harness.slash("kp", "battle status")] == [
        "このチャンネルには進行中の戦闘がありません。/battle new で開いてください。"]


async def test_a_chat_secret_roll_of_a_player_with_closed_dms_names_them_and_keeps_the_secret(make_bot, fake):
    harness = await make_bot([30])
    await harness.slash("kp", "battle new")
    fake.dms_closed = True
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "SCCB<=50 聞き耳"))
    posts = [c for c in calls if c.path == CHANNEL_MESSAGES]
    assert [c.content for c in posts][-2:] == [f"<@{ALICE}> {OPEN_DMS}\n{FOR_PLAYER}", f"<@{KP}> {OPEN_DMS}"]
    assert posts[-1].labels == []  # nothing for the KP to answer: no [保留中]
    assert all("30" not in c.content for c in posts)


async def test_a_hidden_npcs_reminder_to_a_kp_with_closed_dms_offers_the_pending_button(make_bot, fake, database_url):
    import asyncio
    import sqlite3
    harness = await make_bot([30])
    await harness.first_round()
    await harness.slash("alice", "attack", target="ゾンビ")  # the hidden ゾンビ must answer
    fake.dms_closed = True
    before = len(fake.calls)
    with sqlite3.connect(database_url.removeprefix("sqlite+aiosqlite:///")) as db:
        db.execute("UPDATE deadlines SET due_at = '2000-01-01 00:00:00'")
    harness.bot.get_cog("Reminders").dispatcher.wake.set()
    for _ in range(100):
        notices = [c for c in fake.calls[before:] if c.path == CHANNEL_MESSAGES]
        if notices:
            break
        await asyncio.sleep(0.02)
    assert [(c.content, c.custom_ids) for c in notices] == [(f"<@{KP}> {OPEN_DMS}\n{FOR_KP}", [PENDING])]
    assert "⏰" not in notices[0].content
