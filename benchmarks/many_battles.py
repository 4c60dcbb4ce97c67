"""Load benchmark: 1,000 battles in one process, all playing at once.

    .venv/bin/python benchmarks/many_battles.py [--battles 1000] [--rounds 2] [--rate 600] [--db URL]

Sets up ``--battles`` fights (アリス vs ゾンビ, each in its own channel) through the service;
a round is: アリス attacks (ゾンビ dodges when hit, and again when offered 継続回避), both
end their turns; a fight whose ゾンビ is down is ended and a new one set up. Production
dice (SystemRandom).

Paced run (open loop, the figures the goals are about): every battle's players act after
random think-times (exponential, mean ``battles / rate`` seconds, drawn ahead on a schedule
that does not wait for the service), so the commands arrive as a Poisson stream of ``--rate``
commands/s in all, until every battle has played ``--rounds`` rounds. A command's latency
runs from the moment it was due to its answer (a battle still waiting for its previous answer
when the next command is due sends it late, and the wait counts). Throughput = commands
answered per second over the run. Goals: ≥ 500 commands/s, p99 < 50 ms, 0 internal errors (a
busy database is waited for or retried, never shown to a user).

Saturation run (closed loop, printed so that nothing is hidden): each battle sends its next
command the instant its answer arrives, so all ``--battles`` commands are always in flight;
by Little's law (in flight = throughput × latency) the latency there is ``battles /
throughput`` (about 2 s for 1,000 at 500/s) whatever the code does, so only its throughput,
the service's ceiling, means anything.

Also printed: refusals, version races lost, the memory the process grew by per battle
(resident set size) and the machine's load average.
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

from bot.boot import collector_paused  # noqa: E402

with collector_paused():  # as python -m bot imports (bot/__main__.py, bot/cli.py)
    from benchmarks.procs import CHARACTERS, FIGHT
    from bot.config import sqlite_url
    from bot.service import Request, Service
    from bot.store import Store
    from rules.dice import RandomDice


SETTLE = 2.0
"""Seconds left idle between the set-up (4 commands × every battle, all at once: not what the
goals are about) and the paced run, for that burst's aftermath (its WAL checkpoint, the
collector's pass over the new battles) to be over before the clock starts."""


def rss_mb() -> float:
    """The resident set size of this process in MB (Linux /proc)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 2 ** 20


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def goal(ok: bool, text: str) -> str:
    """``(ok: goal …)`` or ``(MISSED: goal …)``."""
    return f"({'ok' if ok else 'MISSED'}: goal {text})"


class Counts:
    """Times and outcomes of every command of a run; ``first`` / ``last``: when the first
    command was due and the last answer came (perf_counter seconds)."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.internal = self.refused = self.raced = self.late = 0
        self.first = self.last = None

    async def say(self, service: Service, channel: str, user: str, command: str,
                  since: float | None = None, **options) -> list:
        """Send one command; its time counts from ``since`` (when it was due) or from now."""
        started = time.perf_counter() if since is None else since
        self.first = started if self.first is None else min(self.first, started)
        replies = await service.handle(Request(channel=channel, user=user, name=user, command=command,
                                               options=options, guild="bench"))
        self.last = time.perf_counter()
        self.times.append(self.last - started)
        texts = " ".join(r.text for r in replies)
        self.internal += "内部エラー" in texts
        self.raced += "同時に別の操作" in texts
        self.refused += len(replies) == 1 and replies[0].ephemeral
        return replies

    def rate(self) -> float:
        """Commands answered per second, from the first one due to the last answer."""
        return len(self.times) / (self.last - self.first)


async def one_round(say) -> None:
    """One round of a battle: ``await say(user, command, **options)`` for each command;
    ゾンビ dodges when hit, and goes on dodging when asked (反撃／継続回避); once ゾンビ is
    out of action (the [戦闘終了] button), the KP ends the battle and a new fight starts."""
    replies = await say("alice", "attack", target="ゾンビ", weapon="こぶし")
    labels = {b.label for r in replies for b in r.buttons}
    for action in ("回避", "継続回避"):
        if action in labels:
            replies = await say("kp", "react", action=action, **{"as": "ゾンビ"})
            labels |= {b.label for r in replies for b in r.buttons}
    if "戦闘終了" in labels:
        await say("kp", "battle end")
        for user, command, options in FIGHT:
            await say(user, command, **options)
        return
    await say("alice", "end")
    await say("kp", "end", **{"as": "ゾンビ"})


class Schedule:
    """When each battle's next command is due: a Poisson stream per battle (exponential gaps
    of mean ``gap`` seconds, from ``start``), ``rounds`` rounds each. The run is ``over`` once
    every battle has played them (the battles that finished first play on meanwhile, so that
    the offered load stays ``battles / gap`` to the end); then, once the commands sent on the
    clock have been answered (so that the burst does not delay them), each battle finishes its
    round at once and off the clock (counted in ``rest``), leaving every fight between rounds."""

    def __init__(self, battles: int, rounds: int, gap: float, rng: random.Random) -> None:
        self.rounds, self.gap, self.rng = rounds, gap, rng
        self.unfinished = battles
        self.over = False
        self.thinking: set[asyncio.Task] = set()
        self.rest = Counts()
        self.in_flight = 0
        self.drained = asyncio.Event()

    async def think(self, seconds: float) -> None:
        """Sleep ``seconds``, or less if the run ends meanwhile."""
        task = asyncio.current_task()
        self.thinking.add(task)
        try:
            await asyncio.sleep(seconds)
        except asyncio.CancelledError:
            task.uncancel()  # woken by the end of the run (see play), not cancelled from outside
        finally:
            self.thinking.discard(task)

    async def play(self, service: Service, counts: Counts, channel: str, start: float) -> None:
        due = start

        async def say(user: str, command: str, **options) -> list:
            nonlocal due
            if not self.over:
                due += self.rng.expovariate(1 / self.gap)
                wait = due - time.perf_counter()
                if wait > 0:
                    await self.think(wait)
                else:
                    counts.late += 1
            if self.over:
                await self.drained.wait()
                return await self.rest.say(service, channel, user, command, **options)
            self.in_flight += 1
            try:
                return await counts.say(service, channel, user, command, since=due, **options)
            finally:
                self.in_flight -= 1
                if self.over and not self.in_flight:
                    self.drained.set()
        played = 0
        while not self.over:
            await one_round(say)
            played += 1
            if played == self.rounds:
                self.unfinished -= 1
                if not self.unfinished:
                    self.over = True
                    if not self.in_flight:
                        self.drained.set()
                    for task in self.thinking:
                        task.cancel()


async def saturate(service: Service, counts: Counts, channel: str, rounds: int) -> None:
    """Closed loop: ``rounds`` rounds, each command sent the instant the previous answer came."""
    async def say(user: str, command: str, **options) -> list:
        return await counts.say(service, channel, user, command, **options)
    for _ in range(rounds):
        await one_round(say)


async def main(battles: int, rounds: int, rate: float, db: str | None, seed: int) -> int:
    db = db or sqlite_url(Path(tempfile.mkdtemp(prefix="many-")) / "bot.db")
    store = Store(db)
    await store.migrate()
    service = Service(store, RandomDice(random.SystemRandom()))
    setup = Counts()
    for user, command, options in CHARACTERS:
        await setup.say(service, "setup", user, command, **options)
    rss_start = rss_mb()
    started = time.perf_counter()

    async def set_up(channel: str) -> None:
        for user, command, options in FIGHT:
            await setup.say(service, channel, user, command, **options)
    channels = [f"ch{i}" for i in range(battles)]
    await asyncio.gather(*(set_up(c) for c in channels))
    setup_s = time.perf_counter() - started
    await asyncio.sleep(SETTLE)  # the set-up burst (every battle at once) is over before the clock starts

    paced = Counts()
    schedule = Schedule(battles, rounds, battles / rate, random.Random(seed))
    start = time.perf_counter()
    await asyncio.gather(*(schedule.play(service, paced, c, start) for c in channels))
    rss_end = rss_mb()

    closed = Counts()
    await asyncio.gather(*(saturate(service, closed, c, rounds) for c in channels))
    await store.close()

    n, rate_done, p99 = len(paced.times), paced.rate(), percentile(paced.times, 99) * 1000
    internal = setup.internal + paced.internal + schedule.rest.internal + closed.internal
    print(f"{battles} battles on {db.split(':')[0]}: set up in {setup_s:.1f} s "
          f"({len(setup.times)} commands, {setup.internal} internal errors)")
    print(f"paced, open loop ({rate:.0f} commands/s offered, Poisson, until every battle played {rounds} "
          f"round{'s' * (rounds != 1)}): {n} commands in {paced.last - paced.first:.1f} s = {rate_done:.0f} commands/s "
          f"{goal(rate_done >= 500, '≥ 500')}")
    print(f"  one command, from when it was due to its answer: median {statistics.median(paced.times) * 1000:.1f} ms, "
          f"p99 {p99:.1f} ms {goal(p99 < 50, '< 50 ms')}, max {max(paced.times) * 1000:.1f} ms; "
          f"sent late (the battle's previous answer not back yet): {paced.late}")
    print(f"  refused: {paced.refused}   version races lost: {paced.raced}   "
          f"rounds then finished off the clock: {len(schedule.rest.times)} commands")
    print(f"saturation: {closed.rate():.0f} commands/s with all {battles:,} in flight (closed loop, {rounds} round{'s' * (rounds != 1)}: "
          f"{len(closed.times)} commands; median {statistics.median(closed.times) * 1000:.0f} ms "
          f"≈ {battles} / throughput by Little's law; refused {closed.refused})")
    print(f"internal errors: {internal} in all the runs {goal(internal == 0, '0')}")
    print(f"memory: {rss_start:.0f} MB before the battles, {rss_end:.0f} MB after the paced run = "
          f"{(rss_end - rss_start) * 1024 / battles:.0f} KB per battle")
    print(f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0 if internal == 0 and rate_done >= 500 and p99 < 50 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--rate", type=float, default=600, help="commands/s offered in all (paced run)")
    parser.add_argument("--db", help="async SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the think-times (not of the dice)")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.battles, args.rounds, args.rate, args.db, args.seed)))
