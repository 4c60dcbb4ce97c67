"""Repository methods for secret rolls kept until their roller publishes them (issue 3).
Reached as ``store.secret_rolls`` (:class:`bot.store.Store`)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import select, update

from bot.store.models import SecretRollRow


@dataclass(frozen=True)
class SecretRoll:
    """A kept secret roll: ``speaker`` (display name) and the BCDice ``text``."""

    id: int
    channel: str
    user: str
    speaker: str
    text: str


class SecretRollTables:
    """The secret-roll queries over ``session`` (an async_sessionmaker)."""

    def __init__(self, session) -> None:
        self._session = session

    async def keep_secret_roll(self, channel: str, user: str, speaker: str, text: str) -> int:
        """Store a secret roll's result; returns its id (for the publish button)."""
        async with self._session() as s:
            async with s.begin():
                row = SecretRollRow(channel=channel, user=user, speaker=speaker, text=text,
                                    created_at=datetime.now(timezone.utc).replace(tzinfo=None))
                s.add(row)
                await s.flush()
                return row.id

    async def publish_secret_roll(self, roll_id: int, user: str) -> SecretRoll | None:
        """Mark roll ``roll_id`` of ``user`` published, once; returns it, or None when it is
        not theirs or was published already (the update is the check, so two clicks
        cannot both publish)."""
        now = datetime.now(timezone.utc).replace(tzinfo=None)
        async with self._session() as s:
            async with s.begin():
                done = await s.execute(update(SecretRollRow).where(
                    SecretRollRow.id == roll_id, SecretRollRow.user == user,
                    SecretRollRow.published_at.is_(None)).values(published_at=now))
                if done.rowcount != 1:
                    return None
                row = (await s.execute(select(SecretRollRow).where(SecretRollRow.id == roll_id))).scalar_one()
                return SecretRoll(row.id, row.channel, row.user, row.speaker, row.text)
