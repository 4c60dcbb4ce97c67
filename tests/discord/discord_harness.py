"""A real :class:`~bot.transports.discord.client.CocBot` over a SQLite file talking to a fake Discord
behind aiohttp: no request leaves the process, discord.py's own HTTP client (rate limits,
retries, error classes) handles every answer, every request is recorded as a :class:`Call`,
and Discord's answers are plausible JSON, or the errors a test asks for. Events go in
through discord.py's own gateway parsers, READY and GUILD_CREATE (members, roles, the
channel) first."""
from __future__ import annotations

import asyncio
import json
import math
import re
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import aiohttp
import discord

from bot.transports.discord.client import CocBot
import discord_gateway as gateway
from discord_webhooks import FakeWebhooks

EPHEMERAL = 64
"""The ephemeral bit of message flags."""

DISCORD_TASKS = ("CommandTree", "discord-ui", "discord.py:")
"""Name prefixes of the tasks discord.py starts for an event."""


@dataclass
class Call:
    """One captured HTTP request: ``method``, ``path`` (ids filled in, no query), JSON
    ``payload``, attached ``files`` (name → bytes) and the fake Discord's ``status`` and
    ``response``, and when it was made (``at``, the fake's ``clock``: ``time.monotonic()``
    unless a test turns a virtual one). ``deferred_ephemeral``: for an edit of a deferred response, whether the
    deferral was ephemeral (an edit carries no flags of its own); ``params``: its query
    (a webhook's ``wait``, ``thread_id``)."""

    method: str
    path: str
    payload: dict | list | None
    files: dict[str, bytes] = field(default_factory=dict)
    status: int = 200
    response: object = None
    deferred_ephemeral: bool | None = None
    at: float = field(default_factory=time.monotonic)
    params: dict = field(default_factory=dict)

    @property
    def message(self) -> dict:
        """The message part: ``payload["data"]`` of an interaction callback, else the payload."""
        payload = self.payload or {}
        if not isinstance(payload, dict):
            return {}
        return (payload.get("data") or {}) if self.path.endswith("/callback") else payload

    @property
    def content(self) -> str:
        """The message text ('' for calls without one)."""
        return self.message.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        """Whether the message is ephemeral: its flag 64, or the deferral it edits."""
        if self.deferred_ephemeral is not None:
            return self.deferred_ephemeral
        return bool((self.message.get("flags") or 0) & EPHEMERAL)

    @property
    def is_ack(self) -> bool:
        """An acknowledgement without content: a deferral (type 5) or a deferred update (6)."""
        return self.path.endswith("/callback") and (self.payload or {}).get("type") in (DEFERRED, DEFERRED_UPDATE)

    @property
    def custom_ids(self) -> list[str]:
        """The custom ids of the message's buttons, row by row."""
        return [c["custom_id"] for row in self.message.get("components") or () for c in row["components"]]

    @property
    def labels(self) -> list[str]:
        """The labels of the message's buttons, row by row (a select menu has none)."""
        return [c["label"] for row in self.message.get("components") or () for c in row["components"] if "label" in c]

    @property
    def menus(self) -> list[list[tuple[str, str]]]:
        """The ``(label, value)`` options of each select menu of the message, row by row."""
        return [[(o["label"], o["value"]) for o in c["options"]]
                for row in self.message.get("components") or () for c in row["components"] if c["type"] == SELECT]


MESSAGES = {10062: "Unknown interaction", 50013: "Missing Permissions", 50035: "Invalid Form Body",
            50007: "Cannot send messages to this user", 10003: "Unknown Channel", 0: "Server Error",
            50001: "Missing Access", 160002: "Cannot reply without permission to read message history",
            50083: "Thread is archived", 40060: "Interaction has already been acknowledged.",
            10008: "Unknown Message", 10015: "Unknown Webhook", 30007: "Maximum number of webhooks reached (15)"}
"""Discord's error messages by code."""

RESET = -1
"""A :class:`Failure` status meaning the connection was reset (no HTTP answer at all)."""

TIMEOUT = -2
"""A :class:`Failure` status meaning Discord never answered: aiohttp's read timeout."""

BOT_PERMISSIONS = 2248473465835073
"""What the bot may do in the test channel (``app_permissions`` of every interaction):
View Channel, Send Messages (and in Threads), Embed Links, Attach Files, Read Message
History and the rest of a normal member's rights."""

CHANNEL_PERMISSIONS = ("view_channel", "send_messages", "send_messages_in_threads", "embed_links",
                       "attach_files", "read_message_history")
"""The channel permissions a battle needs, as discord.Permissions attribute names: the
harness can take each away (``FakeDiscord.deny``)."""

SELECT = 3
"""The component type of a string select menu."""

DEFERRED, DEFERRED_UPDATE, AUTOCOMPLETE = 5, 6, 8
"""Interaction callback types without a message of their own."""


@dataclass
class Failure:
    """An answer Discord gives instead of success: to calls whose ``"METHOD /path"`` matches
    the regular expression ``route``, ``times`` times, with ``status`` and error ``code``
    (429: ``retry_after`` seconds, with the ``Via`` header Discord's own 429s carry)."""

    route: str
    status: int
    code: int = 0
    retry_after: float = 0.0
    times: int = 1

    def body(self) -> dict:
        """Discord's JSON error body (Invalid Form Body with ``message_reference`` errors for
        50035, as Discord refuses a reply to a message it will not reference)."""
        if self.code == 50035:
            return {"message": "Invalid Form Body", "code": 50035, "errors": {"message_reference": {
                "_errors": [{"code": "REPLIES_UNKNOWN_MESSAGE", "message": "Unknown message"}]}}}
        if self.status == 429:
            return {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": False}
        return {"message": MESSAGES.get(self.code, f"{self.status} error"), "code": self.code}


class FakeResponse:
    """What an aiohttp session yields: ``status``, ``reason``, ``headers``, ``text()``,
    ``read()``, as an async context manager."""

    REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
               404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
               503: "Service Unavailable"}

    def __init__(self, status: int, body, headers: dict | None = None, raw: bytes | None = None,
                 latency: float = 0.0) -> None:
        self.status = status
        self.latency = latency
        self.reason = self.REASONS.get(status, "Error")
        self.headers = {**({"content-type": "application/json"} if body is not None else {}), **(headers or {})}
        self._text = json.dumps(body) if body is not None else ""
        self._raw = raw

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def read(self) -> bytes:
        return self._raw if self._raw is not None else self._text.encode()

    async def __aenter__(self) -> "FakeResponse":
        if self.latency:
            await asyncio.sleep(self.latency)  # the round trip to Discord
        return self

    async def __aexit__(self, *exc) -> None:
        return None


def _form(data) -> tuple[dict | list | None, dict[str, bytes]]:
    """``(payload, files)`` of a request body: a JSON string or aiohttp ``FormData``."""
    if data is None:
        return None, {}
    if isinstance(data, (str, bytes)):
        return json.loads(data), {}
    payload, files = None, {}
    for options, _headers, value in data._fields:
        if options.get("name") == "payload_json":
            payload = json.loads(value)
        elif "filename" in options:
            files[options["filename"]] = value.read() if hasattr(value, "read") else value
    return payload, files


@dataclass
class FakeDiscord:
    """Discord's HTTP API behind aiohttp. ``fail`` makes it say no; ``cdn`` holds attachment
    bytes by URL; ``deferred`` remembers, by interaction token, whether it was deferred
    ephemeral; ``latency`` (seconds) delays every answer like a network round trip;
    ``webhooks``: the channels' webhooks (discord_webhooks, issue 31); ``clock`` (seconds)
    counts the rate limits, ``wall`` (Unix time) the expiry of signed attachment URLs: tests
    may replace either by a virtual one. ``registered`` holds the commands synced, by scope
    (``"global"`` or a guild id); ``history`` the messages people wrote, by channel
    (:meth:`said`, read back by ``channel.history``)."""

    calls: list[Call] = field(default_factory=list)
    dm_channel: str = field(default_factory=gateway.snowflake)
    token_valid: bool = True
    reachable: bool = True
    dms_closed: bool = False
    failures: list[Failure] = field(default_factory=list)
    cdn: dict[str, bytes] = field(default_factory=dict)
    deferred: dict[str, bool] = field(default_factory=dict)
    latency: float = 0.0
    denied: set[str] = field(default_factory=set)
    acknowledged: set[str] = field(default_factory=set)
    threads: set[str] = field(default_factory=set)
    channel_limit: tuple[int, float] | None = None
    windows: dict[str, tuple[float, int]] = field(default_factory=dict)
    clock: object = time.monotonic
    wall: object = time.time
    webhooks: FakeWebhooks = field(default_factory=FakeWebhooks)
    registered: dict[str, list] = field(default_factory=dict)
    history: dict[str, list[dict]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.webhooks.clock = lambda: self.clock()

    def limited(self, path: str) -> tuple[Failure | None, dict]:
        """Discord's per-channel bucket for new messages (``channel_limit`` = (messages,
        seconds), about 5 per 5 s on Discord): the rate-limit headers of a POST to
        ``/channels/<id>/messages`` (what discord.py paces itself by), or a 429 with
        ``retry_after`` when the window is used up."""
        if self.channel_limit is None or not re.fullmatch(r"/channels/\d+/messages", path):
            return None, {}
        limit, window = self.channel_limit
        now = self.clock()
        start, used = self.windows.get(path, (now, 0))
        if now >= start + window:
            start, used = now, 0
        reset_after = math.ceil((start + window - now) * 1000) / 1000  # Discord rounds up to the millisecond
        headers = {"X-Ratelimit-Bucket": "channel-messages", "X-Ratelimit-Limit": str(limit),
                   "X-Ratelimit-Reset-After": f"{reset_after:.3f}", "X-Ratelimit-Reset": f"{time.time() + reset_after:.3f}"}
        if used >= limit:
            return Failure(path, 429, retry_after=round(reset_after, 3)), {**headers, "X-Ratelimit-Remaining": "0"}
        self.windows[path] = (start, used + 1)
        return None, {**headers, "X-Ratelimit-Remaining": str(limit - used - 1)}

    def deny(self, *permissions: str) -> None:
        """Take ``permissions`` (:data:`CHANNEL_PERMISSIONS` names) from the bot in the test
        channel and its threads: interactions carry them in ``app_permissions`` no more, and
        the REST API refuses as Discord does (:meth:`refusal`)."""
        self.denied.update(permissions)

    def app_permissions(self) -> str:
        """The bot's permissions in the channel as an interaction carries them."""
        granted = discord.Permissions(BOT_PERMISSIONS)
        for name in self.denied:
            setattr(granted, name, False)
        return str(granted.value)

    def refusal(self, method: str, path: str, payload, files: dict) -> Failure | None:
        """How Discord refuses ``method path`` for the denied permissions: any route of the
        channel without View Channel is 403 50001; a new message without Send Messages (Send
        Messages in Threads in a thread), or with a file without Attach Files, is 403 50013;
        a reply without Read Message History is 403 160002. Without Embed Links Discord
        accepts the message and drops its embeds (see :meth:`answer`). Interaction responses
        and followups are not channel messages: they always go through."""
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "channels" or parts[2] == self.dm_channel:
            return None
        if "view_channel" in self.denied:
            return Failure(path, 403, 50001)
        if method == "POST" and path.endswith("/messages"):
            send = "send_messages_in_threads" if parts[2] in self.threads else "send_messages"
            if send in self.denied or (files and "attach_files" in self.denied):
                return Failure(path, 403, 50013)
            if isinstance(payload, dict) and payload.get("message_reference") and "read_message_history" in self.denied:
                return Failure(path, 403, 160002)
        return None

    def fail(self, route: str, status: int, code: int = 0, retry_after: float = 0.0, times: int = 1) -> Failure:
        """Answer the next ``times`` calls matching ``route`` with an error (see :class:`Failure`)."""
        failure = Failure(route, status, code, retry_after, times)
        self.failures.append(failure)
        return failure

    def answer(self, call: Call) -> object:
        """The JSON Discord would answer ``call`` with (a message, a user, a DM channel,
        the registered commands, an interaction callback response)."""
        hooked = self.webhooks.answer(call.method, call.path, call.payload, call.params)
        if hooked is not NotImplemented:
            return hooked
        if call.path.endswith("/callback"):
            kind = (call.payload or {}).get("type", 4)
            if kind == DEFERRED:
                self.deferred[call.path.split("/")[3]] = call.ephemeral
            message = self.sent_message(call)
            resource = {"type": kind} if kind in (DEFERRED_UPDATE, AUTOCOMPLETE) else {"type": kind, "message": message}
            return {"interaction": {"id": call.path.split("/")[2], "type": 2,
                                    "response_message_id": message["id"], "response_message_loading": kind == DEFERRED,
                                    "response_message_ephemeral": call.ephemeral},
                    "resource": resource}
        if call.path == "/users/@me":
            return gateway.bot_user()
        if call.path == "/oauth2/applications/@me":
            return gateway.application()
        if call.path.endswith("/commands") and call.method in ("PUT", "GET"):
            scope = call.path.split("/")[4] if "/guilds/" in call.path else "global"
            if call.method == "PUT":
                self.registered[scope] = [gateway.registered(command) for command in call.payload or ()]
            return self.registered.get(scope, [])
        if call.method == "GET" and re.fullmatch(r"/guilds/\d+/members/\d+", call.path):  # fetch_member
            user_id = call.path.split("/")[4]
            name = next((n for n, i in gateway.USERS.items() if i == user_id), "alice")
            return gateway.member(name)
        if call.method == "GET" and call.path == "/users/@me/guilds":
            return [gateway.partial_guild()]
        if call.method == "GET" and call.path.startswith("/users/"):
            user_id = call.path.split("/")[2]
            name = next((n for n, i in gateway.USERS.items() if i == user_id), "someone")
            return gateway.user(name)
        if call.method == "GET" and re.fullmatch(r"/channels/\d+/messages", call.path):  # channel.history
            return self.read_back(call.path.split("/")[2], call.params)
        if call.method == "GET" and re.fullmatch(r"/channels/\d+", call.path):  # fetch_channel
            channel_id = call.path.split("/")[2]
            return gateway.thread(channel_id) if channel_id in self.threads else gateway.channel()
        if call.path == "/users/@me/channels":
            recipient = (call.payload or {}).get("recipient_id")
            name = next((n for n, i in gateway.USERS.items() if i == str(recipient)), "alice")
            return {"id": self.dm_channel, "type": 1, "recipients": [gateway.user(name)], "last_message_id": None}
        if call.method in ("POST", "PATCH"):
            message = self.sent_message(call)
            if "embed_links" not in self.denied:
                message["embeds"] = call.message.get("embeds") or []
            return message
        return None

    def said(self, data: dict) -> dict:
        """Keep a MESSAGE_CREATE's message in its channel's history (what a person wrote,
        whether or not a bot was there to read it); returns ``data``."""
        self.history.setdefault(data["channel_id"], []).append(data)
        return data

    def read_back(self, channel: str, params: dict) -> list[dict]:
        """``GET /channels/<id>/messages?after=…&limit=…`` as Discord answers it: the
        ``limit`` messages right after ``after``, newest first, without the ``member`` a
        gateway event carries."""
        after, limit = int(params.get("after") or 0), int(params.get("limit") or 50)
        found = sorted((m for m in self.history.get(channel, []) if int(m["id"]) > after), key=lambda m: int(m["id"]))
        return [{k: v for k, v in m.items() if k != "member"} for m in reversed(found[:limit])]

    def sent_message(self, call: Call) -> dict:
        """The message object created by ``call`` (a new id, the sent content and components)."""
        message = call.message
        channel = call.path.split("/")[2] if call.path.startswith("/channels/") else gateway.CHANNEL_ID
        return gateway.message(message.get("content") or "", message.get("components"),
                               message.get("flags") or 0, channel_id=channel)

    def install(self, monkeypatch) -> None:
        """Put this fake behind every aiohttp session for the rest of the test: discord.py's
        REST client, its webhook adapter (interaction responses and followups) and its CDN
        downloads talk to it."""
        fake = self

        def request(session, method, url, **kwargs):
            return fake.respond(method, str(url), kwargs.get("data"), kwargs.get("params"))

        def get(session, url, **kwargs):
            raw = fake.cdn.get(str(url))
            if raw is not None and fake.expired(str(url)):
                raw = None  # a signed attachment URL past its expiry: Discord's CDN answers 404
            return FakeResponse(200 if raw is not None else 404, None, raw=raw or b"")

        monkeypatch.setattr(aiohttp.ClientSession, "request", request)
        monkeypatch.setattr(aiohttp.ClientSession, "get", get)

    def expired(self, url: str) -> bool:
        """Whether ``url`` is a signed attachment URL whose ``ex`` (hex Unix time) is past."""
        match = re.search(r"[?&]ex=([0-9a-f]+)", url)
        return match is not None and int(match.group(1), 16) <= self.wall()

    def respond(self, method: str, url: str, data, params: dict | None = None) -> FakeResponse:
        """Record the request and give Discord's answer (an injected failure first)."""
        if not self.reachable:
            raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")
        path = urlsplit(url).path.removeprefix("/api/v10")
        payload, files = _form(data)
        call = Call(method, path, payload, files, params={k: str(v) for k, v in (params or {}).items()}, at=self.clock())
        if path.endswith("/messages/@original"):
            call.deferred_ephemeral = self.deferred.get(path.split("/")[3])
        self.calls.append(call)
        failure = next((f for f in self.failures if f.times > 0 and re.search(f.route, f"{method} {path}")), None)
        if failure is None:
            failure = self.refusal(method, path, payload, files)
        if failure is None and (refused := self.webhooks.refusal(method, path, call.params, self.denied)) is not None:
            failure = Failure(path, refused.status, refused.code, refused.retry_after)
        limit_headers = {}
        if failure is None and method == "POST":
            failure, limit_headers = self.limited(path)
        if failure is None and path.endswith("/callback"):
            interaction = path.split("/")[2]
            if interaction in self.acknowledged:  # another process answered it first
                failure = Failure(path, 400, 40060)
            self.acknowledged.add(interaction)
        if failure is None and path == "/users/@me" and not self.token_valid:
            failure = Failure(path, 401)
        if failure is None and self.dms_closed and path == f"/channels/{self.dm_channel}/messages":
            failure = Failure(path, 403, 50007)
        if failure is not None:
            failure.times -= 1
            if failure.status == RESET:
                call.status = RESET
                raise aiohttp.ClientOSError(104, "Connection reset by peer")
            if failure.status == TIMEOUT:
                call.status = TIMEOUT
                raise aiohttp.ServerTimeoutError("Timeout on reading data from socket")
            call.status, call.response = failure.status, failure.body()
            headers = {"Via": "1.1 google", "Retry-After": str(failure.retry_after)} if failure.status == 429 else {}
            return FakeResponse(failure.status, call.response, {**headers, **limit_headers}, latency=self.latency)
        call.response = self.answer(call)
        call.status = 200 if call.response is not None else 204
        return FakeResponse(call.status, call.response, limit_headers, latency=self.latency)

    def attach(self, name: str, raw: bytes, size: int | None = None, content_type: str = "application/json",
               lifetime: float | None = None) -> dict:
        """An attachment object (as an interaction's resolved data carries it) whose bytes
        the fake CDN serves; ``size`` overrides the announced size; with ``lifetime``
        (seconds) its URL is signed as Discord's are (``?ex=…&is=…&hm=…``) and expires then
        (on ``wall``)."""
        attachment_id = gateway.snowflake()
        url = f"https://cdn.discordapp.com/attachments/{gateway.CHANNEL_ID}/{attachment_id}/{name}"
        if lifetime is not None:
            now = int(self.wall())
            url += f"?ex={now + int(lifetime):x}&is={now:x}&hm={'0' * 64}&"
        self.cdn[url] = raw
        return {"id": attachment_id, "filename": name, "size": len(raw) if size is None else size,
                "url": url, "proxy_url": url, "content_type": content_type}


class Harness:
    """One bot instance over ``database_url`` talking to ``fake``.

    ``await harness.start()`` logs in over the fake HTTP (running ``setup_hook``) and feeds
    READY and GUILD_CREATE (the test guild with its members, roles and channel) as the
    gateway sends them on connecting; ``await harness.dispatch(event, data)`` parses a
    gateway event and waits for every task discord.py started for it, returning the calls a
    user would see (acknowledgements and the deletion of a deferral left out; every call is
    in ``fake.calls``).
    """

    def __init__(self, database_url: str, fake: FakeDiscord, dice, roles: dict | None = None, **bot_options) -> None:
        self.bot = CocBot(database_url, dice, **bot_options)
        self.fake = fake
        self.roles = roles or {}

    async def start(self) -> "Harness":
        """Log in, then connect: READY, then GUILD_CREATE, then wait for ``on_ready``."""
        await self.bot.__aenter__()
        await self.bot.login("test-token")
        await connected(self.bot, self.roles)
        return self

    async def take(self, *permissions: str) -> None:
        """Take ``manage_webhooks`` / ``manage_messages`` (the bot's role's) from the bot: the
        gateway says so (GUILD_ROLE_UPDATE) and the REST API refuses as Discord does."""
        self.fake.deny(*permissions)
        kept = discord.Permissions(gateway.BOT_ROLE_PERMISSIONS)
        for name in permissions:
            setattr(kept, name, False)
        await self.dispatch("GUILD_ROLE_UPDATE", gateway.role_update(gateway.bot_role(kept.value)))

    async def stop(self) -> None:
        """Close the bot (extensions unloaded, store closed)."""
        await self.bot.__aexit__(None, None, None)

    async def dispatch(self, event: str, data: dict) -> list[Call]:
        """Feed ``data`` as gateway event ``event`` (``INTERACTION_CREATE``,
        ``MESSAGE_CREATE``); return the visible HTTP calls it caused."""
        return [c for c in await self.dispatch_all(event, data) if not c.is_ack and not _deletes_deferral(c)]

    async def dispatch_all(self, event: str, data: dict) -> list[Call]:
        """:meth:`dispatch`, returning every HTTP call (acknowledgements included)."""
        before = len(self.fake.calls)
        if event == "INTERACTION_CREATE" and self.fake.denied:
            data["app_permissions"] = self.fake.app_permissions()
        await feed(self.bot, event, data)
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

    async def two_zombies(self) -> list[Call]:
        """アリス (DEX 14, こぶし 50, 回避 28) against ゾンビ1 (DEX 8) and ゾンビ2 (DEX 7) under
        the house rules, round 1 started (アリスの手番); returns the calls of ``/battle start``."""
        await self.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14,
                         app=10, siz=13, int=13, edu=15)
        for name, dex in (("ゾンビ", 8), ("ゾンビ改", 7)):
            await self.slash("kp", "char new", name=name, str=16, con=16, pow=1, dex=dex, app=1, siz=14, int=1, edu=1)
        await self.slash("kp", "battle new")
        await self.slash("alice", "battle join", character="アリス")
        await self.slash("kp", "battle add", name="ゾンビ1", character="ゾンビ")
        await self.slash("kp", "battle add", name="ゾンビ2", character="ゾンビ改")
        return await self.slash("kp", "battle start")


async def feed(bot: discord.Client, event: str, data: dict) -> None:
    """Parse ``data`` as gateway event ``event`` with ``bot``'s own parsers and wait for every
    task discord.py started for it."""
    existing = asyncio.all_tasks()
    bot._connection.parsers[event](data)
    for _ in range(20):
        pending = [t for t in asyncio.all_tasks() - existing
                   if not t.done() and t.get_name().startswith(DISCORD_TASKS)]
        if not pending:
            break
        await asyncio.wait(pending, timeout=10)


async def connected(bot: discord.Client, roles: dict | None = None) -> None:
    """What the gateway sends on connecting, through ``bot``'s parsers: READY, then
    GUILD_CREATE (members holding ``roles``); returns once ``on_ready`` ran and the chat
    written while the bot was stopped was read back (bot.transports.discord.catch_up)."""
    state = bot._connection
    state.shard_count, state.shard_ids = 1, [0]
    state.guild_ready_timeout = 0.01
    state.parsers["READY"](gateway.ready())
    state.parsers["GUILD_CREATE"](gateway.guild_create(roles))
    await asyncio.wait_for(bot.wait_until_ready(), 5)
    for _ in range(100):
        catching_up = getattr(getattr(bot, "catch_up", None), "task", None)
        if catching_up is not None or not getattr(bot, "serve", False):
            break
        await asyncio.sleep(0.01)  # on_ready's listeners run as tasks of their own
    if catching_up is not None:
        await asyncio.wait_for(asyncio.shield(catching_up), 10)


def _deletes_deferral(call: Call) -> bool:
    return call.method == "DELETE" and call.path.endswith("/messages/@original")
