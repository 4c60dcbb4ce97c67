"""Apply the Alembic migrations in ``migrations/`` to a database (at start-up and by
``python -m bot migrate``), after checking that the database is one this bot can use: a
corrupt file, another program's database or one written by a newer version of the bot stops
with :class:`DatabaseUnusable` (one Japanese line), never a traceback.

A database already at the newest revision (the usual start) is recognised without Alembic:
its ``alembic_version`` row is compared with the head revision id read from the files in
``migrations/versions``; Alembic (about 0.2 s to import) runs only when they differ."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError, InterfaceError
from sqlalchemy.ext.asyncio import AsyncEngine

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class DatabaseUnusable(Exception):
    """The database cannot be used; ``str()`` is one Japanese line naming it and what to do."""


REVISION_LINE = re.compile(r"^(?P<name>revision|down_revision)\s*(?::[^=]*)?=\s*(?P<value>.+?)\s*$", re.M)
"""``revision = "0005"`` / ``down_revision = "0004"`` (also annotated, or a tuple for a merge)
in a revision file."""


def head_revision(versions: Path = MIGRATIONS / "versions") -> str | None:
    """The id of the newest revision among the revision files in ``versions`` (the one no
    other revision names as its ``down_revision``), read from the files' text; None when it
    is not exactly one or a file cannot be read that way (then Alembic decides)."""
    revisions: set[str] = set()
    downs: set[str] = set()
    for path in versions.glob("*.py"):
        found = {m["name"]: m["value"] for m in REVISION_LINE.finditer(path.read_text(encoding="utf-8"))}
        try:
            revision = ast.literal_eval(found["revision"])
            down = ast.literal_eval(found.get("down_revision", "None"))
        except (KeyError, ValueError, SyntaxError):
            return None
        if not isinstance(revision, str):
            return None
        revisions.add(revision)
        downs.update([down] if isinstance(down, str) else down or ())
    heads = revisions - downs
    return heads.pop() if len(heads) == 1 else None


def at_head(sync_connection) -> bool:
    """Whether the database's ``alembic_version`` holds exactly the head revision (read by
    :func:`head_revision`), so that there is nothing to migrate or check."""
    if not inspect(sync_connection).has_table("alembic_version"):
        return False
    rows = [r for (r,) in sync_connection.execute(text("SELECT version_num FROM alembic_version"))]
    head = head_revision()
    return head is not None and rows == [head]


def alembic_config() -> Config:
    """An Alembic config pointing at this project's ``migrations/`` folder."""
    from alembic.config import Config  # lazy: Alembic is only needed when migrating

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
    from alembic.script import ScriptDirectory  # lazy: see alembic_config
    from alembic.util.exc import CommandError

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
    where = describe(engine.url)
    check_file(engine.url)

    def run(sync_connection) -> None:
        if at_head(sync_connection):
            return
        from alembic import command  # lazy: see alembic_config

        cfg = alembic_config()
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
