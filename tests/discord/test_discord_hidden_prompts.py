"""A hidden NPC's prompts on Discord (H-GEN-01): its question reaches the KP by direct message
(or privately when the KP acted), with buttons that act in the battle's channel; the channel
reads only that the battle waits."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
KP = gateway.USERS["kp"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
QUESTION = ("アリスのこぶしがゾンビに命中しました。対応を選んでください。\n"
            "選べる対応: 回避／防御／なし（チャットで「回避」のように書くか、/react action:… でも選べます）")


@pytest.mark.rule("H-GEN-01")
async def test_a_hidden_npcs_question_goes_to_the_kp_by_dm_and_its_button_acts_in_the_channel(make_bot, fake):
    harness = await make_bot([30, 80, 2, 3])
    await harness.first_round()  # the hidden ゾンビ
    calls = await harness.slash("alice", "attack", target="ゾンビ")
    here = [(c.ephemeral, c.content) for c in calls if c.path.startswith(f"/webhooks/{gateway.APP_ID}/")]
    assert here == [(False, "⚔ アリス → ゾンビ：こぶしで攻撃（50%）\nアリス 攻撃（こぶし）：(1D100<=50) ＞ 30 ＞ 成功"),
                    (False, "ゾンビの対応を待っています（KPが選びます）。")]
    assert [c.payload["recipient_id"] for c in calls if c.path == "/users/@me/channels"] == [int(KP)]
    dm = f"/channels/{fake.dm_channel}/messages"
    [question] = [c for c in calls if c.method == "POST" and c.path == dm]
    assert (question.content, question.labels) == (QUESTION, ["回避", "防御", "なし"])
    assert question.message["allowed_mentions"] == {"parse": []}

    on_message = gateway.message(question.content, question.message["components"], channel_id=fake.dm_channel)
    pressed = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("kp", question.custom_ids[0], on_message))
    assert [c.content for c in pressed if c.ephemeral] == [  # the KP's copy, where the KP clicked
        "🔒 KP用（シークレット）\nゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗\nゾンビ HP 15 → 10"]
    [outcome] = [c for c in pressed if c.method == "POST" and c.path == CHANNEL_MESSAGES]
    assert outcome.content.startswith("ゾンビの対応：回避\nゾンビ 回避：🔒シークレットダイス\n")
    assert "(1D100<=16)" not in outcome.content


@pytest.mark.rule("H-GEN-01")
async def test_a_hidden_npcs_declaration_is_the_kps_private_followup(make_bot):
    calls = await (await make_bot()).first_round()  # /battle start, typed by the KP
    declare = [c for c in calls if "ゾンビは宣言しますか" in c.content]
    assert [(c.ephemeral, c.message["allowed_mentions"]) for c in declare] == [(True, {"parse": []})]
    assert declare[0].labels[0] == "受け流し：アリス"
    waiting = next(c for c in calls if "宣言を待っています" in c.content)
    assert waiting.ephemeral is False and waiting.content.startswith(f"<@{gateway.USERS['alice']}> <@{KP}> ")
    assert (  # the shown units' declarations (issue 22), in the round start's one message (issue 29)
        "ラウンド1開始時の宣言: アリスは宣言しますか？（ボタンか /declare action:…、"
        "行動遅延は /declare action:行動遅延 amount:下げるDEX。なければ「宣言しない」、この戦闘ずっとなら「以後宣言しない」）\n"
        "ラウンド1: 宣言を待っています（アリス）。未回答のPCへの攻撃は回答を待ちます。"
        "KPは「宣言を締め切る」（/kp close）で締め切れます（未回答は宣言なし）。") in waiting.content
    assert "ゾンビは宣言しますか" not in waiting.content

