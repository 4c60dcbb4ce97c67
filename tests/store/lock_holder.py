"""Another process's writer, for the busy-database tests (tests/store)."""
from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time


def hold_write_lock(path, seconds: float, held: threading.Event) -> None:
    """Another process's writer: takes the write lock and keeps it for ``seconds``."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO keeper_roles (guild, role) VALUES ('other', 'process')")
    held.set()
    time.sleep(seconds)
    conn.execute("COMMIT")
    conn.close()


@contextlib.asynccontextmanager
async def locked_elsewhere(path, seconds: float):
    """``async with locked_elsewhere(path, 1.5):`` the body runs while another process's
    writer holds the write lock of ``path`` (for ``seconds`` from its start); on leaving,
    that writer has committed and finished."""
    held = threading.Event()
    other = threading.Thread(target=hold_write_lock, args=(path, seconds, held))
    other.start()
    try:
        await asyncio.to_thread(held.wait)
        yield
    finally:
        other.join()
