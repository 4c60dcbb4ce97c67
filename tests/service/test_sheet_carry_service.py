"""The battle's end writes the sheets in the step's own transaction (issue 19): a retried
/battle end (the same interaction id) is answered with the same replies, the carry line
included, also after a restart, and writes nothing twice; a battle whose PCs lost nothing
writes no sheet and says nothing of it."""
from __future__ import annotations

from bot.commands.request import Request
from rules.coc6.character import Character
from service_table import KP


async def test_a_retried_end_is_answered_alike_and_carries_once(table):
    await table.fight()
    await table.say(KP, "kp set", target="アリス", field="HP", value="5")
    req = Request(channel=table.channel, user=KP, name=KP, command="battle end", options={"confirm": "true"},
                  request_id="end-1")
    first = [r.text for r in await table.service.handle(req)]
    assert first[-1] == "シートに反映: アリス HP 13→5"
    assert await table.store.sheet_carries((await table.store.latest_battle(table.channel)).id) != []
    await table.restart()
    again = [r.text for r in await table.service.handle(req)]
    assert again == first
    alice = Character.from_dict((await table.store.get_character("console", "アリス")).data)
    assert (alice.hp, alice.hp_max) == (5, 13)


async def test_a_battle_that_changed_no_sheet_says_nothing_of_sheets(table):
    await table.fight()
    ended = [r.text for r in await table.say(KP, "battle end", confirm="true")]
    assert not any("シート" in t for t in ended)
    record = await table.store.latest_battle(table.channel)
    assert await table.store.sheet_carries(record.id) == []
    reopened = await table.say(KP, "battle reopen")
    assert "シートへの反映" not in reopened[0].text
    assert (await table.store.get_character("console", "アリス")).data.get("hp_now") is None


async def test_what_the_end_wrote_is_taken_back_after_a_restart(table):
    await table.fight()
    await table.say(KP, "kp set", target="アリス", field="HP", value="5")
    await table.say(KP, "battle end", confirm="true")
    await table.restart()
    reopened = await table.say(KP, "battle reopen")
    assert reopened[0].text.endswith("\nシートへの反映を取り消しました: アリス HP 5→13")
    alice = Character.from_dict((await table.store.get_character("console", "アリス")).data)
    assert alice.hp == 13
    assert await table.store.sheet_carries((await table.store.latest_battle(table.channel)).id) == []
