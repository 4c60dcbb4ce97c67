"""Deadlines: found by the index in due order, taken once (deleted by the taker, also with
several processes claiming at once)."""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from bot.store import Store

T0 = datetime(2026, 12, 1, 12, 0, 0)


async def _battle(store, channel: str):
    return await store.open_battle(channel, None, "coc6-house", "kp", [("BattleOpened", {})], None)


async def _schedule(store, battle, version: int, deadlines) -> int:
    return await store.append(battle.id, version, [("Prompted", {})], "kp", None, deadlines=deadlines)


async def take_due(store, now: datetime):
    """What the reminder loop does: the earliest deadline if it is due, claimed (or None)."""
    while (d := await store.keeper.next_deadline()) is not None and d.due_at <= now:
        if await store.keeper.claim_deadline(d.id):
            return d
    return None


async def test_deadlines_come_due_in_order_and_are_removed_when_taken(store):
    battle = await _battle(store, "c1")
    await _schedule(store, battle, 1, [
        ("turn:2", "remind", T0 + timedelta(minutes=10), {"unit": "ボブ", "owner": "bob"}),
        ("turn:1", "remind", T0 + timedelta(minutes=5), {"unit": "アリス", "owner": "alice"}),
        ("turn:1", "skip", T0 + timedelta(minutes=20), {"unit": "アリス", "owner": "alice"}),
    ])
    assert (await store.keeper.next_deadline()).key == "turn:1"
    assert await take_due(store, T0 + timedelta(minutes=4)) is None
    first = await take_due(store, T0 + timedelta(minutes=10))
    assert (first.channel, first.key, first.kind, first.payload) == ("c1", "turn:1", "remind",
                                                                     {"unit": "アリス", "owner": "alice"})
    second = await take_due(store, T0 + timedelta(minutes=10))
    assert (second.key, second.kind, second.due_at) == ("turn:2", "remind", T0 + timedelta(minutes=10))
    assert await take_due(store, T0 + timedelta(minutes=10)) is None
    assert await store.keeper.deadline_count() == 1
    assert (await store.keeper.next_deadline()).kind == "skip"


async def test_a_prompt_asked_again_replaces_its_deadline(store):
    battle = await _battle(store, "c1")
    version = await _schedule(store, battle, 1, [("turn:1", "remind", T0, {})])
    await _schedule(store, battle, version, [("turn:1", "remind", T0 + timedelta(minutes=3), {})])
    assert await store.keeper.deadline_count() == 1
    assert (await store.keeper.next_deadline()).due_at == T0 + timedelta(minutes=3)


async def test_a_deadline_is_claimed_by_id_once(store):
    battle = await _battle(store, "c1")
    await _schedule(store, battle, 1, [("turn:1", "remind", T0, {})])
    deadline = await store.keeper.next_deadline()
    assert await store.keeper.claim_deadline(deadline.id) is True
    assert await store.keeper.claim_deadline(deadline.id) is False
    assert await store.keeper.next_deadline() is None


async def test_four_processes_claiming_at_once_take_each_deadline_once(db_url, store):
    channels = [f"c{i}" for i in range(10)]
    for channel in channels:
        battle = await _battle(store, channel)
        await _schedule(store, battle, 1, [("turn:1", "remind", T0, {}), ("turn:1", "skip", T0, {})])
    others = [Store(db_url) for _ in range(4)]

    async def drain(s: Store) -> list[tuple[str, str]]:
        taken = []
        while (d := await take_due(s, T0)) is not None:
            taken.append((d.channel, d.kind))
        return taken

    try:
        results = await asyncio.gather(*(drain(s) for s in others))
    finally:
        for s in others:
            await s.close()
    everything = [t for r in results for t in r]
    assert sorted(everything) == sorted((c, k) for c in channels for k in ("remind", "skip"))
    assert await store.keeper.deadline_count() == 0
