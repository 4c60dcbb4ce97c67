"""The repository: battles as append-only event lists, characters, idempotency keys.

SQLite (default) runs in WAL mode with ``synchronous=FULL`` (durable commits), foreign
keys on and a busy timeout. Every write is one transaction; a decided command is plain
statements (the version check, its events with its request id on the first, its
deadlines, now and then a snapshot) run by bot.store.writer, no ORM unit of work, committed
with the other commands of the same pass of the event loop. Reads: bot.store.reads.
"""
from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import bindparam, delete, event, func, literal_column, select, union_all
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from bot.store.busy import BUSY_TIMEOUT_MS, session_class
from bot.store.deliveries import claim
from bot.store.keeper import KeeperTables, add_deadlines
from bot.store.migrate import upgrade
from bot.store.questions import ChatWrite, QuestionTables, add_rows
from bot.store.character_rows import upsert_character
from bot.store.sanity import SanityTables, TimePassed, pass_time
from bot.store.kept_checks import KeptChecks
from bot.store.secret_rolls import SecretRollTables
from bot.store.sessions import SessionTables, add_record
from bot.store.voice import VoiceTables
from bot.store import json_codec
from bot.store.reads import Reads
from bot.store.writer import Statement, Tx, Writer
from bot.store.models import (BattleRow, CharacterRow, EventRow, RequestRow, SessionRecordRow, SheetCarryRow,
                              SnapshotRow)


class BattleExists(Exception):
    """The channel already has an active battle (the database enforces one)."""


class VersionConflict(Exception):
    """Another writer appended to the battle first (optimistic version check)."""


class DuplicateRequest(Exception):
    """The request id was handled already (its replies are stored: ``request_replies``)."""


@dataclass(frozen=True)
class Snapshot:
    """A battle's folded state at ``version``: ``state`` (bytes, see bot.battle.snapshots) as
    written by the rules code ``fingerprint``."""

    version: int
    fingerprint: str
    state: bytes


@dataclass(frozen=True)
class BattleRecord:
    """A battle's row: ``id``, ``channel``, ``system``, ``keeper``, ``status``, ``version``
    (the number of events stored)."""

    id: int
    channel: str
    guild: str | None
    system: str
    keeper: str
    status: str
    version: int

    def stepped(self, version: int, status: str | None = None, keeper: str | None = None) -> BattleRecord:
        """This row after a step: at ``version``, with ``status`` and ``keeper`` when given
        (what ``dataclasses.replace`` gives, built directly: it runs on every command)."""
        return BattleRecord(self.id, self.channel, self.guild, self.system,
                            self.keeper if keeper is None else keeper, self.status if status is None else status,
                            version)


@dataclass(frozen=True)
class SheetCarry:
    """The fields of sheet ``name`` (of ``scope``) a battle's end changed: ``old`` and ``new``
    values, by sheet dict key."""

    scope: str
    name: str
    old: dict
    new: dict


@dataclass(frozen=True)
class SheetWrites:
    """Sheets written with a battle step: ``sheets`` ``[(scope, name, sheet dict)]``
    replace those sheets' data; ``carries`` are recorded for the battle (its end), or with
    ``drop`` the battle's recorded carries are deleted (its reopening)."""

    sheets: tuple[tuple[str, str, dict], ...] = ()
    carries: tuple[SheetCarry, ...] = ()
    drop: bool = False


@dataclass(frozen=True)
class CharacterRecord:
    """A saved character: ``name``, ``owner`` (user id), ``data`` (the sheet dict)."""

    scope: str
    name: str
    owner: str
    data: dict


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _record(row) -> BattleRecord:
    return BattleRecord(row.id, row.channel, row.guild, row.system, row.keeper, row.status, row.version)


# The reads of every command, built once (building a query anew cost more than running it:
# about 0.3 ms against 0.1 ms, benchmarks/many_battles.py); values come as bound parameters.
_BATTLE = select(BattleRow.id, BattleRow.channel, BattleRow.guild, BattleRow.system, BattleRow.keeper,
                 BattleRow.status, BattleRow.version)
_ACTIVE_BATTLE = _BATTLE.where(BattleRow.channel == bindparam("channel"),
                               BattleRow.status == literal_column("'active'"))
"""The channel's active battle. ``'active'`` is written into the SQL, not bound: SQLite then
finds it by the partial index ``uq_battles_active_channel`` from a plan made once, where a
bound value made it plan the statement again at every execution (issue 27: 10 µs against 3)."""
_LATEST_BATTLE = _BATTLE.where(BattleRow.channel == bindparam("channel")).order_by(BattleRow.id.desc()).limit(1)
_BATTLE_BY_ID = _BATTLE.where(BattleRow.id == bindparam("battle_id"))
_ACTIVE_AND_LATEST = _BATTLE.where(BattleRow.id.in_(union_all(
    select(BattleRow.id).where(BattleRow.channel == bindparam("channel"), BattleRow.status == literal_column("'active'")),
    select(func.max(BattleRow.id)).where(BattleRow.channel == bindparam("channel")))))
"""The channel's active battle and its most recent one (one row when they are the same), each
id found by its index, in one plain ``select()`` (bot.store.reads runs it compiled; issue 27:
a chat roll asks for both)."""
_EVENTS_AFTER = (select(EventRow.kind, EventRow.payload, EventRow.actor)
                 .where(EventRow.battle_id == bindparam("battle_id"), EventRow.seq > bindparam("after"))
                 .order_by(EventRow.seq))
_SNAPSHOT = (select(SnapshotRow.version, SnapshotRow.fingerprint, SnapshotRow.state)
             .where(SnapshotRow.battle_id == bindparam("battle_id")))
_REQUEST_REPLIES = select(RequestRow.replies).where(RequestRow.request_id == bindparam("request_id"))
_REQUEST_STEP = select(EventRow.battle_id, EventRow.seq).where(
    EventRow.kind == "step", EventRow.request_id == bindparam("request_id"))
_NEXT_STEP = select(func.min(EventRow.seq)).where(
    EventRow.battle_id == bindparam("battle_id"), EventRow.seq > bindparam("seq"), EventRow.kind == "step")
_VERSION = select(BattleRow.version).where(BattleRow.id == bindparam("battle_id"))
_CHARACTER = select(CharacterRow.scope, CharacterRow.name, CharacterRow.owner, CharacterRow.data)
_CHARACTER_BY_NAME = _CHARACTER.where(CharacterRow.scope == bindparam("scope"), CharacterRow.name == bindparam("name"))
_CARRIES_OF = (select(SheetCarryRow.scope, SheetCarryRow.name, SheetCarryRow.old_values, SheetCarryRow.new_values)
               .where(SheetCarryRow.battle_id == bindparam("battle_id")).order_by(SheetCarryRow.id))
_NAMES_OWNED = (select(CharacterRow.name).where(CharacterRow.scope == bindparam("scope"),
                                               CharacterRow.owner == bindparam("owner")).order_by(CharacterRow.name))
_OWNED = _CHARACTER.where(CharacterRow.scope == bindparam("scope"),
                          CharacterRow.owner == bindparam("owner")).order_by(CharacterRow.name)
_CHARACTERS_OF = _CHARACTER.where(CharacterRow.scope == bindparam("scope")).order_by(CharacterRow.name)


class Store:
    """Async repository over one database URL. Call :meth:`migrate` once before use.

    Battles, events, idempotency keys and characters are here; the keeper-side tables (KP
    roles, settings, refusals, messages, deadlines) are ``store.keeper``
    (:class:`bot.store.keeper.KeeperTables`), the kept secret rolls
    ``store.secret_rolls`` (:class:`bot.store.secret_rolls.SecretRollTables`), the sessions
    ``store.sessions`` (:class:`bot.store.sessions.SessionTables`), the SAN flow's tables
    ``store.sanity`` (:class:`bot.store.sanity.SanityTables`), the character voices
    ``store.voice`` (:class:`bot.store.voice.VoiceTables`) and the 7th rolls kept for a push or
    Luck ``store.checks`` (:class:`bot.store.kept_checks.KeptChecks`)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: AsyncEngine = create_async_engine(url, json_serializer=json_codec.dumps)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self._session = async_sessionmaker(self.engine, expire_on_commit=False, class_=session_class(self.engine))
        self.writer = Writer(self.engine, json_codec.dumps)
        self.reads = Reads(self.engine, self._session, sqlite_pragmas)
        self.keeper = KeeperTables(self._session, self.reads)
        self.secret_rolls = SecretRollTables(self._session)
        self.sessions = SessionTables(self._session, self.reads, self.writer)
        self.questions = QuestionTables(self.reads, self.writer)
        self.sanity = SanityTables(self._session, self.reads, self.writer)
        self.voice = VoiceTables(self._session, self.reads)
        self.checks = KeptChecks(self._session, self.reads)

    async def migrate(self) -> None:
        """Apply the Alembic migrations (idempotent)."""
        await upgrade(self.engine)

    async def close(self) -> None:
        """Dispose of the engines' connections."""
        self.writer.close()
        self.reads.close()
        await self.engine.dispose()

    # --- battles --------------------------------------------------------------------

    async def active_battle(self, channel: str) -> BattleRecord | None:
        """The channel's active battle, or None."""
        return await self._battle_row(_ACTIVE_BATTLE, {"channel": channel})

    async def active_and_latest(self, channel: str) -> tuple[BattleRecord | None, BattleRecord | None]:
        """``(active battle or None, most recent battle or None)`` of the channel, in one
        read (the most recent is the active one when that is the newest)."""
        async with self.reads.connect() as conn:
            rows = [_record(row) for row in (await conn.execute(_ACTIVE_AND_LATEST, {"channel": channel})).all()]
        active = next((r for r in rows if r.status == "active"), None)
        return active, max(rows, key=lambda r: r.id, default=None)

    async def latest_battle(self, channel: str) -> BattleRecord | None:
        """The channel's most recent battle, active or ended, or None."""
        return await self._battle_row(_LATEST_BATTLE, {"channel": channel})

    async def battle(self, battle_id: int) -> BattleRecord | None:
        """The battle ``battle_id``, or None."""
        return await self._battle_row(_BATTLE_BY_ID, {"battle_id": battle_id})

    async def _battle_row(self, query, params: dict) -> BattleRecord | None:
        async with self.reads.connect() as conn:
            row = (await conn.execute(query, params)).first()
            return _record(row) if row else None

    async def events(self, battle_id: int, after: int = 0) -> list[tuple[str, dict, str]]:
        """``[(kind, payload, actor)]`` of a battle, in order; only those after the
        ``after``-th event when given."""
        async with self.reads.connect() as conn:
            rows = (await conn.execute(_EVENTS_AFTER, {"battle_id": battle_id, "after": after})).all()
            return [(r.kind, r.payload, r.actor) for r in rows]

    async def snapshot_and_tail(self, battle_id: int) -> tuple[Snapshot | None, list[tuple[str, dict, str]]]:
        """The battle's latest snapshot (or None) and the events stored after it, read in
        one connection."""
        async with self.reads.connect() as conn:
            row = (await conn.execute(_SNAPSHOT, {"battle_id": battle_id})).first()
            snap = Snapshot(row.version, row.fingerprint, row.state) if row else None
            rows = (await conn.execute(_EVENTS_AFTER, {"battle_id": battle_id,
                                                       "after": snap.version if snap else 0})).all()
            return snap, [(r.kind, r.payload, r.actor) for r in rows]

    def open_battle(self, channel: str, guild: str | None, system: str, keeper: str,
                    events: list[tuple[str, dict]], request_id: str | None,
                    replies: list | None = None, note: dict | None = None) -> Awaitable[BattleRecord]:
        """Create an active battle with its first events (started now, await it; see
        :meth:`append`; ``note``: a session record whose payload takes the new battle's id
        as ``battle``); raises BattleExists, DuplicateRequest."""
        return self.writer.run(_open_battle, channel, guild, system, keeper, events, request_id,
                               replies, note, _now())

    def append(self, battle_id: int, expected_version: int, events: list[tuple[str, dict]],
               actor: str, request_id: str | None, replies: list | dict | None = None,
               status: str | None = None, deadlines: list | None = None,
               keeper: str | None = None, snapshot: Snapshot | None = None,
               sheets: SheetWrites | None = None, note: dict | None = None,
               chat: ChatWrite | None = None, time: TimePassed | None = None) -> Awaitable[int]:
        """Append ``events`` if the battle is still at ``expected_version``; returns the new
        version. The request id with its ``replies``, ``status`` (e.g. ``"ended"``), a new
        ``keeper``, turn ``deadlines`` (``(key, kind, due_at, payload)``) and a ``snapshot``
        (replacing the older one) are written in the same transaction (bot.store.writer),
        and so are ``sheets``: character sheets the battle's end carries back (or its
        reopening takes back), see :class:`SheetWrites`, and ``note``, the step's record in
        the channel's open session (bot.store.sessions.add_record), and ``chat``: the
        delivery key of the chat message the step was read from (taken first: a key taken
        already raises DuplicateRequest) and the rows the chat side keeps with the step
        (bot.store.questions), and ``time``: game time the step makes pass in its channel (a
        step that begins new rounds): the clock moves on and the timers it passes end
        (bot.store.sanity.pass_time fills in ``time``'s clock and ended states; read them
        once this has resolved).
        ``replies``: the reply dicts (kept in ``requests``), or ``{"battle": id, ...}`` when
        they are to be rendered again from the events: then no idempotency row is written,
        the request id is kept on the step the events start with, unique
        (``uq_events_step_request``; see :meth:`request_replies`).
        The write is started before this returns (await the result); raises
        VersionConflict, DuplicateRequest."""
        return self.writer.run(_append, battle_id, expected_version, events, actor, request_id,
                               replies, status, deadlines or [], keeper, snapshot, _now(), sheets, note, chat, time)

    async def sheet_carries(self, battle_id: int) -> list[SheetCarry]:
        """What the end of battle ``battle_id`` wrote onto sheets (kept until a reopening
        takes it back), in the order written."""
        async with self.reads.connect() as conn:
            rows = (await conn.execute(_CARRIES_OF, {"battle_id": battle_id})).all()
            return [SheetCarry(r.scope, r.name, r.old_values, r.new_values) for r in rows]

    # --- idempotency ----------------------------------------------------------------

    async def request_replies(self, request_id: str) -> list | dict | None:
        """What is stored for an already handled ``request_id`` (None if nothing): its
        reply dicts, or for a battle command whose replies are its events rendered again,
        ``{"battle": id, "events": [first seq, last seq]}``: the span of the step that
        carries the request id (see :meth:`append`), up to the next step."""
        async with self.reads.connect() as conn:
            row = (await conn.execute(_REQUEST_REPLIES, {"request_id": request_id})).first()
            if row is not None:
                return row.replies
            step = (await conn.execute(_REQUEST_STEP, {"request_id": request_id})).first()
            if step is None:
                return None
            following = (await conn.execute(_NEXT_STEP, {"battle_id": step.battle_id, "seq": step.seq})).scalar()
            last = following - 1 if following is not None else (await conn.execute(
                _VERSION, {"battle_id": step.battle_id})).scalar_one()
            return {"battle": step.battle_id, "events": [step.seq, last]}

    def expire_requests(self, age: timedelta) -> Awaitable[int]:
        """Forget the idempotency keys stored more than ``age`` ago; how many went. A write
        like the others (bot.store.writer: on SQLite it waits its turn, never ``database is
        locked``), started before this returns."""
        return self.writer.run(_expire_requests, _now() - age)

    async def claim_request(self, request_id: str) -> bool:
        """Take ``request_id`` (a delivery key, e.g. a chat message's id): True for the one
        caller that recorded it first, also across processes and restarts (kept a day, as
        every key: :meth:`expire_requests`). Group-committed with the other writes (one
        ``INSERT … ON CONFLICT DO NOTHING``: a key taken already changes no row)."""
        return await self.writer.run(_claim_request, request_id, _now())

    async def claim_and_record(self, request_id: str, note: dict) -> bool:
        """:meth:`claim_request` and, in the same transaction, only when the key is taken
        here, the session record ``note`` (bot.store.sessions.add_record): a chat roll kept
        in an open session is one durable commit, not two (issue 27). True when taken."""
        return await self.writer.run(_claim_and_record, request_id, _now(), note) == 1

    async def remember_request(self, request_id: str, replies: list) -> None:
        """Record a handled request that changed no battle (ignored if already there)."""
        async with self._session() as s:
            try:
                async with s.begin():
                    s.add(RequestRow(request_id=request_id, replies=replies, created_at=_now()))
            except IntegrityError:
                pass

    # --- characters -----------------------------------------------------------------

    async def put_character(self, scope: str, owner: str, name: str, data: dict,
                            drop: tuple[str, str] | None = None, note: dict | None = None) -> None:
        """Create or replace the character ``name`` in ``scope``; in the same transaction,
        delete the character ``drop = (scope, name)`` if given (a rename's old name, a
        confirmed import's draft) and add ``note``, a session record (the columns of
        ``session_records``, the time as ``now``: a SAN check kept with its loss)."""
        async with self._session() as s:
            async with s.begin():
                if note is not None:
                    s.add(SessionRecordRow(**{k: v for k, v in note.items() if k != "now"}, created_at=note["now"]))
                if drop is not None and drop != (scope, name):
                    await s.execute(delete(CharacterRow).where(
                        CharacterRow.scope == drop[0], CharacterRow.name == drop[1]))
                await upsert_character(s, scope, owner, name, data)

    async def get_character(self, scope: str, name: str) -> CharacterRecord | None:
        """The character ``name`` of ``scope``, or None."""
        async with self.reads.connect() as conn:
            row = (await conn.execute(_CHARACTER_BY_NAME, {"scope": scope, "name": name})).first()
            return CharacterRecord(row.scope, row.name, row.owner, row.data) if row else None

    async def owned_names(self, scope: str, owner: str) -> list[str]:
        """The names of the characters ``owner`` saved in ``scope``, by name (no sheet read)."""
        async with self.reads.connect() as conn:
            return list((await conn.execute(_NAMES_OWNED, {"scope": scope, "owner": owner})).scalars())

    async def owned_characters(self, scope: str, owner: str) -> list[CharacterRecord]:
        """The characters ``owner`` saved in ``scope``, by name, read in one query."""
        async with self.reads.connect() as conn:
            rows = (await conn.execute(_OWNED, {"scope": scope, "owner": owner})).all()
            return [CharacterRecord(r.scope, r.name, r.owner, r.data) for r in rows]

    async def list_characters(self, scope: str) -> list[CharacterRecord]:
        """Every character of ``scope``, by name."""
        async with self.reads.connect() as conn:
            rows = (await conn.execute(_CHARACTERS_OF, {"scope": scope})).all()
            return [CharacterRecord(r.scope, r.name, r.owner, r.data) for r in rows]

    async def delete_character(self, scope: str, name: str) -> bool:
        """Delete the character ``name`` of ``scope``; whether it existed."""
        async with self._session() as s:
            async with s.begin():
                row = (await s.execute(select(CharacterRow).where(
                    CharacterRow.scope == scope, CharacterRow.name == name))).scalar_one_or_none()
                if row is None:
                    return False
                await s.delete(row)
                return True


_EXPIRE_REQUESTS = Statement("DELETE FROM requests WHERE created_at < :cutoff", times=("cutoff",))
_INSERT_REQUEST = Statement("INSERT INTO requests (request_id, replies, created_at) VALUES (:request_id, :replies, :now)",
                            json=["replies"], times=["now"])
_INSERT_BATTLE = Statement("INSERT INTO battles (channel, guild, system, keeper, status, version, created_at, updated_at)"
                           " VALUES (:channel, :guild, :system, :keeper, 'active', :version, :now, :now)",
                           times=["now"], strings=["guild"])
_ADVANCE_BATTLE = Statement("UPDATE battles SET version = :version, updated_at = :now, status = COALESCE(:status, status),"
                            " keeper = COALESCE(:keeper, keeper) WHERE id = :battle_id AND version = :expected",
                            times=["now"], strings=["status", "keeper"])
_ADVANCE_VERSION = Statement("UPDATE battles SET version = :version, updated_at = :now"
                             " WHERE id = :battle_id AND version = :expected", times=["now"])
"""A step that changes neither status nor keeper (nearly every one): a statement that does not
assign ``status`` leaves the index on it (``uq_battles_active_channel``) alone, one page less
in the commit (issue 27)."""
_INSERT_EVENT = Statement("INSERT INTO events (battle_id, seq, kind, payload, actor, request_id, created_at)"
                          " VALUES (:battle_id, :seq, :kind, :payload, :actor, :request_id, :now)",
                          json=["payload"], times=["now"], strings=["request_id"])
_DROP_SNAPSHOT = Statement("DELETE FROM battle_snapshots WHERE battle_id = :battle_id")
_INSERT_SNAPSHOT = Statement("INSERT INTO battle_snapshots (battle_id, version, fingerprint, state)"
                             " VALUES (:battle_id, :version, :fingerprint, :state)", binary=["state"])
_UPDATE_SHEET = Statement("UPDATE characters SET data = :data, updated_at = :now WHERE scope = :scope AND name = :name",
                          json=["data"], times=["now"])
_INSERT_CARRY = Statement("INSERT INTO sheet_carries (battle_id, scope, name, old_values, new_values)"
                          " VALUES (:battle_id, :scope, :name, :old, :new)", json=["old", "new"])
_DROP_CARRIES = Statement("DELETE FROM sheet_carries WHERE battle_id = :battle_id")
"""The statements of a decided command, written once as SQL (bot.store.writer): no ORM or
expression building per command (issue 12)."""


def _open_battle(tx: Tx, channel, guild, system, keeper, events, request_id, replies, note, now) -> BattleRecord:
    """The transaction of :meth:`Store.open_battle` (raises BattleExists, DuplicateRequest)."""
    _add_request(tx, request_id, replies, now)
    try:
        battle_id = tx.insert(_INSERT_BATTLE, {"channel": channel, "guild": guild, "system": system, "keeper": keeper,
                                               "version": len(events), "now": now})
    except IntegrityError as exc:
        raise BattleExists(channel) from exc
    _add_events(tx, battle_id, 0, events, keeper, request_id, now)
    if note is not None:
        add_record(tx, {**note, "payload": {**note["payload"], "battle": battle_id}})
    return BattleRecord(battle_id, channel, guild, system, keeper, "active", len(events))


def _append(tx: Tx, battle_id, expected_version, events, actor, request_id, replies, status, deadlines,
            keeper, snapshot, now, sheets=None, note=None, chat=None, time=None) -> int:
    """The transaction of :meth:`Store.append`: the idempotency key (and the chat message's
    delivery key), the version check, the events (one statement; the request id on the
    first, a step), the deadlines, maybe the snapshot, the sheets a battle's end or reopening
    writes, the step's session record, the chat side's rows and the game time it passes."""
    if not isinstance(replies, dict):  # a dict: the replies are the step's events (see Store.append)
        _add_request(tx, request_id, replies, now)
    if chat is not None and chat.delivery and not claim(tx, chat.delivery, now):
        raise DuplicateRequest(chat.delivery)
    new_version = expected_version + len(events)
    if status is None and keeper is None:
        changed = tx.execute(_ADVANCE_VERSION, {"version": new_version, "now": now, "battle_id": battle_id,
                                                "expected": expected_version})
    else:
        changed = tx.execute(_ADVANCE_BATTLE, {"version": new_version, "now": now, "status": status, "keeper": keeper,
                                               "battle_id": battle_id, "expected": expected_version})
    if changed != 1:
        raise VersionConflict(battle_id)
    try:
        _add_events(tx, battle_id, expected_version, events, actor, request_id, now)
    except IntegrityError as exc:
        if "request_id" in str(exc.orig) or "uq_events_step_request" in str(exc.orig):
            raise DuplicateRequest(request_id) from exc
        raise VersionConflict(battle_id) from exc
    add_deadlines(tx, battle_id, deadlines)
    if snapshot is not None:
        tx.execute(_DROP_SNAPSHOT, {"battle_id": battle_id})
        tx.execute(_INSERT_SNAPSHOT, {"battle_id": battle_id, "version": snapshot.version,
                                      "fingerprint": snapshot.fingerprint, "state": snapshot.state})
    if sheets is not None:
        _write_sheets(tx, battle_id, sheets, now)
    if note is not None:
        add_record(tx, note)
    if chat is not None:
        add_rows(tx, battle_id, chat)
    if time is not None:
        pass_time(tx, time, now)
    return new_version


def _write_sheets(tx: Tx, battle_id: int, sheets: SheetWrites, now) -> None:
    """The sheet rows and carry records of :class:`SheetWrites` (a sheet deleted meanwhile
    is left deleted)."""
    for scope, name, data in sheets.sheets:
        tx.execute(_UPDATE_SHEET, {"data": data, "now": now, "scope": scope, "name": name})
    if sheets.drop:
        tx.execute(_DROP_CARRIES, {"battle_id": battle_id})
    if sheets.carries:
        tx.executemany(_INSERT_CARRY, [{"battle_id": battle_id, "scope": c.scope, "name": c.name,
                                        "old": c.old, "new": c.new} for c in sheets.carries])


def _add_request(tx: Tx, request_id: str | None, replies: list | None, now) -> None:
    """Insert the idempotency key first: a request handled already fails here, before
    anything else is written (raises DuplicateRequest)."""
    if request_id:
        try:
            tx.execute(_INSERT_REQUEST, {"request_id": request_id, "replies": replies or [], "now": now})
        except IntegrityError as exc:
            raise DuplicateRequest(request_id) from exc


def _add_events(tx: Tx, battle_id: int, start: int, events, actor: str, request_id, now) -> None:
    """Insert ``events`` as seq ``start + 1`` … in one statement, the request id on the
    first (raises IntegrityError when those seqs exist: another writer came first; or when
    the first is a step of a request id handled already)."""
    tx.executemany(_INSERT_EVENT, [
        {"battle_id": battle_id, "seq": start + offset, "kind": kind, "payload": payload, "actor": actor,
         "request_id": request_id if offset == 1 else None, "now": now}
        for offset, (kind, payload) in enumerate(events, start=1)])


def _claim_request(tx: Tx, request_id: str, now: datetime) -> bool:
    return claim(tx, request_id, now)


def _claim_and_record(tx: Tx, request_id: str, now: datetime, note: dict) -> int:
    taken = _claim_request(tx, request_id, now)
    if taken == 1:
        add_record(tx, note)
    return taken


def _expire_requests(tx: Tx, cutoff: datetime) -> int:
    return tx.execute(_EXPIRE_REQUESTS, {"cutoff": cutoff})


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    sqlite_pragmas(dbapi_connection, BUSY_TIMEOUT_MS)


def sqlite_pragmas(dbapi_connection, busy_timeout_ms: int) -> None:
    """A new SQLite connection as the store uses it: WAL, ``synchronous=FULL`` (durable
    commits), foreign keys on, the busy timeout."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
    cursor.close()
