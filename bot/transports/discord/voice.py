"""Posting lines spoken as characters (issue 31): the player's message is re-posted through the
channel's webhook (bot.transports.discord.webhooks) under the character's name and portrait,
the original removed, and what the bot did for the line posted under it.

- One queue per parent channel keeps the order of the lines and Discord's limits: at most
  :data:`PER_WEBHOOK` posts per webhook (5 per 2 s) and :data:`PER_CHANNEL` per channel (the
  unwritten 30 per minute), each with a small margin, so a busy table gets no 429. One line
  is one post, never more (what does not fit the post is the bot's reply under it).
- Mentions in a post ping only whom the player's own message pinged (Discord already checked
  the player may: ``message.mentions``, ``role_mentions``, ``mention_everyone``).
- A reply to a message is rebuilt as a quote (a webhook cannot reply).
- Without Manage Webhooks or Manage Messages, or when the channel holds its 15 webhooks, the
  line stays as the player wrote it and the bot replies under it with what it did; the
  channel is told which permission is missing once (the KP, for the webhooks' limit). A
  line with a file or a sticker stays the player's too (nothing they posted is lost).
"""
from __future__ import annotations

import asyncio
import collections
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable

import discord

from bot.render import voice as render
from bot.render.reply import Reply, public
from bot.transports.discord.delivery import post
from bot.transports.discord.webhooks import (MANAGE_MESSAGES, MANAGE_WEBHOOKS, NO_CHANNEL, TOO_MANY, UNKNOWN_WEBHOOK,
                                             Refused, Webhooks, lacking, parent_of)

log = logging.getLogger(__name__)

PER_WEBHOOK = (5, 2.0)
"""Discord's limit on a webhook's posts: 5 per 2 seconds."""
PER_CHANNEL = (30, 60.0)
"""Discord's unwritten limit on webhook posts in one channel: about 30 per minute."""
MARGIN = (0.25, 1.0)
"""Seconds added to each window (a round trip may reach Discord later than it left)."""

ATTACHED = "attached"
"""Why a line stays the player's: it carries a file or a sticker (re-posting would lose it)."""

NOTICES = {
    MANAGE_WEBHOOKS: "⚠ キャラクターとしての投稿（なりきり発言）ができません: ボットに「ウェブフックの管理」権限がありません。",
    MANAGE_MESSAGES: "⚠ キャラクターとしての投稿（なりきり発言）ができません: ボットに「メッセージの管理」権限がありません"
                     "（元の発言を消すのに必要です）。",
    TOO_MANY: "⚠ KPへ: このチャンネルのウェブフックが上限（15個）に達しているため、なりきり発言用のウェブフックを作れません。"
              "チャンネルの編集 →「連携サービス」→「ウェブフック」で使っていないものを削除してください。",
}
"""What the channel is told, once, when lines cannot be posted as characters."""
GRANT = ("サーバー設定 → ロール（またはチャンネルの編集 → 権限）で、ボットのロールに許可してください。")
MEANWHILE = "それまでは発言はそのまま残し、ダイスの結果などはボットが返信で表示します。"


@dataclasses.dataclass
class Waiting:
    """A line waiting in its channel's queue: the player's ``message``, its ``voice``, the
    bot's other replies, and ``done`` (set once it was posted or given up)."""

    message: discord.Message
    voice: render.Voice
    rest: list[Reply]
    parent: discord.abc.GuildChannel
    thread: discord.Thread | None
    done: asyncio.Future


class Pace:
    """When the next post of a channel may leave (:data:`PER_WEBHOOK`, :data:`PER_CHANNEL`),
    on ``clock`` (seconds), waiting with ``sleep``."""

    def __init__(self, clock: Callable[[], float], sleep: Callable[[float], Awaitable[None]]) -> None:
        self.clock, self.sleep = clock, sleep
        self._sent: dict[int, collections.deque] = {}

    async def turn(self, channel: int) -> None:
        """Wait until a post in ``channel`` keeps within both limits, and count it."""
        sent = self._sent.setdefault(channel, collections.deque(maxlen=PER_CHANNEL[0]))
        while True:
            now = self.clock()
            wait = 0.0
            for (count, window), margin in zip((PER_WEBHOOK, PER_CHANNEL), MARGIN):
                if len(sent) >= count:
                    wait = max(wait, sent[-count] + window + margin - now)
            if wait <= 0:
                break
            await self.sleep(wait)
        sent.append(self.clock())


class VoicePoster:
    """Posts the lines spoken as characters for ``bot`` (its service's voice desk keeps the
    posts); ``clock`` and ``sleep`` pace them (tests pass a virtual clock)."""

    def __init__(self, bot: discord.Client, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.bot = bot
        self.webhooks = Webhooks(bot)
        self.pace = Pace(clock, sleep)
        self._queues: dict[int, collections.deque[Waiting]] = {}
        self._workers: dict[int, asyncio.Task] = {}
        self._told: set[tuple[int, str]] = set()

    async def deliver(self, message: discord.Message, replies: list[Reply]) -> None:
        """Post the spoken line among ``replies`` (the first with a voice) for ``message``
        in its channel's queue, then the other replies under it; returns once done."""
        spoken = next(r for r in replies if r.voice)
        voice = render.Voice.from_dict(spoken.voice)
        author = str(message.author.id)
        rest = [dataclasses.replace(r, to=r.to or author) if r.ephemeral else r for r in replies if r is not spoken]
        parent, thread = parent_of(message.channel)
        if thread is not None and parent is None:  # a thread whose parent is not cached
            parent = await self._parent(thread)
        missing = lacking(message.channel) if parent is not None else [NO_CHANNEL]
        if message.attachments or message.stickers:
            missing = [ATTACHED]  # a file or sticker must not be lost: the player's message stays
        if missing:
            await self.fall_back(message, voice, rest, missing[0])
            return
        waiting = Waiting(message, voice, rest, parent, thread, asyncio.get_running_loop().create_future())
        self._queues.setdefault(parent.id, collections.deque()).append(waiting)
        worker = self._workers.get(parent.id)
        if worker is None or worker.done():
            self._workers[parent.id] = asyncio.create_task(self._drain(parent.id), name=f"voice-queue-{parent.id}")
        await asyncio.shield(waiting.done)

    async def _parent(self, thread: discord.Thread):
        """The parent channel of ``thread`` (fetched), or None when Discord will not say."""
        try:
            return await self.bot.fetch_channel(thread.parent_id)
        except discord.HTTPException as exc:
            log.info("parent %s of thread %s not reachable: %s", thread.parent_id, thread.id, exc)
            return None

    async def _drain(self, parent_id: int) -> None:
        """Post the queued lines of one channel in order."""
        queue = self._queues[parent_id]
        while queue:
            waiting = queue.popleft()
            try:
                await self._post(waiting)
            except Exception:  # noqa: BLE001 - one line must not stop the channel's queue
                log.exception("line %s could not be posted as %s", waiting.message.id, waiting.voice.character)
            finally:
                if not waiting.done.done():
                    waiting.done.set_result(None)

    async def _post(self, waiting: Waiting) -> None:
        message, voice = waiting.message, waiting.voice
        try:
            sent, hook = await self._send(waiting)
        except Refused as exc:
            await self.fall_back(message, voice, waiting.rest, exc.reason)
            return
        except discord.HTTPException as exc:
            log.warning("webhook post for message %s refused (Discord %s %s)", message.id, exc.status, exc.code)
            await self.fall_back(message, voice, waiting.rest, "")
            return
        try:
            await message.delete()
        except discord.Forbidden:
            await self._retract(hook, sent, waiting.thread)
            await self.fall_back(message, voice, waiting.rest, MANAGE_MESSAGES)
            return
        except discord.NotFound:
            pass  # the player removed it first: the post stands for it
        self._told = {told for told in self._told if told[0] != message.channel.id}  # works now: a loss is told again
        await self.bot.service.voice.posted(str(message.channel.id), str(message.id), str(sent.id), voice)
        await post(self.bot, message.channel, waiting.rest, reply_to=sent)

    async def _send(self, waiting: Waiting) -> tuple[discord.WebhookMessage, discord.Webhook]:
        """Post the line through the parent's webhook, made again once when Discord no
        longer knows it (10015). Raises Refused or discord.HTTPException."""
        for attempt in (1, 2):
            hook = await self.webhooks.of(waiting.parent)
            await self.pace.turn(waiting.parent.id)
            try:
                if not waiting.voice.avatar_url:
                    await self.webhooks.wear(hook, waiting.voice.image, self.bot.service.voice.image)
                return await hook.send(**self.payload(waiting)), hook
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_WEBHOOK or attempt == 2:
                    raise
                log.info("webhook of channel %s is gone (10015): making it again", waiting.parent.id)
                self.webhooks.forget(waiting.parent.id)
        raise AssertionError("unreachable")

    @staticmethod
    def payload(waiting: Waiting) -> dict:
        """discord.py's ``Webhook.send`` arguments of a line: its text (a reply's quote
        first, when it fits), the character's name and portrait, its thread, and the
        mentions the player's message made."""
        message, voice = waiting.message, waiting.voice
        content = voice.content()
        replied = message.reference.resolved if message.reference is not None else None
        if isinstance(replied, discord.Message):
            quote = render.quoted(discord.utils.escape_markdown(replied.author.display_name), replied.content,
                                  replied.jump_url)
            content = render.with_quote(quote, content) if len(quote) + 1 + len(content) <= 2000 else content
        mentions = discord.AllowedMentions(everyone=message.mention_everyone, users=list(message.mentions),
                                           roles=list(message.role_mentions), replied_user=False)
        kwargs = {"content": content, "username": voice.name, "allowed_mentions": mentions, "wait": True}
        if voice.avatar_url:
            kwargs["avatar_url"] = voice.avatar_url
        if waiting.thread is not None:
            kwargs["thread"] = waiting.thread
        return kwargs

    async def _retract(self, hook: discord.Webhook, sent: discord.WebhookMessage, thread) -> None:
        """Take back a post whose original line could not be removed (no duplicate stays)."""
        try:
            await hook.delete_message(sent.id, thread=thread or discord.utils.MISSING)
        except discord.HTTPException as exc:
            log.warning("could not take back webhook message %s: %s", sent.id, exc)

    async def fall_back(self, message: discord.Message, voice: render.Voice, rest: list[Reply], reason: str) -> None:
        """Leave the player's line as it is and reply under it with what the bot did (the
        notes of the post, the other replies); tell the channel ``reason`` once."""
        replies = []
        if reason in NOTICES and (message.channel.id, reason) not in self._told:
            self._told.add((message.channel.id, reason))
            replies.append(await self._notice(message, reason))
        text = render.fallback_text(voice)
        replies += ([public(text)] if text else []) + rest
        if replies:
            await post(self.bot, message.channel, replies, reply_to=message)

    async def _notice(self, message: discord.Message, reason: str) -> Reply:
        """The channel's notice of ``reason``; the KP is pinged for the webhooks' limit."""
        text = NOTICES[reason] + ("" if reason == TOO_MANY else GRANT) + MEANWHILE
        if reason != TOO_MANY:
            return public(text)
        keeper = await self.bot.service.sessions.keeper_here(str(message.channel.id))
        return public(f"<@{keeper}> {text}", mentions=(keeper,)) if keeper and keeper.isdigit() else public(text)
