"""Where the store's reads run (issue 12).

On a SQLite file a read is a plain synchronous query over the stdlib driver, run on the
event loop itself: a few tens of microseconds from the page cache, where the same query
through aiosqlite took about 2 ms (a hop to its thread and back per statement, and a pool
of connections that 1,000 busy battles queue for). WAL readers never wait for the writer,
so the loop is not held up; a short busy timeout covers SQLite's rare moments (a log being
reset) in which a reader must wait. On other databases (PostgreSQL with asyncpg) the reads
use the async engine as before.

Both kinds are used the same way::

    async with reads.session() as s:        # s.execute(statement), s.get(Model, key)
    async with reads.connect() as conn:     # conn.execute(statement)
"""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from sqlalchemy import create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker
from sqlalchemy.orm import Session

READ_BUSY_TIMEOUT_MS = 200
"""How long a read on the loop may wait for SQLite's rare reader lock (WAL log reset)."""


class Reads:
    """The read side of a store over ``engine``; ``pragmas(dbapi_connection, busy_timeout_ms)``
    sets up a new SQLite connection. See the module text."""

    def __init__(self, engine: AsyncEngine, sessions: async_sessionmaker,
                 pragmas: Callable[[object, int], None], json_deserializer: Callable | None = None) -> None:
        self._engine = engine
        self._sessions = sessions
        self._sync = None
        url = engine.url
        if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
            kwargs = {"json_deserializer": json_deserializer} if json_deserializer else {}
            self._sync = create_engine(url.set(drivername="sqlite"), **kwargs)
            event.listen(self._sync, "connect", lambda conn, _record: pragmas(conn, READ_BUSY_TIMEOUT_MS))

    @asynccontextmanager
    async def session(self) -> AsyncIterator:
        """An ORM session for reading (``await s.execute(...)``, ``await s.get(...)``)."""
        if self._sync is None:
            async with self._sessions() as s:
                yield s
            return
        with Session(self._sync) as s:
            yield _Awaitable(s)

    @asynccontextmanager
    async def connect(self) -> AsyncIterator:
        """A Core connection for reading (``await conn.execute(...)``)."""
        if self._sync is None:
            async with self._engine.connect() as conn:
                yield conn
            return
        with self._sync.connect() as conn:
            yield _Awaitable(conn)

    def close(self) -> None:
        """Close the synchronous engine's connections."""
        if self._sync is not None:
            self._sync.dispose()


class _Awaitable:
    """A synchronous Session or Connection whose ``execute`` and ``get`` are awaited like
    their async counterparts' (they return at once)."""

    def __init__(self, inner) -> None:
        self._inner = inner

    async def execute(self, statement, *args, **kwargs):
        return self._inner.execute(statement, *args, **kwargs)

    async def get(self, *args, **kwargs):
        return self._inner.get(*args, **kwargs)
