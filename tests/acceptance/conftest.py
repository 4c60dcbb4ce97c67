"""Running the shared acceptance transcripts (``../shared/acceptance``) through the console,
exactly as ``run.py`` does it for a developer."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def transcript(shared: Path):
    """``transcript("01-first-fight.txt")`` runs it and returns run.py's output; the test
    fails with that output unless every expectation holds."""

    def run(name: str) -> str:
        runner = shared / "acceptance" / "run.py"
        assert runner.exists(), f"acceptance runner not found at {runner} (set SHARED_DIR)"
        proc = subprocess.run([sys.executable, str(runner), "--python", sys.executable,
                               str(runner.parent / name)], capture_output=True, text=True, timeout=300,
                              cwd=Path(__file__).resolve().parents[2])
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "1 passed, 0 failed" in proc.stdout
        return proc.stdout

    return run
