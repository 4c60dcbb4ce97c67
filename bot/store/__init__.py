"""Persistence: SQLAlchemy 2 async models and the repository (schema through Alembic only)."""
from bot.store.keeper import Deadline, Refusal
from bot.store.repository import (BattleExists, BattleRecord, CharacterRecord, DuplicateRequest,
                                  Snapshot, Store, VersionConflict)

__all__ = ["BattleExists", "BattleRecord", "CharacterRecord", "Deadline", "DuplicateRequest",
           "Refusal", "Snapshot", "Store", "VersionConflict"]
