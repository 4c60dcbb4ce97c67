"""The start-up migration check: a database at the head revision is opened without running
Alembic; a new one or one behind is handed to Alembic and brought to the head."""
from __future__ import annotations

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text

from bot.config import sqlite_url
from bot.store import Store
from bot.store.migrate import alembic_config, head_revision
from bot.store.models import Base

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()
TABLES = {*Base.metadata.tables, "alembic_version"}


def test_the_head_read_from_the_revision_files_is_alembics_head():
    assert head_revision() == HEAD


def test_a_second_head_or_an_unreadable_revision_file_leaves_the_decision_to_alembic(tmp_path):
    (tmp_path / "a.py").write_text('revision = "a"\ndown_revision = None\n', encoding="utf-8")
    (tmp_path / "b.py").write_text('revision: str = "b"\ndown_revision = "a"\n', encoding="utf-8")
    assert head_revision(tmp_path) == "b"
    (tmp_path / "c.py").write_text('revision = "c"\ndown_revision = "a"\n', encoding="utf-8")
    assert head_revision(tmp_path) is None
    (tmp_path / "d.py").write_text('revision = "d"\ndown_revision = ("b", "c")\n', encoding="utf-8")
    assert head_revision(tmp_path) == "d"
    (tmp_path / "e.py").write_text('revision = make_id()\ndown_revision = "d"\n', encoding="utf-8")
    assert head_revision(tmp_path) is None


def _upgrades(monkeypatch) -> list[str]:
    """The revisions ``command.upgrade`` is asked for from now on (it still runs)."""
    calls: list[str] = []
    real = command.upgrade

    def upgrade(cfg, revision, *args, **kwargs):
        calls.append(revision)
        return real(cfg, revision, *args, **kwargs)
    monkeypatch.setattr(command, "upgrade", upgrade)
    return calls


async def _revision_and_tables(store: Store) -> tuple[str, set[str]]:
    async with store.engine.connect() as conn:
        revision = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar_one()
        tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
    return revision, tables


async def test_alembic_runs_for_a_new_database_and_not_again_once_it_is_at_head(tmp_path, monkeypatch):
    calls = _upgrades(monkeypatch)
    store = Store(sqlite_url(tmp_path / "bot.db"))
    try:
        await store.migrate()
        assert calls == ["head"]
        await store.migrate()
        assert calls == ["head"]
        assert await _revision_and_tables(store) == (HEAD, TABLES)
    finally:
        await store.close()


async def test_a_database_one_revision_behind_is_migrated_to_head(tmp_path, monkeypatch):
    behind = ScriptDirectory.from_config(alembic_config()).get_revision(HEAD).down_revision
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, behind)
    engine.dispose()
    calls = _upgrades(monkeypatch)
    store = Store(sqlite_url(tmp_path / "old.db"))
    try:
        assert (await _revision_and_tables(store))[0] == behind
        await store.migrate()
        assert calls == ["head"]
        assert await _revision_and_tables(store) == (HEAD, TABLES)
        await store.migrate()
        assert calls == ["head"]
    finally:
        await store.close()
