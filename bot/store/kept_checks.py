"""Repository methods of the 7th rolls that follow a roll (issue 30): an investigator's
latest skill roll in a channel, kept for a push (プッシュ) or Luck spent on it. Reached as
``store.checks`` (:class:`bot.store.Store`).

A roll is kept in one transaction with everything it changes (:meth:`KeptChecks.commit`):
the sheets it writes (a growth tick, Luck spent), its session record, the kept roll it
takes (once: a doubled press or line finds it taken and changes nothing) and the roll it
keeps, which closes the character's earlier rolls in the channel.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlalchemy import bindparam, select, update

from bot.store.character_rows import upsert_character
from bot.store.models import KeptCheckRow, SessionRecordRow
from bot.store.sanity import TakenAlready

OPEN = "open"
"""May be pushed or have Luck spent on it."""
ASKED = "asked"
"""A push waits for the KP's word (7-PUSH-06)."""
CLOSED = "closed"
"""Nothing more follows it."""
RECENT = 20
"""How many of a user's latest rolls in a channel :meth:`KeptChecks.recent` reads (one a
character they play there, latest first)."""


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


@dataclass(frozen=True)
class KeptCheck:
    """A kept roll: ``payload`` is a :class:`rules.coc7.rolled.Rolled7` dict and what the
    flow adds (``reason``, the player's words for a push)."""

    id: int
    channel: str
    scope: str
    user: str
    character: str
    payload: dict
    state: str


@dataclass(frozen=True)
class NewCheck:
    """A roll to keep: of ``user``'s ``character`` (a sheet of ``scope``) in ``channel``."""

    channel: str
    scope: str
    user: str
    character: str
    payload: dict
    state: str = OPEN


@dataclass
class CheckWrite:
    """Everything one roll writes, in one transaction: the ``sheets`` ``(scope, owner, name,
    data)``, the session ``notes`` (the columns of ``session_records``, the time as ``now``),
    the kept roll to ``claim`` as ``(id, its state now, its state after)`` with its new
    ``payload`` (or None: unchanged), and the rolls to ``keep``."""

    sheets: list[tuple[str, str, str, dict]] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)
    claim: tuple[int, str, str] | None = None
    payload: dict | None = None
    keep: list[NewCheck] = field(default_factory=list)


class KeptChecks:
    """The queries over ``session`` (an async_sessionmaker) and ``reads`` (bot.store.reads)."""

    def __init__(self, session, reads) -> None:
        self._session = session
        self._reads = reads

    async def get(self, check_id: int) -> KeptCheck | None:
        """The kept roll ``check_id``, or None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_BY_ID, {"id": check_id})).first()
            return _kept(row) if row else None

    async def recent(self, channel: str, user: str) -> list[KeptCheck]:
        """``user``'s latest kept rolls in ``channel`` (at most :data:`RECENT`, whatever their
        state), latest first."""
        async with self._reads.connect() as conn:
            return [_kept(r) for r in (await conn.execute(_OF_USER, {"channel": channel, "user": user})).all()]

    async def open_in(self, channel: str) -> list[KeptCheck]:
        """The rolls in ``channel`` that may still be pushed or have Luck spent on them,
        latest first (at most :data:`RECENT`)."""
        async with self._reads.connect() as conn:
            return [_kept(r) for r in (await conn.execute(_OPEN, {"channel": channel})).all()]

    async def asked(self, channel: str) -> list[KeptCheck]:
        """The pushes waiting for the KP's word in ``channel``, latest first."""
        async with self._reads.connect() as conn:
            return [_kept(r) for r in (await conn.execute(_ASKED, {"channel": channel})).all()]

    async def commit(self, write: CheckWrite) -> list[int]:
        """Write ``write`` in one transaction; the ids of the rolls kept, in order. Raises
        TakenAlready (bot.store.sanity; and writes nothing) when the roll it claims is no longer in the state
        it expects."""
        now = _now()
        async with self._session() as s:
            async with s.begin():
                if write.claim is not None:
                    check_id, before, after = write.claim
                    values = {"state": after} if write.payload is None else {"state": after, "payload": write.payload}
                    done = await s.execute(update(KeptCheckRow).where(
                        KeptCheckRow.id == check_id, KeptCheckRow.state == before).values(**values))
                    if done.rowcount != 1:
                        raise TakenAlready(check_id)
                for note in write.notes:
                    s.add(SessionRecordRow(**{k: v for k, v in note.items() if k != "now"}, created_at=note["now"]))
                for sheet in write.sheets:
                    await upsert_character(s, *sheet)
                rows = []
                for new in write.keep:
                    await s.execute(update(KeptCheckRow).where(
                        KeptCheckRow.channel == new.channel, KeptCheckRow.scope == new.scope,
                        KeptCheckRow.character == new.character, KeptCheckRow.state != CLOSED).values(state=CLOSED))
                    row = KeptCheckRow(channel=new.channel, scope=new.scope, user=new.user, character=new.character,
                                       payload=new.payload, state=new.state, created_at=now)
                    s.add(row)
                    await s.flush()
                    rows.append(row.id)
                return rows


def _kept(row) -> KeptCheck:
    return KeptCheck(row.id, row.channel, row.scope, row.user, row.character, dict(row.payload), row.state)


_KEPT = select(KeptCheckRow.id, KeptCheckRow.channel, KeptCheckRow.scope, KeptCheckRow.user, KeptCheckRow.character,
               KeptCheckRow.payload, KeptCheckRow.state)
_BY_ID = _KEPT.where(KeptCheckRow.id == bindparam("id"))
_OF_USER = _KEPT.where(KeptCheckRow.channel == bindparam("channel"),
                       KeptCheckRow.user == bindparam("user")).order_by(KeptCheckRow.id.desc()).limit(RECENT)
_OPEN = _KEPT.where(KeptCheckRow.channel == bindparam("channel"),
                    KeptCheckRow.state == OPEN).order_by(KeptCheckRow.id.desc()).limit(RECENT)
_ASKED = _KEPT.where(KeptCheckRow.channel == bindparam("channel"),
                     KeptCheckRow.state == ASKED).order_by(KeptCheckRow.id.desc())


__all__ = ["ASKED", "CLOSED", "CheckWrite", "KeptCheck", "KeptChecks", "NewCheck", "OPEN"]
