"""The write of one character sheet inside an open transaction, shared by the repository's
``put_character`` and the SAN flow's one-transaction writes (bot.store.sanity)."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select

from bot.store.models import CharacterRow


async def upsert_character(s, scope: str, owner: str, name: str, data: dict) -> None:
    """Create or replace the character ``name`` of ``scope`` inside the ORM session ``s``'s
    open transaction (an existing sheet keeps its owner)."""
    now = datetime.now(timezone.utc).replace(tzinfo=None)
    row = (await s.execute(select(CharacterRow).where(
        CharacterRow.scope == scope, CharacterRow.name == name))).scalar_one_or_none()
    if row is None:
        s.add(CharacterRow(scope=scope, name=name, owner=owner, data=data, updated_at=now))
    else:
        row.data, row.updated_at = data, now
