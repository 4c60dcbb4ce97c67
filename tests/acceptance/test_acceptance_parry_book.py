"""Acceptance transcript 02: the book parry examples P-EX-01..06 played through the console
(``shared/acceptance/02-parry-book.txt`` run by ``shared/acceptance/run.py``)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def shared_dir() -> Path:
    """``shared/`` next to the project (``<root>/../shared``), else ``$SHARED_DIR``."""
    beside = Path(__file__).resolve().parents[2].parent / "shared"
    if (beside / "acceptance" / "run.py").exists():
        return beside
    return Path(os.environ.get("SHARED_DIR", str(beside)))


@pytest.mark.rule("P-EX-01")
@pytest.mark.rule("P-EX-02")
@pytest.mark.rule("P-EX-03")
@pytest.mark.rule("P-EX-04")
@pytest.mark.rule("P-EX-05")
@pytest.mark.rule("P-EX-06")
def test_transcript_02_parry_book_passes():
    shared = shared_dir()
    transcript = shared / "acceptance" / "02-parry-book.txt"
    assert transcript.exists(), f"{transcript} not found (set SHARED_DIR)"
    done = subprocess.run(
        [sys.executable, str(shared / "acceptance" / "run.py"), "--python", sys.executable, str(transcript)],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok   02-parry-book.txt" in done.stdout
