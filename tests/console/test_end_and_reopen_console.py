"""Ending a battle by mistake and reopening it, through the console (issue 10)."""
SETUP = [
    "alice: /char new name:アリス STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:10 INT:10 EDU:10",
    "kp: /char new name:ゾンビ STR:10 CON:10 POW:1 DEX:8 APP:1 SIZ:10 INT:1 EDU:1",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
]


async def test_an_ended_battle_is_reopened_where_it_stood(console_table):
    table = await console_table([30])
    for line in SETUP:
        await table.say(line)
    asked = await table.say("kp: /battle end")
    assert [(m["to"], m["buttons"]) for m in asked] == [("kp", ["戦闘を終える", "続ける"])]
    ended = await table.say("kp: [戦闘を終える]")
    assert "戦闘を終了しました。おつかれさまでした。" in ended[0]["text"]
    gone = await table.say("alice: /attack target:ゾンビ")
    assert gone[0]["ephemeral"] and "進行中の戦闘がありません" in gone[0]["text"]
    reopened = await table.say("kp: /battle reopen")
    assert reopened[0]["text"] == "♻ KP（kp）が戦闘を再開しました（ラウンド1）。"
    assert any("ラウンド1: アリスの手番です" in m["text"] for m in reopened)
    hit = await table.say("alice: /attack target:ゾンビ")
    assert any("(1D100<=50) ＞ 30 ＞ 成功" in m["text"] for m in hit)


async def test_the_old_end_button_is_stale_once_answered(console_table):
    table = await console_table([])
    for line in SETUP:
        await table.say(line)
    await table.say("kp: /battle end")
    kept = await table.say("kp: [続ける]")
    assert kept[0]["text"] == "戦闘を続けます。"
    late = await table.say("kp: [戦闘を終える]")
    assert late[0]["ephemeral"] and late[0]["text"].startswith("このボタンは古くなっています（この確認にはもう答えました）")
    status = await table.say("kp: /battle status")
    assert "戦闘を終了しました" not in "\n".join(m["text"] for m in late + status)
