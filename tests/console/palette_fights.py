"""Fights played with chat-palette rolls (issue 21): the palette is the one ``/char export``
writes (its ココフォリア JSON, placeholders filled as ココフォリア fills them), each roll a line
of it as a player clicks it; the same fight with slash commands and the same dice must end
in the same state."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

from bot.config import sqlite_url
from bot.service import Service
from bot.store import Store
from bot.transports.console.app import Console
from rules.dice import ScriptedDice


class Run(list):
    """The console JSON messages of one run; ``said(line)`` the texts a line caused."""

    lines: list[str]
    dice: ScriptedDice

    def said(self, line: str) -> str:
        n = self.lines.index(line) + 1
        return "\n".join(m["text"] for m in self if m["line"] == n)

    def messages(self, line: str) -> list[dict]:
        n = self.lines.index(line) + 1
        return [m for m in self if m["line"] == n]

    def status(self) -> dict:
        """``{name: combatant}`` of the last ``/battle status``."""
        last = next(m for m in reversed(self) if "combatants" in (m.get("data") or {}))
        return {c["name"]: c for c in last["data"]["combatants"]}


async def play(folder: Path, script: list[str], faces: list[int]) -> Run:
    """Run ``script`` (console lines) in-process over a fresh database in ``folder`` with
    the scripted ``faces``; attachments (``/char export``) are saved in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(sqlite_url(folder / "bot.db"))
    await store.migrate()
    out = io.StringIO()
    dice = ScriptedDice(faces)
    console = Console(Service(store, dice), out, json_mode=True, files_dir=folder)
    try:
        for line in script:
            await console.feed(line)
    finally:
        await store.close()
    run = Run(json.loads(x) for x in out.getvalue().splitlines() if x.strip())
    run.lines = [x for x in script if x.strip() and not x.startswith("#")]
    run.dice = dice
    return run


def palette(folder: Path, name: str) -> dict[str, str]:
    """``{skill: line}`` of the chat palette in ``name``'s exported ココフォリア JSON (saved by
    ``/char export`` in ``folder``), ``{SAN}``-style placeholders filled from its status and
    parameters as ココフォリア does: ``{"キック": "CCB<=60 【キック】", …}``."""
    piece = json.loads((folder / f"{name}-ccfolia.json").read_text(encoding="utf-8"))["data"]
    values = {p["label"]: p["value"] for p in piece["params"]}
    values.update({s["label"]: str(s["value"]) for s in piece["status"]})
    found = {}
    for line in piece["commands"].splitlines():
        filled = re.sub(r"\{(\w+)\}", lambda m: values[m[1]], line)
        skill = re.search(r"【(.+)】", filled)[1]
        found[skill] = filled
    return found
