"""A busy SQLite database is waited for and retried (bot.store.busy): a write that meets
another process's write lock waits for it, the writers of one store queue for their turn
(they never depend on SQLite's busy timeout), and a lock held past the patience gives
DatabaseBusy with nothing written."""
from __future__ import annotations

import asyncio
import threading
import time

import pytest

from lock_holder import hold_write_lock, locked_elsewhere

from bot.store import Store
from bot.store import busy, repository




async def test_a_write_waits_for_another_process_holding_the_lock(sqlite_store):
    store, path = sqlite_store
    held = threading.Event()
    other = threading.Thread(target=hold_write_lock, args=(path, 0.8, held))
    other.start()
    await asyncio.to_thread(held.wait)
    started = time.perf_counter()
    assert await store.keeper.add_keeper_role("g", "KP") is True
    waited = time.perf_counter() - started
    other.join()
    assert waited >= 0.5
    assert await store.keeper.keeper_roles("g") == ["KP"]
    assert await store.keeper.keeper_roles("other") == ["process"]


async def test_writers_of_one_store_wait_their_turn_not_the_busy_timeout(sqlite_store, monkeypatch):
    store, path = sqlite_store
    await store.close()
    monkeypatch.setattr(repository, "BUSY_TIMEOUT_MS", 20)  # far shorter than the queue below
    queued = Store(f"sqlite+aiosqlite:///{path}")
    try:
        started = time.perf_counter()
        await asyncio.gather(*(queued.keeper.put_channel_setting("c", f"k{i}", i) for i in range(300)))
        assert time.perf_counter() - started > 0.02
        assert await queued.keeper.channel_settings("c") == {f"k{i}": i for i in range(300)}
    finally:
        await queued.close()


async def test_a_lock_held_past_the_patience_raises_database_busy_and_writes_nothing(sqlite_store, monkeypatch):
    store, path = sqlite_store
    await store.close()
    monkeypatch.setattr(busy, "PATIENCE", 0.3)
    monkeypatch.setattr(repository, "BUSY_TIMEOUT_MS", 50)
    impatient = Store(f"sqlite+aiosqlite:///{path}")
    async with locked_elsewhere(path, 1.5):
        with pytest.raises(busy.DatabaseBusy):
            await impatient.keeper.add_keeper_role("g", "KP")
    assert await impatient.keeper.keeper_roles("g") == []
    assert await impatient.keeper.add_keeper_role("g", "KP") is True
    await impatient.close()
