"""Throughput of the dice language, from command text to result, with the production random
source.

Run: ``.venv/bin/python benchmarks/dice.py [--runs 7] [--seconds 0.3]``. Prints the median
of ``--runs`` timed runs (evaluations per second) for each command. The dice are
``RandomDice(random.SystemRandom())``, exactly what the bot rolls with (the operating
system's randomness is part of the cost); the parse cache is warm, as it is in a running bot.
The reference measured in the same run is the random source alone: ``SystemRandom().randint``
draws per second, and each line gives the command's cost in draws.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.dice import RandomDice, evaluate  # noqa: E402

COMMANDS = ("CCB<=70", "2D6+1D4", "RES(12-10)", "CBR(50,60)",
            "CCB<=70 目星", "x3 CCB<=50 目星", "1D100<=50", "ＣＣＢ＜＝７０")
GOALS = {"CCB<=70": 150_000, "2D6+1D4": 80_000}


def rate(work, seconds: float) -> float:
    """Calls of ``work()`` per second over about ``seconds`` (in batches of 100)."""
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            work()
        n += 100
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def median_rate(work, runs: int, seconds: float) -> float:
    """The median of ``runs`` measurements of :func:`rate`."""
    return statistics.median(rate(work, seconds) for _ in range(runs))


def main(runs: int, seconds: float) -> None:
    """Print the random source's draws per second, then each command's evaluations per
    second (median), its goal when it has one, and its cost in draws."""
    source = random.SystemRandom()
    dice = RandomDice(source)
    draws = median_rate(lambda: source.randint(1, 100), runs, seconds)
    print(f"{'SystemRandom().randint (reference)':<36} {draws:>12,.0f} /s  (median of {runs})")
    for command in COMMANDS:
        evaluate(command, dice)  # warm the parse cache
        per_second = median_rate(lambda: evaluate(command, dice), runs, seconds)
        goal = GOALS.get(command)
        note = f"  goal {goal:,}/s: {'ok' if per_second >= goal else 'MISSED'}" if goal else ""
        print(f"{command:<36} {per_second:>12,.0f} /s  = {draws / per_second:5.1f} draws{note}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="timed runs per command (the median is shown)")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one run")
    args = parser.parse_args()
    main(args.runs, args.seconds)
