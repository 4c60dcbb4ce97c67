"""Sheet messages say what happened in the words the table uses: /char export by a player
with no character or for another's sheet, and a weapon broken in battle shown as 破壊 on the
sheet as in the battle."""
from __future__ import annotations

from bot.sheets.carry import changes_text
from rules.coc6.character import Character

ALICE = "alice: /char new name:アリス STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10"


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def test_export_says_when_there_is_nothing_to_export_or_the_sheet_is_anothers(console_table):
    table = await console_table([])
    none = texts(await table.say("bob: /char export"))
    assert none == ["書き出せるあなたのキャラクターがまだありません。/char new で作るか /char import で取り込んでください。"]
    await table.say(ALICE)
    other = texts(await table.say("bob: /char export name:アリス"))
    assert other == ["「アリス」は他のユーザーのキャラクターです。書き出せるのは自分のキャラクターだけです。"]
    await table.say("alice: /char new name:アリス2 STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10")
    several = texts(await table.say("alice: /char export"))
    assert several == ["キャラクターが複数あります（アリス、アリス2）。name: で書き出すキャラクターを指定してください。"]


async def test_a_weapon_broken_in_battle_is_破壊_on_the_sheet(console_table):
    table = await console_table([])
    await table.say(ALICE)
    await table.say("alice: /char weapon name:アリス weapon:ナイフ")
    data = (await table.store.get_character("console", "アリス")).data
    before = Character.from_dict(data)
    after = Character.from_dict({**data, "weapon_state": {"ナイフ": {"hp": 0, "broken": True, "jammed": False}}})
    assert changes_text(before, after) == ["ナイフ 耐久9→0", "ナイフ 破壊"]
    await table.store.put_character("console", "alice", "アリス", after.to_dict())
    shown = texts(await table.say("alice: /char show name:アリス"))[0]
    assert "ナイフ（25% 1D4 耐久0/9・破壊）" in shown
