"""The repository: battles as append-only event lists, characters, idempotency keys.

SQLite (default) runs in WAL mode with ``synchronous=FULL`` (durable commits), foreign
keys on and a busy timeout. Every write is one transaction.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import delete, event, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from bot.store.busy import BUSY_TIMEOUT_MS, session_class
from bot.store.keeper import KeeperTables, add_deadlines
from bot.store.migrate import upgrade
from bot.store.secret_rolls import SecretRollTables
from bot.store.models import BattleRow, CharacterRow, EventRow, RequestRow


class BattleExists(Exception):
    """The channel already has an active battle (the database enforces one)."""


class VersionConflict(Exception):
    """Another writer appended to the battle first (optimistic version check)."""


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


@dataclass(frozen=True)
class CharacterRecord:
    """A saved character: ``name``, ``owner`` (user id), ``data`` (the sheet dict)."""

    scope: str
    name: str
    owner: str
    data: dict


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _record(row: BattleRow) -> BattleRecord:
    return BattleRecord(row.id, row.channel, row.guild, row.system, row.keeper, row.status, row.version)


class Store:
    """Async repository over one database URL. Call :meth:`migrate` once before use.

    Battles, events, idempotency keys and characters are here; the keeper-side tables (KP
    roles, settings, refusals, messages, deadlines) are ``store.keeper``
    (:class:`bot.store.keeper.KeeperTables`) and the kept secret rolls
    ``store.secret_rolls`` (:class:`bot.store.secret_rolls.SecretRollTables`)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: AsyncEngine = create_async_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self._session = async_sessionmaker(self.engine, expire_on_commit=False, class_=session_class(self.engine))
        self.keeper = KeeperTables(self._session)
        self.secret_rolls = SecretRollTables(self._session)

    async def migrate(self) -> None:
        """Apply the Alembic migrations (idempotent)."""
        await upgrade(self.engine)

    async def close(self) -> None:
        """Dispose of the engine's connections."""
        await self.engine.dispose()

    # --- battles --------------------------------------------------------------------

    async def active_battle(self, channel: str) -> BattleRecord | None:
        """The channel's active battle, or None."""
        async with self._session() as s:
            row = (await s.execute(select(BattleRow).where(
                BattleRow.channel == channel, BattleRow.status == "active"))).scalar_one_or_none()
            return _record(row) if row else None

    async def latest_battle(self, channel: str) -> BattleRecord | None:
        """The channel's most recent battle, active or ended, or None."""
        async with self._session() as s:
            row = (await s.execute(select(BattleRow).where(BattleRow.channel == channel)
                                   .order_by(BattleRow.id.desc()).limit(1))).scalar_one_or_none()
            return _record(row) if row else None

    async def battle(self, battle_id: int) -> BattleRecord | None:
        """The battle ``battle_id``, or None."""
        async with self._session() as s:
            row = await s.get(BattleRow, battle_id)
            return _record(row) if row else None

    async def events(self, battle_id: int) -> list[tuple[str, dict, str]]:
        """``[(kind, payload, actor)]`` of a battle, in order."""
        async with self._session() as s:
            rows = (await s.execute(select(EventRow.kind, EventRow.payload, EventRow.actor)
                                    .where(EventRow.battle_id == battle_id)
                                    .order_by(EventRow.seq))).all()
            return [(r.kind, r.payload, r.actor) for r in rows]

    async def open_battle(self, channel: str, guild: str | None, system: str, keeper: str,
                          events: list[tuple[str, dict]], request_id: str | None,
                          replies: list | None = None) -> BattleRecord:
        """Create an active battle with its first events; raises BattleExists."""
        now = _now()
        async with self._session() as s:
            try:
                async with s.begin():
                    row = BattleRow(channel=channel, guild=guild, system=system, keeper=keeper,
                                    status="active", version=len(events), created_at=now, updated_at=now)
                    s.add(row)
                    await s.flush()
                    self._add_events(s, row.id, 0, events, keeper, request_id, now)
                    self._add_request(s, request_id, replies, now)
            except IntegrityError as exc:
                if "requests" in str(exc.orig).lower() or "request_id" in str(exc.orig).lower():
                    raise
                raise BattleExists(channel) from exc
            return _record(row)

    async def append(self, battle_id: int, expected_version: int, events: list[tuple[str, dict]],
                     actor: str, request_id: str | None, replies: list | None = None,
                     status: str | None = None, deadlines: list | None = None,
                     keeper: str | None = None) -> int:
        """Append ``events`` if the battle is still at ``expected_version``; returns the new
        version. ``status`` (e.g. ``"ended"``), a new ``keeper`` and turn ``deadlines``
        (``(key, kind, due_at, payload)``) are written in the same transaction.
        Raises VersionConflict."""
        now = _now()
        new_version = expected_version + len(events)
        async with self._session() as s:
            try:
                async with s.begin():
                    values = {"version": new_version, "updated_at": now}
                    if status:
                        values["status"] = status
                    if keeper:
                        values["keeper"] = keeper
                    result = await s.execute(update(BattleRow).where(
                        BattleRow.id == battle_id, BattleRow.version == expected_version).values(**values))
                    if result.rowcount != 1:
                        raise VersionConflict(battle_id)
                    self._add_events(s, battle_id, expected_version, events, actor, request_id, now)
                    self._add_request(s, request_id, replies, now)
                    await add_deadlines(s, battle_id, deadlines or [])
            except IntegrityError as exc:
                raise VersionConflict(battle_id) from exc
        return new_version

    @staticmethod
    def _add_events(s, battle_id: int, start: int, events, actor: str, request_id, now) -> None:
        for offset, (kind, payload) in enumerate(events, start=1):
            s.add(EventRow(battle_id=battle_id, seq=start + offset, kind=kind, payload=payload,
                           actor=actor, request_id=request_id, created_at=now))

    @staticmethod
    def _add_request(s, request_id: str | None, replies: list | None, now) -> None:
        if request_id:
            s.add(RequestRow(request_id=request_id, replies=replies or [], created_at=now))

    # --- idempotency ----------------------------------------------------------------

    async def request_replies(self, request_id: str) -> list | None:
        """The replies stored for an already handled ``request_id``, or None."""
        async with self._session() as s:
            row = await s.get(RequestRow, request_id)
            return row.replies if row else None

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
                            drop: tuple[str, str] | None = None) -> None:
        """Create or replace the character ``name`` in ``scope``; in the same transaction,
        delete the character ``drop = (scope, name)`` if given (a rename's old name, a
        confirmed import's draft)."""
        async with self._session() as s:
            async with s.begin():
                if drop is not None and drop != (scope, name):
                    await s.execute(delete(CharacterRow).where(
                        CharacterRow.scope == drop[0], CharacterRow.name == drop[1]))
                row = (await s.execute(select(CharacterRow).where(
                    CharacterRow.scope == scope, CharacterRow.name == name))).scalar_one_or_none()
                if row is None:
                    s.add(CharacterRow(scope=scope, name=name, owner=owner, data=data, updated_at=_now()))
                else:
                    row.data, row.updated_at = data, _now()

    async def get_character(self, scope: str, name: str) -> CharacterRecord | None:
        """The character ``name`` of ``scope``, or None."""
        async with self._session() as s:
            row = (await s.execute(select(CharacterRow).where(
                CharacterRow.scope == scope, CharacterRow.name == name))).scalar_one_or_none()
            return CharacterRecord(row.scope, row.name, row.owner, row.data) if row else None

    async def list_characters(self, scope: str) -> list[CharacterRecord]:
        """Every character of ``scope``, by name."""
        async with self._session() as s:
            rows = (await s.execute(select(CharacterRow).where(CharacterRow.scope == scope)
                                    .order_by(CharacterRow.name))).scalars().all()
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


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.close()
