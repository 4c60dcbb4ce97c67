"""The SQLite file's hot writes: group commit over the stdlib driver (issue 12).

A write is queued and, at the end of the event loop's current pass, every write queued by
then is committed together: one transaction begun with ``BEGIN IMMEDIATE``, each write in
its own savepoint (a write that raises, e.g. a lost version race, is rolled back alone and
gets its exception), one durable commit (WAL, ``synchronous=FULL``), and only then are the
writers' coroutines told. A lone write runs without a savepoint.

The commit runs on the event loop itself: for a command it is the cheapest way (no hand-off
to a thread and back, no contention for the interpreter lock; measured in
benchmarks/service.py), and it never waits there: the loop's connection has no busy
timeout. When another connection holds the write lock (another process, or this one's
other writes), the batch is tried again after a pause (1 ms, doubling up to 50 ms) while
the loop goes on, later writes joining it, until ``busy.PATIENCE``; then every write of it
gets DatabaseBusy (nothing of them was written).

WAL checkpoints (copying the log back into the database file) are SQLite's own automatic
ones, run by the committing connection right after the commit that takes the log past
:data:`CHECKPOINT_PAGES` pages. A checkpoint that has copied the whole log lets the next
transaction write the log from its start again, over blocks the file already has. A log that
is never restarted grows by every commit, and then each commit's fsync also makes the file
system journal the file's new size: that doubled the commit (0.45 ms against 0.20 ms at the
median on this machine's disk, benchmarks/service.py; on tmpfs, fresh memory for every page).
SQLite restarts the log only in a write transaction that began after a checkpoint had copied
all of it. A checkpoint thread (the earlier design) nearly always saw the loop commit again
while it copied, so the log was almost never restarted (83 MB after 2,000 commands; at most
about 8 MB now). Run by the committer, the checkpoint has no such race.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from typing import Callable

from bot.store import busy
from bot.store.busy import DatabaseBusy

log = logging.getLogger(__name__)

CHECKPOINT_PAGES = 2000
"""Pages of WAL after which the committing connection checkpoints: about 8 MB, some 250
commands of 8 pages (SQLite's default, 1,000 pages, is some 125). A checkpoint stops the
loop for 1–2 ms (two fsyncs) in a quiet channel, longer under load (more distinct pages
to copy). Measured (benchmarks/service.py, /end p99 in 300 commands;
benchmarks/many_battles.py, max): 1,000 pages 1.08–1.99 ms / 22–26 ms; 2,000 pages
0.70–0.90 ms / 32 ms; 4,000 pages 0.90–1.02 ms / 71 ms. The median is the same from 50
to 4,000."""

FIRST_PAUSE, LONGEST_PAUSE = 0.001, 0.05
"""Seconds between two tries of a batch that met a locked database (doubling)."""


def connect(path: str, busy_timeout_ms: int | None = None) -> sqlite3.Connection:
    """A stdlib connection to ``path`` as the store uses it: WAL, synchronous=FULL, foreign
    keys on, the busy timeout (default ``busy.BUSY_TIMEOUT_MS``), an automatic checkpoint every
    :data:`CHECKPOINT_PAGES` pages of log and transactions begun by us (autocommit mode)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute(f"PRAGMA busy_timeout={busy.BUSY_TIMEOUT_MS if busy_timeout_ms is None else busy_timeout_ms}")
    db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
    return db


class SqliteWriter:
    """``await writer.submit(fn, args)``: ``fn(tx, *args)`` committed (durably) with the
    other writes of the same pass of the loop; see the module text. ``make_tx(connection)``
    builds the Tx the write functions are given."""

    def __init__(self, path: str, make_tx: Callable[[sqlite3.Connection], object]) -> None:
        self.path = path
        self._make_tx = make_tx
        self._queued: list = []
        self._db: sqlite3.Connection | None = None
        self._tx = None
        self._commits = 0
        self._waiting: tuple[float, float] | None = None  # (given up at, next pause) while locked

    def submit(self, fn: Callable, args: tuple) -> asyncio.Future:
        """Queue ``fn(tx, *args)``; the future gets its result once committed, or its
        exception if it raised (rolled back). Call from a coroutine (it uses the running loop)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queued.append((fn, args, future, loop))
        if len(self._queued) == 1 and self._waiting is None:
            loop.call_soon(self._flush)
        return future

    def _flush(self) -> None:
        if not self._queued:
            return
        if self._db is None:
            self._db = connect(self.path, busy_timeout_ms=0)
            self._tx = self._make_tx(self._db)
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if busy.is_locked(exc):
                self._wait(exc)
            else:
                self._settle_queued(exc)
            return
        self._waiting = None
        batch, self._queued = self._queued, []
        try:
            outcomes = run_batch(self._db, self._tx, batch)
        except Exception as exc:  # noqa: BLE001 - a broken connection: every writer is told
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            outcomes = [(False, exc)] * len(batch)
        self._commits += 1
        for (_fn, _args, future, _loop), outcome in zip(batch, outcomes):
            _settle(future, outcome)

    def _wait(self, exc: sqlite3.OperationalError) -> None:
        """The database is locked: try the queued writes again after a pause, or give up."""
        now = time.monotonic()
        given_up_at, pause = self._waiting or (now + busy.PATIENCE, FIRST_PAUSE)
        if now + pause > given_up_at:
            log.warning("database stayed locked for %.0f s; %d writes not made", busy.PATIENCE, len(self._queued))
            self._waiting = None
            self._settle_queued(DatabaseBusy(str(exc)))
            return
        self._waiting = (given_up_at, min(pause * 2, LONGEST_PAUSE))
        self._queued[0][3].call_later(pause, self._flush)

    def _settle_queued(self, exc: BaseException) -> None:
        batch, self._queued = self._queued, []
        for _fn, _args, future, _loop in batch:
            _settle(future, (False, exc))

    def close(self) -> None:
        """Commit what is queued (if the database lets it now), then close the connection
        (a later ``submit`` opens it again)."""
        self._waiting = None
        self._flush()
        if self._queued:
            self._settle_queued(DatabaseBusy("the store was closed while the database was locked"))
        if self._db is not None:
            self._db.close()
            self._db = self._tx = None


def run_batch(db: sqlite3.Connection, tx, batch: list) -> list[tuple[bool, object]]:
    """Run the writes of ``batch`` in the transaction ``db`` has begun, each in a savepoint
    (none for a lone write), then commit (or roll back when every write failed);
    ``[(ok, result or exception)]`` in the batch's order."""
    alone = len(batch) == 1
    outcomes: list[tuple[bool, object]] = []
    for fn, args, _future, _loop in batch:
        if not alone:
            db.execute("SAVEPOINT write")
        try:
            outcomes.append((True, fn(tx, *args)))
            if not alone:
                db.execute("RELEASE write")
        except Exception as exc:  # noqa: BLE001 - handed to its writer
            outcomes.append((False, exc))
            if not db.in_transaction:  # SQLite rolled the whole transaction back
                return [(False, exc)] * len(batch)
            if not alone:
                db.execute("ROLLBACK TO write")
                db.execute("RELEASE write")
    try:
        db.execute("COMMIT" if any(ok for ok, _ in outcomes) else "ROLLBACK")
    except Exception as exc:  # noqa: BLE001 - nothing of the batch is durable
        if db.in_transaction:
            db.execute("ROLLBACK")
        return [(False, exc)] * len(batch)
    return outcomes


def _settle(future: asyncio.Future, outcome: tuple[bool, object]) -> None:
    if future.cancelled():
        return
    ok, value = outcome
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
