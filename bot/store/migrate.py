"""Apply the Alembic migrations in ``migrations/`` to a database (at start-up and by
``python -m bot migrate``), after checking that the database is one this bot can use: a
corrupt file, another program's database or one written by a newer version of the bot stops
with :class:`DatabaseUnusable` (one Japanese line), never a traceback."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError, InterfaceError
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class DatabaseUnusable(Exception):
    """The database cannot be used; ``str()`` is one Japanese line naming it and what to do."""


def alembic_config() -> Config:
    """An Alembic config pointing at this project's ``migrations/`` folder."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def describe(url: URL) -> str:
    """How a message names the database: the SQLite file's path, else the URL without its
    password."""
    if url.get_backend_name() == "sqlite":
        return str(Path(url.database or ":memory:"))
    return url.render_as_string(hide_password=True)


def check_file(url: URL) -> None:
    """Refuse (DatabaseUnusable) a SQLite path that exists but is not a SQLite database (a
    corrupt or foreign file); a missing or empty file is fine (a new database)."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return
    path = Path(url.database)
    if not path.is_file() or path.stat().st_size == 0:
        return
    with path.open("rb") as fh:
        head = fh.read(len(SQLITE_HEADER))
    if head != SQLITE_HEADER:
        raise DatabaseUnusable(f"データベース {path} はSQLiteのファイルではありません（壊れているか別のファイルです）。"
                               "バックアップから戻すか、別の DATA_DIR / DATABASE_URL を指定してください。")


def check_revision(sync_connection, cfg: Config, where: str) -> None:
    """Refuse (DatabaseUnusable) a database whose tables are another program's (no
    ``alembic_version``) or whose Alembic revision this version does not know (a newer bot)."""
    tables = set(inspect(sync_connection).get_table_names())
    if "alembic_version" not in tables:
        if tables:
            raise DatabaseUnusable(f"データベース {where} はこのボットのものではありません（別のプログラムの表があります）。"
                                   "別の DATA_DIR / DATABASE_URL を指定してください。")
        return
    script = ScriptDirectory.from_config(cfg)
    for (revision,) in sync_connection.execute(text("SELECT version_num FROM alembic_version")):
        try:
            known = script.get_revision(revision)
        except CommandError:
            known = None
        if known is None:
            raise DatabaseUnusable(f"データベース {where} は新しい版のボットで作られています（リビジョン {revision}）。"
                                   "ボットを更新するか、別の DATA_DIR / DATABASE_URL を指定してください。")


async def upgrade(engine: AsyncEngine) -> None:
    """Bring the database behind ``engine`` to the newest revision (``head``).

    Raises DatabaseUnusable for a corrupt or foreign database, one from a newer version, or
    one that cannot be opened at all.
    """
    cfg = alembic_config()
    where = describe(engine.url)
    check_file(engine.url)

    def run(sync_connection) -> None:
        check_revision(sync_connection, cfg, where)
        cfg.attributes["connection"] = sync_connection
        command.upgrade(cfg, "head")

    try:
        async with engine.begin() as conn:
            await conn.run_sync(run)
    except (DatabaseError, InterfaceError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200]
        if "malformed" in reason or "not a database" in reason:
            raise DatabaseUnusable(f"データベース {where} は壊れています（{reason}）。"
                                   "バックアップから戻すか、別の DATA_DIR / DATABASE_URL を指定してください。") from None
        raise DatabaseUnusable(f"データベース {where} を開けません（{reason}）。"
                               "ファイルやフォルダの場所と権限、DATABASE_URL を確かめてください。") from None
    except OSError as exc:
        raise DatabaseUnusable(f"データベース {where} に接続できません（{exc}）。DATABASE_URL を確かめてください。") from None
