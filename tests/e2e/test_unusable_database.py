"""A corrupt or foreign database file, or one written by a newer version of the bot, stops
the bot with one Japanese line naming the file and what to do, not a traceback (issue 10)."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import sqlite_url
from bot.store import Store


def _run(args: list[str], cwd: Path, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    environment.update(env, DATA_DIR=str(cwd / "data"))
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, input="", cwd=cwd, env=environment,
                          )


def _one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def project_env(tmp_path):
    """Run from a temporary folder, with the project importable."""
    root = Path(__file__).resolve().parents[2]
    return tmp_path, {"PYTHONPATH": str(root)}


def test_a_file_that_is_not_sqlite(project_env):
    tmp, env = project_env
    db = tmp / "notes.db"
    db.write_text("買い物メモ: 牛乳、卵\n", encoding="utf-8")
    line = _one_line(_run(["console", "--db", str(db)], tmp, **env))
    assert line == (f"データベース {db} はSQLiteのファイルではありません（壊れているか別のファイルです）。"
                    "バックアップから戻すか、別の DATA_DIR / DATABASE_URL を指定してください。")
    assert db.read_text(encoding="utf-8") == "買い物メモ: 牛乳、卵\n"  # untouched


def test_a_corrupt_sqlite_file(project_env):
    tmp, env = project_env
    db = tmp / "bot.db"
    db.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    line = _one_line(_run(["migrate"], tmp, DATABASE_URL=sqlite_url(db), **env))
    assert line.startswith(f"データベース {db} ")
    assert "バックアップから戻すか、別の DATA_DIR / DATABASE_URL を指定してください。" in line


def test_another_programs_database(project_env):
    tmp, env = project_env
    db = tmp / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    line = _one_line(_run(["console", "--db", str(db)], tmp, **env))
    assert line == (f"データベース {db} はこのボットのものではありません（別のプログラムの表があります）。"
                    "別の DATA_DIR / DATABASE_URL を指定してください。")
    with sqlite3.connect(db) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert tables == ["users"]  # nothing was created in it


async def _newer(db: Path) -> None:
    store = Store(sqlite_url(db))
    await store.migrate()
    await store.close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")


async def test_a_database_from_a_newer_version_stops_the_discord_bot_before_login(project_env):
    tmp, env = project_env
    db = tmp / "bot.db"
    await _newer(db)
    line = _one_line(_run([], tmp, DISCORD_TOKEN="not-a-real-token", DATABASE_URL=sqlite_url(db), **env))
    assert line == (f"データベース {db} は新しい版のボットで作られています（リビジョン 0099）。"
                    "ボットを更新するか、別の DATA_DIR / DATABASE_URL を指定してください。")


async def test_a_database_from_a_newer_version_in_the_console(project_env):
    tmp, env = project_env
    db = tmp / "bot.db"
    await _newer(db)
    line = _one_line(_run(["console", "--db", str(db)], tmp, **env))
    assert "新しい版のボットで作られています（リビジョン 0099）" in line


async def test_a_current_database_still_opens(tmp_path):
    db = tmp_path / "bot.db"
    store = Store(sqlite_url(db))
    await store.migrate()
    await store.migrate()  # idempotent
    await store.put_character("console", "alice", "アリス", {"name": "アリス", "stats": {}})
    assert [r.name for r in await store.list_characters("console")] == ["アリス"]
    await store.close()
