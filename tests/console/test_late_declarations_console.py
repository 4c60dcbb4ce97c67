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
    window = [m for m in started if "開始時の宣言:" in m["text"]]
    assert len(window) == 1  # one message for every unit's declaration (issue 22), the round start's (issue 29)
    head = window[0]
    assert head["text"].split("\n")[2] == (
        "ラウンド1開始時の宣言: ゾンビ、アリス、ボブは宣言しますか？（ボタンか /declare action:…"
        "、行動遅延は /declare action:行動遅延 amount:下げるDEX。なければ「宣言しない」、この戦闘ずっとなら「以後宣言しない」）")
    assert head["mentions"] == ["kp", "alice", "bob"]  # each once, the KP too
    # 3 units × 9 or 10 buttons do not fit in one message: per unit 「宣言…」 and 「宣言しない」
    assert head["buttons"] == ["ゾンビ：宣言…", "ゾンビ：宣言しない", "アリス：宣言…", "アリス：宣言しない",
                               "ボブ：宣言…", "ボブ：宣言しない", "宣言を締め切る", "ターン終了"]
    assert "・アリス: 受け流し：ゾンビ／回避に集中／防御に集中／受け流しに集中／隠れるに集中／かばうに集中／宣言しない／以後宣言しない" \
        in head["text"]
    assert not any(m["buttons"] == ["宣言を締め切る"] for m in started)
    assert any("ラウンド1: ゾンビの手番です" in m["text"] for m in started)

    # アリス opens her buttons: shown to her alone
    menu = await table.say("alice: [アリス：宣言…]")
    assert [(m["ephemeral"], m["to"]) for m in menu] == [(True, "alice")]
    assert menu[0]["buttons"] == ["受け流し：ゾンビ", "回避に集中", "防御に集中", "受け流しに集中", "隠れるに集中",
                                  "かばうに集中", "宣言しない", "以後宣言しない"]

    # the zombie is quick, the players are not: its attack waits, nothing is rolled yet
    waited = await table.say("kp: /attack as:ゾンビ target:アリス")
    assert [m["text"] for m in waited] == [
        "⏳ ゾンビのアリスへの攻撃は、アリスのラウンド開始時の宣言を待っています"
        "（アリスが答えるか、KPが「宣言を締め切る」と、すぐに攻撃します）。"]
    assert not waited[0]["ephemeral"] and table.dice.remaining == 3

    # ボブ declares late; アリス declares her parry with the button: the blow comes at once
    said = await table.say("bob: /declare action:回避に集中")
    assert said[0]["text"] == "ボブは「回避に集中」を宣言しました。"
    said = await table.say("alice: [受け流し：ゾンビ]")
    lines = said[0]["text"].split("\n")
    assert lines[:3] == ["アリスは「受け流し」を宣言しました（相手: ゾンビ）。",
                         "⏳→⚔ ゾンビのアリスへの待っていた攻撃を行います。",
                         "⚔ ゾンビ → アリス：こぶしで攻撃（60%）"]
    assert "(1D100<=60) ＞ 30 ＞ 成功" in lines[3]
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
