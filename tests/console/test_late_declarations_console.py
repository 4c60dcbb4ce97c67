"""Round-start declarations on an asynchronous channel, played through the console: the
quick zombie's attack waits while two players declare late; H-DEF-PARRY-01 still holds
(issue 10, "a flow that survives an asynchronous channel")."""
import pytest

SETUP = [
    "alice: /char new name:アリス STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:10 INT:10 EDU:10",
    "bob: /char new name:ボブ STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10",
    "kp: /char new name:ゾンビ STR:10 CON:10 POW:1 DEX:16 APP:1 SIZ:10 INT:1 EDU:1",
    "kp: /char set name:ゾンビ key:こぶし value:60",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "bob: /battle join character:ボブ",
    "kp: /battle add name:ゾンビ character:ゾンビ",
]


async def ready(console_table, faces):
    table = await console_table(faces)
    for line in SETUP:
        await table.say(line)
    return table


@pytest.mark.rule("H-DEF-PARRY-01", "H-DEF-03")
async def test_two_players_declare_late_and_the_quick_zombie_waits(console_table):
    table = await ready(console_table, [30, 30, 2])
    started = await table.say("kp: /battle start")
    prompts = {m["text"].split("\n")[0]: m for m in started if m["buttons"]}
    alice = prompts["ラウンド1開始時の宣言: アリスは宣言しますか？（ボタンか /declare action:…、"
                    "行動遅延は /declare action:行動遅延 amount:下げるDEX。なければ「宣言しない」）"]
    assert alice["mentions"] == ["alice"]
    assert alice["buttons"] == ["受け流し：ゾンビ", "回避に集中", "防御に集中", "受け流しに集中", "隠れるに集中",
                                "かばうに集中", "宣言しない"]
    closing = next(m for m in started if m["buttons"] == ["宣言を締め切る"])
    assert closing["mentions"] == ["kp"] and "ゾンビ、アリス、ボブ" in closing["text"]
    assert any("ラウンド1: ゾンビの手番です" in m["text"] for m in started)

    # the zombie is quick, the players are not: its attack waits, nothing is rolled
    before = await table.event_count()
    waited = await table.say("kp: /attack as:ゾンビ target:アリス")
    assert [(m["ephemeral"], m["to"]) for m in waited] == [(True, "kp")]
    assert waited[0]["text"].startswith("アリスのラウンド1開始時の宣言（受け流し・集中・遅延など）を待っています。")
    assert await table.event_count() == before and table.dice.remaining == 3

    # two players declare late, one with a button, one with the command
    said = await table.say("alice: [受け流し：ゾンビ]")
    assert said[0]["text"] == "アリスは「受け流し」を宣言しました（相手: ゾンビ）。"
    said = await table.say("bob: /declare action:回避に集中")
    assert said[0]["text"] == "ボブは「回避に集中」を宣言しました。"

    # now the blow comes, and the declared parry is allowed (H-DEF-PARRY-01)
    hit = await table.say("kp: /attack as:ゾンビ target:アリス")
    assert any("(1D100<=60) ＞ 30 ＞ 成功" in m["text"] for m in hit)
    parried = await table.say("alice: /react action:受け流し weapon:こぶし")
    assert any("(1D100<=50) ＞ 30 ＞ 成功" in m["text"] for m in parried)
    assert (await table.status())["アリス"]["hp"] == 10  # fist against fist: the 2 damage is cancelled
    refused = await table.say("alice: /declare action:行動遅延 amount:3")  # she was asked: her window is closed
    assert refused[0]["ephemeral"] and "H-DELAY-01" in refused[0]["text"]


async def test_the_kp_closes_the_declarations_with_the_button(console_table):
    table = await ready(console_table, [30])
    await table.say("kp: /battle start")
    await table.say("alice: [宣言しない]")
    closed = await table.say("kp: [宣言を締め切る]")
    assert closed[0]["text"] == "KPがラウンド開始時の宣言を締め切りました（未回答のゾンビ、ボブは宣言なし）。"
    refused = await table.say("bob: /declare action:受け流し target:ゾンビ")
    assert refused[0]["ephemeral"] and "H-DEF-PARRY-01" in refused[0]["text"] and "/kp allow" in refused[0]["text"]
    hit = await table.say("kp: /attack as:ゾンビ target:ボブ")
    assert any("(1D100<=60) ＞ 30 ＞ 成功" in m["text"] for m in hit)
    again = await table.say("kp: /kp close")
    assert again[0]["ephemeral"] and "いま受け付け中の宣言はありません" in again[0]["text"]
