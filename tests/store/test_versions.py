"""The optimistic version check: of two writers at the same version exactly one appends,
also from two engines (two processes) at once; nothing of the loser is written."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.store import DuplicateRequest, Store, VersionConflict


async def test_an_append_at_a_stale_version_is_refused_and_writes_nothing(store):
    battle = await store.open_battle("c1", None, "coc6-house", "kp", [("BattleOpened", {"n": 0})], "r0")
    assert await store.append(battle.id, 1, [("A", {"n": 1}), ("B", {"n": 2})], "alice", "r1") == 3
    with pytest.raises(VersionConflict):
        await store.append(battle.id, 1, [("C", {"n": 3})], "bob", "r2")
    assert [kind for kind, _p, _a in await store.events(battle.id)] == ["BattleOpened", "A", "B"]
    assert (await store.battle(battle.id)).version == 3
    assert await store.request_replies("r2") is None


async def test_two_engines_appending_at_once_one_wins(db_url, store):
    battle = await store.open_battle("c1", None, "coc6-house", "kp", [("BattleOpened", {})], None)
    others = [Store(db_url) for _ in range(4)]
    try:
        results = await asyncio.gather(*(
            s.append(battle.id, 1, [("E", {"by": i})], f"u{i}", f"req{i}", [{"text": str(i)}])
            for i, s in enumerate(others)), return_exceptions=True)
    finally:
        for s in others:
            await s.close()
    won = [i for i, r in enumerate(results) if r == 2]
    assert len(won) == 1
    assert all(isinstance(r, VersionConflict) for i, r in enumerate(results) if i not in won)
    events = await store.events(battle.id)
    assert [(k, p) for k, p, _a in events] == [("BattleOpened", {}), ("E", {"by": won[0]})]
    assert await store.request_replies(f"req{won[0]}") == [{"text": str(won[0])}]


async def test_a_request_id_is_kept_once(store):
    await store.remember_request("r1", [{"text": "first"}])
    await store.remember_request("r1", [{"text": "second"}])
    assert await store.request_replies("r1") == [{"text": "first"}]


async def test_a_decided_commands_request_id_is_kept_on_its_step_and_refused_twice(store):
    battle = await store.open_battle("c1", None, "coc6-house", "kp", [("BattleOpened", {})], None)
    marker = {"battle": battle.id}
    assert await store.append(battle.id, 1, [("step", {"step": 1}), ("E", {})], "alice", "i-1", marker) == 3
    assert await store.append(battle.id, 3, [("step", {"step": 2}), ("F", {}), ("G", {})], "bob", "i-2", marker) == 6
    with pytest.raises(DuplicateRequest):  # the same interaction again, on the moved-on battle
        await store.append(battle.id, 6, [("step", {"step": 3}), ("E", {})], "alice", "i-1", marker)
    assert [k for k, _p, _a in await store.events(battle.id)] == ["BattleOpened", "step", "E", "step", "F", "G"]
    assert await store.request_replies("i-1") == {"battle": battle.id, "events": [2, 3]}
    assert await store.request_replies("i-2") == {"battle": battle.id, "events": [4, 6]}
    assert await store.expire_requests(timedelta(seconds=-1)) == 0  # no idempotency row was written
