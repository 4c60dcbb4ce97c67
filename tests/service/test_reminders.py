"""Turn deadlines with a controllable clock: one reminder after the configured time, fired
once, re-armed after a restart, not fired when the turn moved on, optional auto-skip."""
from __future__ import annotations

import pytest

from bot.battle.reminders import Dispatcher
from bot.service import Service
from service_table import ALICE, BOB, KP, Outbox


async def test_a_reminder_fires_once_after_the_configured_time(table):
    await table.fight()
    dispatcher, out = table.dispatcher()
    table.clock.advance(9)
    assert await dispatcher.run_due() == 0
    table.clock.advance(2)
    assert await dispatcher.run_due() == 1
    assert [(c, r.mentions) for c, r in out.sent] == [("room", (ALICE,))]
    assert out.sent[0][1].text.startswith("⏰ アリスの手番を待っています（ラウンド1）。")
    table.clock.advance(30)
    assert await dispatcher.run_due() == 0
    assert len(out.sent) == 1


async def test_after_a_restart_the_deadline_is_re_armed_and_fires_once_even_with_two_processes(table):
    await table.fight()
    await table.say(ALICE, "end")
    await table.restart()
    out = Outbox()
    first = Dispatcher(table.service.deadlines, out)
    second = Dispatcher(Service(table.store, table.dice, clock=table.clock).deadlines, out)
    table.clock.advance(11)
    assert await second.run_due() + await first.run_due() == 1
    assert [r.mentions for _c, r in out.sent] == [(BOB,)]


async def test_no_reminder_once_the_turn_moved_on(table):
    await table.fight()
    dispatcher, out = table.dispatcher()
    table.clock.advance(5)
    await table.say(ALICE, "end")
    table.clock.advance(6)
    assert await dispatcher.run_due() == 0
    table.clock.advance(5)
    assert await dispatcher.run_due() == 1
    assert [r.mentions for _c, r in out.sent] == [(BOB,)]


async def test_the_dispatcher_sleeps_until_the_earliest_deadline(table):
    await table.fight()
    out = Outbox()
    slept = []

    async def sleep(seconds, wake):
        slept.append(seconds)
        table.clock.advance(seconds / 60)
        if len(slept) == 2:
            raise RuntimeError("stop")

    dispatcher = Dispatcher(table.service.deadlines, out, sleep=sleep)
    with pytest.raises(RuntimeError):
        await dispatcher.run()
    assert slept == [600.0, 3600.0]
    assert [r.mentions for _c, r in out.sent] == [(ALICE,)]


@pytest.mark.rule("H-GEN-01")
async def test_auto_skip_is_off_by_default_and_skips_the_turn_when_set(table):
    await table.fight()
    dispatcher, out = table.dispatcher()
    table.clock.advance(60)
    await dispatcher.run_due()
    assert (await table.state()).turn == "アリス"
    await table.say(KP, "kp setting", key="turn_autoskip_minutes", value="15")
    await table.say(ALICE, "end")
    table.clock.advance(16)
    await dispatcher.run_due()
    assert (await table.state()).turn == "ゾンビ"
    texts = [r.text for _c, r in out.sent]
    assert any("ボブの手番が終わりました。" in t for t in texts)


async def test_fired_and_moved_on_deadlines_are_removed_and_an_ended_battle_leaves_none(table):
    await table.fight()
    dispatcher, out = table.dispatcher()
    assert await table.store.keeper.deadline_count() == 1  # アリス's turn
    await table.say(ALICE, "end")
    assert await table.store.keeper.deadline_count() == 2  # and ボブ's
    table.clock.advance(11)
    assert await dispatcher.run_due() == 1  # アリス's moved on: removed, not sent; ボブ reminded
    assert await table.store.keeper.deadline_count() == 0
    await table.say(BOB, "end")
    await table.say(KP, "battle end", confirm="true")
    table.clock.advance(11)
    assert await dispatcher.run_due() == 0
    assert await table.store.keeper.deadline_count() == 0
    assert [r.mentions for _c, r in out.sent] == [(BOB,)]
