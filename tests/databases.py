"""The databases the store and service tests run on: a SQLite file always, and a fresh
PostgreSQL database per test when ``TEST_POSTGRES_URL`` names a server
(``postgresql+asyncpg://user@host:port/db``; ``scripts/test.sh`` starts one and sets it).

Each PostgreSQL test database is copied from a template migrated once per run, and dropped
after the test."""
from __future__ import annotations

import os
import uuid
from pathlib import Path

from bot.config import sqlite_url
from bot.store import Store

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "")
BACKENDS = ["sqlite", "postgresql"] if POSTGRES_URL else ["sqlite"]
TEMPLATE = "cocbot_template"

_template_ready = False


def _url_with_database(url: str, database: str) -> str:
    return url.rsplit("/", 1)[0] + "/" + database


def _dsn(url: str) -> str:
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)


async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(_dsn(POSTGRES_URL))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _ensure_template() -> None:
    """Create and migrate the template database once per test run."""
    global _template_ready
    if _template_ready:
        return
    await _admin(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
    await _admin(f"CREATE DATABASE {TEMPLATE}")
    store = Store(_url_with_database(POSTGRES_URL, TEMPLATE))
    await store.migrate()
    await store.close()
    _template_ready = True


class Database:
    """One test's database: ``url`` (async SQLAlchemy URL) and its ``backend`` name."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self.name = f"t_{uuid.uuid4().hex[:12]}"
        self.url = (sqlite_url(tmp_path / "bot.db") if backend == "sqlite"
                    else _url_with_database(POSTGRES_URL, self.name))

    async def create(self) -> "Database":
        if self.backend == "postgresql":
            await _ensure_template()
            await _admin(f"CREATE DATABASE {self.name} TEMPLATE {TEMPLATE}")
        return self

    async def drop(self) -> None:
        if self.backend == "postgresql":
            await _admin(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")
