"""Benchmark (not a test): what one chat line costs the database, by kind of line (issues 26
and 28): the statements it reads, the statements it writes and the durable commits it
makes, counted (not timed) through the service over a SQLite file.

    .venv/bin/python benchmarks/chat_costs.py

A house-rules battle: アリス (alice) against ゾンビ1 and ゾンビ2, round 1, アリスの手番. Each
line comes as a gateway message would (its own message id). Printed per line, in the order
typed, the counts of that line alone:

- table talk in the battle channel, and in a channel with no battle (goal: no write, no
  commit: a line that does nothing stays free);
- a dice roll (``1D6``) and a palette roll that asks which zombie (its die shown and kept);
- the answer typed by number (「2」: the attack with the kept die), and 「ターン終了」;
- the same message delivered again (a gateway replay: posts nothing), and to another
  process (the deploy's second process: it finds the message taken).

Goal, checked on talk and replays: free (no write, no commit, no reply); exit 1 when missed.

The first line a process reads in a battle also loads that battle's state (and, since issue
26, its pending questions) once: the talk is typed twice, and the second is the steady state.
"""
from __future__ import annotations

import asyncio
import itertools
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.boot import collector_paused  # noqa: E402

with collector_paused():
    from sqlalchemy import event
    from bot.config import sqlite_url
    from bot.service import Request, Service
    from bot.store import Store
    from bot.store.writer import SqliteTx

SHEET = dict(str="12", con="13", pow="11", dex="14", app="10", siz="13", int="13", edu="15")
ZOMBIE = dict(str="16", con="16", pow="1", dex="8", app="1", siz="14", int="1", edu="1")
IDS = itertools.count(10**17)


class LowDice:
    """Faces from a seeded generator, 1D100 below 60 (every attack hits: the same path each run)."""

    def __init__(self) -> None:
        self.random = random.Random(1)

    def roll(self, sides: int) -> int:
        return self.random.randint(1, min(sides, 59))


class Counted:
    """Statements read (the engines' cursor executions), statements written (the group-commit
    writer's), and durable commits."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.reads = self.writes = 0
        for engine in (store.engine.sync_engine, store.reads._sync):
            event.listen(engine, "before_cursor_execute", self._read)
        counted = self

        def wrap(name):
            real = getattr(SqliteTx, name)

            def method(tx, *args, **kwargs):
                counted.writes += 1
                return real(tx, *args, **kwargs)
            return method
        for name in ("execute", "executemany", "insert"):
            setattr(SqliteTx, name, wrap(name))
        self._start = 0

    def _read(self, *_args) -> None:
        self.reads += 1

    def reset(self) -> None:
        self.reads = self.writes = 0
        self._start = self.store.writer._sqlite._commits

    @property
    def commits(self) -> int:
        return self.store.writer._sqlite._commits - self._start


async def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-chat-costs-"))
    try:
        store = Store(sqlite_url(folder / "bench.db"))
        await store.migrate()
        service = Service(store, LowDice())

        async def say(user: str, command: str, channel: str = "battle", **options) -> list:
            return await service.handle(Request(channel=channel, user=user, name=user, command=command, guild="bench",
                                                options={k: str(v) for k, v in options.items()}))

        await say("alice", "char new", name="アリス", **SHEET)
        await say("alice", "char set", name="アリス", key="こぶし", value="70")
        await say("kp", "char new", name="ゾンビ", **ZOMBIE)
        await say("kp", "battle new", system="coc6-house")
        await say("alice", "battle join", character="アリス")
        await say("kp", "battle add", name="ゾンビ1", character="ゾンビ")
        await say("kp", "battle add", name="ゾンビ2", character="ゾンビ")
        await say("kp", "battle start")
        await say("kp", "kp close")
        service = Service(store, service.battles.dice)  # a new process: nothing of the battle in memory yet
        counted = Counted(store)

        missed = []

        async def line(label: str, user: str, text: str, channel: str = "battle", message: str | None = None,
                       free: bool = False):
            """Count one line; ``free``: the goal is no write, no commit and no reply."""
            req = Request(channel=channel, user=user, name=user, command="chat", guild="bench",
                          options={"text": text}, request_id=message or str(next(IDS)))
            counted.reset()
            replies = await service.handle(req)
            shown = replies[0].text.splitlines()[0][:28] if replies else "（返事なし）"
            goal = ""
            if free:
                ok = not counted.writes and not counted.commits and not replies
                goal = "  (ok: goal free)" if ok else "  (MISSED: goal free)"
                missed.extend([] if ok else [label])
            print(f"{label:42s} reads {counted.reads:2d}  writes {counted.writes:2d}  commits {counted.commits}"
                  f"   {shown}{goal}")
            return req

        await line("talk, battle channel (first line read)", "bob", "今日のゾンビ硬そう", free=True)
        await line("talk, battle channel", "bob", "回避って何%だっけ", free=True)
        await line("talk, no battle in the channel", "bob", "お疲れ様です！", channel="lobby", free=True)
        await line("dice roll (1D6)", "bob", "1D6")
        asked = await line("palette roll asking the target", "alice", "CCB<=70 【こぶし】")
        await line("talk by another player between", "bob", "がんばれー", free=True)
        answer = await line("answer typed by number (「2」)", "alice", "2")
        await line("the answer's message again (replay)", "alice", "2", message=answer.request_id, free=True)
        await line("the palette roll's message again (replay)", "alice", "CCB<=70 【こぶし】",
                   message=asked.request_id, free=True)
        await line("reaction typed (「なし」, KP)", "kp", "ゾンビ2：なし")
        ended = await line("「ターン終了」", "alice", "ターン終了")
        service = Service(store, service.battles.dice)  # another process receives the same messages
        await line("「ターン終了」's message, another process", "alice", "ターン終了", message=ended.request_id)
        await store.close()
        if missed:
            print(f"MISSED: {', '.join(missed)}")
            raise SystemExit(1)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
