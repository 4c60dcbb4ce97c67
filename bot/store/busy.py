"""Writing to a busy SQLite database: waited for and retried, never an error for the user.

SQLite has one writer at a time. Left to itself, a deferred transaction that read first and
then writes fails at once with ``database is locked`` when another connection wrote in
between, and writers of one process poll the lock (``busy_timeout``) in no fair order, so
under load some wait seconds and then fail. So, on SQLite, every write transaction
(``async with session.begin():``) of a :class:`bot.store.Store`:

1. waits its turn on the store's own asyncio lock (first come, first served; other
   processes are not held up by it);
2. starts with ``BEGIN IMMEDIATE``, which takes the database's write lock before anything
   is read or written (SQLite's busy timeout waits for other processes), and starts over
   after a pause when the database is still locked, until :data:`PATIENCE` seconds have
   passed; then :class:`DatabaseBusy` is raised (nothing was written).

Readers are not affected (WAL: they never wait). PostgreSQL needs none of this (row locks).
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import time

from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

log = logging.getLogger(__name__)

PATIENCE = 60.0
"""Seconds a write waits for a database another process keeps locked before giving up."""

BUSY_TIMEOUT_MS = 10_000
"""SQLite's own wait for the write lock, per attempt (``PRAGMA busy_timeout``)."""


class DatabaseBusy(Exception):
    """The database stayed locked by another process for :data:`PATIENCE` seconds."""


def is_locked(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's ``database is locked`` / ``database is busy``, raised
    through SQLAlchemy or by the stdlib driver itself (bot.store.sqlite_writer)."""
    message = str(getattr(exc, "orig", exc)).lower()
    return (isinstance(exc, (OperationalError, sqlite3.OperationalError))
            and ("database is locked" in message or "database is busy" in message))


def session_class(engine: AsyncEngine) -> type[AsyncSession]:
    """The session class for a store over ``engine``: :class:`AsyncSession` itself, or on
    SQLite one whose ``begin()`` takes the write lock as described above (one lock per call,
    that is per store)."""
    if engine.dialect.name != "sqlite":
        return AsyncSession
    return type("SerialWriteSession", (_SerialWriteSession,), {"write_lock": asyncio.Lock()})


class _SerialWriteSession(AsyncSession):
    write_lock: asyncio.Lock

    def begin(self):
        """A write transaction (an async context manager), serialised as described above."""
        return _Write(self, super().begin)


class _Write:
    """``async with session.begin():`` on SQLite: the lock, ``BEGIN IMMEDIATE``, retries."""

    def __init__(self, session: _SerialWriteSession, begin) -> None:
        self._session, self._begin = session, begin
        self._transaction = None

    async def __aenter__(self):
        await self._session.write_lock.acquire()
        try:
            self._transaction = await self._immediate()
        except BaseException:
            self._session.write_lock.release()
            raise
        return self._transaction

    async def _immediate(self):
        deadline = time.monotonic() + PATIENCE
        pause = 0.02
        while True:
            transaction = self._begin()
            await transaction.__aenter__()
            try:
                await self._session.execute(text("BEGIN IMMEDIATE"))
                return transaction
            except OperationalError as exc:
                await transaction.__aexit__(type(exc), exc, exc.__traceback__)
                if not is_locked(exc):
                    raise
                if time.monotonic() + pause > deadline:
                    raise DatabaseBusy(str(exc)) from exc
                log.warning("database is locked by another process; trying again in %.2f s", pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 1.0)

    async def __aexit__(self, *exc_info):
        try:
            return await self._transaction.__aexit__(*exc_info)
        finally:
            self._session.write_lock.release()
