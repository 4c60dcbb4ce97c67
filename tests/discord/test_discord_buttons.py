"""Button clicks (component interactions) on messages sent by an earlier bot instance: the
custom id alone is enough, and a stale or foreign click gets a clear private message."""
from __future__ import annotations

import discord_gateway as gateway

ALICE, KP = gateway.USERS["alice"], gateway.USERS["kp"]
TURN_END = "cb:1:t1-アリス:end"


async def _prompt_from_previous_instance(make_bot) -> dict:
    """Round 1 started by one bot instance, which then stops; the turn prompt it sent, as
    the message object a later click refers to."""
    first = await make_bot()
    prompt = next(c for c in await first.first_round() if TURN_END in c.custom_ids)
    await first.stop()
    return gateway.message(prompt.content, prompt.message["components"])


async def test_a_click_on_a_message_of_a_previous_instance_works(make_bot):
    message = await _prompt_from_previous_instance(make_bot)
    second = await make_bot()
    data = gateway.click("alice", TURN_END, message)
    calls = await second.dispatch_all("INTERACTION_CREATE", data)
    assert [(c.method, c.path) for c in calls] == [
        ("POST", f"/interactions/{data['id']}/{data['token']}/callback"),
        ("POST", f"/webhooks/{gateway.APP_ID}/{data['token']}"),
        ("POST", f"/webhooks/{gateway.APP_ID}/{data['token']}"),
        ("PATCH", f"/webhooks/{gateway.APP_ID}/{data['token']}/messages/@original")]
    ack, done, prompt, retired = calls
    assert ack.payload == {"type": 6}
    assert retired.payload["components"] == []
    assert (done.ephemeral, done.content, done.custom_ids) == (False, "アリスの手番が終わりました。", [])
    assert prompt.content == (f"<@{KP}> ラウンド1: ゾンビの手番です。\n"  # hidden: no AP shown
                              "/attack で攻撃・/move で移動・/check で技能、終わったら [ターン終了] か /end。"
                              "（KPは as:ゾンビ を付けて行動させます）\n"
                              "チャットで「アリスをこぶしで攻撃」「C4へ移動」「ターン終了」のように宣言できます。")
    assert prompt.message["allowed_mentions"] == {"parse": [], "users": [int(KP)]}
    assert (prompt.labels, prompt.custom_ids) == (["ターン終了"], ["cb:1:t1-ゾンビ:end"])


async def test_a_stale_click_gets_a_clear_private_message(make_bot):
    message = await _prompt_from_previous_instance(make_bot)
    second = await make_bot()
    await second.dispatch("INTERACTION_CREATE", gateway.click("alice", TURN_END, message))
    calls = await second.dispatch("INTERACTION_CREATE", gateway.click("alice", TURN_END, message))
    assert [(c.ephemeral, c.content) for c in calls] == [
        (True, "このボタンは古くなっています（その場面はもう過ぎました）。最新のメッセージのボタンを使ってください。")]


async def test_someone_elses_button_is_refused_privately(make_bot):
    message = await _prompt_from_previous_instance(make_bot)
    second = await make_bot()
    calls = await second.dispatch("INTERACTION_CREATE", gateway.click("bob", TURN_END, message))
    assert [(c.ephemeral, c.content) for c in calls] == [(True, "このボタンはアリスの担当者用です。")]


async def test_a_button_of_an_ended_battle_says_so(make_bot):
    message = await _prompt_from_previous_instance(make_bot)
    second = await make_bot()
    await second.slash("kp", "battle end", confirm=True)
    calls = await second.dispatch("INTERACTION_CREATE", gateway.click("alice", TURN_END, message))
    assert [(c.ephemeral, c.content) for c in calls] == [(True, "このボタンの戦闘はもう終わっています。")]


async def test_a_click_in_the_round_start_message_keeps_the_other_questions_buttons(make_bot):
    """The round-start window is one message for every unit (issue 22), the round start's one
    message (issue 29): アリス's answer takes her buttons off it, the KP's 「宣言を締め切る」 and
    the turn's [ターン終了] stay."""
    harness = await make_bot()
    window = next(c for c in await harness.first_round() if "開始時の宣言:" in c.content and not c.ephemeral)
    assert window.custom_ids[-2:] == ["cb:1:d1:close_declare", "cb:1:t1-アリス:end"]
    message = gateway.message(window.content, window.message["components"])
    alice = next(i for i, label in zip(window.custom_ids, window.labels) if label == "宣言しない")
    calls = await harness.dispatch_all("INTERACTION_CREATE", gateway.click("alice", alice, message))
    [kept] = [c for c in calls if c.method == "PATCH" and c.path.endswith("/messages/@original")]
    left = [b["custom_id"] for row in kept.payload["components"] for b in row["components"]]
    assert left == ["cb:1:d1:close_declare", "cb:1:t1-アリス:end"]
