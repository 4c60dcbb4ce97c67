"""Fuzz run (hypothesis) through the service: dice strings (``/roll`` and chat lines), chat
lines of any text, every command of the spec with random options, and button presses, all
into one live table (a fight is set up first and whatever the requests do to it stays).

    .venv/bin/python benchmarks/fuzz.py [--examples 100000] [--db URL]

Each request is checked: the service answers (no exception escapes), no 「内部エラー」, every
message fits Discord (content 1–2,000 characters, ≤ 25 buttons with labels ≤ 80 and ids ≤
100 characters, embed ≤ 6,000 characters and 25 fields), and the time of each answer is
measured (goal: none over 50 ms). Prints the counts per kind, the slowest answers, and
exits 1 on any failure. The test suite runs the same checks on fewer examples
(tests/service/test_fuzz.py).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.boot import collector_paused  # noqa: E402

# as python -m bot imports (bot/__main__.py, bot/cli.py); not when the test suite imports it
with collector_paused() if __name__ == "__main__" else contextlib.nullcontext():
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from bot.commands.spec import COMMANDS
    from bot.config import sqlite_url
    from bot.transports.discord.messages import combatants_embed
    from bot.render.reply import MAX_TEXT, Reply
    from bot.service import Request, Service
    from bot.store import Store
    from rules.dice import RandomDice

LIMIT_SECONDS = 0.050


class Collector:
    """Seconds the cyclic garbage collector has run so far in this process (``gc.callbacks``):
    a collection stops everything, and what it walks here is hypothesis's memory as well as
    the bot's."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._started = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started


COLLECTOR = Collector()
USERS = ("kp", "alice", "bob", "eve")
NAMES = ("アリス", "ボブ", "ゾンビ", "こぶし", "キック", "拳銃", "C4", "A1", "回避", "HP", "AP", "DEX", "転倒")
DICE_SEEDS = ("CCB<=70", "CC<=50", "CC(2)<=80", "CBR(50,60)", "RES(12-10)", "2D6+1D4", "1D100<=50",
              "x3 CCB<=50", "SCCB<=50", "S2D6", "choice[a,b,c]", "D66", "3B6>=4", "4D6KH3", "1D3+-1D4",
              "(2D6+1D4)*2", "C(1+2)", "ＣＣＢ＜＝５０", "1D6/2U", "CCB<=999", "1000D6", "rep2 1D6")
ALPHABET = "0123456789DdKkHhLlMAXINUCRFBSscx+-*/()<>=!?,[] 　ー×÷≦≧＝ＣＤ１あ目"


@st.composite
def dice_strings(draw) -> str:
    """A known dice command mutated a little, random dice characters, or any text, with an
    optional comment."""
    way = draw(st.integers(0, 2))
    if way == 0:
        text = list(draw(st.sampled_from(DICE_SEEDS)))
        for _ in range(draw(st.integers(0, 3))):
            pos = draw(st.integers(0, len(text)))
            char = draw(st.sampled_from(ALPHABET))
            if draw(st.booleans()) or not text:
                text.insert(pos, char)
            else:
                text[min(pos, len(text) - 1)] = char
        line = "".join(text)
    elif way == 1:
        line = draw(st.text(alphabet=ALPHABET, max_size=60))
    else:
        line = draw(st.text(max_size=80))
    if draw(st.booleans()):
        line += draw(st.sampled_from([" ", "　"])) + draw(st.text(max_size=40))
    return line


def option_value(opt) -> st.SearchStrategy:
    """A value for option ``opt``: one of its choices, a name from the table, a number
    (typed or as text), or any text."""
    values = [st.sampled_from(NAMES), st.text(max_size=30), st.text(alphabet="0123456789-+%.,", max_size=8)]
    if opt.choices:
        values.append(st.sampled_from([c[0] for c in opt.choices]))
    if opt.type == "int":
        values.append(st.integers(-10 ** 12, 10 ** 12))
        values.append(st.integers(-5, 120))
    if opt.type == "bool":
        values.append(st.sampled_from([True, False, "true", "false", "オン", "オフ"]))
    return st.one_of(*values)


@st.composite
def command_requests(draw) -> tuple[str, dict]:
    """A command of the spec with some of its options (and now and then an unknown one)."""
    cmd = draw(st.sampled_from(COMMANDS))
    options = {}
    for opt in cmd.options:
        if (opt.required and draw(st.integers(0, 9)) > 0) or draw(st.booleans()):
            options[opt.name] = draw(option_value(opt))
    if draw(st.integers(0, 19)) == 0:
        options[draw(st.text(min_size=1, max_size=10))] = draw(st.text(max_size=10))
    return cmd.path, options


def requests(table: "FuzzTable") -> st.SearchStrategy:
    """``(kind, Request)``: a dice string by ``/roll``, a chat line (a dice string, or any
    text), a command of the spec, or a press of a button the table showed (or a made-up id)."""
    def make(kind: str, command: str, options: dict, user: str, admin: bool) -> tuple[str, Request]:
        return kind, Request(channel="room", user=user, name=user, command=command, options=options,
                             guild="fuzz", is_admin=admin)
    user, admin = st.sampled_from(USERS), st.integers(0, 9).map(lambda n: n == 0)
    roll = st.builds(lambda line, u, a: make("dice (/roll)", "roll", {"command": line}, u, a),
                     dice_strings(), user, admin)
    chat = st.builds(lambda line, u, a: make("chat line", "chat", {"text": line}, u, a),
                     st.one_of(dice_strings(), st.text(max_size=200)), user, admin)
    command = st.builds(lambda c, u, a: make("command options", c[0], c[1], u, a), command_requests(), user, admin)
    press = st.builds(lambda i, junk, u, a: make("button press", "button", {"custom_id": table.button(i, junk)}, u, a),
                      st.integers(0, 10 ** 6), st.one_of(st.none(), st.text(max_size=100)), user, admin)
    return st.one_of(roll, chat, command, press)


INTERNAL = "内部エラー"
"""The word every internal-error answer of the service carries (bot.service, bot.battle.battles)."""


def problems(kind: str, replies: list[Reply], typed: str = "") -> list[str]:
    """What in ``replies`` Discord would refuse, or an internal error shown (a chat line
    that is not a dice command gets no reply; every other request gets one). ``typed``: the
    request's option values; a refusal that quotes them back (「「内部エラー」は数値ではありません」,
    Hypothesis tries the string literals of the code under test) is not an internal error."""
    found = []
    if not replies and kind != "chat line":
        found.append("no reply")
    for reply in replies:
        if not reply.text.strip() or len(reply.text) > MAX_TEXT:
            found.append(f"content of {len(reply.text)} characters")
        if INTERNAL in reply.text and INTERNAL not in typed:
            found.append("internal error shown")
        if len(reply.buttons) > 25:
            found.append(f"{len(reply.buttons)} buttons")
        for button in reply.buttons:
            if not 0 < len(button.label) <= 80 or len(button.custom_id) > 100:
                found.append(f"button {button.label!r}/{button.custom_id!r}")
        embed = combatants_embed(reply.data)
        if embed is not None and (len(embed) > 6000 or len(embed.fields) > 25):
            found.append(f"embed of {len(embed)} characters, {len(embed.fields)} fields")
    return found


class FuzzTable:
    """A live table: a Service over ``url`` with a fight in channel ``room``; ``check``
    sends one request and records its time and problems."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.times: dict[str, list[float]] = defaultdict(list)
        self.failures: list[tuple[str, Request, str]] = []
        self.slow: list[tuple[float, str, Request]] = []
        self.buttons: list[str] = []

    async def start(self) -> "FuzzTable":
        self.store = Store(self.url)
        await self.store.migrate()
        self.service = Service(self.store, RandomDice(random.SystemRandom()))
        setup = [("alice", "char new", {"name": "アリス", "str": 12, "con": 13, "pow": 11, "dex": 14, "app": 10,
                                        "siz": 13, "int": 13, "edu": 15}),
                 ("alice", "char set", {"name": "アリス", "key": "こぶし", "value": "70"}),
                 ("bob", "char new", {"name": "ボブ", "str": 15, "con": 12, "pow": 10, "dex": 10, "app": 9,
                                      "siz": 16, "int": 11, "edu": 12}),
                 ("kp", "char new", {"name": "ゾンビ", "str": 16, "con": 16, "pow": 1, "dex": 8, "app": 1,
                                     "siz": 14, "int": 1, "edu": 1}),
                 ("kp", "battle new", {}), ("alice", "battle join", {"character": "アリス"}),
                 ("bob", "battle join", {"character": "ボブ"}),
                 ("kp", "battle add", {"name": "ゾンビ", "character": "ゾンビ"}), ("kp", "battle start", {})]
        for user, command, options in setup:
            await self.service.handle(Request(channel="room", user=user, name=user, command=command,
                                              options=options, guild="fuzz"))
        return self

    def button(self, i: int, junk: str | None) -> str:
        if junk is not None or not self.buttons:
            return junk or ""
        return self.buttons[i % len(self.buttons)]

    async def check(self, kind: str, req: Request) -> None:
        started, collected = time.perf_counter(), COLLECTOR.seconds
        try:
            replies = await self.service.handle(req)
        except Exception as exc:  # noqa: BLE001 - what the fuzz run looks for
            self.failures.append((kind, req, f"uncaught {type(exc).__name__}: {exc}"))
            return
        elapsed = time.perf_counter() - started
        self.times[kind].append(elapsed)
        if elapsed > LIMIT_SECONDS:
            self.slow.append((elapsed, kind, req, COLLECTOR.seconds - collected))
        for problem in problems(kind, replies, " ".join(map(str, req.options.values()))):
            self.failures.append((kind, req, problem))
        shown = [b.custom_id for r in replies for b in r.buttons]
        if shown:
            self.buttons = (shown + self.buttons)[:40]

    async def close(self) -> None:
        await self.store.close()


def run(table: FuzzTable, examples: int, loop: asyncio.AbstractEventLoop, progress: bool = False) -> None:
    """Feed ``examples`` hypothesis-drawn requests to ``table`` (no shrinking database)."""
    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=["generate"])
    @given(requests(table))
    def one(drawn) -> None:
        loop.run_until_complete(table.check(*drawn))
        done = sum(len(v) for v in table.times.values())
        if progress and done % 10_000 == 0:
            print(f"  … {done} requests, {len(table.failures)} problems, {len(table.slow)} over 50 ms", flush=True)
    one()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(examples: int, db: str | None) -> int:
    db = db or sqlite_url(Path(tempfile.mkdtemp(prefix="fuzz-")) / "bot.db")
    loop = asyncio.new_event_loop()
    table = loop.run_until_complete(FuzzTable(db).start())
    started = time.perf_counter()
    run(table, examples, loop, progress=True)
    elapsed = time.perf_counter() - started
    total = sum(len(v) for v in table.times.values()) + len(table.failures)
    print(f"{total} requests in {elapsed:.0f} s on {db.split(':')[0]}")
    for kind, values in sorted(table.times.items()):
        print(f"  {kind:16s} n={len(values):6d}  median {statistics.median(values) * 1000:6.2f} ms  "
              f"p99 {percentile(values, 99) * 1000:6.2f} ms  max {max(values) * 1000:7.2f} ms  "
              f"over 50 ms: {sum(v > LIMIT_SECONDS for v in values)}")
    print(f"uncaught errors / internal errors / over Discord's limits: "
          f"{sum('uncaught' in p for *_x, p in table.failures)} / "
          f"{sum('internal' in p for *_x, p in table.failures)} / "
          f"{sum('uncaught' not in p and 'internal' not in p for *_x, p in table.failures)}")
    for problem, n in Counter(p for *_x, p in table.failures).most_common(10):
        print(f"    {n:5d} × {problem}")
    for kind, req, problem in table.failures[:5]:
        print(f"    e.g. {problem}: {req.user} /{req.command} {req.options!r}")
    print(f"answers over 50 ms: {len(table.slow)}")
    if table.slow:
        collected = [gc_s for *_x, gc_s in table.slow]
        print(f"  of those, over 50 ms without the garbage collector's time in them: "
              f"{sum(e - g > LIMIT_SECONDS for e, *_x, g in table.slow)} (the collector ran "
              f"{sum(1 for g in collected if g > 0)} times in them, up to {max(collected) * 1000:.0f} ms)")
    again = []
    for _elapsed, kind, req, _gc in table.slow:
        if kind in ("dice (/roll)", "chat line"):  # changes no battle: the same request can be timed again
            t0 = time.perf_counter()
            loop.run_until_complete(table.service.handle(req))
            again.append(time.perf_counter() - t0)
    if again:
        print(f"  of those, rolls and chat lines timed a second time: {len(again)}, still over 50 ms: "
              f"{sum(a > LIMIT_SECONDS for a in again)} (the rest were the machine, not the request)")
    for elapsed_s, kind, req, gc_s in sorted(table.slow, key=lambda s: -s[0])[:5]:
        print(f"    {elapsed_s * 1000:7.1f} ms  ({gc_s * 1000:.0f} ms of it collecting)  {kind}: "
              f"/{req.command} {str(req.options)[:80]}")
    loop.run_until_complete(table.close())
    print(f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    ok = not table.failures and not table.slow
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=100_000)
    parser.add_argument("--db", help="async SQLAlchemy URL (default: a new SQLite file)")
    args = parser.parse_args()
    sys.exit(main(args.examples, args.db))
