"""The round-start declarations' timeout (``/kp setting declare_timeout_minutes``): a deadline
of the service closes the window as the keeper's step; 0 (the default) waits for the KP."""
from __future__ import annotations

from service_table import KP


async def test_the_declarations_close_by_themselves_after_the_configured_minutes(table):
    await table.say(KP, "battle new")
    await table.say(KP, "kp setting", key="宣言締切", value="5")
    await table.fight_on()
    dispatcher, out = table.dispatcher()
    table.clock.advance(4)
    assert await dispatcher.run_due() == 0
    table.clock.advance(2)
    assert await dispatcher.run_due() == 1
    assert [r.text for _c, r in out.sent] == [
        "時間切れでラウンド開始時の宣言を締め切りました（未回答のアリス、ボブ、ゾンビは宣言なし）。"]
    state = await table.state()
    assert state.declaring == [] and state.may_declare == []
    table.clock.advance(60)
    assert await dispatcher.run_due() == 1  # アリス's turn reminder; the window closed once
    assert out.sent[1][1].text.startswith("⏰ アリスの手番を待っています")


async def test_without_a_timeout_the_window_waits_for_the_kp(table):
    await table.fight()
    dispatcher, out = table.dispatcher()
    table.clock.advance(9)
    assert await dispatcher.run_due() == 0
    table.clock.advance(2)
    assert await dispatcher.run_due() == 1  # the turn reminder only
    assert out.sent[0][1].text.startswith("⏰ アリスの手番を待っています")
    assert (await table.state()).declaring == ["アリス", "ボブ", "ゾンビ"]


async def test_an_answered_window_fires_no_timeout(table):
    await table.say(KP, "battle new")
    await table.say(KP, "kp setting", key="declare_timeout_minutes", value="5")
    await table.fight_on()
    closed = await table.say(KP, "kp close")
    assert closed[0].text == "KPがラウンド開始時の宣言を締め切りました（未回答のアリス、ボブ、ゾンビは宣言なし）。"
    dispatcher, out = table.dispatcher()
    table.clock.advance(6)
    assert await dispatcher.run_due() == 0
    assert out.sent == []
