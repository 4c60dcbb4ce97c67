"""Benchmark (not a test): Discord's 3-second deadline under load (issue 11).

    .venv/bin/python benchmarks/discord_load.py [--interactions 200] [--channels 50]
        [--spread 1.0] [--delay 0.5] [--cpu-ms 5] [--latency 0.05]

``--interactions`` slash commands (``/roll``, ``/battle status``, ``/char list`` in turn)
arrive through discord.py's own gateway parser across ``--channels`` channels within
``--spread`` seconds, against a real bot over a SQLite file and the fake Discord of the
tests (every answer ``--latency`` s late, like a network round trip). The service is slowed
by an injected ``--delay`` seconds (awaited, holding the channel's lock, like a busy
database) plus ``--cpu-ms`` of CPU per command (blocking the event loop). Counts the
interactions acknowledged within 3 s of arrival and those answered at all (none may be
lost); the reference is the same load with no injected delay, measured in the same run.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "discord"))

import discord_gateway as gateway  # noqa: E402
from discord_harness import FakeDiscord, Harness  # noqa: E402

from bot.config import sqlite_url  # noqa: E402
from rules.dice import RandomDice  # noqa: E402

DEADLINE = 3.0
"""Seconds Discord waits for the first response to an interaction."""

COMMANDS = (("roll", {"command": "1D100<=50"}), ("battle status", {}), ("char list", {}))


def interaction(n: int, channels: int) -> dict:
    """The ``n``-th slash command, in channel ``n % channels``."""
    path, values = COMMANDS[n % len(COMMANDS)]
    data = gateway.slash(("alice", "bob", "kp")[n % 3], path, **values)
    channel = str(int(gateway.CHANNEL_ID) + 1000 + n % channels)
    data["channel_id"] = data["channel"]["id"] = channel
    return data


async def run(args, delay: float, cpu_ms: float) -> dict:
    """One load run; returns the counts and acknowledgement latencies (s)."""
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        fake = FakeDiscord(latency=args.latency)
        fake.install(patch)
        harness = await Harness(sqlite_url(Path(tmp) / "bot.db"), fake, RandomDice(random.SystemRandom())).start()
        try:
            service = harness.bot.service
            dispatch = service.dispatch

            async def slowed(request):
                await asyncio.sleep(delay)
                end = time.perf_counter() + cpu_ms / 1000
                while time.perf_counter() < end:
                    pass
                return await dispatch(request)

            service.dispatch = slowed
            loop = asyncio.get_running_loop()
            arrived: dict[str, float] = {}
            payloads = [interaction(n, args.channels) for n in range(args.interactions)]

            def arrive(data: dict) -> None:
                arrived[data["token"]] = time.monotonic()
                harness.bot._connection.parsers["INTERACTION_CREATE"](data)

            start = time.monotonic()
            for n, data in enumerate(payloads):
                loop.call_later(args.spread * n / len(payloads), arrive, data)
            answered: set[str] = set()
            while time.monotonic() - start < 60 and len(answered) < len(payloads):
                await asyncio.sleep(0.05)
                answered = {c.path.split("/")[3] for c in fake.calls
                            if c.path.startswith("/webhooks/") and c.method in ("PATCH", "POST") and c.status == 200}
            acks = {c.path.split("/")[3]: c.at for c in fake.calls if c.path.endswith("/callback") and c.status == 200}
            latencies = [acks[t] + args.latency - arrived[t] for t in arrived if t in acks]  # when Discord has it
            return {"arrived": len(arrived), "acked": len(acks), "in_time": sum(x <= DEADLINE for x in latencies),
                    "answered": len(answered & set(arrived)), "latencies": sorted(latencies),
                    "elapsed": time.monotonic() - start}
        finally:
            await harness.stop()


def show(name: str, result: dict) -> float:
    lat = result["latencies"]
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan")
    print(f"{name:>10}: {result['arrived']} arrived, {result['acked']} acknowledged, "
          f"{result['in_time']} within {DEADLINE:.0f} s, {result['answered']} answered "
          f"(lost {result['arrived'] - result['answered']}); acknowledgement p50 "
          f"{statistics.median(lat) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms; "
          f"all answered after {result['elapsed']:.1f} s")
    return p99


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interactions", type=int, default=200)
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument("--spread", type=float, default=1.0, help="seconds over which they arrive")
    parser.add_argument("--delay", type=float, default=0.5, help="injected service delay (s, awaited)")
    parser.add_argument("--cpu-ms", type=float, default=5.0, help="injected CPU per command (ms, blocking)")
    parser.add_argument("--latency", type=float, default=0.05, help="fake Discord round trip (s)")
    args = parser.parse_args()
    print(f"{args.interactions} interactions over {args.spread:.1f} s in {args.channels} channels; "
          f"service +{args.delay * 1000:.0f} ms awaited +{args.cpu_ms:.0f} ms CPU; Discord round trip "
          f"{args.latency * 1000:.0f} ms")
    reference = show("reference", await run(args, 0.0, 0.0))
    result = await run(args, args.delay, args.cpu_ms)
    slowed = show("slowed", result)
    print(f"acknowledgement p99 slowed / reference: {slowed / reference:.2f}")
    ok = result["in_time"] == result["arrived"] == result["answered"] == args.interactions
    print("OK: every interaction acknowledged within 3 s, none lost" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
