"""The bot: an ``AutoShardedBot`` (several processes can share the guilds: each runs the
shard ids its settings give) that opens the store, builds one :class:`~bot.service.Service`
and loads the cogs in ``setup_hook``, and answers interactions through the service."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random

import discord
from discord.ext import commands

from bot.transports.discord import channel_rights, places, requests
from bot.transports.discord.acknowledge import acknowledge
from bot.transports.discord.buttons import BattleButton
from bot.transports.discord.catch_up import CatchUp, ChatLedger, keep_marks
from bot.transports.discord.choices import ChoiceMenu
from bot.transports.discord.delivery import answer_interaction, retire_buttons, tell
from bot.transports.discord.errors import report
from bot.transports.discord.missed import Missed
from bot.transports.discord.extensions import COMMAND_EXTENSIONS, EXTENSIONS
from bot.transports.discord.translator import SpecTranslator
from bot.transports.discord.tree import BotTree
from bot.service import Service
from bot.transports.portraits import serve_portraits
from bot.store import Store
from rules.dice import Dice, RandomDice
from rules.errors import InvalidInput

log = logging.getLogger(__name__)

SHUTDOWN_GRACE = 20.0
"""Seconds :meth:`CocBot.close` waits for commands and chat lines in progress before closing
anyway: below the container's stop timeout (``stop_grace_period: 30s`` in
docker-compose.yml, ``docker run --stop-timeout 30``), which then leaves ten seconds to keep
the resume marks and close the database before a SIGKILL."""

RESTARTING = "ボットを停止（再起動）しているところです。少し待ってからもう一度お試しください。"
"""The answer to a command that arrives while the bot shuts down (nothing was done)."""

RIGHTS_CHECKED = frozenset({"battle new", "battle start"})
"""Commands at which the bot checks its own permissions in the channel (channel_rights)."""

CHAT_OFF = ("⚠ このボットは Discord の「MESSAGE CONTENT INTENT」が無効のため、チャットに書いた宣言やダイス"
            "（「回避」「CCB<=50」など）を読めません。スラッシュコマンド（/attack・/react・/roll など）とボタンは"
            "そのまま使えます。\nチャットで遊ぶには、ボットの管理者が Developer Portal → Bot → Privileged Gateway Intents で"
            " MESSAGE CONTENT INTENT をオンにして、ボットを再起動してください。")
"""What the KP is told, privately, at ``/help`` and the set-up check (:data:`CHAT_TOLD`)
while the bot runs without the Message Content intent (issue 28)."""

CHAT_TOLD = RIGHTS_CHECKED | {"help"}
"""Commands whose user is told :data:`CHAT_OFF` when chat cannot be read."""


def intents(chat: bool = True) -> discord.Intents:
    """Default intents, plus message content (chat declarations and dice) when ``chat``."""
    wanted = discord.Intents.default()
    wanted.message_content = chat
    return wanted



class CocBot(commands.AutoShardedBot):
    """The Discord bot over the database at ``database_url`` (SQLAlchemy async URL).

    ``dice`` defaults to ``RandomDice(random.SystemRandom())``; tests pass scripted dice.
    ``reminder_minutes``/``autoskip_minutes``: idle-turn reminder and auto-skip (0 = off).
    ``shard_ids``/``shard_count``: the shards this process runs (None: all, count from
    Discord). ``chat=False``: without the Message Content intent (not enabled in the
    Developer Portal): slash commands and buttons only, the KP told so (:data:`CHAT_OFF`).
    ``serve=False`` (``python -m bot sync``): only the command cogs are loaded, no
    store is opened and no deadline fires. ``service`` and ``store`` exist after
    ``setup_hook``. Nobody is pinged unless a reply names them (``allowed_mentions`` is none
    by default). ``portrait_url``: the public address the kept portraits are served under,
    by this process on ``portrait_port`` when given (issue 31, bot.transports.portraits).
    """

    def __init__(self, database_url: str, dice: Dice | None = None, *, reminder_minutes: int = 10,
                 autoskip_minutes: int = 0, shard_ids: list[int] | None = None,
                 shard_count: int | None = None, serve: bool = True, chat: bool = True,
                 portrait_url: str | None = None, portrait_port: int | None = None,
                 portrait_host: str = "0.0.0.0") -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # a text bot: no voice warnings
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(chat), tree_cls=BotTree,
                         allowed_mentions=discord.AllowedMentions.none(), help_command=None,
                         shard_ids=shard_ids, shard_count=shard_count)
        self.serve = serve
        self.chat = chat
        self.database_url = database_url
        self.dice = dice if dice is not None else RandomDice(random.SystemRandom())
        self.reminder_minutes = reminder_minutes
        self.autoskip_minutes = autoskip_minutes
        self.store: Store | None = None
        self.service: Service | None = None
        self.missed = Missed()  # messages given up, told to the channel's KP at their next command
        self.closing = False
        self.reading = True  # the gateway is read (False from the start of a stop)
        self.draining = False  # a stop waits for what was taken: a chat line still in flight is taken too
        self.ledger = ChatLedger()  # where chat was read up to, kept at a stop (catch_up)
        self.catch_up = CatchUp(self)  # chat written while the bot was stopped, read back at the start
        self.reopening: dict[int, asyncio.Future] = {}  # threads whose battle is resuming (reopen)
        self.in_progress: set[asyncio.Task] = set()
        self.portraits = (portrait_url, portrait_host, portrait_port)
        self.portrait_server = None

    async def setup_hook(self) -> None:
        """Open and migrate the store, create the service, install the translator and the
        persistent buttons, load :data:`~bot.transports.discord.extensions.EXTENSIONS`; without
        ``serve``, only the translator and the command cogs."""
        await self.tree.set_translator(SpecTranslator())
        if not self.serve:
            for name in COMMAND_EXTENSIONS:
                await self.load_extension(name)
            return
        self.store = Store(self.database_url)
        await self.store.migrate()
        self.service = Service(self.store, self.dice, reminder_minutes=self.reminder_minutes,
                               autoskip_minutes=self.autoskip_minutes, portrait_url=self.portraits[0])
        if self.portraits[2]:
            try:
                self.portrait_server = await serve_portraits(self.service.voice.image, *self.portraits[1:])
            except OSError as exc:  # the bot still runs: the webhooks wear the portraits instead
                log.error("立ち絵の配信を %s:%s で始められませんでした（%s）。PORTRAIT_PORT を確かめてください。",
                          self.portraits[1], self.portraits[2], exc)
        self.add_dynamic_items(BattleButton, ChoiceMenu)
        for name in EXTENSIONS:
            await self.load_extension(name)

    async def on_ready(self) -> None:
        """Say, once connected, who the bot is and what it serves (the first line a new
        operator looks for)."""
        shards = f"シャード {sorted(self.shards)} / 全{self.shard_count}" if self.shard_count else "シャード 0"
        log.info("%s としてログインしました（サーバー %d 個、%s）。Ctrl+C で停止します。",
                 self.user, len(self.guilds), shards)

    async def tell_missed(self, interaction: discord.Interaction) -> None:
        """Show the channel's KP, privately, what the bot gave up posting there (missed)."""
        channel = str(interaction.channel_id)
        if channel not in self.missed or await self.service.battles.keeper_of(channel) != str(interaction.user.id):
            return
        text = self.missed.take(channel)
        if text:
            await interaction.followup.send(text, ephemeral=True)

    @contextlib.contextmanager
    def working(self):
        """Mark the current task as a command in progress (:meth:`close` waits for it)."""
        task = asyncio.current_task()
        self.in_progress.add(task)
        try:
            yield
        finally:
            self.in_progress.discard(task)

    async def close(self) -> None:
        """Shut down gracefully (SIGTERM, SIGINT): stop reading the gateway first, take no
        new command (its user is told :data:`RESTARTING`), let the commands and chat lines
        in progress finish, with the chat lines still in flight (at most
        :data:`SHUTDOWN_GRACE` seconds, so that their users are answered), keep where chat
        was read up to (a line that comes later, or one the grace cut short, is read back
        at the next start: bot.transports.discord.catch_up), then close the connection and
        the store."""
        if not self.closing:
            self.closing = True
            stopped_at = discord.utils.utcnow()
            self.draining = True
            try:
                await self.stop_reading()
                await self.drain()
            finally:
                self.draining = False
            if self.store is not None and self.serve:
                await keep_marks(self, self.ledger, stopped_at)
        await super().close()
        if self.portrait_server is not None:
            await self.portrait_server.cleanup()
            self.portrait_server = None
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def stop_reading(self) -> None:
        """Disconnect every shard from the gateway (the HTTP client stays, to answer what
        was taken): Discord sends this process nothing more."""
        self.reading = False
        for shard in list(self.shards.values()):
            try:
                await shard.disconnect()
            except Exception:  # noqa: BLE001 - closing goes on; discord.py closes it again
                log.warning("could not disconnect shard %s", shard.id, exc_info=True)

    async def drain(self) -> None:
        """Wait for the commands and chat lines in progress, also those that began while
        waiting, for at most :data:`SHUTDOWN_GRACE` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHUTDOWN_GRACE
        told = False
        while busy := [t for t in self.in_progress if t is not asyncio.current_task() and not t.done()]:
            if not told:
                log.info("停止します: 実行中の %d 件の処理を待っています…", len(busy))
                told = True
            left = deadline - loop.time()
            if left <= 0:
                log.warning("%d command(s) still running after %g s; closing anyway", len(busy), SHUTDOWN_GRACE)
                return
            await asyncio.wait(busy, timeout=left)

    async def on_message(self, message: discord.Message) -> None:
        """Prefix commands are not used: chat is handled by the chat-dice cog's listener."""

    async def answer(self, interaction: discord.Interaction, command: str, options: dict) -> None:
        """Run ``command`` (English path, or ``"button"``) with ``options`` through the
        service and send the replies. The interaction is acknowledged first, before any
        other work (see :func:`~bot.transports.discord.acknowledge.acknowledge`); one Discord refuses
        to acknowledge is not run. ``/battle new`` and ``/battle start`` check the bot's own
        permissions in the channel (channel_rights): without View Channel or Send Messages
        they are not run, else the KP is told privately what is missing; without the
        Message Content intent they and ``/help`` also tell :data:`CHAT_OFF`; ``/battle new`` in
        a thread joins it (places.enter_thread). An attached file is then read as the
        ``data`` text. An accepted button click removes the clicked message's buttons; the
        KP then sees what the bot gave up posting in the channel (missed). Errors go to the
        error mapper. While the bot shuts down, nothing is run: the user is told
        :data:`RESTARTING`."""
        if self.closing:
            try:
                await tell(interaction, RESTARTING)
            except discord.HTTPException as exc:
                log.info("could not tell %s the bot is stopping: %s", interaction.id, exc)
            return
        with self.working():
            await self._answer(interaction, command, options)

    async def _answer(self, interaction: discord.Interaction, command: str, options: dict) -> None:
        if not await acknowledge(interaction, command):
            return
        lacking, notes = [], []
        if command in RIGHTS_CHECKED:
            lacking = channel_rights.missing(interaction.app_permissions, isinstance(interaction.channel, discord.Thread))
            if channel_rights.blocks(lacking):
                await tell(interaction, channel_rights.advice(lacking, command))
                return
            if lacking:
                notes.append(channel_rights.advice(lacking, command))
        if command in CHAT_TOLD and not self.chat:
            notes.append(CHAT_OFF)
        if command == "battle new":
            refusal = await places.enter_thread(interaction)
            if refusal:
                await tell(interaction, refusal)
                return
        try:
            try:
                options = await requests.with_attachment_text(options, command)
            except InvalidInput as exc:
                await tell(interaction, str(exc))
                return
            replies = await self.service.handle(requests.from_interaction(interaction, command, options))
            await answer_interaction(interaction, replies)
            for note in notes:
                await interaction.followup.send(note, ephemeral=True)
            await self.tell_missed(interaction)
            if command == "button":
                await retire_buttons(interaction, replies)
        except Exception as exc:
            await report(interaction, exc)
