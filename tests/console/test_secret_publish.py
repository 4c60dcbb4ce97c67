"""A secret roll reaches only the roller (and the KP) until its roller publishes it, once
(issue 3: "the roller can publish it later with a button")."""
from bot.service import Request


async def test_the_roller_publishes_a_secret_roll_once(console_table):
    table = await console_table([30])
    rolled = await table.say("alice: SCCB<=50 目星")
    public, mine = rolled
    assert public["ephemeral"] is False and "30" not in public["text"] and "目星" not in public["text"]
    assert mine["to"] == "alice" and "(1D100<=50) ＞ 30 ＞ 成功" in mine["text"]
    assert mine["buttons"] == ["結果を公開"]
    refused = await table.say("bob: [結果を公開]")
    assert [(m["to"], m["text"]) for m in refused] == [
        ("bob", "bobが公開できるシークレットダイスはありません（結果はもう公開済みか、bobが振ったものではありません）。")]
    shown = await table.say("alice: [結果を公開]")
    assert shown[0]["ephemeral"] is False and "(1D100<=50) ＞ 30 ＞ 成功" in shown[0]["text"]
    again = await table.say("alice: [結果を公開]")
    assert again[0]["ephemeral"] and "公開済み" in again[0]["text"]


async def test_published_from_a_direct_message_it_goes_to_the_original_channel(console_table):
    table = await console_table([30])
    rolled = await table.say("alice: SCCB<=50")
    custom_id = next(b.custom_id for b in table.console._buttons[("main", "alice")] if b.label == "結果を公開")
    replies = await table.console.service.handle(Request(channel="dm-alice", user="alice", command="button",
                                                         options={"custom_id": custom_id}))
    assert [r.channel for r in replies] == ["main", None]
    assert "(1D100<=50) ＞ 30 ＞ 成功" in replies[0].text and replies[1].to == "alice"
    assert rolled[1]["buttons"] == ["結果を公開"]


async def test_a_published_roll_pressed_again_after_a_restart_says_so(console_table):
    table = await console_table([30])
    await table.say("alice: SCCB<=50 目星")
    await table.say("alice: [結果を公開]")
    restarted = await console_table()  # a new console over the same database: no buttons remembered
    again = await restarted.say("alice: [結果を公開]")
    assert [(m["to"], m["text"]) for m in again] == [
        ("alice", "aliceが公開できるシークレットダイスはありません（結果はもう公開済みか、aliceが振ったものではありません）。")]
