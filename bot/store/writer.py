"""Where the hot writes run: one transaction = one call of a plain (synchronous) function
over a SQLAlchemy Connection.

On a SQLite file the function runs in one worker thread over a synchronous engine of the
same file (the stdlib driver): the whole transaction — every statement and the durable
commit — is one hop off the event loop, instead of a hop per statement and cursor through
aiosqlite (issue 12: those hops cost more than the commit). The transaction starts with
``BEGIN IMMEDIATE`` (the write lock first, as bot.store.busy does for the other writes); a
database another connection keeps locked is waited for and the transaction tried again in
that thread, never on the event loop, until ``PATIENCE`` (then DatabaseBusy). On other databases (PostgreSQL with
asyncpg) the same function runs on the async engine through ``run_sync``.
"""
from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.busy import PATIENCE, DatabaseBusy, is_locked

log = logging.getLogger(__name__)

T = TypeVar("T")


class Writer:
    """Runs ``fn(conn, *args)`` inside one transaction (committed when it returns, rolled
    back when it raises; the exception propagates)."""

    def __init__(self, engine: AsyncEngine, pragmas: Callable | None = None,
                 json_serializer: Callable | None = None) -> None:
        self.engine = engine
        self._sync = None
        self._thread: ThreadPoolExecutor | None = None
        url = engine.url
        if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
            self._sync = create_engine(url.set(drivername="sqlite"), pool_size=1, max_overflow=0,
                                       json_serializer=json_serializer)
            if pragmas is not None:
                event.listen(self._sync, "connect", pragmas)
            event.listen(self._sync, "connect", _driver_autocommit)
            event.listen(self._sync, "begin", _begin_immediate)
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")

    async def run(self, fn: Callable[..., T], *args) -> T:
        """``fn(conn, *args)`` in one transaction; its result."""
        if self._sync is not None:
            return await asyncio.get_running_loop().run_in_executor(self._thread, self._in_thread, fn, args)
        async with self.engine.begin() as conn:
            return await conn.run_sync(fn, *args)

    def _in_thread(self, fn: Callable[..., T], args: tuple) -> T:
        deadline = time.monotonic() + PATIENCE
        pause = 0.02
        while True:
            try:
                with self._sync.begin() as conn:
                    return fn(conn, *args)
            except OperationalError as exc:
                if not is_locked(exc):
                    raise
                if time.monotonic() + pause > deadline:
                    raise DatabaseBusy(str(exc)) from exc
                log.warning("database is locked by another connection; trying again in %.2f s", pause)
                time.sleep(pause)
                pause = min(pause * 2, 1.0)

    def close(self) -> None:
        """Stop the worker thread and close the synchronous engine's connection."""
        if self._sync is not None:
            self._thread.shutdown(wait=True)
            self._sync.dispose()


def _driver_autocommit(dbapi_connection, _record) -> None:
    """Let SQLAlchemy, not the sqlite3 module, begin transactions (SQLAlchemy's recipe)."""
    dbapi_connection.isolation_level = None


def _begin_immediate(conn) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE")


__all__ = ["Connection", "Writer"]
