"""Discord's webhooks as the fake Discord serves them (issue 31), as discord.py calls them:
``GET``/``POST /channels/<id>/webhooks`` (list, create), ``POST /webhooks/<id>/<token>``
(execute: ``username``, ``avatar_url``, ``?wait=1&thread_id=``), ``PATCH``/``DELETE
/webhooks/<id>/<token>/messages/<id>`` (edit, delete a post), ``PATCH /webhooks/<id>``
(its avatar), and ``DELETE /channels/<id>/messages/<id>`` (a player's message removed).

And Discord's refusals: a webhook deleted by an admin (10015 Unknown Webhook), a channel
holding its 15 webhooks (30007), no Manage Webhooks or Manage Messages (50013), and its
limits on posts, each counted on ``clock`` over a sliding window (stricter than Discord's
fixed ones): :data:`PER_WEBHOOK` per webhook, :data:`PER_CHANNEL` per channel, a 429 with
``retry_after`` beyond them.
"""
from __future__ import annotations

import collections
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import discord_gateway as gateway

PER_WEBHOOK = (5, 2.0)
PER_CHANNEL = (30, 60.0)
MAX_WEBHOOKS = 15
"""Discord's most webhooks in one channel."""

EXECUTE = re.compile(r"/webhooks/(?P<id>\d+)/(?P<token>[^/]+)")
POST_MESSAGE = re.compile(r"/webhooks/(?P<id>\d+)/(?P<token>[^/]+)/messages/(?P<message>\d+)")
MODIFY = re.compile(r"/webhooks/(?P<id>\d+)")
CHANNEL_HOOKS = re.compile(r"/channels/(?P<channel>\d+)/webhooks")
A_MESSAGE = re.compile(r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)")


@dataclass
class Refusal:
    """How Discord says no: ``status``, ``code``, ``retry_after`` (a 429's seconds)."""

    status: int
    code: int = 0
    retry_after: float = 0.0


@dataclass
class FakeWebhooks:
    """The webhooks of the fake Discord: ``hooks`` by id (webhook objects), ``foreign``: how
    many webhooks of other apps each channel holds, ``avatars``: each ``PATCH /webhooks/<id>``
    avatar (a data URI, or None) in order, ``posts``: every webhook message made, by id."""

    clock: Callable[[], float] = time.monotonic
    hooks: dict[str, dict] = field(default_factory=dict)
    foreign: dict[str, int] = field(default_factory=dict)
    avatars: list[tuple[str, str | None]] = field(default_factory=list)
    posts: dict[str, dict] = field(default_factory=dict)
    limits: bool = True
    _times: dict[str, collections.deque] = field(default_factory=dict)
    _ids: int = 0

    def drop(self, webhook_id: str) -> None:
        """An admin deletes the webhook ``webhook_id`` (Discord answers 10015 from now on)."""
        self.hooks.pop(webhook_id, None)

    def of(self, channel: str) -> list[dict]:
        """The webhooks of ``channel`` (the bot's)."""
        return [h for h in self.hooks.values() if h["channel_id"] == channel]

    def refusal(self, method: str, path: str, params: dict, denied: set[str]) -> Refusal | None:
        """How Discord refuses this call, or None."""
        if (match := CHANNEL_HOOKS.fullmatch(path)) is not None:
            if "manage_webhooks" in denied:
                return Refusal(403, 50013)
            if method == "POST" and len(self.of(match["channel"])) + self.foreign.get(match["channel"], 0) >= MAX_WEBHOOKS:
                return Refusal(400, 30007)
            return None
        if (match := A_MESSAGE.fullmatch(path)) is not None and method == "DELETE":
            return Refusal(403, 50013) if "manage_messages" in denied else None
        found = POST_MESSAGE.fullmatch(path) or EXECUTE.fullmatch(path)
        if found is not None and found["id"] != gateway.APP_ID:  # the application's are interactions
            hook = self.hooks.get(found["id"])
            if hook is None or hook["token"] != found["token"]:
                return Refusal(404, 10015)
            if method == "POST" and self.limits:
                return self._limited(hook)
        return None

    def _limited(self, hook: dict) -> Refusal | None:
        """A 429 when this post would pass :data:`PER_WEBHOOK` or :data:`PER_CHANNEL` (the post
        is counted otherwise)."""
        now = self.clock()
        waits = []
        keys = ((f"hook:{hook['id']}", PER_WEBHOOK), (f"channel:{hook['channel_id']}", PER_CHANNEL))
        for key, (count, window) in keys:
            times = self._times.setdefault(key, collections.deque())
            while times and times[0] <= now - window:
                times.popleft()
            if len(times) >= count:
                waits.append(times[0] + window - now)
        if waits:
            return Refusal(429, 0, round(max(waits), 3))
        for key, _limit in keys:
            self._times[key].append(now)
        return None

    def answer(self, method: str, path: str, payload, params: dict):
        """The JSON of a webhook route, or ``NotImplemented`` for any other route (an
        interaction's followups go through the application's own webhook)."""
        if path.startswith(f"/webhooks/{gateway.APP_ID}/"):
            return NotImplemented
        if (match := CHANNEL_HOOKS.fullmatch(path)) is not None:
            if method == "GET":
                return self.of(match["channel"])
            self._ids += 1
            hook = gateway.webhook(gateway.snowflake(), f"token-{self._ids}", match["channel"],
                                   (payload or {}).get("name") or "webhook")
            self.hooks[hook["id"]] = hook
            return hook
        if A_MESSAGE.fullmatch(path) is not None and method == "DELETE":
            return None
        if (match := POST_MESSAGE.fullmatch(path)) is not None:
            if method == "DELETE":
                self.posts.pop(match["message"], None)
                return None
            post = self.posts.get(match["message"]) or gateway.webhook_post(match["id"], "?", "", message_id=match["message"])
            post = {**post, "content": (payload or {}).get("content", post["content"])}
            self.posts[match["message"]] = post
            return post
        if (match := EXECUTE.fullmatch(path)) is not None and method == "POST":
            hook = self.hooks[match["id"]]
            channel = str(params.get("thread_id") or hook["channel_id"])
            post = gateway.webhook_post(hook["id"], (payload or {}).get("username") or hook["name"],
                                        (payload or {}).get("content") or "", channel_id=channel)
            self.posts[post["id"]] = post
            return post
        if (match := MODIFY.fullmatch(path)) is not None and method == "PATCH":
            hook = self.hooks[match["id"]]
            avatar = (payload or {}).get("avatar")
            self.avatars.append((hook["id"], avatar))
            hook["avatar"] = f"a{len(self.avatars)}" if avatar else None
            return hook
        return NotImplemented
