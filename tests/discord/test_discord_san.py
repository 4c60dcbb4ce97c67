"""The SAN flow on Discord (issue 32): genuine MESSAGE_CREATE and button payloads through
discord.py's own dispatch. A status line delivered twice (a RESUME) changes SAN once; the KP's
loss buttons reach them by DM, act in the channel, and a second press changes nothing."""
from __future__ import annotations

import copy

import pytest

import discord_gateway as gateway
from rules.coc6.character import Character

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


def posts(calls, path: str) -> list:
    return [c for c in calls if c.method == "POST" and c.path == path]


async def alice_san(harness) -> int:
    record = await harness.bot.service.store.get_character(gateway.GUILD_ID, "アリス")
    return Character.from_dict(record.data).san


async def alice(harness) -> None:
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14,
                        app=10, siz=13, int=13, edu=15)
    await harness.slash("kp", "session start")  # the channel's KP: the loss buttons go to them


@pytest.mark.rule("SAN-PEND-01", "STAT-01")
async def test_a_status_line_delivered_twice_changes_san_once(make_bot):
    harness = await make_bot([2])
    await alice(harness)
    data = gateway.message_create("alice", ":SAN-1D3")
    first = await harness.dispatch("MESSAGE_CREATE", copy.deepcopy(data))
    assert posts(first, CHANNEL_MESSAGES)[0].content.startswith("🧠 アリス SANの減少\n減少：1D3 ＞ 2 の減少 → SAN 55 → 53")
    assert await harness.dispatch("MESSAGE_CREATE", copy.deepcopy(data)) == []
    assert await alice_san(harness) == 53


@pytest.mark.rule("SAN-PEND-01")
async def test_the_kps_loss_button_comes_by_dm_acts_in_the_channel_and_once(make_bot, fake):
    harness = await make_bot([80, 4])
    await alice(harness)
    rolled = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=55 【正気度ロール】"))
    assert posts(rolled, CHANNEL_MESSAGES)[0].content == (
        "Alice　【正気度ロール】\n(1D100<=55) ＞ 80 ＞ 失敗\n（アリスの正気度ロール：失敗。減少値はKPがボタンで選ぶか、"
        "続けて減少のダイス（1d3 など）を振るか、:SAN-1D3 と書いてください）")
    [question] = posts(rolled, f"/channels/{fake.dm_channel}/messages")
    assert question.labels[-1] == "その他" and "1/1D6" in question.labels
    button = question.custom_ids[question.labels.index("1/1D6")]
    on_message = gateway.message(question.content, question.message["components"], channel_id=fake.dm_channel)
    pressed = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("kp", button, on_message))
    [loss] = posts(pressed, CHANNEL_MESSAGES)
    assert loss.content.startswith("🎲 アリス SANチェック（1/1D6）：(1D100<=55) ＞ 80 ＞ 失敗\n失敗：1D6 ＞ 4 の減少 → SAN 55 → 51")
    again = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("kp", button, on_message))
    assert [c.content for c in again if c.ephemeral] == ["この正気度ロールの減少はもう入力されています（二度は減りません）。"]
    assert posts(again, CHANNEL_MESSAGES) == []
    assert await alice_san(harness) == 51
