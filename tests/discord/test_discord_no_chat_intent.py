"""Without the Message Content intent (issue 28, "Silent"): the bot starts all the same,
says once in the log and to the KP (``/help``, the set-up check at ``/battle new`` and
``/battle start``) that chat declarations are off until the intent is enabled, and serves
slash commands and buttons. Tried as a new operator would: ``run_bot`` (the CLI's start-up
path) against the fake Discord, first without the intent, then with it enabled."""
from __future__ import annotations

import asyncio
import logging
import os
import signal

import discord
import pytest

import discord_gateway as gateway
from bot.config import Settings, sqlite_url
from bot.transports.discord.client import CHAT_OFF, CocBot
from bot.transports.discord.run import CHAT_OFF_LOG, run_bot
from discord_harness import connected, feed

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def test_without_the_intent_slash_commands_work_and_the_kp_is_told_chat_is_off(make_bot, fake):
    harness = await make_bot([42], chat=False)
    assert harness.bot.intents.message_content is False
    helped = await harness.slash("kp", "help")
    assert [(c.ephemeral, c.content) for c in helped][-1] == (True, CHAT_OFF)
    assert helped[0].content != CHAT_OFF and helped[0].ephemeral
    opened = await harness.slash("kp", "battle new")
    assert [c.content for c in opened][0].startswith("戦闘を開きました")
    assert [(c.ephemeral, c.content) for c in opened][1:] == [(True, CHAT_OFF)]
    rolled = await harness.slash("alice", "roll", command="1D100")
    assert [c.content for c in rolled] == ["Alice\n(1D100) ＞ 42"]
    # Discord sends guild chat without its content to a bot without the intent: nothing to read, no reply
    assert await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "")) == []


async def test_with_the_intent_nobody_is_told_chat_is_off(make_bot, fake):
    harness = await make_bot([42])
    assert harness.bot.intents.message_content is True
    assert all(c.content != CHAT_OFF for c in await harness.slash("kp", "help"))
    assert all(c.content != CHAT_OFF for c in await harness.slash("kp", "battle new"))
    said = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "1D100"))
    assert [c.content for c in said if c.path == CHANNEL_MESSAGES] == ["Alice\n(1D100) ＞ 42"]


@pytest.fixture
def fake_gateway(monkeypatch):
    """``CocBot.connect`` as Discord's gateway answers it: closed with 4014 (discord.py
    closes the client and raises PrivilegedIntentsRequired) when the bot asks for the
    Message Content intent while ``enabled`` is False, else READY and GUILD_CREATE, then the
    events of ``script`` one by one, then a stop."""
    world = {"enabled": False, "script": [], "intents": []}

    async def connect(self, *, reconnect=True):
        world["intents"].append(self.intents.message_content)
        if self.intents.message_content and not world["enabled"]:
            await self.close()
            raise discord.PrivilegedIntentsRequired(0)
        await connected(self)
        for event, data in world["script"]:
            await feed(self, event, data)
        await self.close()

    monkeypatch.setattr(CocBot, "connect", connect)
    return world


def _settings(tmp_path) -> Settings:
    return Settings(_env_file=None, discord_token="test-token", database_url=sqlite_url(tmp_path / "run.db"))


def _run_log(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.transports.discord.run"]


async def test_run_bot_starts_without_the_intent_then_with_it_once_enabled(fake, fake_gateway, tmp_path, caplog):
    fake_gateway["script"] = [("INTERACTION_CREATE", gateway.slash("kp", "help")),
                              ("MESSAGE_CREATE", gateway.message_create("alice", "")),
                              ("INTERACTION_CREATE", gateway.slash("alice", "roll", command="1D6"))]
    with caplog.at_level(logging.WARNING, logger="bot.transports.discord.run"):
        assert await run_bot(_settings(tmp_path)) == 0
    assert _run_log(caplog) == [CHAT_OFF_LOG]  # once
    assert fake_gateway["intents"] == [True, False]
    assert [c.content for c in fake.calls if c.content == CHAT_OFF] == [CHAT_OFF]
    assert any(c.content.startswith("Alice\n(1D6) ＞ ") for c in fake.calls)

    caplog.clear()  # the operator enables the intent in the Developer Portal and starts the bot again
    fake_gateway.update(enabled=True, intents=[], script=[("INTERACTION_CREATE", gateway.slash("kp", "help")),
                                                          ("MESSAGE_CREATE", gateway.message_create("alice", "1D6"))])
    before = len(fake.calls)
    with caplog.at_level(logging.WARNING, logger="bot.transports.discord.run"):
        assert await run_bot(_settings(tmp_path)) == 0
    assert _run_log(caplog) == []
    assert fake_gateway["intents"] == [True]
    after = fake.calls[before:]
    assert all(c.content != CHAT_OFF for c in after)
    assert [c.content.split("\n")[0] for c in after if c.path == CHANNEL_MESSAGES and c.method == "POST"] == ["Alice"]


async def test_a_stop_during_the_refused_start_does_not_start_again(fake, monkeypatch, tmp_path, capsys):
    async def connect(self, *, reconnect=True):
        os.kill(os.getpid(), signal.SIGTERM)  # docker stop while Discord refuses the intent
        await asyncio.sleep(0)
        await self.close()
        raise discord.PrivilegedIntentsRequired(0)

    monkeypatch.setattr(CocBot, "connect", connect)
    assert await run_bot(_settings(tmp_path)) == 1
    assert "MESSAGE CONTENT INTENT" in capsys.readouterr().err
