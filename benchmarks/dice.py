"""Throughput of the dice language, from command text to result.

Run: ``.venv/bin/python benchmarks/dice.py``. Prints evaluations per second for each
command. The dice are a precomputed cycle of faces so that the random source is not
what is measured; the parse cache is warm, as it is in a running bot.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.dice import evaluate  # noqa: E402

COMMANDS = ("CCB<=70", "2D6+1D4", "RES(12-10)", "CBR(50,60)",
            "CCB<=70 目星", "x3 CCB<=50 目星", "1D100<=50", "ＣＣＢ＜＝７０")
GOALS = {"CCB<=70": 150_000, "2D6+1D4": 80_000}


class CycleDice:
    """Cheap dice: faces from a fixed cycle, folded into 1..sides."""

    __slots__ = ("faces", "i")

    def __init__(self) -> None:
        self.faces = [37, 91, 4, 66, 12, 100, 58, 3, 77, 25, 49, 96, 1, 83, 19, 70]
        self.i = 0

    def roll(self, sides: int) -> int:
        self.i = (self.i + 1) & 15
        return (self.faces[self.i] - 1) % sides + 1


def measure(command: str, seconds: float = 1.0) -> float:
    """Evaluations per second of ``command`` (best of three runs)."""
    dice = CycleDice()
    best = 0.0
    for _ in range(3):
        n = 0
        start = time.perf_counter()
        deadline = start + seconds / 3
        while True:
            for _ in range(1000):
                evaluate(command, dice)
            n += 1000
            now = time.perf_counter()
            if now >= deadline:
                break
        best = max(best, n / (now - start))
    return best


def main() -> None:
    """Print evaluations per second for each command ("CCB<=70 目星" has a comment,
    which bypasses the per-face memo of CC/CCB results)."""
    for command in COMMANDS:
        rate = measure(command)
        goal = GOALS.get(command)
        note = f"  (goal {goal:,}/s: {'ok' if rate >= goal else 'MISSED'})" if goal else ""
        print(f"{command:<20} {rate:>12,.0f} /s{note}")


if __name__ == "__main__":
    main()
