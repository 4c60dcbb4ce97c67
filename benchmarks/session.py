"""Benchmark (not a test): a chat roll in a channel with an open session (issue 19), its
record committed durably before it is shown, against the raw durable SQLite commit measured
in the same run (benchmarks/service.py's reference, warmed up the same way).

    .venv/bin/python benchmarks/session.py [--rolls 300] [--channels 50] [--burst 20] [--warm-up 20000]

Printed, with the ratio to the raw commit:

- a chat roll (``CCB<=60 【目星】``) in a channel with an open session, one at a time, each
  timed right after a raw commit (goal, issue 27: p50 ≤ 3×, p99 ≤ 4×, as for a battle command);
- the same roll in a channel without an open session, with the statements it ran on the
  sessions' tables and the writes it made (goal: none: it pays nothing for sessions);
- under load: ``--channels`` channels with open sessions rolling ``--burst`` rolls each, all
  at once: the durable commits made for them (group commit: far fewer than the rolls), the
  time per roll over the whole burst, and what recording adds to it against the same burst
  in channels without a session (goal: ≤ 2× one raw commit).

"Recording" is what a session adds to a roll: the sequential goal is checked on it too (the
roll's own work, the same without a session, is printed as the first ratio's floor).
"""
from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.boot import collector_paused  # noqa: E402

with collector_paused():
    from sqlalchemy import event
    from benchmarks.service import RawCommit, line
    from bot.config import sqlite_url
    from bot.service import Request, Service
    from bot.store import Store
    from rules.dice import RandomDice

SHEET = dict(str="12", con="13", pow="11", dex="14", app="10", siz="13", int="13", edu="15")


def roll(channel: str, n: int) -> Request:
    """alice's ``CCB<=60 【目星】`` typed in ``channel`` (a Discord message id as request id)."""
    return Request(channel=channel, user="alice", name="alice", command="chat", guild="bench",
                   options={"text": "CCB<=60 【目星】"}, request_id=f"{channel}-{n}-{random.random()}")


async def handled(service: Service, req: Request) -> float:
    t0 = time.perf_counter()
    replies = await service.handle(req)
    elapsed = time.perf_counter() - t0
    assert replies and not replies[0].ephemeral and "(1D100<=60)" in replies[0].text, replies
    return elapsed


async def warm_up(service: Service, wal: Path, most: int) -> int:
    """Roll in the session until the service's log has been restarted once (its file stops
    growing for 100 commits), at most ``most`` rolls: the steady state the reference is
    measured in too (see benchmarks/service.py's RawCommit); how many rolls that took."""
    size, same, n = -1, 0, 0
    while same < 100 and n < most:
        n += 1
        await handled(service, roll("session", -n))
        now = wal.stat().st_size
        same = same + 1 if now == size else 0
        size = now
    return n


class Counted:
    """The statements the store runs (its engines' events) and its group-committed writes
    for sessions: every write but a chat line's delivery key (``_claim_request``, issue 18:
    a roll is answered once per message id, with or without a session)."""

    def __init__(self, store: Store) -> None:
        self.sql: list[str] = []
        self.writes = 0
        self.keys = 0
        event.listen(store.engine.sync_engine, "before_cursor_execute",
                     lambda _c, _cur, statement, *_a: self.sql.append(statement))
        store.reads.on_statement(self.sql.append)  # the reads' own (bot.store.reads: stdlib and SQLAlchemy)
        real = store.writer.run

        def run(fn, *args):
            if fn.__name__ == "_claim_request":
                self.keys += 1
            else:
                self.writes += 1
            return real(fn, *args)
        store.writer.run = run

    def reset(self) -> None:
        self.sql.clear()
        self.writes = self.keys = 0


async def main(rolls: int, channels: int, burst: int, most: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-session-"))
    try:
        raw = RawCommit(folder / "raw.db")
        store = Store(sqlite_url(folder / "bench.db"))
        await store.migrate()
        service = Service(store, RandomDice(random.Random(1)))
        await service.handle(Request(channel="c", user="alice", command="char new", guild="bench",
                                     options={**SHEET, "name": "アリス"}))
        names = ["session", *(f"load{i}" for i in range(channels))]
        for channel in names:
            await service.handle(Request(channel=channel, user="kp", name="kp", command="session start", guild="bench"))
        warmed = await warm_up(service, folder / "bench.db-wal", most)
        print(f"{warmed} rolls before the service's log stopped growing (the steady state)")
        raw.warm_up()

        ours, reference = [], []
        for n in range(rolls):
            reference.append(raw.timed())
            ours.append(await handled(service, roll("session", n)))
        quiet, quiet_raw = [], []
        counted = Counted(store)
        for n in range(rolls):
            quiet_raw.append(raw.timed())
            quiet.append(await handled(service, roll("quiet", n)))
        on_sessions = [s for s in counted.sql if "session" in s]
        quiet_writes, quiet_sql, quiet_keys = counted.writes, len(counted.sql), counted.keys

        counted.reset()
        free_wall = wall = 0.0
        commits, load_raw = store.writer._sqlite._commits, []
        for round_ in range(3):  # bursts with and without sessions in turn, raw commits between them
            t0 = time.perf_counter()
            await asyncio.gather(*(handled(service, roll(f"free{c}", round_ * burst + n))
                                   for n in range(burst) for c in range(channels)))
            free_wall += time.perf_counter() - t0
            load_raw += [raw.timed() for _ in range(30)]
            t0 = time.perf_counter()
            await asyncio.gather(*(handled(service, roll(f"load{c}", round_ * burst + n))
                                   for n in range(burst) for c in range(channels)))
            wall += time.perf_counter() - t0
            load_raw += [raw.timed() for _ in range(30)]
        commits = store.writer._sqlite._commits - commits
        total = 3 * channels * burst
        print(line("raw durable commit (reference)", reference + quiet_raw + load_raw))
        print(line("chat roll, no session in the channel", quiet, quiet_raw, goal=False))
        print(line("chat roll, session open (record committed)", ours, reference))
        added = [max(0.0, s - q) for s, q in zip(sorted(ours), sorted(quiet))]
        print(line("  what recording adds (session − no session)", added, reference)
              + "\n  (the roll itself, no session, is the floor of the first ratio)")
        print(f"  its statements on the sessions' tables: {len(on_sessions)}, writes for sessions: {quiet_writes} "
              f"(all statements: {quiet_sql} in {rolls} rolls, the battle look-up every roll makes; "
              f"delivery keys written, as without sessions: {quiet_keys})"
              f"  ({'ok' if not on_sessions and not quiet_writes else 'MISSED'}: goal none)")
        per_roll, added = wall / total, (wall - free_wall) / total
        raw_p50 = sorted(load_raw)[len(load_raw) // 2]
        print(f"under load: {total} rolls in {channels} sessions ({burst} each at once, 3 times): {commits} durable commits "
              f"({total / max(commits, 1):.1f} rolls per commit), {per_roll * 1000:.3f} ms per roll"
              f" = {per_roll / raw_p50:.2f}× raw; without sessions {free_wall / total * 1000:.3f} ms:"
              f" recording adds {added * 1000:.3f} ms = {added / raw_p50:.2f}× raw"
              f"  ({'ok' if added <= 2 * raw_p50 else 'MISSED'}: goal ≤ 2×)")
        await store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rolls", type=int, default=300, help="timed rolls, one at a time")
    parser.add_argument("--channels", type=int, default=50, help="sessions rolling at once under load")
    parser.add_argument("--burst", type=int, default=20, help="rolls per session under load")
    parser.add_argument("--warm-up", type=int, default=20000, help="most rolls to reach the steady state")
    args = parser.parse_args()
    asyncio.run(main(args.rolls, args.channels, args.burst, args.warm_up))
