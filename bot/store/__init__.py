"""Persistence: SQLAlchemy 2 async models and the repository (schema through Alembic only)."""
from bot.store.repository import (BattleExists, BattleRecord, CharacterRecord, Store,
                                  VersionConflict)

__all__ = ["BattleExists", "BattleRecord", "CharacterRecord", "Store", "VersionConflict"]
