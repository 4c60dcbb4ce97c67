"""Benchmark (not a test): time of one accepted command through the service, durable commit
included, over a SQLite database holding 1,000 battles.

    .venv/bin/python benchmarks/service.py [--battles 1000] [--commands 500]

Prints the median and 99th percentile for ``/end`` (a turn passes) and for an attack that
hits plus its ``/react``, with the battle's folded state cached (the normal case) and cold
(a new service for every command, so the battle is refolded from its events).
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.config import sqlite_url
from bot.service import Request, Service
from bot.store import Store
from rules.dice import RandomDice

SHEET = dict(str="12", con="13", pow="11", dex="14", app="10", siz="13", int="13", edu="15")


async def setup_battle(service: Service, channel: str) -> None:
    async def say(user: str, command: str, **options) -> None:
        replies = await service.handle(Request(channel=channel, user=user, name=user, command=command,
                                               options=options, guild="bench"))
        assert not any(r.ephemeral for r in replies), [r.text for r in replies]

    await say("kp", "battle new")
    await say("alice", "battle join", character="アリス")
    await say("kp", "battle add", name="ゾンビ", character="ゾンビ")
    await say("kp", "battle start")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main(battles: int, commands: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    store = Store(sqlite_url(folder / "bench.db"))
    await store.migrate()
    dice = RandomDice(random.Random(1))
    service = Service(store, dice)
    for user, name, dex in (("alice", "アリス", "14"), ("kp", "ゾンビ", "8")):
        await service.handle(Request(channel="c", user=user, command="char new", guild="bench",
                                     options={**SHEET, "name": name, "dex": dex}))
    started = time.perf_counter()
    for i in range(battles):
        await setup_battle(service, f"ch{i}")
    print(f"{battles} battles set up in {time.perf_counter() - started:.1f} s")

    async def timed(svc: Service, channel: str, user: str, command: str, **options) -> float:
        t0 = time.perf_counter()
        replies = await svc.handle(Request(channel=channel, user=user, name=user, command=command,
                                           options=options, guild="bench"))
        elapsed = time.perf_counter() - t0
        assert not any(r.ephemeral for r in replies), [r.text for r in replies]
        return elapsed

    ends = []
    for i in range(commands):
        channel = f"ch{i % battles}"
        turn = "alice" if (i // battles) % 2 == 0 else "kp"
        options = {} if turn == "alice" else {"as": "ゾンビ"}
        ends.append(await timed(service, channel, turn, "end", **options))
    cold = []
    for i in range(min(commands, 200)):
        channel = f"ch{(i + commands) % battles}"
        state = await Service(store, dice).handle(Request(channel=channel, user="kp", command="battle status",
                                                          guild="bench"))
        turn_alice = "▶アリス" in state[0].text
        fresh = Service(store, dice)
        cold.append(await timed(fresh, channel, "alice" if turn_alice else "kp", "end",
                                **({} if turn_alice else {"as": "ゾンビ"})))
    for label, values in (("/end (cached state)", ends), ("/end (cold: refold from events)", cold)):
        print(f"{label:34s} n={len(values):4d}  median {statistics.median(values) * 1000:6.2f} ms"
              f"  p99 {percentile(values, 99) * 1000:6.2f} ms")
    await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=500)
    args = parser.parse_args()
    asyncio.run(main(args.battles, args.commands))
