"""The hot writer's commit in two halves (bot.store.wal_sync, bot.store.sqlite_writer): the
transaction commits with ``synchronous=NORMAL``, the log's ``fdatasync`` runs in the C
library's AIO thread, and a write's future is settled only once that sync is done; its
``committed`` stage comes first. A sync that fails fails its writes."""
from __future__ import annotations

import asyncio
import os
import sqlite3

import pytest

from bot.store import Store, wal_sync



async def opened(store: Store):
    return await store.open_battle("c", None, "coc6-house", "kp", [("BattleOpened", {})], "open")


async def test_a_write_is_told_done_only_after_the_log_was_synced(sqlite_store):
    store, path = sqlite_store
    battle = await opened(store)
    writer = store.writer._sqlite
    synced = writer._sync.syncs
    write = store.append(battle.id, 1, [("E", {"i": 1})], "alice", "r1")
    assert await store.committed(write) is True
    # committed and readable, but its future waits for the sync (next pass of the loop)
    assert not write.done() and writer._sync.syncs == synced
    with sqlite3.connect(path) as other:
        assert other.execute("SELECT count(*) FROM events WHERE battle_id = ?", (battle.id,)).fetchone() == (2,)
    assert await write == 2
    assert writer._sync.syncs == synced + 1


async def test_the_writer_commits_without_its_own_sync_and_syncs_the_file_sqlite_writes(sqlite_store):
    store, path = sqlite_store
    await opened(store)
    writer = store.writer._sqlite
    assert writer._db.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL: the sync is ours
    wal = os.stat(f"{path}-wal")
    assert writer._sync._inode == (wal.st_dev, wal.st_ino)


async def test_the_writes_of_one_pass_share_one_commit_and_one_sync(sqlite_store):
    store, _path = sqlite_store
    battle = await opened(store)
    writer = store.writer._sqlite
    commits, synced = writer._commits, writer._sync.syncs
    versions = await asyncio.gather(*(store.append(battle.id, 1 + i, [("E", {"i": i})], "alice", f"r{i}")
                                      for i in range(5)))
    assert versions == [2, 3, 4, 5, 6]
    assert (writer._commits, writer._sync.syncs) == (commits + 1, synced + 1)


async def test_a_failed_write_is_committed_false_and_raises_its_own_error(sqlite_store):
    store, _path = sqlite_store
    battle = await opened(store)
    stale = store.append(battle.id, 7, [("E", {})], "alice", "r-stale")
    assert await store.committed(stale) is False
    with pytest.raises(Exception) as caught:
        await stale
    assert type(caught.value).__name__ == "VersionConflict"


async def test_a_sync_that_fails_fails_its_writes(sqlite_store, caplog):
    store, _path = sqlite_store
    battle = await opened(store)
    sync = store.writer._sqlite._sync
    os.close(sync._fd)  # the descriptor is gone: the next fdatasync fails (EBADF)
    with pytest.raises(OSError):
        await store.append(battle.id, 1, [("E", {})], "alice", "r-lost")
    assert "could not be synced" in caplog.text or "cannot be synced" in caplog.text
    sync._fd = -1  # (closed above; a new one is opened by the next start)
    assert await store.append(battle.id, 2, [("F", {})], "alice", "r-next") == 3


async def test_closing_the_store_syncs_what_was_queued(tmp_path):
    path = tmp_path / "bot.db"
    store = Store(f"sqlite+aiosqlite:///{path}")
    await store.migrate()
    battle = await opened(store)
    write = store.append(battle.id, 1, [("E", {})], "alice", "r-last")
    await store.close()  # the queued write is committed and synced before the connection goes
    assert write.done() and write.result() == 2
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM battles WHERE id = ?", (battle.id,)).fetchone() == (2,)


def test_turned_off_the_writer_keeps_synchronous_full(monkeypatch):
    monkeypatch.setenv("COCBOT_WAL_SYNC", "off")
    assert wal_sync._library() is None
