"""Repository methods for sessions (issue 19): one evening's play in a channel and the
records kept in it. Reached as ``store.sessions`` (:class:`bot.store.Store`).

A record is written like a decided command (bot.store.writer: plain statements, group
commit on a SQLite file): alone for a roll or a check (:meth:`SessionTables.record`), or in
the same transaction as a battle step's events (:func:`add_record`, called by the store's
append) or a sheet's SAN loss (``Store.put_character(note=…)``).
"""
from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError

from bot.store.models import SessionRecordRow, SessionRow
from bot.store.writer import Statement, Tx


class SessionExists(Exception):
    """The channel already has an open session (the database enforces one)."""


@dataclass(frozen=True)
class GameSession:
    """A session: its ``channel``, ``scope`` (guild, or ``console``), ``keeper`` (user id) and
    ``keeper_name``, ``started_at`` and ``ended_at`` (naive UTC; None while open)."""

    id: int
    channel: str
    scope: str
    keeper: str
    keeper_name: str
    started_at: datetime
    ended_at: datetime | None


@dataclass(frozen=True)
class SessionRecord:
    """One kept record: ``kind`` (``roll``, ``check``, ``san``, ``step``), ``user`` (id),
    ``speaker`` (display name), ``character`` (the character it was made for, or ""),
    ``secret`` (the KP's copy only), ``text`` (what the channel was shown, or the typed
    command of a step), ``payload`` (its numbers) and ``created_at`` (naive UTC)."""

    id: int
    kind: str
    user: str
    speaker: str
    character: str
    secret: bool
    text: str
    payload: dict
    created_at: datetime


_SESSION = select(SessionRow.id, SessionRow.channel, SessionRow.scope, SessionRow.keeper, SessionRow.keeper_name,
                  SessionRow.started_at, SessionRow.ended_at)
_OPEN = _SESSION.where(SessionRow.ended_at.is_(None))
_LATEST = _SESSION.where(SessionRow.channel == bindparam("channel")).order_by(SessionRow.id.desc()).limit(1)
_NTH = (_SESSION.where(SessionRow.channel == bindparam("channel")).order_by(SessionRow.id)
        .offset(bindparam("skip")).limit(1))
_RECORDS = (select(SessionRecordRow.id, SessionRecordRow.kind, SessionRecordRow.user, SessionRecordRow.speaker,
                   SessionRecordRow.character, SessionRecordRow.secret, SessionRecordRow.text,
                   SessionRecordRow.payload, SessionRecordRow.created_at)
            .where(SessionRecordRow.session_id == bindparam("session_id")).order_by(SessionRecordRow.id))

_INSERT_RECORD = Statement(
    'INSERT INTO session_records (session_id, kind, "user", speaker, "character", secret, "text", payload, created_at)'
    " VALUES (:session_id, :kind, :user, :speaker, :character, :secret, :text, :payload, :now)",
    json=["payload"], times=["now"])
"""``user`` is a reserved word of PostgreSQL: the columns are quoted (both databases read that)."""


def add_record(tx: Tx, note: dict) -> None:
    """Insert the record ``note`` (the columns of ``session_records`` but ``id``, the time
    as ``now``) in the transaction ``tx``."""
    tx.execute(_INSERT_RECORD, note)


def _session(row) -> GameSession:
    return GameSession(row.id, row.channel, row.scope, row.keeper, row.keeper_name, row.started_at, row.ended_at)


class SessionTables:
    """The session queries: writes of sessions over ``session`` (an async_sessionmaker),
    records through ``writer`` (bot.store.writer), reads over ``reads`` (bot.store.reads)."""

    def __init__(self, session, reads, writer) -> None:
        self._session = session
        self._reads = reads
        self._writer = writer

    async def open_sessions(self) -> dict[str, GameSession]:
        """``{channel: session}`` of every open session (one query)."""
        async with self._reads.connect() as conn:
            return {row.channel: _session(row) for row in (await conn.execute(_OPEN)).all()}

    async def latest(self, channel: str) -> GameSession | None:
        """The channel's most recent session, open or ended, or None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_LATEST, {"channel": channel})).first()
            return _session(row) if row else None

    async def nth(self, channel: str, number: int) -> GameSession | None:
        """The channel's ``number``-th session (1 = its first), or None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_NTH, {"channel": channel, "skip": number - 1})).first()
            return _session(row) if row else None

    async def start(self, channel: str, scope: str, keeper: str, keeper_name: str, now: datetime) -> GameSession:
        """Open a session in ``channel``; raises SessionExists when one is open there."""
        try:
            async with self._session() as s:
                async with s.begin():
                    row = SessionRow(channel=channel, scope=scope, keeper=keeper, keeper_name=keeper_name,
                                     started_at=now)
                    s.add(row)
                    await s.flush()
                    return _session(row)
        except IntegrityError as exc:
            raise SessionExists(channel) from exc

    async def end(self, session_id: int, now: datetime) -> bool:
        """Close the open session ``session_id`` at ``now``; False when it was closed already
        (the update is the check: two ``/session end`` cannot both end it)."""
        async with self._session() as s:
            async with s.begin():
                done = await s.execute(update(SessionRow).where(
                    SessionRow.id == session_id, SessionRow.ended_at.is_(None)).values(ended_at=now))
                return done.rowcount == 1

    async def records(self, session_id: int) -> list[SessionRecord]:
        """Every record of the session, in the order they were made."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_RECORDS, {"session_id": session_id})).all()
            return [SessionRecord(r.id, r.kind, r.user, r.speaker, r.character, bool(r.secret), r.text,
                                  r.payload, r.created_at) for r in rows]

    def record(self, note: dict) -> Awaitable[None]:
        """Write the record ``note`` (see :func:`add_record`) durably, with the other writes
        of this pass of the event loop (group commit); started before this returns, await it."""
        return self._writer.run(add_record, note)
