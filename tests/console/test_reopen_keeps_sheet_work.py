"""Reopening a battle and ending it again (issue 19) keeps what the table did with the sheet
in between: a growth mark already rolled is not made again (one success grows once), and an
HP set by hand stays unless the battle changes it again."""
from __future__ import annotations

SHEETS = [
    "alice: /char new name:アリス STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "kp: /battle add name:ゾンビ character:ゾンビ",
]


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def played(table, lines: list[str]) -> None:
    for line in lines:
        await table.say(line)


async def sheet(table, name: str) -> dict:
    return (await table.store.get_character("console", name)).data


async def test_a_growth_rolled_before_the_reopening_is_not_marked_again(console_table):
    # 10: こぶし hits (50%), 1D3 = 1; growth 90 > 50, 1D10 = 8: こぶし 50 → 58
    table = await console_table([10, 1, 90, 8, 95, 9])
    await played(table, SHEETS + ["kp: /battle start", "alice: ゾンビをこぶしで攻撃", "kp: なし"])
    ended = texts(await table.say("kp: /battle end confirm:true"))
    assert ended[1] == "成長の印: アリス〈こぶし〉（/char growth で成長ロール）"
    grown = texts(await table.say("alice: /char growth name:アリス"))
    assert grown == ["【アリスの成長ロール】（1技能中1技能が成長）\nこぶし 50→58（1D100=90 > 50, 1D10=8）"]
    reopened = texts(await table.say("kp: /battle reopen"))
    assert reopened[0].endswith("シートへの反映を取り消しました: アリス 〈こぶし〉は成長ロール済みのためそのまま")
    again = texts(await table.say("kp: /battle end confirm:true"))
    assert again == ["戦闘を終了しました。おつかれさまでした。"]
    saved = await sheet(table, "アリス")
    assert (saved.get("growth"), saved["skills"]["こぶし"]) == (None, 58)
    refused = texts(await table.say("alice: /char growth name:アリス"))
    assert refused == ["アリスには成長の印がありません（成功した技能に付きます。/char show で確認できます）。"]


async def test_an_hp_healed_by_hand_after_the_end_survives_ending_again(console_table):
    table = await console_table([10])
    await played(table, SHEETS + ["kp: /kp set target:アリス field:HP value:4"])
    ended = texts(await table.say("kp: /battle end confirm:true"))
    assert ended[1] == "シートに反映: アリス HP 13→4"
    await table.say("alice: /char set name:アリス key:HP value:10")
    reopened = texts(await table.say("kp: /battle reopen"))
    assert reopened[0].endswith("シートへの反映を取り消しました: アリス HP 10はその後に変えた値のまま")
    again = texts(await table.say("kp: /battle end confirm:true"))
    assert again == ["戦闘を終了しました。おつかれさまでした。"]
    assert (await sheet(table, "アリス"))["hp_now"] == 10
    # hurt again in the reopened battle: the sheet moves by the battle's change (4 → 1: 10 → 7)
    await table.say("kp: /battle reopen")
    await table.say("kp: /kp set target:アリス field:HP value:1")
    third = texts(await table.say("kp: /battle end confirm:true"))
    assert third[1] == "シートに反映: アリス HP 10→7"
    assert (await sheet(table, "アリス"))["hp_now"] == 7
