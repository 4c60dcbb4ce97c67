"""A console table in-process over a real SQLite file, for transcript-style tests."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import sqlite_url
from bot.transports.console.app import Console
from bot.service import Service
from bot.store import Store
from rules.dice import ScriptedDice


class Table:
    """Feed console lines; ``say`` returns the JSON messages the line caused."""

    def __init__(self, console: Console, out: io.StringIO, store: Store, dice: ScriptedDice) -> None:
        self.console, self.out, self.store, self.dice = console, out, store, dice

    async def say(self, line: str) -> list[dict]:
        start = len(self.out.getvalue())
        await self.console.feed(line)
        return [json.loads(x) for x in self.out.getvalue()[start:].splitlines() if x.strip()]

    async def play(self, script: str) -> list[dict]:
        """Say each line of ``script``; the messages of the last one."""
        said: list[dict] = []
        for line in script.splitlines():
            said = await self.say(line)
        return said

    async def status(self) -> dict:
        """``{name: combatant}`` from a KP's /battle status."""
        message = (await self.say("kp: /battle status"))[0]
        return {c["name"]: c for c in message["data"]["combatants"]}

    async def event_count(self) -> int:
        battle = await self.store.active_battle("main")
        return battle.version if battle else 0


@pytest.fixture
async def console_table(tmp_path):
    """``table = await console_table([45, 80, …])`` — a console over a fresh database;
    ``files_dir=`` is where it saves attachments (``/battle log``)."""
    stores = []

    async def make(faces=(), files_dir=None):
        store = Store(sqlite_url(tmp_path / "bot.db"))
        await store.migrate()
        stores.append(store)
        out = io.StringIO()
        dice = ScriptedDice(list(faces))
        return Table(Console(Service(store, dice), out, json_mode=True, files_dir=files_dir), out, store, dice)

    yield make
    for store in stores:
        await store.close()


class Played(list):
    """The JSON messages of a console run; ``said(n)`` joins the texts caused by input line n."""

    def said(self, line: int) -> str:
        return "\n".join(m["text"] for m in self if m["line"] == line)


@pytest.fixture
def play(tmp_path):
    """``play(script, rolls)``: run ``python -m bot console --script … --rolls … --json`` as a
    real process on a fresh database; fails the test unless it exits 0."""
    runs = iter(range(1, 1000))

    def run(script: str, rolls: str) -> Played:
        n = next(runs)
        path = tmp_path / f"script{n}.txt"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "bot", "console", "--script", str(path), "--rolls", rolls, "--json",
             "--db", str(tmp_path / f"bot{n}.db")],
            capture_output=True, text=True, encoding="utf-8", timeout=120)
        assert done.returncode == 0, done.stderr
        return Played(json.loads(line) for line in done.stdout.splitlines() if line.strip())

    return run


@pytest.fixture
def acceptance(shared):
    """``acceptance(transcript)``: run a transcript through the shared acceptance runner
    exactly as the held-back scenarios are run; fails the test unless every expectation holds."""
    def run(transcript) -> None:
        done = subprocess.run([sys.executable, str(shared / "acceptance" / "run.py"), "--python", sys.executable,
                               str(transcript)], capture_output=True, text=True, timeout=300,
                              cwd=Path(__file__).resolve().parents[2])
        assert done.returncode == 0, done.stdout + done.stderr
        assert "1 passed, 0 failed" in done.stdout

    return run


@pytest.fixture
def sheets(shared):
    """``sheets(name) -> one-line JSON`` of a saved sample sheet in shared/data/characters."""
    def read(name: str) -> str:
        return json.dumps(json.loads((shared / "data" / "characters" / name).read_text(encoding="utf-8")),
                          ensure_ascii=False)
    return read
