"""Two services over one database, as two bot processes: each sees what the other
committed, and a command that loses the version race is decided again on the new state
before its user is told (the in-process lock is not what keeps the battle consistent)."""
from __future__ import annotations

import pytest

from bot.service import Request, Service
from bot.store import Store
from service_table import ALICE, BOB, KP, FeedDice, refused, text


@pytest.fixture
async def other(table):
    """A second service (another process) over the table's database, with its own dice."""
    service = Service(Store(table.url), FeedDice(), clock=table.clock)
    yield service
    await service.store.close()


def say(service: Service, user: str, command: str, **options) -> Request:
    return Request(channel="room", user=user, name=user, command=command, options=options)


async def test_each_process_sees_what_the_other_committed(table, other):
    await table.fight()
    assert "▶アリス" in text(await other.handle(say(other, KP, "battle status")))
    await table.say(ALICE, "end")
    passed = await other.handle(say(other, BOB, "end"))
    assert not refused(passed)
    assert (await table.state()).turn == "ゾンビ"
    assert "▶ゾンビ" in text(await other.handle(say(other, KP, "battle status")))


@pytest.mark.rule("H-AP-04")
async def test_a_command_that_loses_the_race_is_decided_again_on_the_new_state(table, other, monkeypatch):
    await table.fight()
    await other.handle(say(other, KP, "battle status"))  # the other process has the battle loaded
    real_append = other.store.append
    raced = []

    async def append_after_a_rival(*args, **kwargs):
        if not raced:  # between deciding and committing, this process's rival commits first
            raced.append(await table.say(ALICE, "end"))
        return await real_append(*args, **kwargs)

    monkeypatch.setattr(other.store, "append", append_after_a_rival)
    other.battles.dice.feed(45)
    answer = await other.handle(say(other, ALICE, "attack", target="ゾンビ", weapon="こぶし"))
    assert raced and not refused(raced[0])
    assert refused(answer)
    assert answer[0].text == "いまはボブの手番です。アリスの手番になってから行動してください。"
    state = await table.state()
    assert state.turn == "ボブ" and state.units["ゾンビ"].hp == 15 and not state.pending
