"""The battle state kept between commands (issue 12): a snapshot plus the events after it,
and the fold kept in memory, are exactly the fold of every stored event — also after undo,
redo and override; the cache of folds is bounded; a request id is answered once."""
from __future__ import annotations

from datetime import timedelta

import pytest

from bot.battle import snapshots
from bot.commands.request import Request
from bot.store import Store
from rules.battle.events import from_record
from rules.battle.steps import fold
from rules.systems import get_system
from service_table import ALICE, BOB, KP, text


async def folded_from_events(table):
    """The state folded from every stored event of the channel's battle (the truth)."""
    record = await table.store.active_battle(table.channel)
    system = get_system(record.system)
    events = [from_record(kind, payload) for kind, payload, _ in await table.store.events(record.id)]
    state, _steps = fold(system.new_state, system.evolve, events)
    return state


async def kept(table):
    """The state the service holds for the channel (memory, snapshot or fold)."""
    record = await table.store.active_battle(table.channel)
    return (await table.service.battles.loaded(record))[1]


async def play_rounds(table, rounds: int) -> None:
    """アリス, ボブ and ゾンビ pass their turns for ``rounds`` rounds."""
    for _ in range(rounds):
        await table.say(ALICE, "end")
        await table.say(BOB, "end")
        await table.say(KP, "end", **{"as": "ゾンビ"})


async def pass_turn(table) -> None:
    """Whoever's turn it is ends it (the KP for ゾンビ)."""
    turn = (await kept(table)).state.turn
    if turn == "ゾンビ":
        await table.say(KP, "end", **{"as": "ゾンビ"})
    else:
        await table.say({"アリス": ALICE, "ボブ": BOB}[turn], "end")


@pytest.fixture
def small_snapshots(monkeypatch):
    """A snapshot every 10 events (instead of every 200), so that a short fight has several."""
    monkeypatch.setattr(snapshots, "EVERY", 10)


async def test_after_a_restart_the_state_is_the_snapshot_plus_the_later_events_and_equals_the_fold(
        table, small_snapshots):
    await table.fight()
    await play_rounds(table, 4)
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    record = await table.store.active_battle(table.channel)
    snap, tail = await table.store.snapshot_and_tail(record.id)
    while not tail:  # pass turns until some events follow the latest snapshot
        await pass_turn(table)
        record = await table.store.active_battle(table.channel)
        snap, tail = await table.store.snapshot_and_tail(record.id)
    in_memory = (await kept(table)).state
    assert snap is not None and 0 < len(tail) < 10 and snap.version + len(tail) == record.version

    await table.restart()
    loaded = await kept(table)
    assert not loaded.has_history  # started from the snapshot, not from every event
    assert loaded.state == in_memory == await folded_from_events(table)
    assert loaded.state.units["ゾンビ"].hp == 10


@pytest.mark.rule("H-GEN-01")
async def test_undo_redo_and_override_on_a_battle_loaded_from_a_snapshot_equal_the_fold(table, small_snapshots):
    await table.fight()
    await play_rounds(table, 3)
    await table.restart()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    assert (await kept(table)).state.units["ゾンビ"].hp == 10

    await table.say(KP, "kp undo")
    assert (await kept(table)).state == await folded_from_events(table)
    assert (await kept(table)).state.units["ゾンビ"].hp == 15
    await table.say(KP, "kp redo")
    assert (await kept(table)).state == await folded_from_events(table)
    assert (await kept(table)).state.units["ゾンビ"].hp == 10
    ruled = await table.say(KP, "kp override", result="成功")  # the dodge succeeds: no damage
    assert "裁定" in text(ruled)
    assert (await kept(table)).state.units["ゾンビ"].hp == 15
    await play_rounds(table, 2)  # later commands advance the kept fold, and snapshots follow
    assert (await kept(table)).state == await folded_from_events(table)

    await table.restart()
    assert (await kept(table)).state == await folded_from_events(table)
    assert (await kept(table)).state.units["ゾンビ"].hp == 15
    undone = await table.say(KP, "kp undo", steps=7)  # back across the override: the hit returns
    assert "取り消しました" in text(undone)
    assert (await kept(table)).state == await folded_from_events(table)
    assert (await kept(table)).state.units["ゾンビ"].hp == 10


async def test_a_snapshot_written_by_other_rules_code_is_not_used(table, small_snapshots, monkeypatch):
    await table.fight()
    await play_rounds(table, 3)
    truth = await folded_from_events(table)
    await table.restart()
    monkeypatch.setattr(snapshots, "fingerprint", lambda: "other rules")
    loaded = await kept(table)
    assert loaded.has_history and loaded.state == truth


async def test_the_kept_folds_are_bounded_and_an_evicted_battle_is_folded_again(table):
    await table.store.close()
    await table.start(cache_size=2)
    await table.fight()
    for channel in ("room2", "room3"):
        await table.service.handle(Request(channel=channel, user=KP, name=KP, command="battle new"))
    assert table.service.battles.cached == 2  # "room" was the least recently used
    await table.say(ALICE, "end")
    assert table.service.battles.cached == 2
    assert (await kept(table)).state == await folded_from_events(table)
    assert (await kept(table)).state.turn == "ボブ"


async def test_a_failed_commit_leaves_no_changed_state_in_memory(table, monkeypatch):
    await table.fight()
    before = await folded_from_events(table)

    async def broken(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(table.store, "append", broken)
    replies = await table.say(ALICE, "end")
    assert "内部エラー" in text(replies)
    monkeypatch.undo()
    assert (await kept(table)).state == before
    assert (await kept(table)).state.turn == "アリス"


async def test_a_retried_interaction_gets_the_same_answer_once_also_after_a_restart(table):
    await table.fight()
    req = Request(channel=table.channel, user=ALICE, name=ALICE, command="end", request_id="i-1")
    first = await table.service.handle(req)
    version = (await table.store.active_battle(table.channel)).version
    assert "アリスの手番が終わりました" in text(first)
    assert await table.service.handle(req) == first
    await table.restart()
    again = await table.service.handle(req)
    assert [r.text for r in again] == [r.text for r in first]
    assert (await table.store.active_battle(table.channel)).version == version
    assert (await kept(table)).state.turn == "ボブ"


async def test_idempotency_keys_older_than_the_cutoff_expire(table):
    await table.fight()
    await table.service.handle(Request(channel=table.channel, user=ALICE, name=ALICE, command="char list",
                                       request_id="old"))
    store: Store = table.store
    before = (await store.active_battle(table.channel)).version
    await table.service.handle(Request(channel=table.channel, user=ALICE, name=ALICE, command="end",
                                       request_id="step"))
    assert await store.request_replies("old") is not None
    assert await store.expire_requests(timedelta(days=1)) == 0
    gone = await store.expire_requests(timedelta(seconds=-1))  # "older than a second from now"
    assert gone == 1 and await store.request_replies("old") is None
    # a decided command's key is its step's, kept with the events at no extra cost
    record = await store.active_battle(table.channel)
    assert record.version > before + 1
    assert await store.request_replies("step") == {"battle": record.id, "events": [before + 1, record.version]}


async def test_the_keeper_sees_the_sheets_of_a_battle_loaded_from_a_snapshot(table, small_snapshots):
    await table.fight()
    await play_rounds(table, 3)
    await table.restart()
    assert not (await kept(table)).has_history
    replies = await table.say(KP, "char show", name="アリス")
    assert "内部エラー" not in text(replies) and "アリス" in text(replies)
