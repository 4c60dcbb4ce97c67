"""The SQLite file's writer thread: group commit over the stdlib driver (issue 12).

Writes are queued to one thread that owns one sqlite3 connection (WAL,
``synchronous=FULL``). It takes every write waiting in the queue (at most
:data:`MAX_BATCH`), opens one transaction with ``BEGIN IMMEDIATE``, runs each write in its
own savepoint (a write that raises, e.g. a lost version race, is rolled back alone and gets
its exception), commits once and only then wakes the writers' coroutines: one durable
commit for all the commands that arrived while the previous one was on the disk. A lone
write runs without a savepoint.

A database another process keeps locked is waited for in this thread, never on the event
loop: SQLite's busy timeout, then pauses, until :data:`bot.store.busy.PATIENCE` (then
DatabaseBusy for the writes of that batch; nothing of them was written).

WAL checkpoints (copying the log back into the database file, an fsync of its own) run in a
second thread every :data:`CHECKPOINT_EVERY` commits, so that no command waits for one.
"""
from __future__ import annotations

import asyncio
import logging
import queue
import sqlite3
import threading
import time
from typing import Callable

from bot.store import busy
from bot.store.busy import DatabaseBusy

log = logging.getLogger(__name__)

MAX_BATCH = 64
"""At most this many writes share one commit."""

CHECKPOINT_EVERY = 200
"""Commits between two WAL checkpoints (run in the checkpoint thread)."""

_STOP = object()


def connect(path: str) -> sqlite3.Connection:
    """A stdlib connection to ``path`` as the store uses it: WAL, synchronous=FULL, foreign
    keys on, the busy timeout (``busy.BUSY_TIMEOUT_MS``), and transactions begun by us
    (autocommit mode)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute(f"PRAGMA busy_timeout={busy.BUSY_TIMEOUT_MS}")
    return db


class SqliteWriter:
    """``await writer.submit(fn, args)``: ``fn(tx, *args)`` in the writer thread, committed
    (durably) before the call returns; see the module text. ``make_tx(connection)`` builds
    the Tx the write functions are given."""

    def __init__(self, path: str, make_tx: Callable[[sqlite3.Connection], object]) -> None:
        self.path = path
        self._make_tx = make_tx
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._checkpoints: queue.SimpleQueue = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def submit(self, fn: Callable, args: tuple) -> asyncio.Future:
        """Queue ``fn(tx, *args)`` now; the future gets its result once committed, or its
        exception if it raised (rolled back). Call from a coroutine (it uses the running loop)."""
        self._start()
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._jobs.put((fn, args, future, loop))
        return future

    def _start(self) -> None:
        with self._lock:
            if not self._threads:
                self._threads = [threading.Thread(target=self._serve, name="store-writer", daemon=True),
                                 threading.Thread(target=self._checkpoint, name="store-checkpoint", daemon=True)]
                for thread in self._threads:
                    thread.start()

    def close(self) -> None:
        """Commit what is queued, then stop both threads and close their connections (a
        later ``run`` starts them again)."""
        with self._lock:
            threads, self._threads = self._threads, []
        if threads:
            self._jobs.put(_STOP)
            threads[0].join()
            self._checkpoints.put(_STOP)
            threads[1].join()

    # --- the writer thread ------------------------------------------------------------

    def _serve(self) -> None:
        db = connect(self.path)
        db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
        tx = self._make_tx(db)
        commits = 0
        try:
            while True:
                batch, stop = self._take()
                if batch:
                    for (_fn, _args, future, loop), outcome in zip(batch, self._commit(db, tx, batch)):
                        _wake(loop, future, outcome)
                    commits += 1
                    if commits % CHECKPOINT_EVERY == 0:
                        self._checkpoints.put(True)
                if stop:
                    return
        finally:
            db.close()

    def _take(self) -> tuple[list, bool]:
        """The writes waiting (blocking for the first one), and whether to stop after them."""
        first = self._jobs.get()
        if first is _STOP:
            return [], True
        batch = [first]
        while len(batch) < MAX_BATCH:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is _STOP:
                return batch, True
            batch.append(job)
        return batch, False

    def _commit(self, db: sqlite3.Connection, tx, batch: list) -> list[tuple[bool, object]]:
        """Run the batch in one transaction; ``[(ok, result or exception)]`` in its order."""
        try:
            _begin_immediate(db)
        except Exception as exc:  # noqa: BLE001 - handed to every writer of the batch
            return [(False, exc)] * len(batch)
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
            if any(ok for ok, _ in outcomes):
                db.execute("COMMIT")
            else:
                db.execute("ROLLBACK")
        except Exception as exc:  # noqa: BLE001 - nothing of the batch is durable
            if db.in_transaction:
                db.execute("ROLLBACK")
            return [(False, exc)] * len(batch)
        return outcomes

    # --- the checkpoint thread --------------------------------------------------------

    def _checkpoint(self) -> None:
        db = connect(self.path)
        try:
            while self._checkpoints.get() is not _STOP:
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:
                    log.warning("WAL checkpoint failed (the next one will try again): %s", exc)
        finally:
            db.close()


def _begin_immediate(db: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE``, waiting (busy timeout, then pauses) for another process's
    write lock until ``busy.PATIENCE``; raises DatabaseBusy."""
    deadline = time.monotonic() + busy.PATIENCE
    pause = 0.02
    while True:
        try:
            db.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            message = str(exc).lower()
            if "locked" not in message and "busy" not in message:
                raise
            if time.monotonic() + pause > deadline:
                raise DatabaseBusy(str(exc)) from exc
            log.warning("database is locked by another connection; trying again in %.2f s", pause)
            time.sleep(pause)
            pause = min(pause * 2, 1.0)


def _wake(loop: asyncio.AbstractEventLoop, future: asyncio.Future, outcome: tuple[bool, object]) -> None:
    """Settle ``future`` on its loop (not if that loop is gone: nobody waits any more)."""
    try:
        loop.call_soon_threadsafe(_settle, future, outcome)
    except RuntimeError:
        log.warning("a write finished after its event loop closed")


def _settle(future: asyncio.Future, outcome: tuple[bool, object]) -> None:
    if future.cancelled():
        return
    ok, value = outcome
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
