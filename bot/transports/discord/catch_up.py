"""Chat written while the bot was stopped (issue 28, "Lost").

At a stop the bot first stops reading the gateway, finishes the lines it had taken, and
keeps, per channel, where it stopped reading: a *resume mark*, the id of the newest line it
took there (before the oldest one still under way when the grace ran out), for the channels
whose chat it read lately and those with an active battle (the time of the stop there). A
line that reached it after the stop began is not taken: it lies after the mark.

The next start reads each marked channel's history after its mark and answers those lines
in order, as if they had just been written, before the live lines of that channel (which
wait for it). A line older than :data:`CATCH_UP_AGE` is not answered: the channel is told
to write it again (:data:`STALE`). A mark is taken by one process only (two processes on
one token during a deploy) and forgotten once read.

Marks are kept in the store's table of remembered messages under :data:`RESUME_TAG`
(value ``"<guild id>:<message id>"``); each process catches up the channels of its guilds.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone

import discord

from bot.render.reply import public
from bot.transports.discord.delivery import post

log = logging.getLogger(__name__)

RESUME_TAG = "resume"
"""The tag of a channel's resume mark in the store (bot.store.keeper.put_message)."""

RECENT = 1800.0
"""Seconds: a channel whose chat the bot read this recently is marked at a stop."""

CATCH_UP_AGE = timedelta(minutes=15)
"""Lines older than this when the bot is back are not answered (the channel is told)."""

CATCH_UP_LIMIT = 100
"""The most lines read back per channel."""

STALE = ("⏸ ボットの停止中にこのチャンネルに書かれた{count}件は、時間がたったため読んでいません。"
         "宣言やダイスだったなら、もう一度書いてください。")
"""Told in a channel whose lines written during the stop were too old (or too many) to answer."""

UNREAD = ("⏸ ボットの停止中にこのチャンネルに書かれた宣言やダイスは、ボットに「メッセージ履歴を読む」権限がないため"
          "読み直せませんでした。もう一度書いてください。")
"""Told in a channel whose history the bot may not read (403) after a stop."""


class ChatLedger:
    """Where the bot stands in each channel's chat: the newest line taken (its guild, id and
    when), and the lines under way. Only guild channels: a DM has no history to read back."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.newest: dict[int, tuple[int, int, float]] = {}
        self.under_way: dict[int, set[int]] = {}

    def took(self, message: discord.Message) -> None:
        """``message`` is being answered."""
        if message.guild is None:
            return
        channel = message.channel.id
        known = self.newest.get(channel)
        if known is None or message.id > known[1]:
            self.newest[channel] = (message.guild.id, message.id, self.clock())
        self.under_way.setdefault(channel, set()).add(message.id)

    def finished(self, message: discord.Message) -> None:
        """``message`` was answered (or failed, which is logged and not tried again)."""
        lines = self.under_way.get(message.channel.id)
        if lines is not None:
            lines.discard(message.id)
            if not lines:
                del self.under_way[message.channel.id]

    def marks(self) -> dict[int, tuple[int, int]]:
        """``{channel: (guild, after)}``: where the next start reads on, for the channels
        read within :data:`RECENT` seconds or with a line still under way (then just
        before the oldest such line, so that it is answered again)."""
        now, found = self.clock(), {}
        for channel, (guild, newest, at) in self.newest.items():
            open_lines = self.under_way.get(channel)
            if open_lines:
                found[channel] = (guild, min(open_lines) - 1)
            elif now - at <= RECENT:
                found[channel] = (guild, newest)
        return found


async def keep_marks(bot: discord.Client, ledger: ChatLedger, stopped_at: datetime) -> int:
    """Store the resume marks of a stop begun at ``stopped_at``: the ledger's, and for each
    active battle of this process's guilds not among them the time of the stop. Returns
    how many; a failure is logged (nothing is caught up then)."""
    marks = ledger.marks()
    after_stop = discord.utils.time_snowflake(stopped_at)
    try:
        for channel, guild in await bot.store.keeper.active_places():
            if guild.isdigit() and channel.isdigit() and bot.get_guild(int(guild)) is not None:
                marks.setdefault(int(channel), (int(guild), after_stop))
        for channel, (guild, after) in marks.items():
            await bot.store.keeper.put_message(str(channel), RESUME_TAG, f"{guild}:{after}")
    except Exception:  # noqa: BLE001 - the stop goes on; only the catch-up is lost
        log.exception("could not keep where chat was read up to (%d channel(s)); no catch-up after the restart",
                      len(marks))
        return 0
    return len(marks)


class CatchUp:
    """The start-up reading of the lines written while the bot was stopped.
    ``start(answer, is_line)`` (once connected) reads every mark of this process's guilds,
    answering each person's line (``is_line``) with ``answer``; a live line waits for its
    channel (:meth:`settled`) and is answered once (:meth:`first_time`)."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.task: asyncio.Task | None = None
        self.marks_read = asyncio.Event()
        self.channels: dict[int, asyncio.Future] = {}
        self.seen: set[int] | None = set()  # lines answered while catching up (None once done)

    def start(self, answer: Callable[[discord.Message], Awaitable[None]],
              is_line: Callable[[discord.Message], bool]) -> None:
        """Begin catching up (the first call only)."""
        if self.task is None:
            self.task = asyncio.ensure_future(self._run(answer, is_line))

    async def settled(self, channel_id: int) -> None:
        """Wait until the lines written in ``channel_id`` while the bot was stopped are answered."""
        if self.task is None:
            return
        await self.marks_read.wait()
        waiting = self.channels.get(channel_id)
        if waiting is not None:
            await asyncio.shield(waiting)

    def first_time(self, message_id: int) -> bool:
        """Whether ``message_id`` is answered for the first time since the start (a line
        read back may also come live)."""
        if self.seen is None:
            return True
        if message_id in self.seen:
            return False
        self.seen.add(message_id)
        return True

    async def _run(self, answer, is_line) -> None:
        loop = asyncio.get_running_loop()
        try:
            mine = {}
            for channel, value in (await self.bot.store.keeper.tagged(RESUME_TAG)).items():
                guild, _, after = value.partition(":")
                if guild.isdigit() and after.isdigit() and self.bot.get_guild(int(guild)) is not None:
                    mine[int(channel)] = int(after)
            self.channels = {channel: loop.create_future() for channel in mine}
            self.marks_read.set()
            for channel, after in mine.items():
                try:
                    await self._channel(channel, after, answer, is_line)
                except Exception:  # noqa: BLE001 - one channel's history must not stop the others
                    log.exception("could not read back the chat of channel %s", channel)
                finally:
                    self.channels.pop(channel).set_result(None)
        except Exception:  # noqa: BLE001 - the bot serves live chat all the same
            log.exception("could not read the resume marks; chat written during the stop is not answered")
        finally:
            self.marks_read.set()
            self.seen = None
            for waiting in self.channels.values():
                if not waiting.done():
                    waiting.set_result(None)

    async def _channel(self, channel_id: int, after: int, answer, is_line) -> None:
        if not await self.bot.store.keeper.take_message(str(channel_id), RESUME_TAG):
            return  # another process took it
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        try:
            read = [m async for m in channel.history(after=discord.Object(id=after), limit=CATCH_UP_LIMIT,
                                                     oldest_first=True)]
        except discord.Forbidden as exc:  # no Read Message History: say so, where the lines were written
            log.warning("could not read back channel %s (Discord %s %s)", channel_id, exc.status, exc.code)
            await post(self.bot, channel, [public(UNREAD)])
            return
        lines = [m for m in read if is_line(m)]
        oldest = datetime.now(timezone.utc) - CATCH_UP_AGE
        stale = [m for m in lines if m.created_at < oldest]
        for message in lines:
            if message not in stale and self.first_time(message.id):
                await answer(await _with_member(message))
        if lines:
            log.info("read back %d line(s) of channel %s written during the stop (%d too old)",
                     len(lines), channel_id, len(stale))
        if stale or len(read) == CATCH_UP_LIMIT:
            text = STALE.format(count=len(stale)) if stale else ""
            if len(read) == CATCH_UP_LIMIT:
                text += f"\n（停止中の書き込みが多いため、{CATCH_UP_LIMIT}件より後は読んでいません）"
            await post(self.bot, channel, [public(text)])


async def _with_member(message: discord.Message) -> discord.Message:
    """``message`` read from the history, its author as the guild's member (the history
    carries no member: a KP by role must stay one); as it is when the member cannot be had."""
    if message.guild is None or isinstance(message.author, discord.Member):
        return message
    try:
        message.author = await message.guild.fetch_member(message.author.id)
    except discord.HTTPException as exc:
        log.info("member %s of a line read back not found (Discord %s %s)", message.author.id, exc.status, exc.code)
    return message
