"""Where the store's reads run (issue 12).

On a SQLite file a read is a plain synchronous query over the stdlib driver, run on the
event loop itself: a few microseconds from the page cache, where the same query through
aiosqlite took about 2 ms (a hop to its thread and back per statement, and a pool of
connections that 1,000 busy battles queue for), and through SQLAlchemy's synchronous
engine about 0.1 ms (issue 27: its execution machinery per statement, as much as a durable
commit on this machine's disk). So a query of the store (a ``select()`` built once) is
compiled once to SQL with its result columns' converters (JSON, times) and run on one
stdlib connection (:class:`_Compiled`): the same SQL, the same values. Anything else (an
ORM session, a statement that is no ``select()``) runs through SQLAlchemy's synchronous
engine. WAL readers never wait for the writer, so the loop is not held up; a short busy
timeout covers SQLite's rare moments (a log being reset) in which a reader must wait. On
other databases (PostgreSQL with asyncpg) the reads use the async engine as before.

Both kinds are used the same way::

    async with reads.session() as s:        # s.execute(statement), s.get(Model, key)
    async with reads.connect() as conn:     # conn.execute(statement)
"""
from __future__ import annotations

import sqlite3
from collections import namedtuple
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from sqlalchemy import Select, create_engine, event
from sqlalchemy.exc import DBAPIError, InvalidRequestError
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
        self._plain: sqlite3.Connection | None = None
        self._plans: dict[int, tuple[Select, _Compiled | None]] = {}
        self._pragmas = pragmas
        self._traced: list[Callable[[str], None]] = []
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

    def connect(self):
        """A Core connection for reading (``async with reads.connect() as conn:``, then
        ``await conn.execute(statement)``)."""
        if self._sync is None:
            return self._engine.connect()
        return _Plain(self)

    def on_statement(self, seen: Callable[[str], None]) -> None:
        """Call ``seen(sql)`` for every statement the reads run from now on (benchmarks and
        tests count them), on either path; on PostgreSQL, every statement of the store's
        engine (its writes included)."""
        self._traced.append(seen)
        engine = self._sync if self._sync is not None else self._engine.sync_engine
        event.listen(engine, "before_cursor_execute", lambda _c, _cur, statement, *_a: seen(statement))
        if self._plain is not None:
            self._plain.set_trace_callback(self._trace)

    def _trace(self, sql: str) -> None:
        for seen in self._traced:
            seen(sql)

    def _plan(self, query) -> _Compiled | None:
        """The compiled form of ``query`` (kept by identity: the store's queries are built
        once), or None when it must run through SQLAlchemy."""
        kept = self._plans.get(id(query))
        if kept is not None and kept[0] is query:
            return kept[1]
        plan = _Compiled.of(query, self._sync.dialect) if isinstance(query, Select) else None
        if len(self._plans) > 1024:  # a query built per call would fill it: such ones are not kept long
            self._plans.clear()
        self._plans[id(query)] = (query, plan)
        return plan

    def _run(self, plan: _Compiled, params: dict | None) -> _Result:
        if self._plain is None:
            self._plain = sqlite3.connect(self._sync.url.database, isolation_level=None, check_same_thread=False)
            self._pragmas(self._plain, READ_BUSY_TIMEOUT_MS)
            if self._traced:
                self._plain.set_trace_callback(self._trace)
        args = plan.arguments(params or {})
        try:
            cursor = self._plain.execute(plan.sql, args)
            rows = cursor.fetchall()  # to the end: the statement is reset, no read transaction stays open
        except sqlite3.Error as exc:  # raised as SQLAlchemy would raise it
            raise DBAPIError.instance(plan.sql, args, exc, sqlite3.Error) from exc
        return _Result([plan.row(raw) for raw in rows])

    def close(self) -> None:
        """Close the synchronous engine's connections."""
        if self._plain is not None:
            self._plain.close()
            self._plain = None
        if self._sync is not None:
            self._sync.dispose()


_REQUIRED = object()
"""The fixed value of a parameter the caller must give."""


class _Compiled:
    """A ``select()`` compiled once for SQLite: its SQL, its parameters in order (with their
    converters and fixed values) and its result columns' converters, as SQLAlchemy's
    execution would apply them."""

    def __init__(self, compiled, dialect, columns) -> None:
        self.sql = compiled.string
        self._order = tuple(compiled.positiontup)
        binds = [compiled.binds[name] for name in self._order]
        self._slots = tuple((name, _REQUIRED if bind.required else bind.effective_value,
                             bind.type.dialect_impl(dialect).bind_processor(dialect))
                            for name, bind in zip(self._order, binds))
        self._from_db = tuple(column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns)
        self._convert = any(self._from_db)
        keys = [getattr(column, "key", None) or f"column_{i}" for i, column in enumerate(columns)]
        self._row = namedtuple("Row", keys, rename=True)

    @classmethod
    def of(cls, query: Select, dialect) -> _Compiled | None:
        """``query`` compiled, or None for a form not handled here (an expanding ``IN``, a
        parameter computed at execution)."""
        compiled = query.compile(dialect=dialect)
        if compiled.positiontup is None or any(bind.expanding or bind.callable is not None
                                               for bind in compiled.binds.values()):
            return None
        return cls(compiled, dialect, list(query.selected_columns))

    def arguments(self, params: dict) -> list:
        """The positional arguments for ``params`` (the query's fixed values filled in,
        each converted for the database as SQLAlchemy would)."""
        args = []
        for name, fixed, convert in self._slots:
            value = params.get(name, fixed)
            if value is _REQUIRED:
                raise InvalidRequestError(f"A value is required for bind parameter {name!r}")
            args.append(value if convert is None or value is None else convert(value))
        return args

    def row(self, raw: tuple):
        """A stored row as SQLAlchemy returns it (attributes by column name, values converted)."""
        if self._convert:
            raw = [value if convert is None or value is None else convert(value)
                   for value, convert in zip(raw, self._from_db)]
        return self._row(*raw)


class _Result:
    """The rows of a read, with the methods of SQLAlchemy's Result the store uses."""

    def __init__(self, rows: list) -> None:
        self._rows = rows

    def first(self):
        return self._rows[0] if self._rows else None

    def all(self) -> list:
        return list(self._rows)

    def scalars(self) -> _Scalars:
        return _Scalars(row[0] for row in self._rows)

    def scalar(self):
        return self._rows[0][0] if self._rows else None

    def scalar_one(self):
        if len(self._rows) != 1:
            raise ValueError(f"one row expected, {len(self._rows)} found")
        return self._rows[0][0]


class _Scalars(list):
    def all(self) -> list:
        return list(self)


class _Plain:
    """A Connection of the SQLite reads: a compiled ``select()`` runs on the stdlib
    connection (:meth:`Reads._run`), anything else on a connection of SQLAlchemy's
    synchronous engine (taken from its pool at the first such statement)."""

    def __init__(self, reads: Reads) -> None:
        self._reads = reads
        self._inner = None

    async def __aenter__(self) -> _Plain:
        return self

    async def __aexit__(self, *_exc) -> None:
        self.close()

    async def execute(self, statement, *args, **kwargs):
        plan = self._reads._plan(statement) if not kwargs and len(args) <= 1 else None
        if plan is not None:
            return self._reads._run(plan, args[0] if args else None)
        if self._inner is None:
            self._inner = self._reads._sync.connect()
        return self._inner.execute(statement, *args, **kwargs)

    def close(self) -> None:
        if self._inner is not None:
            self._inner.close()


class _Awaitable:
    """A synchronous Session or Connection whose ``execute`` and ``get`` are awaited like
    their async counterparts' (they return at once)."""

    def __init__(self, inner) -> None:
        self._inner = inner

    async def execute(self, statement, *args, **kwargs):
        return self._inner.execute(statement, *args, **kwargs)

    async def get(self, *args, **kwargs):
        return self._inner.get(*args, **kwargs)
