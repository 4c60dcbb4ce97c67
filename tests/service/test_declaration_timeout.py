"""The round-start declarations' timeout (``/kp setting declare_timeout_minutes``): a deadline
of the service closes the window as the keeper's step; 0 (the default) waits for the KP."""
from __future__ import annotations

import pytest

from service_table import ALICE, KP


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


@pytest.mark.rule("H-DEF-PARRY-01")
async def test_the_timeout_runs_an_attack_that_waited_for_the_answer(table):
    """Issue 22: the quick グール's attack on アリス waits; the timeout closes the window and
    the attack runs with the dice of that moment."""
    await table.say(KP, "battle new")
    await table.say(KP, "kp setting", key="宣言締切", value="5")
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "char new", name="グール", str=16, con=16, pow=1, dex=18, app=1, siz=14, int=1, edu=1)
    await table.say(KP, "char set", name="グール", key="こぶし", value=60)
    await table.say(ALICE, "battle join", character="アリス")
    await table.say(KP, "battle add", name="グール", character="グール")
    await table.say(KP, "battle start")
    waited = await table.say(KP, "attack", target="アリス", weapon="こぶし", **{"as": "グール"})
    assert waited[0].text.startswith("⏳ グールのアリスへの攻撃は、アリスのラウンド開始時の宣言を待っています")
    dispatcher, out = table.dispatcher()
    table.dice.feed(30)
    table.clock.advance(6)
    assert await dispatcher.run_due() == 1
    lines = out.sent[0][1].text.split("\n")
    assert lines[:4] == ["時間切れでラウンド開始時の宣言を締め切りました（未回答のグール、アリスは宣言なし）。",
                         "⏳→⚔ グールのアリスへの待っていた攻撃を行います。", "⚔ グール → アリス：こぶしで攻撃（60%）",
                         "グール 攻撃（こぶし）：(1D100<=60) ＞ 30 ＞ 成功"]
    assert out.sent[1][1].text.startswith("グールのこぶしがアリスに命中しました。") and out.sent[1][1].mentions == (ALICE,)
