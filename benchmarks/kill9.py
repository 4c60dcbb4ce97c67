"""Fault benchmark: SIGKILL a bot process at random points under a steady stream of commands,
restart it, and count what was lost or applied twice.

    .venv/bin/python benchmarks/kill9.py [--trials 20] [--channels 10] [--db URL] [--seed N]

A worker (benchmarks/worker.py: the real Service over a database, SQLite by default) gets
the mixed command stream of benchmarks/procs.py over 10 channels, pipelined (up to 32
requests in flight, every request with its own id, as Discord interactions have). After a
random 0.2–2 s it is killed with SIGKILL, wherever it is. A new process is started on the
same database and every request that had no answer is sent again with the same id (the user
presses again; Discord re-delivers), and a few answered ones too (duplicate delivery).

Counted at the end from the database (steps stored per request id):
- lost: acknowledged and accepted commands whose step is not in the database (goal 0);
- applied twice: request ids with more than one step (goal 0);
- a re-sent request that had already committed must get back the answer it had.
"""
from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.procs import (CHANGING, Worker, accepted, arguments, set_up, steps_by_request,  # noqa: E402
                              stream_command, verdict)
from bot.config import sqlite_url  # noqa: E402


async def main(trials: int, channels_n: int, db: str | None, seed: int) -> int:
    rng = random.Random(seed)
    db = db or sqlite_url(Path(tempfile.mkdtemp(prefix="kill9-")) / "bot.db")
    channels = [f"ch{i}" for i in range(channels_n)]
    worker = await Worker(db).start()
    await set_up(worker, channels, "setup")
    sent: dict[str, tuple] = {}
    answers: dict[str, list[dict]] = {}
    counter = 0
    totals = dict(sent=0, acked=0, unacked=0, committed_unacked=0, replayed_same=0, replay_checked=0,
                  duplicates=0, duplicates_same=0, internal_errors=0)
    started = time.perf_counter()
    for trial in range(trials):
        # the steady stream, killed at a random point
        kill_at = time.perf_counter() + rng.uniform(0.2, 2.0)
        inflight: set[asyncio.Future] = set()
        trial_rids = []
        while time.perf_counter() < kill_at:
            if len(inflight) < 32:
                counter += 1
                rid = f"t{trial}-{counter}"
                request = (rng.choice(channels), *stream_command(rng))
                sent[rid] = request
                trial_rids.append(rid)
                future = worker.submit(rid, *request)
                inflight.add(future)
                future.add_done_callback(inflight.discard)
            await asyncio.sleep(0.002)
        worker.kill()
        await worker.wait()
        for future in list(inflight):
            future.exception() if future.done() else None
        acked = {rid: worker.acks[rid] for rid in trial_rids if rid in worker.acks}
        answers.update(acked)
        unacked = [rid for rid in trial_rids if rid not in acked]
        totals["sent"] += len(trial_rids)
        totals["acked"] += len(acked)
        totals["unacked"] += len(unacked)
        before = await steps_by_request(db)
        committed = [rid for rid in unacked if before[rid]]
        totals["committed_unacked"] += len(committed)
        # restart, re-send what had no answer (same ids), and a few answered ones again
        worker = await Worker(db).start()
        resent = await asyncio.gather(*(worker.send(rid, *sent[rid]) for rid in unacked))
        for rid, replies in zip(unacked, resent):
            answers[rid] = replies
            totals["internal_errors"] += sum("内部エラー" in r["text"] for r in replies)
            if rid in committed:
                totals["replay_checked"] += 1
                totals["replayed_same"] += accepted(replies)
        again = rng.sample(sorted(acked), min(5, len(acked)))
        for rid in again:
            replies = await worker.send(rid, *sent[rid])
            totals["duplicates"] += 1
            if sent[rid][2] in CHANGING and accepted(acked[rid]):
                totals["duplicates_same"] += replies == acked[rid]
            else:
                totals["duplicates_same"] += 1
        totals["internal_errors"] += sum("内部エラー" in r["text"] for rs in acked.values() for r in rs)
        print(f"trial {trial + 1:2d}: sent {len(trial_rids):4d}, acknowledged {len(acked):4d}, "
              f"killed with {len(unacked):2d} unanswered ({len(committed)} of them already committed)")
    await worker.stop()
    steps = await steps_by_request(db)
    changing_accepted = [rid for rid, replies in answers.items()
                         if sent.get(rid, ("", "", ""))[2] in CHANGING and accepted(replies)]
    lost = [rid for rid in changing_accepted if steps[rid] == 0]
    twice = [rid for rid, n in steps.items() if n > 1]
    print(f"\n{trials} SIGKILLs in {time.perf_counter() - started:.1f} s on {db.split(':')[0]}: "
          f"{totals['sent']} commands sent, {totals['acked']} acknowledged before a kill, "
          f"{totals['unacked']} unanswered and re-sent after the restart "
          f"({totals['committed_unacked']} of those had committed before the kill)")
    print(f"accepted commands that change a battle: {len(changing_accepted)}")
    print(f"acknowledged commands lost: {len(lost)}")
    print(f"applied twice:              {len(twice)}")
    print(f"re-sent after commit, same answer back: {totals['replayed_same']}/{totals['replay_checked']}")
    print(f"answered ones delivered again, same answer: {totals['duplicates_same']}/{totals['duplicates']}")
    print(f"internal errors shown: {totals['internal_errors']}")
    ok = (not lost and not twice and totals["internal_errors"] == 0
          and totals["replayed_same"] == totals["replay_checked"]
          and totals["duplicates_same"] == totals["duplicates"])
    return verdict(ok)


if __name__ == "__main__":
    args = arguments(__doc__, trials=(int, 20, "kills"), channels=(int, 10, "channels played in"),
                     db=(str, None, "async SQLAlchemy URL (default: a new SQLite file)"),
                     seed=(int, 12, "random seed of the stream and the kill times"))
    sys.exit(asyncio.run(main(args.trials, args.channels, args.db, args.seed)))
