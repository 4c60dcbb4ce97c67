"""Benchmark (not a test): one accepted command through the service, durable commit included,
against the raw durable SQLite commit measured in the same run (issue 12).

    .venv/bin/python benchmarks/service.py [--commands 300] [--long 5000] [--stored 10000]

The raw commit is the reference: stdlib ``sqlite3`` on the same disk, WAL,
``synchronous=FULL``, one small insert per transaction, in its steady state: the first
thousand or so commits of a new file append to a growing log, and each of their fsyncs
also journals the log's new size (about twice as slow on this machine's disk); after
SQLite's first automatic checkpoint the log is restarted and commits overwrite its blocks,
as they do for as long as the database lives. So the reference is warmed up past that
point (the growing phase is printed too), as the service's file is by its setup. Each
sample times one raw commit and right after it one service command, so that both see the
same load on the machine.
Printed, with the ratio to the raw commit (goal, issue 27: p50 ≤ 3×, p99 ≤ 4×; :data:`GOAL`):

- ``/end`` (a turn passes, the battle's state kept in memory) in a NEW battle and in a
  battle of ``--long`` events;
- the same ``/end`` over a database in /dev/shm, where the fsync costs nothing: the
  command's own work, the least ratio any commit could give;
- the first command on that long battle after a restart (a new Service over the file);
- the first command served after a start-up over ``--stored`` stored battles;
- the database size per command.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.boot import collector_paused  # noqa: E402

with collector_paused():  # as python -m bot imports (bot/__main__.py, bot/cli.py)
    from bot.config import sqlite_url
    from bot.service import Request, Service
    from bot.store import Store
    from rules.dice import RandomDice

SHEET = dict(str="12", con="13", pow="11", dex="14", app="10", siz="13", int="13", edu="15")

GOAL = (3.0, 4.0)
"""The goal of a command (issue 27): its p50 at most 3×, its p99 at most 4× the warmed raw
durable commit's, measured in the same run."""


class RawCommit:
    """The reference: one small insert committed durably (WAL, synchronous=FULL)."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        self.n = 0

    def warm_up(self) -> list[float]:
        """Commit until the log has been restarted once (its file stops growing): the
        steady state. Returns the times of the commits that grew the log."""
        grew, wal = [], Path(self.db.execute("PRAGMA database_list").fetchone()[2] + "-wal")
        size, same = -1, 0
        while same < 100:
            elapsed = self.timed()
            now = wal.stat().st_size
            same = same + 1 if now == size else 0
            if now != size:
                grew.append(elapsed)
            size = now
        return grew

    def timed(self) -> float:
        """Seconds of one BEGIN / INSERT / COMMIT."""
        self.n += 1
        t0 = time.perf_counter()
        self.db.execute("BEGIN")
        self.db.execute("INSERT INTO t (v) VALUES (?)", (f"event {self.n}",))
        self.db.execute("COMMIT")
        return time.perf_counter() - t0


class Player:
    """Passes turns in one channel's battle (アリス and the KP's ゾンビ in turn)."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self.i = 0

    def next_request(self) -> Request:
        """The ``/end`` of whoever's turn it is (the battle starts with アリス, DEX 14)."""
        alice = self.i % 2 == 0
        self.i += 1
        return Request(channel=self.channel, user="alice" if alice else "kp", name="alice" if alice else "kp",
                       command="end", options={} if alice else {"as": "ゾンビ"}, guild="bench",
                       request_id=f"{self.channel}-{self.i}-{random.random()}")


async def say(service: Service, channel: str, user: str, command: str, **options) -> list:
    replies = await service.handle(Request(channel=channel, user=user, name=user, command=command,
                                           options=options, guild="bench"))
    assert not any(r.ephemeral for r in replies), [r.text for r in replies]
    return replies


async def setup_battle(service: Service, channel: str) -> Player:
    await say(service, channel, "kp", "battle new")
    await say(service, channel, "alice", "battle join", character="アリス")
    await say(service, channel, "kp", "battle add", name="ゾンビ", character="ゾンビ")
    await say(service, channel, "kp", "battle start")
    return Player(channel)


async def timed(service: Service, req: Request) -> float:
    t0 = time.perf_counter()
    replies = await service.handle(req)
    elapsed = time.perf_counter() - t0
    assert not any(r.ephemeral for r in replies), [r.text for r in replies]
    return elapsed


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def line(label: str, values: list[float], raw: list[float] | None = None, goal: bool = True) -> str:
    """One printed row: p50 and p99 (ms) of ``values`` and, with ``raw``, their ratios to
    the raw commit's, checked against the goal unless ``goal`` is False."""
    p50, p99 = statistics.median(values) * 1000, percentile(values, 99) * 1000
    text = f"{label:44s} n={len(values):4d}  p50 {p50:7.2f} ms  p99 {p99:7.2f} ms"
    if raw:
        r50, r99 = statistics.median(raw) * 1000, percentile(raw, 99) * 1000
        text += f"  = {p50 / r50:5.2f}× / {p99 / r99:5.2f}× raw"
        if goal:
            met = p50 <= GOAL[0] * r50 and p99 <= GOAL[1] * r99
            text += f"  ({'ok' if met else 'MISSED'}: goal p50 ≤ {GOAL[0]:g}×, p99 ≤ {GOAL[1]:g}×)"
    return text


async def interleaved(service: Service, raw: RawCommit, player: Player, commands: int) -> tuple[list, list]:
    ours, reference = [], []
    for _ in range(commands):
        reference.append(raw.timed())
        ours.append(await timed(service, player.next_request()))
    return ours, reference


async def version(store: Store, channel: str) -> int:
    return (await store.active_battle(channel)).version


async def clone_battles(path: Path, template_channel: str, count: int) -> None:
    """Store ``count`` copies of the battle of ``template_channel`` (rows copied in SQL; the
    copies' steps carry no request id: a request is one step, uq_events_step_request)."""
    db = sqlite3.connect(path)
    battle = db.execute("SELECT id FROM battles WHERE channel = ? AND status = 'active'", (template_channel,)).fetchone()[0]
    columns = [r[1] for r in db.execute("PRAGMA table_info(events)") if r[1] not in ("id", "battle_id")]
    with db:
        for i in range(count):
            cur = db.execute("INSERT INTO battles (channel, guild, system, keeper, status, version, created_at, updated_at)"
                             " SELECT ?, guild, system, keeper, status, version, created_at, updated_at"
                             " FROM battles WHERE id = ?", (f"stored{i}", battle))
            copied = ", ".join("NULL" if c == "request_id" else c for c in columns)
            db.execute(f"INSERT INTO events (battle_id, {', '.join(columns)}) SELECT ?, {copied}"
                       " FROM events WHERE battle_id = ?", (cur.lastrowid, battle))
    db.close()


async def new_service(path: Path, dice) -> tuple[Store, Service]:
    """A Service over a new database file at ``path`` with アリス and ゾンビ saved."""
    store = Store(sqlite_url(path))
    await store.migrate()
    service = Service(store, dice)
    for user, name, dex in (("alice", "アリス", "14"), ("kp", "ゾンビ", "8")):
        await service.handle(Request(channel="c", user=user, command="char new", guild="bench",
                                     options={**SHEET, "name": name, "dex": dex}))
    return store, service


async def without_fsync(raw: RawCommit, dice, commands: int) -> tuple[list, list] | None:
    """``/end`` over a database in /dev/shm (memory: its fsync costs nothing), each timed
    after a raw commit on the disk as the others are: what the command costs besides its
    commit. None where there is no /dev/shm."""
    if not Path("/dev/shm").is_dir():
        return None
    folder = Path(tempfile.mkdtemp(prefix="bench-", dir="/dev/shm"))
    try:
        store, service = await new_service(folder / "bench.db", dice)
        player = await setup_battle(service, "memory")
        for _ in range(commands):  # the same warm-up as the file's battles had
            await service.handle(player.next_request())
        timed_pairs = await interleaved(service, raw, player, commands)
        await store.close()
        return timed_pairs
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def main(commands: int, long_events: int, stored: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    raw = RawCommit(folder / "raw.db")
    path = folder / "bench.db"
    dice = RandomDice(random.Random(1))
    store, service = await new_service(path, dice)

    long_player = await setup_battle(service, "long")
    started = time.perf_counter()
    while await version(store, "long") < long_events:
        await service.handle(long_player.next_request())
    print(f"battle of {await version(store, 'long')} events played in {time.perf_counter() - started:.1f} s")
    if stored:
        template = await setup_battle(service, "template")
        for _ in range(10):
            await service.handle(template.next_request())
        started = time.perf_counter()
        await clone_battles(path, "template", stored)
        print(f"{stored} more battles stored in {time.perf_counter() - started:.1f} s")
    size_before, played = _size(path), 0

    growing = raw.warm_up()
    new_player = await setup_battle(service, "new")
    new, raw_new = await interleaved(service, raw, new_player, commands)
    long, raw_long = await interleaved(service, raw, long_player, commands)
    played += 2 * commands
    memory = await without_fsync(raw, dice, commands)

    await store.close()
    store = Store(sqlite_url(path))
    started = time.perf_counter()
    restarted = Service(store, dice)
    if stored:
        await timed(restarted, Player("stored0").next_request())
    startup = time.perf_counter() - started
    cold_long = await timed(restarted, long_player.next_request())
    played += 2
    size_after = _size(path)

    print(line("raw durable commit, log still growing", growing) + "  (a new file's first commits: not the reference)")
    print(line("raw durable commit (reference)", raw_new + raw_long))
    print(line("/end in a new battle", new, raw_new))
    print(line(f"/end in a battle of {long_events} events", long, raw_long))
    if memory is not None:
        print(line("/end, database in /dev/shm (no fsync)", *memory, goal=False)
              + "\n  (what a command costs besides its commit: the floor of the ratio)")
    print(f"{'first command on the long battle after restart':44s} {cold_long * 1000:7.2f} ms")
    if stored:
        print(f"{'start-up over ' + str(stored + 3) + ' battles to 1st reply':44s} {startup * 1000:7.2f} ms"
              f"  ({'ok' if startup < 1 else 'MISSED'}: goal < 1 s)")
    print(f"{'database growth per command':44s} {(size_after - size_before) / played / 1024:7.2f} KB")
    await store.close()


def _size(path: Path) -> int:
    """Bytes the database's pages use as a reader sees them (pages still in the log
    included, free pages not counted). No checkpoint here: a TRUNCATE would empty the log
    and put the service's next commands back in the log-growing phase (see RawCommit)."""
    db = sqlite3.connect(path)
    used = db.execute("PRAGMA page_count").fetchone()[0] - db.execute("PRAGMA freelist_count").fetchone()[0]
    size = used * db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    return size


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=300, help="timed commands per battle")
    parser.add_argument("--long", type=int, default=5000, help="events in the long battle")
    parser.add_argument("--stored", type=int, default=10000, help="other battles stored (start-up)")
    args = parser.parse_args()
    asyncio.run(main(args.commands, args.long, args.stored))
