"""Every Alembic migration runs on the database (SQLite and PostgreSQL) and leaves exactly
the schema the models declare; a SQLite database made by an older revision upgrades."""
from __future__ import annotations

from datetime import datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from bot.store import BattleExists, Store
from bot.store.migrate import alembic_config
from bot.store.models import Base

T0 = datetime(2026, 12, 1, 12, 0, 0)


async def test_the_migrated_schema_is_the_models_schema(store):
    async with store.engine.connect() as conn:
        diff = await conn.run_sync(lambda c: compare_metadata(
            MigrationContext.configure(c, opts={"compare_type": True}), Base.metadata))
        revision = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar_one()
    assert diff == []
    assert revision == ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_the_next_deadline_has_an_index(store):
    async with store.engine.connect() as conn:
        indexes = await conn.run_sync(lambda c: inspect(c).get_indexes("deadlines"))
    assert {"name": "ix_deadlines_due", "columns": ["due_at", "id"]} in [
        {"name": i["name"], "columns": i["column_names"]} for i in indexes]


async def test_migrating_twice_changes_nothing(store):
    await store.migrate()
    opened = await store.open_battle("c1", None, "coc6-house", "kp", [("BattleOpened", {})], None)
    await store.migrate()
    assert (await store.active_battle("c1")).id == opened.id


async def test_one_active_battle_per_channel_and_a_new_one_after_the_end(store):
    first = await store.open_battle("c1", "g", "coc6-house", "kp", [("BattleOpened", {})], "r1")
    with pytest.raises(BattleExists):
        await store.open_battle("c1", "g", "coc6-house", "kp", [("BattleOpened", {})], "r2")
    other = await store.open_battle("c2", "g", "coc6-house", "kp", [("BattleOpened", {})], "r3")
    await store.append(first.id, 1, [("BattleEnded", {})], "kp", "r4", status="ended")
    second = await store.open_battle("c1", "g", "coc6-house", "kp", [("BattleOpened", {})], "r5")
    assert (await store.active_battle("c1")).id == second.id != first.id
    assert (await store.battle(first.id)).status == "ended"
    assert (await store.active_battle("c2")).id == other.id


async def test_a_sqlite_database_of_revision_0003_upgrades_keeping_pending_deadlines(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    cfg = alembic_config()
    from sqlalchemy import create_engine

    engine = create_engine(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(text("INSERT INTO battles (id, channel, system, keeper, status, version, created_at, updated_at) "
                          "VALUES (1, 'c1', 'coc6-house', 'kp', 'active', 1, :t, :t), "
                          "(2, 'c2', 'coc6-house', 'kp', 'ended', 1, :t, :t)"), {"t": T0})
        conn.execute(text("INSERT INTO deadlines (battle_id, key, kind, due_at, fired_at, payload) VALUES "
                          "(1, 'turn:1', 'remind', :t, NULL, '{}'), (1, 'turn:0', 'remind', :t, :t, '{}'), "
                          "(2, 'turn:9', 'remind', :t, NULL, '{}')"), {"t": T0})
    engine.dispose()
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    await store.migrate()
    try:
        assert await store.keeper.deadline_count() == 1
        pending = await store.keeper.next_deadline()
        assert (pending.battle_id, pending.key, pending.due_at) == (1, "turn:1", T0)
    finally:
        await store.close()
