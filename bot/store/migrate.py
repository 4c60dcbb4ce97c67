"""Apply the Alembic migrations in ``migrations/`` to a database (at start-up and by
``python -m bot migrate``)."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config() -> Config:
    """An Alembic config pointing at this project's ``migrations/`` folder."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


async def upgrade(engine: AsyncEngine) -> None:
    """Bring the database behind ``engine`` to the newest revision (``head``)."""
    cfg = alembic_config()

    def run(sync_connection) -> None:
        cfg.attributes["connection"] = sync_connection
        command.upgrade(cfg, "head")

    async with engine.begin() as conn:
        await conn.run_sync(run)
