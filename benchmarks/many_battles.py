"""Load benchmark: 1,000 battles in one process, all playing at once.

    .venv/bin/python benchmarks/many_battles.py [--battles 1000] [--rounds 2] [--db URL]

Sets up ``--battles`` fights (アリス vs ゾンビ, each in its own channel) through the service,
then every battle plays ``--rounds`` rounds at the same time: アリス attacks (and ゾンビ
answers when hit), both end their turns. Production dice (SystemRandom).

Prints commands per second over the whole run, the median / p99 / max time of one command
(goal: ≥ 500 commands/s, p99 < 50 ms), how many answers were internal errors (goal 0: a
busy database is waited for or retried), refusals, version races lost, and the memory
the process grew by per battle (resident set size).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.procs import CHARACTERS, FIGHT  # noqa: E402
from bot.config import sqlite_url  # noqa: E402
from bot.service import Request, Service  # noqa: E402
from bot.store import Store  # noqa: E402
from rules.dice import RandomDice  # noqa: E402


def rss_mb() -> float:
    """The resident set size of this process in MB (Linux /proc)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 2 ** 20


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Counts:
    """Times and outcomes of every command of the run."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.internal = self.refused = self.raced = 0

    async def say(self, service: Service, channel: str, user: str, command: str, **options) -> list:
        started = time.perf_counter()
        replies = await service.handle(Request(channel=channel, user=user, name=user, command=command,
                                               options=options, guild="bench"))
        self.times.append(time.perf_counter() - started)
        texts = " ".join(r.text for r in replies)
        self.internal += "内部エラー" in texts
        self.raced += "同時に別の操作" in texts
        self.refused += len(replies) == 1 and replies[0].ephemeral
        return replies


async def play(service: Service, counts: Counts, channel: str, rounds: int) -> None:
    for _ in range(rounds):
        hit = await counts.say(service, channel, "alice", "attack", target="ゾンビ", weapon="こぶし")
        if any(b.label == "回避" for r in hit for b in r.buttons):
            await counts.say(service, channel, "kp", "react", action="回避", **{"as": "ゾンビ"})
        await counts.say(service, channel, "alice", "end")
        await counts.say(service, channel, "kp", "end", **{"as": "ゾンビ"})


async def main(battles: int, rounds: int, db: str | None) -> int:
    db = db or sqlite_url(Path(tempfile.mkdtemp(prefix="many-")) / "bot.db")
    store = Store(db)
    await store.migrate()
    service = Service(store, RandomDice(random.SystemRandom()))
    counts = Counts()
    for user, command, options in CHARACTERS:
        await counts.say(service, "setup", user, command, **options)
    rss_start = rss_mb()
    started = time.perf_counter()

    async def set_up(channel: str) -> None:
        for user, command, options in FIGHT:
            await counts.say(service, channel, user, command, **options)
    channels = [f"ch{i}" for i in range(battles)]
    await asyncio.gather(*(set_up(c) for c in channels))
    setup_s = time.perf_counter() - started
    setup = Counts()
    setup.times, setup.internal, setup.refused = counts.times, counts.internal, counts.refused
    counts = Counts()
    started = time.perf_counter()
    await asyncio.gather(*(play(service, counts, c, rounds) for c in channels))
    elapsed = time.perf_counter() - started
    rss_end = rss_mb()
    await store.close()
    n = len(counts.times)
    print(f"{battles} battles on {db.split(':')[0]}: set up in {setup_s:.1f} s "
          f"({len(setup.times)} commands, {setup.internal} internal errors)")
    print(f"all playing at once: {n} commands in {elapsed:.1f} s = {n / elapsed:.0f} commands/s (goal ≥ 500)")
    print(f"one command: median {statistics.median(counts.times) * 1000:.1f} ms, "
          f"p99 {percentile(counts.times, 99) * 1000:.1f} ms (goal < 50), max {max(counts.times) * 1000:.1f} ms")
    print(f"internal errors: {counts.internal + setup.internal}   refused: {counts.refused}   "
          f"version races lost: {counts.raced}")
    print(f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"memory: {rss_start:.0f} MB before the battles, {rss_end:.0f} MB after = "
          f"{(rss_end - rss_start) * 1024 / battles:.0f} KB per battle")
    return 0 if counts.internal + setup.internal == 0 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--db", help="async SQLAlchemy URL (default: a new SQLite file)")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.battles, args.rounds, args.db)))
