"""Load benchmark: two bot processes on one PostgreSQL database, 50 channels, the mixed
command stream sent to either process at random, reminders due a second after each prompt.

    .venv/bin/python benchmarks/two_processes.py [--seconds 20] [--channels 50] [--db URL]

Without ``--db`` it starts a throwaway PostgreSQL server (scripts/pg_server.sh, fsync on).
Both workers (benchmarks/worker.py) run the real Service and the real deadline Dispatcher
on a clock 60 times faster than real time (a 1-minute reminder comes after 1 s), so both
processes race for the same battles and the same deadlines.

Counted at the end: lost updates (accepted commands missing from the database, battles
whose stored events do not match their version), steps applied twice, deadlines fired
twice (the same deadline row fired, by either process), commands that lost
the version race and were told, internal errors. Goal: 0 lost, 0 twice, 0 double reminders.
"""
from __future__ import annotations

import asyncio
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.procs import (CHANGING, Worker, accepted, arguments, postgres_server, set_up,  # noqa: E402
                              steps_by_request, stream_command, verdict)

RACE_LOST = "同時に別の操作"


async def main(seconds: float, channels_n: int, db: str, seed: int) -> int:
    rng = random.Random(seed)
    channels = [f"ch{i}" for i in range(channels_n)]
    epoch = time.time()
    flags = ("--reminders", "--epoch", str(epoch), "--speed", "60", "--reminder-minutes", "1")
    workers = [await Worker(db, *flags).start(), await Worker(db, *flags).start()]
    await set_up(workers[0], channels, "setup")
    sent: dict[str, tuple] = {}
    inflight: set[asyncio.Future] = set()
    started = time.perf_counter()
    n = 0
    while time.perf_counter() - started < seconds:
        if len(inflight) < 64:
            n += 1
            rid = f"r{n}"
            sent[rid] = (rng.choice(channels), *stream_command(rng))
            future = rng.choice(workers).submit(rid, *sent[rid])
            inflight.add(future)
            future.add_done_callback(inflight.discard)
        await asyncio.sleep(0.003)
    await asyncio.gather(*inflight, return_exceptions=True)
    elapsed = time.perf_counter() - started
    await asyncio.sleep(3.0)  # the last prompts' reminders come due
    for worker in workers:
        await worker.stop()

    answers = {rid: replies for w in workers for rid, replies in w.acks.items() if rid in sent}
    steps = await steps_by_request(db)
    changing = [rid for rid, replies in answers.items() if sent[rid][2] in CHANGING and accepted(replies)]
    lost = [rid for rid in changing if steps[rid] != 1]
    twice = [rid for rid, k in steps.items() if k > 1]
    raced = sum(any(RACE_LOST in r["text"] for r in replies) for replies in answers.values())
    internal = sum(any("内部エラー" in r["text"] for r in replies) for replies in answers.values())
    reminders = [m for w in workers for m in w.reminders]
    by_row = Counter(m["deadline"][0] for m in reminders)
    by_prompt = Counter(tuple(m["deadline"][1:]) for m in reminders)  # re-armed prompts count here
    per_process = [len(w.reminders) for w in workers]
    print(f"2 processes, {channels_n} channels, {elapsed:.1f} s on {db.split('@')[0]}…: "
          f"{len(sent)} commands sent, {len(answers)} answered "
          f"({len(answers) / elapsed:.0f}/s), {len(changing)} accepted battle changes")
    print(f"told they lost the version race after one re-decision: {raced}")
    print(f"lost updates:            {len(lost)}")
    print(f"applied twice:           {len(twice)}")
    print(f"reminders sent:          {len(reminders)} (by process: {per_process[0]} + {per_process[1]})")
    print(f"deadline fired twice:    {sum(1 for k in by_row.values() if k > 1)}")
    print(f"a prompt reminded again after it was asked anew (a reaction came between, a new "
          f"deadline row): {sum(1 for k in by_prompt.values() if k > 1)}")
    print(f"internal errors shown:   {internal}")
    ok = (not lost and not twice and internal == 0 and len(answers) == len(sent)
          and all(k == 1 for k in by_row.values())
          and len(reminders) > 0)
    return verdict(ok)


if __name__ == "__main__":
    args = arguments(__doc__, seconds=(float, 20.0, "how long the stream runs"),
                     channels=(int, 50, "channels played in"),
                     db=(str, None, "postgresql+asyncpg://… (default: a throwaway server)"),
                     seed=(int, 7, "random seed of the stream"))
    with postgres_server(args.db) as url:
        sys.exit(asyncio.run(main(args.seconds, args.channels, url, args.seed)))
