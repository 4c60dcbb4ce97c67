"""Every script in ``benchmarks/`` runs once at a tiny size and finishes, so that no benchmark
rots unseen (``benchmarks/chat.py`` stopped on an ``AssertionError`` for a week before
anybody ran it). Nothing here is timed: a run may print MISSED or FAILED for a speed goal
and exit 1 at this size or on a loaded machine; it must not stop on an exception, and it must
print what it measured.

A new benchmark script needs its tiny arguments in ``TINY``: the test fails until it has them.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"

TINY: dict[str, list[str]] = {
    "chat.py": ["--rounds", "3"],
    "chat_costs.py": [],
    "chat_tables.py": [],
    "dice.py": ["--runs", "1", "--seconds", "0.01"],
    "discord_load.py": ["--interactions", "4", "--channels", "2", "--spread", "0.05", "--delay", "0",
                        "--cpu-ms", "0", "--latency", "0"],
    "fuzz.py": ["--examples", "20"],
    "kill9.py": ["--trials", "1", "--channels", "2"],
    "many_battles.py": ["--battles", "3", "--rounds", "1", "--rate", "200"],
    "path.py": ["--repeat", "2", "--top", "5"],
    "service.py": ["--commands", "5", "--long", "20", "--stored", "10"],
    "session.py": ["--rolls", "5", "--channels", "2", "--burst", "2", "--warm-up", "5"],
    "startup.py": ["--battles", "5", "--runs", "1"],
    "two_processes.py": ["--seconds", "1", "--channels", "2"],
}
"""Arguments that make each script's run take seconds, not minutes."""
DRIVEN = {"worker.py": "kill9.py"}
"""Scripts that are not run on their own but by another benchmark (the bot process that
kill9.py and two_processes.py start and kill)."""


def scripts() -> set[str]:
    """The benchmark scripts: files of benchmarks/ that run as ``__main__``."""
    return {p.name for p in BENCHMARKS.glob("*.py") if 'if __name__ == "__main__":' in p.read_text()}


def test_every_benchmark_script_has_tiny_arguments():
    assert scripts() == set(TINY) | set(DRIVEN)


@pytest.mark.parametrize("name", sorted(TINY))
def test_benchmark_finishes_at_a_tiny_size(name):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(BENCHMARKS / name), *TINY[name]], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=240)
    assert "Traceback" not in out.stderr, out.stderr[-3000:]
    assert out.returncode in (0, 1), (out.returncode, out.stderr[-3000:])
    assert out.stdout.strip(), out.stderr[-3000:]
