"""A real :class:`~bot.discord.client.CocBot` over a SQLite file with its HTTP layer
captured: no request leaves the process, every one is recorded as a :class:`Call`, and
Discord's answers are plausible JSON. Events go in through discord.py's own parsers."""
from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from dataclasses import dataclass, field

import aiohttp
import discord
import discord.http
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.client import CocBot
import discord_gateway as gateway

EPHEMERAL = 64
"""The ephemeral bit of message flags."""

DISCORD_TASKS = ("CommandTree", "discord-ui", "discord.py:")
"""Name prefixes of the tasks discord.py starts for an event."""


@dataclass
class Call:
    """One captured HTTP request: ``method``, ``path`` (ids filled in), JSON ``payload`` and
    the fake Discord's ``response``."""

    method: str
    path: str
    payload: dict | None
    response: object = None

    @property
    def message(self) -> dict:
        """The message part: ``payload["data"]`` of an interaction callback, else the payload."""
        payload = self.payload or {}
        return payload.get("data", payload) if self.path.endswith("/callback") else payload

    @property
    def content(self) -> str:
        """The message text ('' for calls without one)."""
        return self.message.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        """Whether the message has the ephemeral flag (64)."""
        return bool((self.message.get("flags") or 0) & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        """The custom ids of the message's buttons, row by row."""
        return [c["custom_id"] for row in self.message.get("components") or () for c in row["components"]]

    @property
    def labels(self) -> list[str]:
        """The labels of the message's buttons, row by row."""
        return [c["label"] for row in self.message.get("components") or () for c in row["components"]]


def _payload(payload, multipart, form) -> dict | None:
    if payload is not None:
        return payload
    for part in multipart or form or ():
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


@dataclass
class FakeDiscord:
    """Records calls and answers them like Discord would."""

    calls: list[Call] = field(default_factory=list)
    dm_channel: str = field(default_factory=gateway.snowflake)
    token_valid: bool = True
    reachable: bool = True
    dms_closed: bool = False

    def answer(self, call: Call) -> object:
        """The JSON Discord would answer ``call`` with (a message, a user, a DM channel,
        the registered commands, an interaction callback response)."""
        if call.path.endswith("/callback"):
            message = self.sent_message(call)
            return {"interaction": {"id": call.path.split("/")[2], "type": 2,
                                    "response_message_id": message["id"], "response_message_loading": False,
                                    "response_message_ephemeral": call.ephemeral},
                    "resource": {"type": (call.payload or {}).get("type", 4), "message": message}}
        if not self.reachable:
            raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")
        if call.path == "/users/@me":
            if not self.token_valid:
                raise discord.HTTPException(SimpleNamespace(status=401, reason="Unauthorized"),
                                            {"message": "401: Unauthorized", "code": 0})
            return gateway.bot_user()
        if call.path == "/oauth2/applications/@me":
            return gateway.application()
        if call.method == "PUT" and call.path.endswith("/commands"):
            return [gateway.registered(command) for command in call.payload or ()]
        if call.method == "GET" and call.path.startswith("/users/"):
            user_id = call.path.split("/")[2]
            name = next((n for n, i in gateway.USERS.items() if i == user_id), "someone")
            return gateway.user(name)
        if call.path == "/users/@me/channels":
            recipient = (call.payload or {}).get("recipient_id")
            name = next((n for n, i in gateway.USERS.items() if i == str(recipient)), "alice")
            return {"id": self.dm_channel, "type": 1, "recipients": [gateway.user(name)], "last_message_id": None}
        if self.dms_closed and call.path == f"/channels/{self.dm_channel}/messages":
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"message": "Cannot send messages to this user", "code": 50007})
        if call.method in ("POST", "PATCH"):
            return self.sent_message(call)
        return None

    def sent_message(self, call: Call) -> dict:
        """The message object created by ``call`` (a new id, the sent content and components)."""
        message = call.message
        channel = call.path.split("/")[2] if call.path.startswith("/channels/") else gateway.CHANNEL_ID
        return gateway.message(message.get("content") or "", message.get("components"),
                               message.get("flags") or 0, channel_id=channel)

    def install(self, monkeypatch) -> None:
        """Replace discord.py's HTTP client and webhook adapter (interaction responses and
        followups) by this recorder for the rest of the test."""

        async def http_request(http, route, *, files=None, form=None, **kwargs):
            return self._record(route, _payload(kwargs.get("json"), None, form))

        async def webhook_request(adapter, route, session=None, *, payload=None, multipart=None, **kwargs):
            return self._record(route, _payload(payload, multipart, None))

        monkeypatch.setattr(discord.http.HTTPClient, "request", http_request)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)

    def _record(self, route, payload: dict | None) -> object:
        call = Call(route.method, route.url.removeprefix(route.BASE), payload)
        self.calls.append(call)
        call.response = self.answer(call)
        return call.response


class Harness:
    """One bot instance over ``database_url`` talking to ``fake``.

    ``await harness.start()`` logs in over the captured HTTP (running ``setup_hook``); ``await
    harness.dispatch(event, data)`` parses a gateway event and waits for every task
    discord.py started for it; ``harness.calls_since(n)`` are the HTTP calls it caused.
    """

    def __init__(self, database_url: str, fake: FakeDiscord, dice) -> None:
        self.bot = CocBot(database_url, dice)
        self.fake = fake

    async def start(self) -> "Harness":
        """Log in (over the captured HTTP), which runs ``setup_hook``."""
        await self.bot.__aenter__()
        await self.bot.login("test-token")
        return self

    async def stop(self) -> None:
        """Close the bot (extensions unloaded, store closed)."""
        await self.bot.__aexit__(None, None, None)

    async def dispatch(self, event: str, data: dict) -> list[Call]:
        """Feed ``data`` as gateway event ``event`` (``INTERACTION_CREATE``,
        ``MESSAGE_CREATE``); return the HTTP calls it caused."""
        before = len(self.fake.calls)
        existing = asyncio.all_tasks()
        self.bot._connection.parsers[event](data)
        for _ in range(20):
            pending = [t for t in asyncio.all_tasks() - existing
                       if not t.done() and t.get_name().startswith(DISCORD_TASKS)]
            if not pending:
                break
            await asyncio.wait(pending, timeout=10)
        return self.fake.calls[before:]

    async def slash(self, who: str, path: str, **values) -> list[Call]:
        """``/path`` typed by ``who``."""
        return await self.dispatch("INTERACTION_CREATE", gateway.slash(who, path, **values))

    async def first_round(self, hidden: bool = True, knife: bool = False) -> list[Call]:
        """Alice (アリス, DEX 14) against the KP's zombie (ゾンビ, DEX 8, hidden by default,
        with a knife if ``knife``), round 1 started; returns the calls of ``/battle start``."""
        await self.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14,
                         app=10, siz=13, int=13, edu=15)
        await self.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8,
                         app=1, siz=14, int=1, edu=1)
        if knife:
            await self.slash("kp", "char weapon", name="ゾンビ", weapon="ナイフ", skill="40", damage="1D4")
        await self.slash("kp", "battle new")
        await self.slash("alice", "battle join", character="アリス")
        await self.slash("kp", "battle add", name="ゾンビ", character="ゾンビ", hidden=hidden)
        return await self.slash("kp", "battle start")
