"""The SQLite file's hot writes (bot.store.sqlite_writer): the writes of one pass of the
event loop share one durable commit, each in its own savepoint, so one that fails (a lost
version race, a request already handled) is rolled back alone; a database another process
keeps locked is waited for off the event loop, and past the patience nothing is written."""
from __future__ import annotations

import asyncio
import threading
import time

import pytest

from lock_holder import hold_write_lock, locked_elsewhere

from bot.store import DuplicateRequest, Store, VersionConflict
from bot.store import busy, sqlite_writer



async def battles(store: Store, count: int) -> list:
    return [await store.open_battle(f"c{i}", None, "coc6-house", "kp", [("BattleOpened", {"n": i})], f"open{i}")
            for i in range(count)]


def commits(store: Store) -> int:
    return store.writer._sqlite._commits


async def test_the_writes_of_one_pass_share_one_commit_and_each_is_durable(sqlite_store, tmp_path):
    store, path = sqlite_store
    opened = await battles(store, 20)
    before = commits(store)
    versions = await asyncio.gather(*(store.append(b.id, 1, [("E", {"i": i}), ("F", {"i": i})], "alice", f"r{i}")
                                      for i, b in enumerate(opened)))
    assert versions == [3] * 20
    assert commits(store) == before + 1
    await store.close()
    again = Store(f"sqlite+aiosqlite:///{path}")
    try:
        for i, b in enumerate(opened):
            assert [(k, p) for k, p, _a in await again.events(b.id)] == [
                ("BattleOpened", {"n": i}), ("E", {"i": i}), ("F", {"i": i})]
            assert (await again.battle(b.id)).version == 3
    finally:
        await again.close()


async def test_a_lost_race_and_a_handled_request_fail_alone_in_their_batch(sqlite_store):
    store, _path = sqlite_store
    a, b, c = await battles(store, 3)
    await store.append(c.id, 1, [("E", {})], "alice", "taken")
    results = await asyncio.gather(
        store.append(a.id, 1, [("A", {})], "alice", "ra"),
        store.append(b.id, 7, [("B", {})], "bob", "rb"),  # stale version
        store.append(c.id, 2, [("C", {})], "carol", "taken"),  # request id handled already
        store.append(a.id, 2, [("A2", {})], "alice", "ra2"),  # sees the batch's first write
        return_exceptions=True)
    assert results[0] == 2 and results[3] == 3
    assert isinstance(results[1], VersionConflict) and isinstance(results[2], DuplicateRequest)
    assert [k for k, _p, _a in await store.events(a.id)] == ["BattleOpened", "A", "A2"]
    assert [k for k, _p, _a in await store.events(b.id)] == ["BattleOpened"]
    assert [k for k, _p, _a in await store.events(c.id)] == ["BattleOpened", "E"]
    assert await store.request_replies("rb") is None
    assert await store.request_replies("ra2") == []



async def test_a_locked_database_is_waited_for_off_the_loop_and_later_writes_follow(sqlite_store):
    store, path = sqlite_store
    a, b = await battles(store, 2)
    held = threading.Event()
    other = threading.Thread(target=hold_write_lock, args=(path, 0.6, held))
    other.start()
    await asyncio.to_thread(held.wait)
    started = time.perf_counter()
    first = store.append(a.id, 1, [("A", {})], "alice", "ra")
    await asyncio.sleep(0.05)  # its pass is over: it met the lock and is tried again after pauses
    second = store.append(b.id, 1, [("B", {})], "bob", "rb")  # queued behind it
    ticks = 0
    while not second.done():  # the loop keeps running while the writes wait
        await asyncio.sleep(0.01)
        ticks += 1
    other.join()
    assert first.done() and await first == 2 and await second == 2
    assert time.perf_counter() - started >= 0.4 and ticks >= 20
    assert [k for k, _p, _a in await store.events(a.id)] == ["BattleOpened", "A"]
    assert [k for k, _p, _a in await store.events(b.id)] == ["BattleOpened", "B"]


async def test_a_lock_held_past_the_patience_fails_the_write_and_writes_nothing(sqlite_store, monkeypatch):
    store, path = sqlite_store
    (a,) = await battles(store, 1)
    monkeypatch.setattr(busy, "PATIENCE", 0.3)
    monkeypatch.setattr(busy, "BUSY_TIMEOUT_MS", 50)
    async with locked_elsewhere(path, 1.2):
        with pytest.raises(busy.DatabaseBusy):
            await store.append(a.id, 1, [("A", {})], "alice", "ra")
    assert [k for k, _p, _a in await store.events(a.id)] == ["BattleOpened"]
    assert await store.request_replies("ra") is None
    assert await store.append(a.id, 1, [("A", {})], "alice", "ra") == 2


async def test_the_log_is_restarted_after_its_checkpoint_so_it_stays_bounded(sqlite_store):
    """A WAL that is never restarted grows by every commit, and each commit's fsync then also
    journals the file's new size (issue 12: twice the commit). With the committing
    connection's own checkpoints, 3,000 commits of several pages each leave a log no longer
    than one checkpoint's worth of pages and one commit's."""
    store, path = sqlite_store
    opened = await battles(store, 30)
    before = commits(store)
    for version in range(1, 101):
        for i, b in enumerate(opened):
            await store.append(b.id, version, [("E", {"pad": "x" * 300 * (i % 3)})], "alice", f"r{version}-{i}")
    assert commits(store) == before + 3000
    page = 4096 + 24  # a WAL frame: the page and its header
    assert path.with_name(path.name + "-wal").stat().st_size <= 32 + (sqlite_writer.CHECKPOINT_PAGES + 20) * page
