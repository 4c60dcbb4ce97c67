"""Start-up benchmark: a new bot process over a database holding 10,000 battles; the time
until it answers its first command.

    .venv/bin/python benchmarks/startup.py [--battles 10000] [--db URL] [--runs 3]

One fight is played through the service (set-up and two rounds), then its rows are copied
to ``--battles`` battles, each in its own channel (so every battle is a real, foldable
one). Then, ``--runs`` times, a new process (benchmarks/worker.py: imports, engine, the
migration check, the Service) is started and sent ``/battle status`` for one battle and
``/attack`` in another; printed: time from the process start to ready, and to the answer
of each command (goal: first command answered < 1 s after the start).

The project's bytecode is compiled first (``compileall``), as the Docker image does when it
is built, so that the processes start as a deployed bot does: under PYTHONDONTWRITEBYTECODE
(set in the image and on this machine) every start would otherwise compile bot/ and rules/
from source again (about 0.3 s more).
"""
from __future__ import annotations

import argparse
import asyncio
import compileall
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import func, insert, select  # noqa: E402

from benchmarks.procs import CHARACTERS, FIGHT, WORKER  # noqa: E402
from bot.config import sqlite_url  # noqa: E402
from bot.service import Request, Service  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.store.models import BattleRow, EventRow  # noqa: E402
from rules.dice import RandomDice  # noqa: E402


async def fill(db: str, battles: int) -> int:
    """Play one fight, then copy it to ``battles`` battles; returns the events per battle."""
    store = Store(db)
    await store.migrate()
    service = Service(store, RandomDice(random.Random(3)))

    async def say(channel: str, user: str, command: str, **options) -> None:
        await service.handle(Request(channel=channel, user=user, name=user, command=command, options=options))
    for user, command, options in CHARACTERS:
        await say("setup", user, command, **options)
    for user, command, options in FIGHT:
        await say("ch0", user, command, **options)
    for _ in range(2):
        await say("ch0", "alice", "attack", target="ゾンビ", weapon="こぶし")
        await say("ch0", "kp", "react", action="回避", **{"as": "ゾンビ"})
        await say("ch0", "alice", "end")
        await say("ch0", "kp", "end", **{"as": "ゾンビ"})
    async with store._session() as s:
        battle = (await s.execute(select(BattleRow).where(BattleRow.channel == "ch0"))).scalar_one()
        events = (await s.execute(select(EventRow).where(EventRow.battle_id == battle.id)
                                  .order_by(EventRow.seq))).scalars().all()
    template = {c: getattr(battle, c) for c in ("guild", "system", "keeper", "status", "version",
                                                "created_at", "updated_at")}
    rows = [{c: getattr(e, c) for c in ("seq", "kind", "payload", "actor", "created_at")} for e in events]
    for start in range(1, battles, 500):
        async with store._session() as s:
            async with s.begin():
                ids = (await s.execute(insert(BattleRow).returning(BattleRow.id), [
                    {**template, "channel": f"ch{i}"} for i in range(start, min(battles, start + 500))])).scalars().all()
                await s.execute(insert(EventRow), [{**row, "battle_id": bid, "request_id": None}
                                                   for bid in ids for row in rows])
    async with store._session() as s:
        count = (await s.execute(select(func.count()).select_from(BattleRow))).scalar_one()
    await store.close()
    assert count == battles, count
    return len(rows)


def one_start(db: str, channels: list[str]) -> tuple[float, list[float], float]:
    """Start a worker; seconds from the start to ready, to each command's answer, and the
    CPU seconds the process used in all (start, commands, exit: a figure the other
    processes on the machine do not inflate)."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(WORKER), "--db", db], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
    assert "ready" in json.loads(proc.stdout.readline())
    ready = time.perf_counter() - started
    answers = []
    for i, (channel, user, command, options) in enumerate(channels):
        proc.stdin.write(json.dumps({"rid": f"start-{time.time()}-{i}", "channel": channel, "user": user,
                                     "command": command, "options": options}, ensure_ascii=False) + "\n")
        proc.stdin.flush()
        ack = json.loads(proc.stdout.readline())
        assert not (len(ack["replies"]) == 1 and ack["replies"][0]["ephemeral"]), ack
        answers.append(time.perf_counter() - started)
    proc.stdin.close()
    _pid, _status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return ready, answers, usage.ru_utime + usage.ru_stime


ANALYSER = ("import time; t = time.perf_counter(); from rules.chat import morph; i = time.perf_counter(); "
            "morph.load(); print(f'{(i - t) * 1000:.0f} {(time.perf_counter() - i) * 1000:.0f}')")
"""A fresh process's import of the chat reader and load of its analyser's dictionary (ms)."""


def analyser_load() -> tuple[float, float]:
    """``(import ms, dictionary load ms)`` of the morphological analyser (rules.chat.morph,
    issue 26) in a new process: what each bot process pays once at start-up (ChatTable)."""
    out = subprocess.run([sys.executable, "-c", ANALYSER], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout.split()
    return float(out[0]), float(out[1])


def main(battles: int, db: str | None, runs: int) -> int:
    db = db or sqlite_url(Path(tempfile.mkdtemp(prefix="startup-")) / "bot.db")
    root = Path(__file__).resolve().parents[1]
    for folder in ("bot", "rules", "migrations"):
        compileall.compile_dir(root / folder, quiet=1)
    t0 = time.perf_counter()
    per_battle = asyncio.run(fill(db, battles))
    print(f"{battles} battles of {per_battle} events stored on {db.split(':')[0]} "
          f"in {time.perf_counter() - t0:.1f} s")
    firsts = []
    for run in range(runs):
        commands = [(f"ch{battles // 2 + run}", "kp", "battle status", {}),
                    (f"ch{battles // 3 + run}", "alice", "attack", {"target": "ゾンビ", "weapon": "こぶし"})]
        ready, (status, attack), cpu = one_start(db, commands)
        firsts.append(status)
        print(f"run {run + 1}: process ready {ready * 1000:.0f} ms after its start; first command "
              f"(/battle status) answered at {status * 1000:.0f} ms, a second battle's /attack at "
              f"{attack * 1000:.0f} ms; CPU used by the whole process {cpu * 1000:.0f} ms")
    imported, loaded = analyser_load()
    print(f"chat analyser (SudachiPy, core dictionary): import of rules.chat {imported:.0f} ms, "
          f"dictionary load {loaded:.0f} ms (paid once per process at start-up, inside the times above)")
    median = statistics.median(firsts)
    print(f"time to first command: median {median * 1000:.0f} ms (goal < 1000 ms; project bytecode "
          f"compiled beforehand); "
          f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0 if median < 1.0 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--db", help="async SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sys.exit(main(args.battles, args.db, args.runs))
