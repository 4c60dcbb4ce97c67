"""Repository methods of the SAN flow (issue 32): a server's own tables, palette SAN rolls
waiting for their loss, the states a sheet shows as badges and a channel's game clock.
Reached as ``store.sanity`` (:class:`bot.store.Store`).

A loss is written in one transaction with everything it changes (:meth:`SanityTables.commit`):
the sheet, its session record, the pending roll it takes (once: a second taker finds it
taken and changes nothing), the states it starts and ends.

Game time passing (:func:`pass_time`) is a write function over the store's write
transaction (bot.store.writer): the clock moves on and the timers it passes end in the same
transaction, which is the battle step's own when a step begins new rounds
(``Store.append(time=…)``: one command, one durable commit), or its own for the KP's
「1時間経過」 (:meth:`SanityTables.pass_time`).
"""
from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlalchemy import bindparam, delete, select, update

from bot.store.keeper import upsert
from bot.store.models import CustomTableRow, GameClockRow, SanPendingRow, SessionRecordRow, SheetStateRow
from bot.store.character_rows import upsert_character
from bot.store.writer import Statement, Tx, Writer


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


@dataclass(frozen=True)
class StoredTable:
    """A server's table: ``name`` it is called by, its BCDice ``text``, who added it."""

    name: str
    text: str
    owner: str


@dataclass(frozen=True)
class Pending:
    """A palette SAN roll waiting for its loss: ``payload`` holds the roll's reading
    (``edition``, ``target``, ``roll``, ``level``, ``succeeded``, ``fumble``, …)."""

    id: int
    channel: str
    scope: str
    user: str
    character: str
    payload: dict
    created_at: datetime


@dataclass(frozen=True)
class SheetState:
    """A badge of a sheet: ``name`` (一時的狂気 …), its timer (``unit`` round / minute /
    line, ending at clock ``ends_at`` or after ``left`` more lines of ``owner``), ``detail``
    (the table row that started it)."""

    id: int
    scope: str
    character: str
    channel: str
    owner: str
    name: str
    unit: str | None = None
    ends_at: int | None = None
    left: int | None = None
    detail: str = ""


@dataclass
class SheetWrite:
    """Everything one loss or status change writes, in one transaction: the sheet
    ``(scope, owner, name, data)`` (or None), a session ``note``, the pending roll to ``claim``
    (its id), the states to ``start`` (without ids) and the ids to ``end``."""

    sheet: tuple[str, str, str, dict] | None = None
    note: dict | None = None
    claim: int | None = None
    start: list[SheetState] = field(default_factory=list)
    end: list[int] = field(default_factory=list)


@dataclass
class TimePassed:
    """Game time passing in ``channel``: ``minutes`` and ``rounds`` to move its clock on by.
    :func:`pass_time` fills in the ``clock`` after (``(minutes, rounds)``) and the timers that
    ran out and ended (``ended``, oldest first), in the transaction that wrote them: read
    them only once that transaction is committed."""

    channel: str
    minutes: int = 0
    rounds: int = 0
    clock: tuple[int, int] = (0, 0)
    ended: list[SheetState] = field(default_factory=list)


class TakenAlready(Exception):
    """The pending roll a write would take was taken by another (a doubled press or line)."""


class SanityTables:
    """The queries over ``session`` (an async_sessionmaker) and ``reads`` (bot.store.reads)."""

    def __init__(self, session, reads, writer: Writer) -> None:
        self._session = session
        self._reads = reads
        self._writer = writer

    # --- the server's tables ---------------------------------------------------------------

    async def put_table(self, scope: str, name: str, text: str, owner: str) -> bool:
        """Keep the table ``name`` of ``scope``, replacing one of that name; whether it replaced."""
        async with self._session() as s:
            async with s.begin():
                row = (await s.execute(select(CustomTableRow).where(
                    CustomTableRow.scope == scope, CustomTableRow.name == name))).scalar_one_or_none()
                if row is not None:
                    row.text, row.owner = text, owner
                    return True
                s.add(CustomTableRow(scope=scope, name=name, text=text, owner=owner, created_at=_now()))
                return False

    async def table(self, scope: str, name: str) -> StoredTable | None:
        """The table ``name`` of ``scope``, or None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_TABLE, {"scope": scope, "name": name})).first()
            return StoredTable(row.name, row.text, row.owner) if row else None

    async def tables(self, scope: str) -> list[StoredTable]:
        """Every table of ``scope``, by name."""
        async with self._reads.connect() as conn:
            return [StoredTable(r.name, r.text, r.owner) for r in (await conn.execute(_TABLES, {"scope": scope})).all()]

    async def delete_table(self, scope: str, name: str) -> bool:
        """Delete the table ``name`` of ``scope``; whether it was there."""
        async with self._session() as s:
            async with s.begin():
                done = await s.execute(delete(CustomTableRow).where(CustomTableRow.scope == scope,
                                                                    CustomTableRow.name == name))
                return done.rowcount == 1

    # --- palette SAN rolls waiting for their loss -------------------------------------------------

    async def add_pending(self, channel: str, scope: str, user: str, character: str, payload: dict) -> int:
        """Keep a palette SAN roll of ``user``'s ``character``; its id. An older one of the same
        character in the channel that was never given its loss is dropped (the new roll is the one)."""
        async with self._session() as s:
            async with s.begin():
                await s.execute(update(SanPendingRow).where(
                    SanPendingRow.channel == channel, SanPendingRow.scope == scope,
                    SanPendingRow.character == character, SanPendingRow.resolved_at.is_(None)).values(resolved_at=_now()))
                row = SanPendingRow(channel=channel, scope=scope, user=user, character=character, payload=payload,
                                    created_at=_now())
                s.add(row)
                await s.flush()
                return row.id

    async def pending(self, pending_id: int) -> Pending | None:
        """The roll ``pending_id`` while it waits for its loss, else None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_PENDING_BY_ID, {"id": pending_id})).first()
            return _pending(row) if row else None

    async def waiting(self, channel: str, user: str | None = None) -> list[Pending]:
        """The rolls waiting for their loss in ``channel`` (of ``user`` only, if given), latest first."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_WAITING, {"channel": channel})).all()
        return [_pending(r) for r in rows if user is None or r.user == user]

    # --- the states of sheets -------------------------------------------------------------

    async def states(self, scope: str, character: str) -> list[SheetState]:
        """The states ``character`` of ``scope`` shows now, oldest first."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_STATES_OF, {"scope": scope, "character": character})).all()
            return [_state(r) for r in rows]

    async def states_in(self, channel: str) -> list[SheetState]:
        """The states running in ``channel``, oldest first."""
        async with self._reads.connect() as conn:
            return [_state(r) for r in (await conn.execute(_STATES_IN, {"channel": channel})).all()]

    async def line_timers(self) -> set[tuple[str, str]]:
        """``{(channel, owner)}`` of every state that counts its owner's lines (one query for
        every channel: the chat path keeps it and reads it again now and then)."""
        async with self._reads.connect() as conn:
            return {(r.channel, r.owner) for r in (await conn.execute(_LINE_TIMERS)).all()}

    # --- the game clock ----------------------------------------------------------------------

    async def clock(self, channel: str) -> tuple[int, int]:
        """``(game minutes, rounds)`` that have passed in ``channel`` (``(0, 0)`` at first)."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_CLOCK, {"channel": channel})).first()
            return (row.minutes, row.rounds) if row else (0, 0)

    def pass_time(self, channel: str, minutes: int, rounds: int) -> Awaitable[TimePassed]:
        """Move ``channel``'s clock on by ``minutes`` and ``rounds`` and end the states whose
        timers it passes, in one transaction (:func:`pass_time`), durably before this
        resolves; what passed (the clock after, the states ended). Started before this
        returns (await it)."""
        return self._writer.run(pass_time, TimePassed(channel, minutes, rounds), _now())

    async def set_clock(self, channel: str, minutes: int, rounds: int) -> None:
        """Set ``channel``'s clock (a test's starting point; restoring a clock)."""
        async with self._session() as s:
            async with s.begin():
                await s.execute(upsert(s.bind.dialect.name, GameClockRow,
                                       {"channel": channel, "minutes": minutes, "rounds": rounds}))

    # --- one write ------------------------------------------------------------------------------

    async def commit(self, write: SheetWrite) -> list[int]:
        """Write ``write`` in one transaction; the ids of the states started, in order.
        Raises TakenAlready (and writes nothing) when the pending roll it claims was taken."""
        now = _now()
        async with self._session() as s:
            async with s.begin():
                if write.claim is not None:
                    done = await s.execute(update(SanPendingRow).where(
                        SanPendingRow.id == write.claim, SanPendingRow.resolved_at.is_(None)).values(resolved_at=now))
                    if done.rowcount != 1:
                        raise TakenAlready(write.claim)
                if write.end:
                    await s.execute(update(SheetStateRow).where(
                        SheetStateRow.id.in_(write.end), SheetStateRow.ended_at.is_(None)).values(ended_at=now))
                if write.note is not None:
                    s.add(SessionRecordRow(**{k: v for k, v in write.note.items() if k != "now"},
                                           created_at=write.note["now"]))
                if write.sheet is not None:
                    await upsert_character(s, *write.sheet)
                rows = [SheetStateRow(scope=x.scope, character=x.character, channel=x.channel, owner=x.owner,
                                      name=x.name, unit=x.unit, ends_at=x.ends_at, left=x.left, detail=x.detail,
                                      started_at=now) for x in write.start]
                s.add_all(rows)
                await s.flush()
                return [row.id for row in rows]

    async def tick_lines(self, channel: str, owner: str) -> list[SheetState]:
        """One line of ``owner`` in ``channel``: each of their line timers there counts one
        down; those that reach 0 end. Returns the states that ended."""
        now = _now()
        async with self._session() as s:
            async with s.begin():
                rows = (await s.execute(select(SheetStateRow).where(
                    SheetStateRow.channel == channel, SheetStateRow.owner == owner, SheetStateRow.unit == "line",
                    SheetStateRow.ended_at.is_(None)).with_for_update())).scalars().all()
                ended = []
                for row in rows:
                    row.left = max(0, (row.left or 0) - 1)
                    if row.left == 0:
                        row.ended_at = now
                        ended.append(_state(row))
                return ended


def pass_time(tx: Tx, passed: TimePassed, now: datetime) -> TimePassed:
    """In the write transaction ``tx``: move ``passed.channel``'s clock on by
    ``passed.minutes`` and ``passed.rounds`` (the row made at ``(0, 0)`` if there was none),
    and end the states of the channel whose timers the clock reached (a round timer by the
    rounds, a minute timer by the minutes: ``ends_at`` ≤ the clock); ``passed`` with its
    ``clock`` and ``ended`` filled in. Two statements, each returning its rows."""
    minutes, rounds = tx.rows(_CLOCK_ON, {"channel": passed.channel, "minutes": passed.minutes,
                                          "rounds": passed.rounds})[0]
    ended = tx.rows(_END_DUE, {"channel": passed.channel, "minutes": minutes, "rounds": rounds, "now": now})
    passed.clock = (minutes, rounds)
    passed.ended = sorted((SheetState(*row[:9], detail=row[9] or "") for row in ended), key=lambda s: s.id)
    return passed


def _pending(row) -> Pending:
    return Pending(row.id, row.channel, row.scope, row.user, row.character, dict(row.payload), row.created_at)


def _state(row) -> SheetState:
    return SheetState(row.id, row.scope, row.character, row.channel, row.owner, row.name, row.unit, row.ends_at,
                      row.left, row.detail or "")


_STATE = select(SheetStateRow.id, SheetStateRow.scope, SheetStateRow.character, SheetStateRow.channel,
                SheetStateRow.owner, SheetStateRow.name, SheetStateRow.unit, SheetStateRow.ends_at, SheetStateRow.left,
                SheetStateRow.detail).where(SheetStateRow.ended_at.is_(None))
_STATES_OF = _STATE.where(SheetStateRow.scope == bindparam("scope"),
                          SheetStateRow.character == bindparam("character")).order_by(SheetStateRow.id)
_STATES_IN = _STATE.where(SheetStateRow.channel == bindparam("channel")).order_by(SheetStateRow.id)
_LINE_TIMERS = select(SheetStateRow.channel, SheetStateRow.owner).where(
    SheetStateRow.unit == "line", SheetStateRow.ended_at.is_(None)).distinct()
_TABLE = select(CustomTableRow.name, CustomTableRow.text, CustomTableRow.owner).where(
    CustomTableRow.scope == bindparam("scope"), CustomTableRow.name == bindparam("name"))
_TABLES = select(CustomTableRow.name, CustomTableRow.text, CustomTableRow.owner).where(
    CustomTableRow.scope == bindparam("scope")).order_by(CustomTableRow.name)
_PENDING = select(SanPendingRow.id, SanPendingRow.channel, SanPendingRow.scope, SanPendingRow.user,
                  SanPendingRow.character, SanPendingRow.payload, SanPendingRow.created_at).where(
    SanPendingRow.resolved_at.is_(None))
_PENDING_BY_ID = _PENDING.where(SanPendingRow.id == bindparam("id"))
_WAITING = _PENDING.where(SanPendingRow.channel == bindparam("channel")).order_by(SanPendingRow.id.desc())
_CLOCK_ON = Statement("INSERT INTO game_clocks (channel, minutes, rounds) VALUES (:channel, :minutes, :rounds)"
                      " ON CONFLICT (channel) DO UPDATE SET minutes = game_clocks.minutes + excluded.minutes,"
                      " rounds = game_clocks.rounds + excluded.rounds RETURNING minutes, rounds")
_END_DUE = Statement('UPDATE sheet_states SET ended_at = :now WHERE channel = :channel AND ended_at IS NULL'
                     ' AND ends_at IS NOT NULL AND ends_at <= CASE WHEN unit = \'round\' THEN CAST(:rounds AS INTEGER) ELSE CAST(:minutes AS INTEGER) END'
                     ' RETURNING id, scope, "character", channel, owner, name, unit, ends_at, "left", detail',
                     times=["now"])
"""The statements of :func:`pass_time` (bot.store.writer)."""
_CLOCK = select(GameClockRow.minutes, GameClockRow.rounds).where(GameClockRow.channel == bindparam("channel"))
