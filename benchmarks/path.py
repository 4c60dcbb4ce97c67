"""Benchmark (not a test): where one command's time goes (issue 27, "the path is short").

    .venv/bin/python benchmarks/path.py [--repeat 200] [--top 25] [--no-profile]

A channel with an open session and a battle (アリス against the KP's ゾンビ, CoC6 house
rules, every die showing 10: each attack hits, each dodge succeeds, nobody is hurt, so the
cycle repeats for ever) plays ``/attack``, ``/react`` (the KP's, ``as:ゾンビ``), ``/end``
twice; a second channel with an open session and no battle takes the chat roll
``CCB<=60 【目星】``. Printed for each of attack, react, end and the chat roll:

- **stays**: one ``Service.handle`` traced (``sys.setprofile``): each time the innermost
  frame of ``bot/`` changes its file (a call into another file, or the return to it), a
  new stay begins; printed is the number of stays in all and per file, the number of
  calls from one file of ``bot/`` into another, and the calls the service itself
  (bot/service.py) makes into the other files, by file: the issue's measure ("a traced
  Service.handle stays in bot/battle/battles.py eight times; one command makes 31 stays",
  when the service was the hub that every step went out from and back to);
- **statements**: the SQL statements the command runs, and which;
- **time**: p50 over ``--repeat`` commands, and a cProfile table of them (own time per
  function, the ``--top`` largest), so that what is left of the path can be read off.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.boot import collector_paused  # noqa: E402

with collector_paused():
    from sqlalchemy import event
    from bot.config import sqlite_url
    from bot.service import Request, Service
    from bot.store import Store

ROOT = Path(__file__).resolve().parents[1]
BOT = str(ROOT / "bot") + "/"
SHEET = dict(str="12", con="13", pow="11", dex="14", app="10", siz="13", int="13", edu="15")


class Tens:
    """Dice that always show 10 (a d4, d3 … their highest face)."""

    def roll(self, sides: int) -> int:
        """10, or ``sides`` when the die has fewer faces."""
        return min(10, sides)


class Table:
    """The two channels and the request of each kind of command."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.n = 0

    def request(self, channel: str, user: str, command: str, **options) -> Request:
        self.n += 1
        return Request(channel=channel, user=user, name=user, command=command, options=options, guild="bench",
                       request_id=f"path-{self.n}-{random.random()}")

    async def say(self, channel: str, user: str, command: str, **options) -> list:
        replies = await self.service.handle(self.request(channel, user, command, **options))
        assert replies and "できません" not in replies[0].text and "ありません" not in replies[0].text, (command, replies)
        return replies

    async def setup(self) -> None:
        await self.say("c", "alice", "char new", **SHEET, name="アリス")
        await self.say("c", "alice", "char set", name="アリス", key="こぶし", value="70")
        await self.say("c", "kp", "char new", **{**SHEET, "dex": "8"}, name="ゾンビ")
        for channel in ("fight", "talk"):
            await self.say(channel, "kp", "session start")
        await self.say("fight", "kp", "battle new")
        await self.say("fight", "alice", "battle join", character="アリス")
        await self.say("fight", "kp", "battle add", name="ゾンビ", character="ゾンビ")
        await self.say("fight", "kp", "battle start")

    def cycle(self) -> list[tuple[str, Request]]:
        """One turn of each: アリス attacks, ゾンビ dodges, both end their turns; a chat roll."""
        return [("attack", self.request("fight", "alice", "attack", target="ゾンビ", weapon="こぶし")),
                ("react", self.request("fight", "kp", "react", action="回避", **{"as": "ゾンビ"})),
                ("end", self.request("fight", "alice", "end")),
                ("end (KP)", self.request("fight", "kp", "end", **{"as": "ゾンビ"})),
                ("chat roll", self.request("talk", "alice", "chat", text="CCB<=60 【目星】"))]


async def stays(work) -> tuple[int, Counter, int, Counter]:
    """Await ``work`` (a coroutine) traced; ``(stays in all, stays per file of bot/, calls
    from one file of bot/ into another, calls from bot/service.py by the file called)``.
    The profile hook is the thread's: the event loop's own frames (outside bot/) between
    the steps of ``work`` leave the current stay as it is."""
    per_file: Counter = Counter()
    current = [None]
    crossings = [0]
    from_service: Counter = Counter()

    def innermost(frame):
        while frame is not None:
            name = frame.f_code.co_filename
            if name.startswith(BOT):
                return name[len(BOT):]
            frame = frame.f_back
        return None

    def tracer(frame, what, _arg):
        if what not in ("call", "return"):
            return
        where = innermost(frame if what == "call" else frame.f_back)
        if what == "call" and frame.f_code.co_filename.startswith(BOT) and frame.f_back is not None \
                and frame.f_back.f_code.co_filename.startswith(BOT) \
                and frame.f_back.f_code.co_filename != frame.f_code.co_filename:
            crossings[0] += 1
            if frame.f_back.f_code.co_filename == BOT + "service.py":
                from_service[frame.f_code.co_filename[len(BOT):]] += 1
        if what == "return" and frame.f_code.co_filename.startswith(BOT) and where is None:
            where = current[0]
        if where is not None and where != current[0]:
            per_file[where] += 1
            current[0] = where

    sys.setprofile(tracer)
    try:
        await work
    finally:
        sys.setprofile(None)
    return sum(per_file.values()), per_file, crossings[0], from_service


class Statements:
    """The SQL statements the store runs (its engines' events)."""

    def __init__(self, store: Store) -> None:
        self.sql: list[str] = []
        event.listen(store.engine.sync_engine, "before_cursor_execute",
                     lambda _c, _cur, statement, *_a: self.sql.append(statement))
        store.reads.on_statement(self.sql.append)  # the reads' own (bot.store.reads: stdlib and SQLAlchemy)
        self._sqlite = store.writer._sqlite

    def take(self) -> list[str]:
        taken, self.sql[:] = list(self.sql), []
        return taken


async def main(repeat: int, top: int, profile: bool, where: str | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-path-", dir=where))
    try:
        store = Store(sqlite_url(folder / "bench.db"))
        await store.migrate()
        service = Service(store, Tens())
        table = Table(service)
        await table.setup()
        for _ in range(20):  # warm: every code path run once, the caches filled
            for _kind, req in table.cycle():
                await service.handle(req)
        statements = Statements(store)
        print("stays: a traced Service.handle, each change of the innermost bot/ file begins a stay")
        for kind, req in table.cycle():
            statements.take()
            total, per_file, crossings, out = await stays(service.handle(req))
            sql = statements.take()
            files = ", ".join(f"{name} {count}" for name, count in per_file.most_common())
            print(f"  {kind:10s} {total:3d} stays, {crossings} calls between files of bot/: {files}")
            print(f"  {'':10s} {sum(out.values())} calls out of bot/service.py: "
                  + ", ".join(f"{name} {count}" for name, count in out.most_common()))
            print(f"  {'':10s} {len(sql)} statements: " + " | ".join(s.split(' WHERE')[0][:60] for s in sql))
        times: dict[str, list[float]] = {}
        profiler = cProfile.Profile()
        for _ in range(repeat):
            for kind, req in table.cycle():
                t0 = time.perf_counter()
                if profile:
                    profiler.enable()
                await service.handle(req)
                if profile:
                    profiler.disable()
                times.setdefault(kind, []).append(time.perf_counter() - t0)
        print(f"\ntime per command ({repeat} each{', under cProfile' if profile else ''}):")
        for kind, values in times.items():
            print(f"  {kind:10s} p50 {statistics.median(values) * 1000:6.2f} ms")
        for order in ("tottime", "cumulative") if profile else ():
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(top)
            print(out.getvalue().replace(str(ROOT) + "/", ""))
        await store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=200, help="commands of each kind timed and profiled")
    parser.add_argument("--top", type=int, default=25, help="rows of each profile table")
    parser.add_argument("--no-profile", dest="profile", action="store_false", help="time only")
    parser.add_argument("--dir", help="where the database file goes (/dev/shm: no fsync, the CPU work alone)")
    return parser.parse_args()


if __name__ == "__main__":
    options = _options()
    asyncio.run(main(options.repeat, options.top, options.profile, options.dir))
