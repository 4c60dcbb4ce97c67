"""Where the hot writes run: one transaction = one call of a plain (synchronous) function
over a SQLAlchemy Connection.

On a SQLite file the function runs in one worker thread over a synchronous engine of the
same file (the stdlib driver): the whole transaction — every statement and the durable
commit — is one hop off the event loop, instead of a hop per statement and cursor through
aiosqlite (issue 12: those hops cost more than the commit). A busy database is waited for
in that thread (busy_timeout), never on the event loop. On other databases (PostgreSQL with
asyncpg) the same function runs on the async engine through ``run_sync``.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine

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
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")

    async def run(self, fn: Callable[..., T], *args) -> T:
        """``fn(conn, *args)`` in one transaction; its result."""
        if self._sync is not None:
            return await asyncio.get_running_loop().run_in_executor(self._thread, self._in_thread, fn, args)
        async with self.engine.begin() as conn:
            return await conn.run_sync(fn, *args)

    def _in_thread(self, fn: Callable[..., T], args: tuple) -> T:
        with self._sync.begin() as conn:
            return fn(conn, *args)

    def close(self) -> None:
        """Stop the worker thread and close the synchronous engine's connection."""
        if self._sync is not None:
            self._thread.shutdown(wait=True)
            self._sync.dispose()


__all__ = ["Connection", "Writer"]
