"""A bot process without Discord, for the fault and load benchmarks: the real Service (and,
with ``--reminders``, the real deadline Dispatcher) over ``--db``, fed JSON lines.

    python benchmarks/worker.py --db URL [--reminders] [--epoch T --speed N]

stdin, one JSON object a line: ``{"rid", "channel", "user", "command", "options"}``; every
request is handled concurrently (one task each), as a gateway delivers interactions.
stdout, one JSON object a line: ``{"ready": pid}`` once migrated; ``{"ack": rid, "replies":
[...]}`` when the Service has answered (after its commit: an acknowledged command is one the
user was told about); ``{"reminder": channel, "deadline": [id, battle id, key, kind], "replies":
[...]}`` for each deadline that fired with a message.

``--speed N`` runs the clock N times faster than real time from ``--epoch`` (a Unix time
shared by every worker of a run, so that they agree on what is due).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.boot import collector_paused  # noqa: E402

with collector_paused():  # as python -m bot imports (bot/__main__.py, bot/cli.py)
    from bot.battle.reminders import Dispatcher
    from bot.service import Request, Service
    from bot.store import Store
    from rules.dice import RandomDice


def scaled_clock(epoch: float, speed: float):
    """A naive-UTC clock running ``speed`` times faster than real time from ``epoch``."""
    start = datetime(2026, 12, 1, 12, 0, 0)

    def now() -> datetime:
        return start + timedelta(seconds=(time.time() - epoch) * speed)
    return now


def emit(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


async def main(args) -> None:
    store = Store(args.db)
    await store.migrate()
    clock = scaled_clock(args.epoch, args.speed)
    service = Service(store, RandomDice(random.SystemRandom()), clock=clock,
                      reminder_minutes=args.reminder_minutes, autoskip_minutes=0)
    tasks: set[asyncio.Task] = set()
    if args.reminders:
        fire = service.deadlines.fire

        async def fire_and_tell(deadline):
            replies = await fire(deadline)
            if replies:
                emit({"reminder": deadline.channel, "deadline": [deadline.id, deadline.battle_id, deadline.key,
                                                                 deadline.kind],
                      "replies": [r.to_dict() for r in replies]})
            return replies
        service.deadlines.fire = fire_and_tell

        async def send(channel: str, replies) -> None:
            pass  # told by fire_and_tell, with the deadline's identity

        async def sleep(seconds: float, wake: asyncio.Event) -> None:
            try:
                await asyncio.wait_for(wake.wait(), timeout=min(seconds / args.speed, 0.5))
            except asyncio.TimeoutError:
                pass
        tasks.add(asyncio.create_task(Dispatcher(service.deadlines, send, sleep).run()))

    async def one(raw: dict) -> None:
        req = Request(channel=raw["channel"], user=raw["user"], name=raw["user"], command=raw["command"],
                      options=raw.get("options") or {}, request_id=raw["rid"])
        replies = await service.handle(req)
        emit({"ack": raw["rid"], "replies": [r.to_dict() for r in replies]})

    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    emit({"ready": os.getpid()})
    while line := await reader.readline():
        task = asyncio.create_task(one(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    while any(not t.done() for t in tasks if t.get_coro().__name__ == "one"):
        await asyncio.sleep(0.01)
    await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True)
    parser.add_argument("--reminders", action="store_true")
    parser.add_argument("--epoch", type=float, default=time.time())
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--reminder-minutes", type=int, default=10)
    asyncio.run(main(parser.parse_args()))
