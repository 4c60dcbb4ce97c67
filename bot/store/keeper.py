"""Repository methods for the keeper's table: KP roles, channel settings, the last refused
command of a channel, tagged messages and turn deadlines: :class:`KeeperTables`, reached as
``store.keeper`` (:class:`bot.store.Store`)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite

from bot.store.writer import Statement
from bot.store.models import (BattleRow, ChannelSettingRow, DeadlineRow, KeeperRoleRow,
                              MessageRow, RefusalRow)


@dataclass(frozen=True)
class Refusal:
    """A refused command: ``battle_id``, ``user`` who tried, ``command`` (its record, see
    rules.battle.steps.command_record), the ``clause`` that refused it and its ``label``."""

    battle_id: int
    user: str
    command: dict
    clause: str
    label: str


@dataclass(frozen=True)
class Deadline:
    """A turn deadline: ``kind`` ``remind`` or ``skip`` for the prompt ``key`` of a battle
    in ``channel``, due at ``due_at`` (naive UTC); ``payload`` = ``{"unit", "owner"}``."""

    id: int
    battle_id: int
    channel: str
    key: str
    kind: str
    due_at: datetime
    payload: dict


class KeeperTables:
    """The keeper-side queries: writes over ``session`` (an async_sessionmaker), reads over
    ``reads`` (bot.store.reads.Reads)."""

    def __init__(self, session, reads) -> None:
        self._session = session
        self._reads = reads

    # --- KP roles ---------------------------------------------------------------------

    async def keeper_roles(self, guild: str) -> list[str]:
        """The roles (names or ids) whose members are KP in ``guild``."""
        async with self._reads.connect() as conn:
            return list((await conn.execute(_ROLES, {"guild": guild})).scalars().all())

    async def add_keeper_role(self, guild: str, role: str) -> bool:
        """Add a KP role; False when it was already there."""
        async with self._session() as s:
            async with s.begin():
                if await s.get(KeeperRoleRow, (guild, role)) is not None:
                    return False
                s.add(KeeperRoleRow(guild=guild, role=role))
                return True

    # --- channel settings ---------------------------------------------------------------

    async def channel_settings(self, channel: str) -> dict:
        """``{key: value}`` set with ``/kp setting`` in ``channel`` (values JSON-decoded)."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_SETTINGS, {"channel": channel})).all()
            return {r.key: json.loads(r.value) for r in rows}

    async def put_channel_setting(self, channel: str, key: str, value) -> None:
        """Keep ``key`` = ``value`` (JSON-encoded) for ``channel``, replacing an older value."""
        await self._upsert(ChannelSettingRow, {"channel": channel, "key": key, "value": json.dumps(value)})

    async def _upsert(self, model, values: dict) -> None:
        """Insert the row ``values`` of ``model``, or replace the one with its primary key, in
        one statement (``INSERT … ON CONFLICT DO UPDATE`` on SQLite and PostgreSQL alike): two
        processes writing the same row at once both succeed, the later one's values stay."""
        async with self._session() as s:
            async with s.begin():
                await s.execute(upsert(s.bind.dialect.name, model, values))

    # --- the last refusal -----------------------------------------------------------------

    async def put_refusal(self, channel: str, refusal: Refusal, now: datetime) -> None:
        """Remember ``refusal`` as the channel's latest (replacing the one before)."""
        await self._upsert(RefusalRow, {"channel": channel, "battle_id": refusal.battle_id, "user": refusal.user,
                                        "command": refusal.command, "clause": refusal.clause,
                                        "label": refusal.label, "created_at": now})

    async def refusal(self, channel: str) -> Refusal | None:
        """The channel's latest refused command, or None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_REFUSAL, {"channel": channel})).first()
            return Refusal(row.battle_id, row.user, row.command, row.clause, row.label) if row else None

    async def clear_refusal(self, channel: str) -> None:
        """Forget the channel's refused command (after ``/kp allow`` let it happen)."""
        async with self._session() as s:
            async with s.begin():
                await s.execute(delete(RefusalRow).where(RefusalRow.channel == channel))

    # --- tagged messages ------------------------------------------------------------------

    async def put_message(self, channel: str, tag: str, message_id: str) -> None:
        """Remember the message sent under ``tag`` in ``channel`` (replacing the older one)."""
        await self._upsert(MessageRow, {"channel": channel, "tag": tag, "message_id": message_id})

    async def message(self, channel: str, tag: str) -> str | None:
        """The id of the message sent under ``tag`` in ``channel``, or None."""
        async with self._reads.connect() as conn:
            return (await conn.execute(_MESSAGE, {"channel": channel, "tag": tag})).scalar()

    async def tagged(self, tag: str) -> dict[str, str]:
        """``{channel: value}`` of every channel with something remembered under ``tag``."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(select(MessageRow.channel, MessageRow.message_id).where(MessageRow.tag == tag))).all()
            return {row.channel: row.message_id for row in rows}

    async def take_message(self, channel: str, tag: str) -> bool:
        """Forget what ``tag`` remembers in ``channel``; True for the one caller that removed
        it (two processes taking the same one: the other gets False)."""
        async with self._session() as s:
            async with s.begin():
                done = await s.execute(delete(MessageRow).where(MessageRow.channel == channel, MessageRow.tag == tag))
                return done.rowcount == 1

    # --- deadlines ------------------------------------------------------------------------

    async def next_deadline(self) -> Deadline | None:
        """The earliest scheduled deadline (by the ``(due_at, id)`` index), or None. It may
        belong to a battle that has ended since (firing it then only removes it)."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_NEXT_DEADLINE)).first()
            return _deadline(row) if row else None

    async def claim_deadline(self, deadline_id: int, now: datetime | None = None) -> bool:
        """Take the deadline ``deadline_id`` to fire it: delete it, True only for the one
        caller that did, also across processes. On PostgreSQL the row is picked ``FOR UPDATE
        SKIP LOCKED``, so a process that finds another one claiming it gives up at once
        instead of waiting; on SQLite the conditional delete is serialised with every other
        write. ``now`` is not needed (fired deadlines are removed, not marked)."""
        pick = (select(DeadlineRow.id).where(DeadlineRow.id == deadline_id)
                .with_for_update(skip_locked=True).scalar_subquery())
        async with self._session() as s:
            async with s.begin():
                result = await s.execute(delete(DeadlineRow).where(DeadlineRow.id == pick))
                return result.rowcount == 1

    async def lease_deadline(self, deadline_id: int, now: datetime | None, until: datetime) -> bool:
        """Take the deadline ``deadline_id`` to deliver it: if it is due at ``now`` (None:
        whenever it is due), move its due time to ``until``; True only for the one caller
        that did, also across processes (the row is updated only while still due). It stays
        in the table until :meth:`finish_deadline`, so a process that dies while delivering
        leaves it to fire again at ``until``."""
        match = [DeadlineRow.id == deadline_id] + ([DeadlineRow.due_at <= now] if now is not None else [])
        async with self._session() as s:
            async with s.begin():
                result = await s.execute(update(DeadlineRow).where(*match).values(due_at=until))
                return result.rowcount == 1

    async def finish_deadline(self, deadline_id: int) -> None:
        """Remove a deadline once its messages were delivered (or given up)."""
        async with self._session() as s:
            async with s.begin():
                await s.execute(delete(DeadlineRow).where(DeadlineRow.id == deadline_id))

    async def drop_deadlines(self, battle_id: int) -> int:
        """Remove every deadline of ``battle_id`` (the battle waits: its channel cannot be
        posted in); how many there were."""
        async with self._session() as s:
            async with s.begin():
                return (await s.execute(delete(DeadlineRow).where(DeadlineRow.battle_id == battle_id))).rowcount

    async def set_battle_status(self, battle_id: int, old: str, new: str,
                                deadlines: list[tuple[str, str, datetime, dict]] = ()) -> bool:
        """Move ``battle_id`` from status ``old`` to ``new`` (``active`` ↔ ``suspended``);
        leaving ``active`` drops its deadlines, and ``deadlines`` (``(key, kind, due_at,
        payload)``) are scheduled, in the same transaction. False when the battle was not in
        ``old``. Raises ``sqlalchemy.exc.IntegrityError`` when ``new`` is ``active`` and
        another battle is active in its channel."""
        async with self._session() as s:
            async with s.begin():
                result = await s.execute(update(BattleRow).where(BattleRow.id == battle_id, BattleRow.status == old)
                                         .values(status=new))
                if result.rowcount != 1:
                    return False
                if old == "active":
                    await s.execute(delete(DeadlineRow).where(DeadlineRow.battle_id == battle_id))
                for key, kind, due_at, payload in deadlines:
                    s.add(DeadlineRow(battle_id=battle_id, key=key, kind=kind, due_at=due_at, payload=payload))
                return True

    async def active_channels(self, guild: str) -> list[str]:
        """The channels of ``guild`` with an active battle."""
        async with self._reads.connect() as conn:
            return list((await conn.execute(_ACTIVE_IN_GUILD, {"guild": guild})).scalars().all())

    async def active_places(self) -> list[tuple[str, str]]:
        """``(channel, guild)`` of every active battle (guild ``""`` when it has none)."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(select(BattleRow.channel, BattleRow.guild).where(BattleRow.status == "active"))).all()
            return [(row.channel, row.guild or "") for row in rows]

    async def deadline_count(self) -> int:
        """How many deadlines are scheduled (fired ones are gone)."""
        async with self._reads.session() as s:
            return (await s.execute(select(func.count()).select_from(DeadlineRow))).scalar_one()


def upsert(dialect: str, model, values: dict):
    """``INSERT … ON CONFLICT (primary key) DO UPDATE SET`` the other columns, for
    ``dialect`` (``"sqlite"`` or ``"postgresql"``: the same statement on both)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(model).values(**values)
    keys = [c.name for c in model.__table__.primary_key.columns]
    return statement.on_conflict_do_update(index_elements=keys, set_={
        name: statement.excluded[name] for name in values if name not in keys})


def _deadline(row) -> Deadline:
    return Deadline(row.id, row.battle_id, row.channel, row.key, row.kind, row.due_at, dict(row.payload or {}))


# The reads, built once (see bot/store/repository.py); values come as bound parameters.
_ROLES = select(KeeperRoleRow.role).where(KeeperRoleRow.guild == bindparam("guild")).order_by(KeeperRoleRow.role)
_SETTINGS = select(ChannelSettingRow.key, ChannelSettingRow.value).where(ChannelSettingRow.channel == bindparam("channel"))
_REFUSAL = (select(RefusalRow.battle_id, RefusalRow.user, RefusalRow.command, RefusalRow.clause, RefusalRow.label)
            .where(RefusalRow.channel == bindparam("channel")))
_ACTIVE_IN_GUILD = select(BattleRow.channel).where(BattleRow.guild == bindparam("guild"), BattleRow.status == "active")
_MESSAGE = select(MessageRow.message_id).where(MessageRow.channel == bindparam("channel"),
                                               MessageRow.tag == bindparam("tag"))
_NEXT_DEADLINE = (select(DeadlineRow.id, DeadlineRow.battle_id, BattleRow.channel, DeadlineRow.key, DeadlineRow.kind,
                         DeadlineRow.due_at, DeadlineRow.payload)
                  .join(BattleRow, BattleRow.id == DeadlineRow.battle_id)
                  .order_by(DeadlineRow.due_at, DeadlineRow.id).limit(1))


_DROP_DEADLINE = Statement("DELETE FROM deadlines WHERE battle_id = :battle_id AND key = :key AND kind = :kind")
_ADD_DEADLINE = Statement("INSERT INTO deadlines (battle_id, key, kind, due_at, payload)"
                          " VALUES (:battle_id, :key, :kind, :due_at, :payload)", json=["payload"], times=["due_at"])


def add_deadlines(tx, battle_id: int, deadlines: list[tuple[str, str, datetime, dict]]) -> None:
    """Schedule ``(key, kind, due_at, payload)`` deadlines in the write transaction ``tx``
    (a bot.store.writer.Tx); a prompt asked again (after an undo) replaces its older deadline."""
    for key, kind, due_at, payload in deadlines:
        tx.execute(_DROP_DEADLINE, {"battle_id": battle_id, "key": key, "kind": kind})
        tx.execute(_ADD_DEADLINE, {"battle_id": battle_id, "key": key, "kind": kind, "due_at": due_at,
                                   "payload": payload})
