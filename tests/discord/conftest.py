"""Fixtures of the Discord-layer tests: a captured Discord and bots over one SQLite file."""
from __future__ import annotations

import pytest

from bot.config import sqlite_url
from rules.dice import ScriptedDice
from discord_harness import FakeDiscord, Harness


@pytest.fixture
def fake(monkeypatch) -> FakeDiscord:
    """Discord's HTTP API, captured (interaction responses and followups included)."""
    discord_api = FakeDiscord()
    discord_api.install(monkeypatch)
    return discord_api


@pytest.fixture
def database_url(tmp_path) -> str:
    """A fresh SQLite file shared by every bot instance of the test (restarts)."""
    return sqlite_url(tmp_path / "bot.db")


@pytest.fixture
async def make_bot(fake, database_url):
    """``await make_bot(faces, roles)``: a started bot over the test database whose dice yield
    ``faces``, in a guild whose members hold ``roles`` (``{"bob": ("キーパー",)}``), with CocBot's
    keyword ``bot_options`` (``autoskip_minutes=1``); every bot made is stopped at the end of the test."""
    started: list[Harness] = []

    async def make(faces=(), roles: dict | None = None, **bot_options) -> Harness:
        harness = await Harness(database_url, fake, ScriptedDice(list(faces)), roles, **bot_options).start()
        started.append(harness)
        return harness

    yield make
    for harness in started:
        await harness.stop()
