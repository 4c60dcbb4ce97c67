"""A SQLite database that another process keeps locked: the command waits; past the
patience (bot.store.busy.PATIENCE) its user is told the database is busy and nothing
changed, never 「内部エラー」; once the lock is gone the same command goes through."""
from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

from bot.service import BUSY, Request, Service
from bot.store import Store
from bot.store import busy, repository
from service_table import ALICE, FeedDice

SHEET = {"name": "アリス", "str": "12", "con": "13", "pow": "11", "dex": "14", "app": "10", "siz": "13",
         "int": "13", "edu": "15"}


def hold_write_lock(path, seconds: float, held: threading.Event) -> None:
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    held.set()
    time.sleep(seconds)
    conn.execute("COMMIT")
    conn.close()


async def test_a_locked_database_is_waited_for_then_reported_as_busy(tmp_path, monkeypatch):
    path = tmp_path / "bot.db"
    store = Store(f"sqlite+aiosqlite:///{path}")
    await store.migrate()
    service = Service(store, FeedDice())
    new = Request(channel="room", user=ALICE, name=ALICE, command="char new", options=SHEET)
    held = threading.Event()
    other = threading.Thread(target=hold_write_lock, args=(path, 0.6, held))
    other.start()
    await asyncio.to_thread(held.wait)
    waited = await service.handle(new)  # within the patience: waits for the lock
    other.join()
    assert "キャラクター「アリス」を登録しました。" in waited[0].text

    monkeypatch.setattr(busy, "PATIENCE", 0.2)
    monkeypatch.setattr(repository, "BUSY_TIMEOUT_MS", 20)
    await store.close()
    store = Store(f"sqlite+aiosqlite:///{path}")
    service = Service(store, FeedDice())
    held.clear()
    other = threading.Thread(target=hold_write_lock, args=(path, 1.0, held))
    other.start()
    await asyncio.to_thread(held.wait)
    again = Request(channel="room", user=ALICE, name=ALICE, command="char set",
                    options={"name": "アリス", "key": "こぶし", "value": "70"})
    told = await service.handle(again)
    other.join()
    assert [(r.text, r.ephemeral, r.to) for r in told] == [(BUSY, True, ALICE)]
    assert "こぶし" not in (await store.get_character("console", "アリス")).data.get("skills", {})
    done = await service.handle(again)
    assert "内部エラー" not in done[0].text and not done[0].text == BUSY
    assert (await store.get_character("console", "アリス")).data["skills"]["こぶし"] == 70
    await store.close()
