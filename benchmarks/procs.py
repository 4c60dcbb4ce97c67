"""Shared by the fault benchmarks: bot processes (benchmarks/worker.py) driven over pipes, a
fight set up in each channel, the mixed command stream, a throwaway PostgreSQL server, and
the count of what the database holds per request id."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

ROOT = Path(__file__).resolve().parents[1]
WORKER = ROOT / "benchmarks" / "worker.py"

CHARACTERS = [
    ("alice", "char new", {"name": "アリス", "str": "12", "con": "13", "pow": "11", "dex": "14",
                           "app": "10", "siz": "13", "int": "13", "edu": "15"}),
    ("alice", "char set", {"name": "アリス", "key": "こぶし", "value": "70"}),
    ("kp", "char new", {"name": "ゾンビ", "str": "16", "con": "16", "pow": "1", "dex": "8",
                        "app": "1", "siz": "14", "int": "1", "edu": "1"}),
]
FIGHT = [
    ("kp", "battle new", {}),
    ("alice", "battle join", {"character": "アリス"}),
    ("kp", "battle add", {"name": "ゾンビ", "character": "ゾンビ"}),
    ("kp", "battle start", {}),
]
STREAM = [
    ("alice", "end", {}),
    ("kp", "end", {"as": "ゾンビ"}),
    ("alice", "attack", {"target": "ゾンビ", "weapon": "こぶし"}),
    ("kp", "react", {"action": "回避", "as": "ゾンビ"}),
    ("kp", "kp setting", {"key": "turn_reminder_minutes", "value": "1"}),
    ("alice", "roll", {"command": "CCB<=50 こぶし"}),
    ("kp", "battle status", {}),
]
"""The mixed stream: turns passing, attacks and reactions (most refused when it is not the
sender's moment: that is part of the mix), a KP setting, a roll, a status board."""
CHANGING = {"end", "attack", "react", "kp setting"}
"""The commands of the stream that append a step when accepted."""


def arguments(doc: str, **options: tuple) -> argparse.Namespace:
    """The command line of a benchmark: ``name=(type, default, help)`` per option."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, (kind, default, text) in options.items():
        parser.add_argument("--" + name, type=kind, default=default, help=text)
    return parser.parse_args()


def verdict(ok: bool) -> int:
    """Print OK or FAILED; the exit status (0 or 1)."""
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


def accepted(replies: list[dict]) -> bool:
    """A command was accepted unless its only answer is one private message (a refusal)."""
    return not (len(replies) == 1 and replies[0].get("ephemeral"))


class Worker:
    """One bot process; ``await send(rid, channel, user, command, options)`` returns its ack."""

    def __init__(self, db: str, *extra: str) -> None:
        self.db, self.extra = db, extra
        self.acks: dict[str, list[dict]] = {}
        self.reminders: list[dict] = []
        self.waiting: dict[str, asyncio.Future] = {}
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> "Worker":
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, str(WORKER), "--db", self.db, *self.extra,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "LOG_LEVEL": "CRITICAL"}, limit=2 ** 24)
        ready = json.loads(await self.proc.stdout.readline())
        assert "ready" in ready, ready
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        while line := await self.proc.stdout.readline():
            message = json.loads(line)
            if "ack" in message:
                self.acks[message["ack"]] = message["replies"]
                future = self.waiting.pop(message["ack"], None)
                if future and not future.done():
                    future.set_result(message["replies"])
            elif "reminder" in message:
                self.reminders.append(message)
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("worker died"))
        self.waiting.clear()

    def submit(self, rid: str, channel: str, user: str, command: str, options: dict) -> asyncio.Future:
        """Send a request; the future gets its replies (or ConnectionError if the process dies)."""
        future = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda f: f.cancelled() or f.exception())  # a kill is expected
        self.waiting[rid] = future
        line = json.dumps({"rid": rid, "channel": channel, "user": user, "command": command,
                           "options": options}, ensure_ascii=False)
        try:
            self.proc.stdin.write((line + "\n").encode())
        except (BrokenPipeError, ConnectionResetError):
            self.waiting.pop(rid, None)
            future.set_exception(ConnectionError("worker died"))
        return future

    async def send(self, rid: str, channel: str, user: str, command: str, options: dict) -> list[dict]:
        return await self.submit(rid, channel, user, command, options)

    def kill(self) -> None:
        """SIGKILL, at whatever point the process is."""
        self.proc.kill()

    async def wait(self) -> None:
        await self.proc.wait()
        await self._reader

    async def stop(self) -> None:
        self.proc.stdin.close()
        await self.wait()


async def set_up(worker: Worker, channels: list[str], prefix: str) -> None:
    """The characters, then a started fight (アリス vs ゾンビ) in every channel."""
    for i, (user, command, options) in enumerate(CHARACTERS):
        replies = await worker.send(f"{prefix}-char{i}", "setup", user, command, options)
        assert "登録" in replies[0]["text"] or "設定" in replies[0]["text"], replies

    async def fight(channel: str) -> None:
        for i, (user, command, options) in enumerate(FIGHT):
            replies = await worker.send(f"{prefix}-{channel}-{i}", channel, user, command, options)
            assert accepted(replies), (channel, command, replies)
    await asyncio.gather(*(fight(c) for c in channels))


def stream_command(rng: random.Random) -> tuple[str, str, dict]:
    return rng.choice(STREAM)


async def steps_by_request(db: str) -> Counter:
    """How many steps (``step`` marker events) the database holds for each request id."""
    engine = create_async_engine(db)
    try:
        async with engine.connect() as conn:
            rows = (await conn.execute(text(
                "SELECT request_id, COUNT(*) FROM events WHERE kind = 'step' AND request_id IS NOT NULL "
                "GROUP BY request_id"))).all()
            broken = (await conn.execute(text(
                "SELECT b.id FROM battles b LEFT JOIN events e ON e.battle_id = b.id "
                "GROUP BY b.id, b.version HAVING COUNT(e.id) <> b.version OR MAX(e.seq) <> b.version"))).all()
    finally:
        await engine.dispose()
    assert not broken, f"battles whose events do not match their version: {broken}"
    return Counter({rid: n for rid, n in rows})


@contextmanager
def postgres_server(url: str | None = None):
    """``url`` when given, else a throwaway server (scripts/pg_server.sh, fsync on) for the
    duration of the block; yields the async SQLAlchemy URL."""
    if url:
        yield url
        return
    folder = tempfile.mkdtemp(prefix="cocbot-pg-bench-")
    os.chmod(folder, 0o755)
    script = str(ROOT / "scripts" / "pg_server.sh")
    started = subprocess.run(["bash", script, "start", folder], capture_output=True, text=True,
                             env={**os.environ, "PG_FSYNC": "on"})
    if started.returncode != 0:
        raise SystemExit(f"PostgreSQL could not be started: {started.stderr.strip()}")
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["bash", script, "stop", folder], capture_output=True)
        subprocess.run(["rm", "-rf", folder])
