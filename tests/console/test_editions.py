"""A table that plays both editions (issue 20): a channel's dice edition, the KP's
``/kp setting 版``, commands only the other edition has, and ``/roll system:coc7``."""
from __future__ import annotations

from tests.dice.bcdice_vectors import load
from tests.console.messages import text

NOTE_IN_6TH = "※7版のコマンドとして振りました（このチャンネルは6版です）"
NOTE_IN_7TH = "※6版のコマンドとして振りました（このチャンネルは7版です）"


async def test_a_6th_channel_rolls_a_7th_only_command_by_7th_with_a_note(console_table):
    table = await console_table([9, 5, 2, 42])
    rolled = await table.say("alice: CC(1)<=50 目星")
    assert text(rolled) == ("alice　目星\n(1D100<=50) ボーナス・ペナルティダイス[1] ＞ 92, 52 ＞ 52 ＞ "
                            "失敗\n" + NOTE_IN_6TH)
    shared = await table.say("alice: CC<=50")
    assert text(shared) == "alice\n(1D100<=50) ＞ 42 ＞ 成功"


async def set_7th(table) -> None:
    """The KP (of a battle: the console has no server roles) sets 7th for the channel."""
    await table.say("kp: /battle new system:coc6")
    said = await table.say("kp: /kp setting key:版 value:7版")
    assert text(said) == "⚙ 設定「版」を 7 にしました（kp）"
    await table.say("kp: /battle end")


async def test_the_kp_sets_7th_and_the_next_channel_stays_6th(console_table):
    table = await console_table([5, 2, 30, 42, 30])
    await set_7th(table)
    assert text(await table.say("alice: CC<=50")) == (
        "alice\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 52 ＞ 52 ＞ 失敗")
    assert text(await table.say("alice: CBR(70,30)")) == (
        "alice\n(1d100<=70,30) ＞ 30[ハード成功,レギュラー成功] ＞ 成功")
    assert text(await table.say("alice: CCB<=50 古い癖")) == (
        "alice　古い癖\n(1D100<=50) ＞ 42 ＞ 成功\n" + NOTE_IN_7TH)
    assert text(await table.say("@room2 bob: CBR(70,30)")) == (
        "bob\n(1d100<=70,30) ＞ 30[成功,成功] ＞ 成功")


async def test_roll_system_coc7_rolls_one_command_in_7th_anywhere(console_table):
    table = await console_table([8, 30])
    said = await table.say("alice: /roll system:coc7 command:FCL")
    assert text(said) == "alice\nキャスティング・ロール失敗(小)表(8) ＞ クトゥルフ神話の怪物が偶然召喚される。"
    said = await table.say("alice: /roll system:coc6 command:CBR(70,30)")
    assert text(said) == "alice\n(1d100<=70,30) ＞ 30[成功,成功] ＞ 成功"
    wrong = await table.say("alice: /roll system:coc8 command:CC<=50")
    assert wrong[0]["to"] == "alice" and "coc7（7版）" in wrong[0]["text"]


async def test_every_7th_vector_through_roll_in_the_console(console_table):
    vectors = load("cthulhu7th_vectors.json")
    faces = [10 if sides == 10 and value == 0 else value for v in vectors for sides, value in v["rands"]]
    table = await console_table(faces)
    for vector in vectors:
        command, _, comment = vector["input"].partition(" ")
        said = await table.say(f"alice: /roll system:coc7 command:{vector['input']}")
        assert len(said) == 1, vector["input"]
        shown = said[0]["text"]
        if vector["output"] == "":
            assert said[0]["to"] == "alice" and "読めませんでした" in shown
        elif not vector["rands"] and "＞" not in vector["output"]:
            assert shown == f"ダイスを振れませんでした: {vector['output']}"
        else:
            head = "alice" + (f"　{comment.strip()}" if comment.strip() else "")
            assert shown == f"{head}\n{vector['output']}", vector["input"]
    assert table.dice.remaining == 0


async def test_a_battle_in_a_7th_channel_says_so_and_rolls_6th_until_it_ends(console_table):
    table = await console_table([42, 9, 5, 2, 5, 2])
    await set_7th(table)
    opened = text(await table.say("kp: /battle new system:coc6-house"))
    assert "※このチャンネルのダイスは7版ですが、戦闘は6版のルール（" in opened
    assert text(await table.say("alice: CC<=50")) == "alice\n(1D100<=50) ＞ 42 ＞ 成功"
    assert text(await table.say("alice: CC(1)<=50")) == (
        "alice\n(1D100<=50) ボーナス・ペナルティダイス[1] ＞ 92, 52 ＞ 52 ＞ 失敗\n"
        "※7版のコマンドとして振りました（このチャンネルの戦闘は6版です。戦闘には反映しません）")
    await table.say("kp: /battle end")
    assert text(await table.say("alice: CC<=50")) == (
        "alice\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 52 ＞ 52 ＞ 失敗")


async def test_a_7th_line_never_acts_in_a_6th_battle(console_table):
    # アリス's dodge is pending; 「CC(1)<=28 〈回避〉」 is 7th: rolled with a note, not the dodge.
    table = await console_table([20, 9, 5, 2, 10])
    for line in ("alice: /char new name:アリス edition:6 STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
                 "kp: /char new name:ゾンビ edition:6 STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
                 "kp: /battle new system:coc6-house", "alice: /battle join character:アリス",
                 "kp: /battle add name:ゾンビ1 character:ゾンビ", "kp: /battle start",
                 "alice: 手番終了", "kp: ゾンビ1：アリスを攻撃"):
        await table.say(line)
    assert table.dice.used == [(100, 20)]
    said = text(await table.say("alice: CC(1)<=28 〈回避〉"))
    assert said == ("alice　〈回避〉\n(1D100<=28) ボーナス・ペナルティダイス[1] ＞ 92, 52 ＞ 52 ＞ 失敗\n"
                    "※7版のコマンドとして振りました（このチャンネルの戦闘は6版です。戦闘には反映しません）")
    dodged = text(await table.say("alice: CCB<=28 〈回避〉"))
    assert "アリスの対応：回避" in dodged and "(1D100<=28) ＞ 10 ＞ 成功" in dodged
