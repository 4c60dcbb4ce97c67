"""Chat declarations on Discord (issue 9): MESSAGE_CREATE payloads through discord.py's own
dispatch and the chat cog; the replies as Discord receives them."""
from __future__ import annotations

import pytest

import discord_gateway as gateway

ALICE, KP = gateway.USERS["alice"], gateway.USERS["kp"]
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def two_zombies(harness) -> None:
    """アリス (DEX 14, こぶし 50, 回避 28) against ゾンビ1 (DEX 8) and ゾンビ2 (DEX 7) under the
    house rules, round 1 started: アリスの手番 (discord_harness.Harness.two_zombies)."""
    await harness.two_zombies()


async def say(harness, who: str, text: str) -> tuple[dict, list]:
    """``who`` types ``text`` in the channel: the MESSAGE_CREATE payload and the calls it caused."""
    data = gateway.message_create(who, text)
    return data, await harness.dispatch("MESSAGE_CREATE", data)


def posts(calls, path: str) -> list:
    return [c for c in calls if c.method == "POST" and c.path == path]


async def test_a_dodge_typed_in_chat_answers_the_pending_attack(make_bot):
    harness = await make_bot([20, 10])
    await two_zombies(harness)
    _, ended = await say(harness, "alice", "ターン終了")
    [merged] = posts(ended, CHANNEL_MESSAGES)  # one message: the turn's end and the next prompt (issue 18)
    assert merged.content.startswith(f"アリスの手番が終わりました。\n<@{KP}> ラウンド1: ゾンビ1の手番です。")
    _, attacked = await say(harness, "kp", "ゾンビ1：アリスを攻撃")
    prompt = posts(attacked, CHANNEL_MESSAGES)[-1]
    assert prompt.labels == ["回避", "防御", "なし"] and f"\n<@{ALICE}> ゾンビ1のこぶしがアリスに命中しました。" in prompt.content
    data, calls = await say(harness, "alice", "回避")
    assert [(c.method, c.path) for c in calls] == [("POST", CHANNEL_MESSAGES)]
    assert calls[0].content == "アリスの対応：回避\nアリス 回避：(1D100<=28) ＞ 10 ＞ 成功\n→ アリスは攻撃を回避した"
    assert calls[0].payload["message_reference"]["message_id"] == int(data["id"])
    assert calls[0].payload["allowed_mentions"] == {"parse": []}


async def test_table_talk_gets_no_reply_even_with_an_attack_pending(make_bot):
    harness = await make_bot([20, 10])
    await two_zombies(harness)
    await say(harness, "alice", "ターン終了")
    await say(harness, "kp", "ゾンビ1：アリスを攻撃")
    for text in ("回避できるかな…", "さっきの受け流し上手かったね", "> 回避", "回避する？", "ｗｗｗ"):
        assert (await say(harness, "alice", text))[1] == [], text
    _, dodged = await say(harness, "alice", "回避")
    assert posts(dodged, CHANNEL_MESSAGES)[0].content.startswith("アリスの対応：回避")


async def test_an_ambiguous_declaration_asks_by_dm_and_its_button_acts_in_the_battle_channel(make_bot, fake):
    harness = await make_bot([30, 80, 2, 3])
    await two_zombies(harness)
    _, calls = await say(harness, "alice", "ゾンビをこぶしで攻撃")
    dm = f"/channels/{fake.dm_channel}/messages"
    assert posts(calls, CHANNEL_MESSAGES) == []
    [question] = posts(calls, dm)
    assert question.content == ("どちらを攻撃しますか？\n1. ゾンビ1: ゾンビ1をこぶしで攻撃\n2. ゾンビ2: ゾンビ2をこぶしで攻撃\n"
                                "（ボタンのほか、番号か名前をチャットに書いても選べます）")
    assert question.labels == ["ゾンビ1", "ゾンビ2"]
    assert question.custom_ids == ["cb:1:アリス：ゾンビ1をこぶしで攻撃:chat", "cb:1:アリス：ゾンビ2をこぶしで攻撃:chat"]
    assert [c.payload["recipient_id"] for c in calls if c.path == "/users/@me/channels"] == [int(ALICE)]

    on_message = gateway.message(question.content, question.message["components"],
                                 channel_id=fake.dm_channel)
    data = gateway.click_in_dm("alice", question.custom_ids[0], on_message)
    pressed = await harness.dispatch("INTERACTION_CREATE", data)
    assert [c.content for c in pressed if c.ephemeral] == ["受け付けました。"]
    public = posts(pressed, CHANNEL_MESSAGES)
    assert public[0].content == "⚔ アリス → ゾンビ1：こぶしで攻撃（50%）\nアリス 攻撃（こぶし）：(1D100<=50) ＞ 30 ＞ 成功"
    assert public[1].content.startswith(f"<@{KP}> アリスのこぶしがゾンビ1に命中しました。")
    assert public[1].labels == ["回避", "防御", "なし"]
    assert posts(pressed, dm) == []
    retired = [c for c in pressed if c.method == "PATCH"]
    assert [(c.path.rsplit("/", 1)[1], c.payload["components"]) for c in retired] == [("@original", [])]

    # The other reading, pressed now, is refused as /attack would be: ゾンビ1 has to answer first.
    again = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("alice", question.custom_ids[1], on_message))
    assert [c.content for c in again if c.ephemeral] == ["ゾンビ1の対応（回避／防御／なし）を待っています。"]
    assert posts(again, CHANNEL_MESSAGES) == []

    _, dodged = await say(harness, "kp", "ゾンビ1は回避")
    assert "ゾンビ1 HP 15 → 10" in posts(dodged, CHANNEL_MESSAGES)[0].content
    await say(harness, "alice", "ターン終了")
    late = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("alice", question.custom_ids[1], on_message))
    # Pressed after アリス's turn: refused as the attack typed now would be.
    assert [c.content for c in late if c.ephemeral] == ["いまはゾンビ1の手番です。アリスの手番になってから行動してください。"]
    assert posts(late, CHANNEL_MESSAGES) == []


@pytest.mark.rule("H-DEF-PARRY-01")
async def test_a_refused_chat_declaration_gets_the_private_refusal(make_bot, fake):
    harness = await make_bot([20])
    await two_zombies(harness)
    await say(harness, "alice", "ターン終了")
    await say(harness, "kp", "ゾンビ1：アリスを攻撃")
    _, calls = await say(harness, "alice", "こぶしで受け流し")
    assert posts(calls, CHANNEL_MESSAGES) == []
    [refusal] = posts(calls, f"/channels/{fake.dm_channel}/messages")
    assert refusal.content == (
        "アリスの〈マーシャルアーツ〉／〈武道〉は宣言なしで受け流せる値に届きません。ラウンドのはじめに "
        "/declare action:受け流し target:相手 で宣言が必要です（H-DEF-PARRY-01）\n"
        "KPの裁定で認める場合は、KPが /kp allow を使えます。")




async def test_a_palette_roll_shows_its_die_asks_by_dm_and_the_button_uses_that_die(make_bot, fake):
    # issue 21: 「CCB<=50 【こぶし】」 with two zombies: the die (30) is rolled once, shown in the
    # channel, and the DM question's buttons carry it into the attack
    harness = await make_bot([30, 80, 2, 3])
    await two_zombies(harness)
    data, calls = await say(harness, "alice", "CCB<=50 【こぶし】")
    [shown] = posts(calls, CHANNEL_MESSAGES)
    assert shown.content == "アリス　CCB<=50 【こぶし】\n(1D100) ＞ 30（選ぶと、この出目で判定します）"
    [question] = posts(calls, f"/channels/{fake.dm_channel}/messages")
    assert question.labels == ["ゾンビ1", "ゾンビ2"]
    assert question.custom_ids == ["cb:1:アリス：ゾンビ1をこぶしで攻撃:d30_50_12", "cb:1:アリス：ゾンビ2をこぶしで攻撃:d30_50_12"]
    on_message = gateway.message(question.content, question.message["components"], channel_id=fake.dm_channel)
    pressed = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("alice", question.custom_ids[1], on_message))
    public = posts(pressed, CHANNEL_MESSAGES)
    assert public[0].content == "⚔ アリス → ゾンビ2：こぶしで攻撃（50%）\nアリス 攻撃（こぶし）：(1D100<=50) ＞ 30 ＞ 成功"
    again = await harness.dispatch("INTERACTION_CREATE", gateway.click_in_dm("alice", question.custom_ids[0], on_message))
    assert [c.content for c in again if c.ephemeral] == [
        "このボタンは古くなっています（出目 30 を振ったあとで戦闘が進みました）。あらためて宣言してください。"]
