"""Repository methods for what the chat side keeps pending with a battle (issue 26): the
questions asked in chat, the die a palette roll showed, each unit's last attack, the KP's
"told once" flag, the rest of a line for several units, the NPC a KP line put before a PC
and a player's secret palette roll. Reached as ``store.questions`` (:class:`bot.store.Store`).

Rows are ``(battle, kind, key) → (version, payload)`` (table ``chat_questions``): ``version``
is the battle's version when the row was written, so a question of an older version is
stale by construction (nothing to delete when the battle moves on). A row is written like a
decided command (bot.store.writer): alone, with the chat message's delivery key taken in the
same transaction (:meth:`QuestionTables.put`), or inside a battle step's own transaction
(:func:`add_rows`, called by the store's append).
"""
from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlalchemy import bindparam, select

from bot.store.deliveries import claim
from bot.store.models import BattleRow, ChatQuestionRow
from bot.store.writer import Statement, Tx, Writer


@dataclass(frozen=True)
class Kept:
    """One kept row: ``kind`` (``asked``, ``shown``, ``attack``, ``warned``, ``queued``,
    ``addressed``, ``secret``), ``key`` (a user id, a unit's name, ``<user>:<skill>``, or ""),
    the battle ``version`` it was written at, and ``payload`` (JSON)."""

    kind: str
    key: str
    version: int
    payload: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ChatWrite:
    """What the chat side writes in one transaction: ``delivery``, the chat message's key
    (``chat-<message id>``, issue 28) taken first ("" when there is none to take), ``rows``
    to keep (each replaces the row of its kind and key) and ``drops``, the ``(kind, key)``
    of rows to forget."""

    delivery: str = ""
    rows: tuple[Kept, ...] = ()
    drops: tuple[tuple[str, str], ...] = ()


_ROWS = (select(ChatQuestionRow.kind, ChatQuestionRow.key, ChatQuestionRow.version, ChatQuestionRow.payload)
         .where(ChatQuestionRow.battle_id == bindparam("battle_id")))
_WARNED = (select(BattleRow.channel, BattleRow.id)
           .join(ChatQuestionRow, ChatQuestionRow.battle_id == BattleRow.id)
           .where(ChatQuestionRow.kind == "warned", BattleRow.status == "active"))
_PUT = Statement("INSERT INTO chat_questions (battle_id, kind, key, version, payload)"
                 " VALUES (:battle_id, :kind, :key, :version, :payload)"
                 " ON CONFLICT (battle_id, kind, key) DO UPDATE SET version = excluded.version,"
                 " payload = excluded.payload", json=["payload"])
_DROP = Statement("DELETE FROM chat_questions WHERE battle_id = :battle_id AND kind = :kind AND key = :key")


class QuestionTables:
    """Reads over ``reads`` (bot.store.reads.Reads), writes through ``writer``."""

    def __init__(self, reads, writer: Writer) -> None:
        self._reads = reads
        self._writer = writer

    async def of_battle(self, battle_id: int) -> list[Kept]:
        """Every row kept for ``battle_id`` (one query)."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_ROWS, {"battle_id": battle_id})).all()
            return [Kept(r.kind, r.key, r.version, dict(r.payload or {})) for r in rows]

    def put(self, battle_id: int, write: ChatWrite) -> Awaitable[bool]:
        """Take ``write.delivery`` (when given) and write ``write``'s rows in one transaction,
        durably, before this resolves: True; False when the delivery key was taken already
        (a second delivery of the message: nothing is written). Started before this returns
        (await it)."""
        return self._writer.run(_put, battle_id, write, _now())

    def drop(self, battle_id: int, kind: str, key: str) -> Awaitable[None]:
        """Forget the row ``(kind, key)`` of ``battle_id`` (none is fine)."""
        return self._writer.run(_drop, battle_id, kind, key)

    async def warned_channels(self) -> dict[str, int]:
        """``{channel: battle id}`` of the active battles whose KP has a ``warned`` row."""
        async with self._reads.connect() as conn:
            return {r.channel: r.id for r in (await conn.execute(_WARNED)).all()}


def add_rows(tx: Tx, battle_id: int, write: ChatWrite) -> None:
    """Forget ``write.drops`` and keep ``write.rows`` for ``battle_id`` in the write
    transaction ``tx`` (its delivery key is the caller's to take)."""
    for kind, key in write.drops:
        _drop(tx, battle_id, kind, key)
    for row in write.rows:
        tx.execute(_PUT, {"battle_id": battle_id, "kind": row.kind, "key": row.key, "version": row.version,
                          "payload": row.payload})


def _put(tx: Tx, battle_id: int, write: ChatWrite, now: datetime) -> bool:
    if write.delivery and not claim(tx, write.delivery, now):
        return False
    add_rows(tx, battle_id, write)
    return True


def _drop(tx: Tx, battle_id: int, kind: str, key: str) -> None:
    tx.execute(_DROP, {"battle_id": battle_id, "kind": kind, "key": key})


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)
