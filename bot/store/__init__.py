"""Persistence: SQLAlchemy 2 async models and the repository (schema through Alembic only)."""
from bot.store.keeper import Deadline, Refusal
from bot.store.repository import (BattleExists, BattleRecord, CharacterRecord, DuplicateRequest,
                                  SheetCarry, SheetWrites, Snapshot, Store, VersionConflict)

__all__ = ["BattleExists", "BattleRecord", "CharacterRecord", "Deadline", "DuplicateRequest",
           "Refusal", "SheetCarry", "SheetWrites", "Snapshot", "Store", "VersionConflict"]
