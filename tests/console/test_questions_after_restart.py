"""The console after a restart (issue 26): a question asked in chat is kept with the battle,
so its buttons can still be pressed by name in a new console (which no longer has the
message), and the palette die it showed is the die used; 「攻撃として扱う」 in the console."""
from __future__ import annotations

import pytest

SETUP = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char set name:アリス key:こぶし value:70
alice: /char set name:アリス key:芸術（バレエ） value:60
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6
alice: /battle join character:アリス
kp: /battle add name:ゾンビ1 character:ゾンビ
kp: /battle add name:ゾンビ2 character:ゾンビ
kp: /battle start
"""


def texts(messages: list[dict]) -> str:
    return "\n".join(m["text"] for m in messages)


async def test_a_palette_questions_button_is_pressed_in_a_new_console(console_table):
    table = await console_table([42])
    await table.play(SETUP)
    asked = await table.say("alice: CCB<=70 【こぶし】")
    assert asked[1]["buttons"] == ["ゾンビ1", "ゾンビ2"]
    restarted = await console_table([])  # a new process over the same database: no die left
    said = texts(await restarted.say("alice: [ゾンビ2]"))
    assert "⚔ アリス → ゾンビ2：こぶしで攻撃（70%）\nアリス 攻撃（こぶし）：(1D100<=70) ＞ 42 ＞ 成功" in said


async def test_a_clarifications_button_is_pressed_in_a_new_console(console_table):
    table = await console_table([])
    await table.play(SETUP)
    asked = await table.say("alice: ゾンビをこぶしで攻撃")
    assert asked[0]["buttons"] == ["ゾンビ1", "ゾンビ2"]
    restarted = await console_table([30])
    said = texts(await restarted.say("alice: [ゾンビ1]"))
    assert "アリス 攻撃（こぶし）：(1D100<=70) ＞ 30 ＞ 成功" in said
    late = await restarted.say("alice: [ゾンビ2]")  # answered: no such button any more
    assert late[0]["text"].startswith("aliceが押せる［ゾンビ2］ボタンは今ありません。")


@pytest.mark.rule("H-GEN-01")
async def test_the_kp_treats_a_ballet_check_as_a_kick(console_table):
    table = await console_table([45])
    await table.play(SETUP)
    checked = await table.say("alice: CCB<=60 【芸術（バレエ）】")
    assert [(m["text"], m["buttons"]) for m in checked] == [
        ("アリス 芸術（バレエ）：(1D100<=60) ＞ 45 ＞ 成功", ["攻撃として扱う"])]
    await table.say("kp: [攻撃として扱う]")
    await table.say("kp: [キック]")
    said = texts(await table.say("kp: [ゾンビ1]"))
    assert "アリス 攻撃（キック）：(1D100<=60) ＞ 45 ＞ 成功" in said
    assert (await table.say("kp: [攻撃として扱う]"))[0]["text"] == \
        "この［攻撃として扱う］は古くなっています（その判定のあとで戦闘が進みました）。"
