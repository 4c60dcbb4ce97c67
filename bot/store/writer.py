"""Where the hot writes run: a decided command (or a new battle) is one call of a plain
(synchronous) function ``fn(tx, *args)`` over a :class:`Tx`, inside one transaction.

On a SQLite file the function runs over the stdlib driver (:mod:`bot.store.sqlite_writer`):
no SQLAlchemy machinery per statement (issue 12: that cost more than the commit), and the
writes queued in one pass of the event loop are committed together, each in its own
savepoint (group commit: one durable commit for many commands, each told only after it). On other databases (PostgreSQL with asyncpg) the same
function runs on the async engine through ``run_sync``, one transaction per call.

The statements are :class:`Statement` objects: SQL written once with ``:name`` parameters,
which both drivers take (sqlite3 natively, SQLAlchemy as ``text()``).
"""
from __future__ import annotations

import asyncio
import sqlite3
from datetime import datetime
from typing import Awaitable, Callable, Iterable, Protocol, TypeVar

from sqlalchemy import JSON, DateTime, LargeBinary, String, bindparam, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

T = TypeVar("T")


class Statement:
    """One SQL statement with named parameters (``:name``). ``json`` names the parameters
    stored as JSON text, ``times`` the datetimes, ``binary`` the bytes and ``strings`` the
    strings that may be None (their type for SQLAlchemy's ``text()``)."""

    def __init__(self, sql: str, json: Iterable[str] = (), times: Iterable[str] = (),
                 binary: Iterable[str] = (), strings: Iterable[str] = ()) -> None:
        self.sql = sql
        self.json, self.times = tuple(json), tuple(times)
        types = [*((n, JSON) for n in self.json), *((n, DateTime) for n in self.times),
                 *((n, LargeBinary) for n in binary), *((n, String) for n in strings)]
        binds = [bindparam(name, type_=kind) for name, kind in types]
        self.clause = text(sql).bindparams(*binds)
        self.returning = (text(sql + " RETURNING id").bindparams(*binds)
                          if sql.startswith("INSERT") and " RETURNING " not in sql else None)
        self.qmark, names = qmark(sql)
        self.order = tuple((name, 1 if name in self.json else 2 if name in self.times else 0) for name in names)
        """The sqlite3 driver's form (:func:`qmark`): parameters bound by position, each
        ``(name, 0 as given | 1 JSON | 2 datetime)``."""


def qmark(sql: str) -> tuple[str, list[str]]:
    """``sql`` with each ``:name`` parameter outside quotes replaced by ``?``, and the names
    in the order they stand (a name used twice is listed twice): sqlite3 binds a tuple by
    position faster than a dict by name (3 µs of the 16 µs a step's events take, issue 27)."""
    out, names, i, quote = [], [], 0, ""
    while i < len(sql):
        ch = sql[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ":" and i + 1 < len(sql) and (sql[i + 1].isalpha() or sql[i + 1] == "_") \
                and (i == 0 or sql[i - 1] != ":"):
            j = i + 1
            while j < len(sql) and (sql[j].isalnum() or sql[j] == "_"):
                j += 1
            names.append(sql[i + 1:j])
            out.append("?")
            i = j
            continue
        out.append(ch)
        i += 1
    return "".join(out), names


class Tx(Protocol):
    """The transaction a write function is given: ``execute`` (the number of rows it
    changed), ``executemany``, ``insert`` (the new row's ``id``) and ``rows`` (the rows a
    statement returns: a SELECT, or a write's ``RETURNING``). A constraint violation
    raises SQLAlchemy's IntegrityError on every driver."""

    def execute(self, statement: Statement, params: dict) -> int: ...

    def rows(self, statement: Statement, params: dict) -> list[tuple]: ...

    def executemany(self, statement: Statement, rows: list[dict]) -> None: ...

    def insert(self, statement: Statement, params: dict) -> int: ...


class AlchemyTx(Tx):
    """A :class:`Tx` over a (synchronous) SQLAlchemy Connection."""

    def __init__(self, conn) -> None:
        self.conn = conn

    def execute(self, statement: Statement, params: dict) -> int:
        """Run ``statement``; the number of rows it changed."""
        return self.conn.execute(statement.clause, params).rowcount

    def rows(self, statement: Statement, params: dict) -> list[tuple]:
        """Run ``statement``; every row it returns, as tuples."""
        return [tuple(row) for row in self.conn.execute(statement.clause, params)]

    def executemany(self, statement: Statement, rows: list[dict]) -> None:
        self.conn.execute(statement.clause, rows)

    def insert(self, statement: Statement, params: dict) -> int:
        return self.conn.execute(statement.returning, params).scalar_one()


class SqliteTx(Tx):
    """A :class:`Tx` over a stdlib sqlite3 connection: JSON parameters written with the
    store's serializer, datetimes in SQLAlchemy's SQLite format (so SQLAlchemy reads and
    compares them as its own)."""

    def __init__(self, db: sqlite3.Connection, dumps: Callable[[object], str]) -> None:
        self.db, self.dumps = db, dumps
        self._time: tuple[datetime | None, str | None] = (None, None)

    def _params(self, statement: Statement, params: dict) -> list:
        """``params`` as the values :attr:`Statement.qmark` binds, in order: JSON written
        with the store's serializer, datetimes as SQLAlchemy's SQLite text."""
        dumps, text_of = self.dumps, self._text_of
        return [params[name] if kind == 0 else dumps(params[name]) if kind == 1 else text_of(params[name])
                for name, kind in statement.order]

    def _text_of(self, value: datetime | None) -> str | None:
        """:func:`sqlite_time` of ``value``; the last one kept (a write's rows share its time)."""
        if value is not self._time[0]:
            self._time = (value, sqlite_time(value))
        return self._time[1]

    def execute(self, statement: Statement, params: dict) -> int:
        """Run ``statement``; the number of rows it changed."""
        try:
            return self.db.execute(statement.qmark, self._params(statement, params)).rowcount
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(statement.sql, params, exc) from exc

    def rows(self, statement: Statement, params: dict) -> list[tuple]:
        """Run ``statement``; every row it returns (read to the end: a ``RETURNING`` write
        is done when this returns)."""
        try:
            return self.db.execute(statement.qmark, self._params(statement, params)).fetchall()
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(statement.sql, params, exc) from exc

    def executemany(self, statement: Statement, rows: list[dict]) -> None:
        try:
            self.db.executemany(statement.qmark, [self._params(statement, row) for row in rows])
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(statement.sql, rows, exc) from exc

    def insert(self, statement: Statement, params: dict) -> int:
        try:
            return self.db.execute(statement.qmark, self._params(statement, params)).lastrowid
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(statement.sql, params, exc) from exc


def sqlite_time(value: datetime | None) -> str | None:
    """``value`` as SQLAlchemy stores a DateTime on SQLite (``2026-12-02 00:16:15.000000``)."""
    return None if value is None else value.isoformat(" ", "microseconds")


class Writer:
    """Runs ``fn(tx, *args)`` inside one transaction (committed when it returns, rolled
    back when it raises; the exception propagates). Raises DatabaseBusy
    (bot.store.busy) when another process keeps a SQLite file locked too long."""

    def __init__(self, engine: AsyncEngine, dumps: Callable[[object], str]) -> None:
        self.engine = engine
        self._sqlite = None
        url = engine.url
        if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
            from bot.store.sqlite_writer import SqliteWriter
            self._sqlite = SqliteWriter(url.database, lambda db: SqliteTx(db, dumps))

    def run(self, fn: Callable[..., T], *args) -> Awaitable[T]:
        """``fn(tx, *args)`` in one transaction, started at once (on SQLite queued for the
        commit at the end of this pass of the loop, so the caller can go on working before
        it awaits): await the result. Call from a coroutine."""
        if self._sqlite is not None:
            return self._sqlite.submit(fn, args)
        return asyncio.ensure_future(self._on_engine(fn, args))

    async def _on_engine(self, fn: Callable[..., T], args: tuple) -> T:
        async with self.engine.begin() as conn:
            return await conn.run_sync(lambda sync_conn: fn(AlchemyTx(sync_conn), *args))

    def close(self) -> None:
        """Commit the writes queued, stop the store's threads and close their connections."""
        if self._sqlite is not None:
            self._sqlite.close()
