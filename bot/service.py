"""The table service: a thin router. Transports (Discord, console) turn their input into a
:class:`Request` and send back the :class:`Reply` list; nothing is told before it is committed.

The route table is built from the spec (bot.commands.spec.COMMANDS): each command goes to
the handler of the package that serves it (its ``home``): ``bot.battle`` (the battle desk,
the keeper's desk, chat lines and buttons) or ``bot.sheets`` (dice, sheets, sessions). A
handler reads top to bottom in its package and runs the shared transaction there: a battle
step through :meth:`bot.battle.battles.Battles.transact` (load, decide, commit, render), any
other command once per request id (:meth:`bot.battle.answers.Answers.once`).

Here are only the wiring, the permission check before every handler (bot.battle.access),
and the one error mapper: every failure becomes a private Japanese message.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timezone

from bot.battle.access import EXTRA_ROUTES, Access
from bot.battle.answers import Answers
from bot.battle.battle_desk import BattleDesk
from bot.battle.battles import Battles, RenderFailed
from bot.battle.button_press import ButtonPress
from bot.battle.chat_play import ChatTable
from bot.battle.deadlines import Deadlines
from bot.battle.keeper_desk import KeeperDesk
from bot.battle.places import Places
from bot.battle.sheet_view import SheetView
from bot.commands.request import Request
from bot.commands.spec import COMMANDS
from bot.render.reply import Reply, private
from bot.sheets.carry import SheetCarrier
from bot.sheets.after_roll7 import AfterRoll7
from bot.sheets.characters import CharacterBook
from bot.sheets.checks import SheetChecks
from bot.sheets.checks7 import InvestigatorChecks
from bot.sheets.dice_desk import DiceDesk
from bot.sheets.growth import Growth
from bot.sheets.investigators import InvestigatorBook
from bot.sheets.sanity_desk import SanityDesk
from bot.sheets.session_notes import SessionNotes
from bot.sheets.sessions import SessionDesk
from bot.sheets.sheet_desk import SheetDesk
from bot.sheets.voice import voice_desk
from bot.store import DuplicateRequest, Store
from bot.store.busy import DatabaseBusy
from rules.dice import Dice, DiceError, DiceExhausted
from rules.errors import InvalidInput, RuleViolation

__all__ = ["Request", "Service", "utcnow"]

log = logging.getLogger(__name__)

Handler = Callable[[Request], Awaitable[list[Reply]]]
"""``await handler(request) -> replies``: one command."""

BUSY = "データベースが別のプロセスの書き込みで混み合っています。状態は変更されていません。少し待ってからもう一度お試しください。"
"""The answer when the database stayed locked by another process (bot.store.busy.PATIENCE)."""


def utcnow() -> datetime:
    """The current time as naive UTC (how the database stores times)."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Service:
    """``await service.handle(request) -> list[Reply]``.

    Args:
        store: the repository (migrated).
        dice: the Dice every roll uses (``RandomDice(SystemRandom())`` in production).
        clock: returns the current naive-UTC time (tests pass a controllable one).
        reminder_minutes / autoskip_minutes: default turn timings (``/kp setting``
            overrides them per channel; autoskip 0 = off).
        cache_size: how many folded battles stay in memory (bot.battle.battles.Battles).
        portrait_url: the bot's public address its kept portraits are served under (issue
            31, bot.transports.portraits), or None.
    Raises ValueError at construction when a command of the spec has no handler, or one
    outside the package the spec names.
    """

    def __init__(self, store: Store, dice: Dice, clock: Callable[[], datetime] = utcnow,
                 reminder_minutes: int = 10, autoskip_minutes: int = 0, cache_size: int = 1024,
                 portrait_url: str | None = None) -> None:
        self.store = store
        self.battles = Battles(store, dice, clock, reminder_minutes, autoskip_minutes, cache_size=cache_size)
        self.answers = Answers(self.battles)
        once, lookup = self.answers.once, SheetView(self.battles)
        self.notes = SessionNotes(store, clock)
        self.battles.step_notes = self.notes.step_note
        self.battles.carrier = SheetCarrier(store)
        self.characters = CharacterBook(store)
        self.characters.seventh = InvestigatorBook(store, dice)
        growth = Growth(self.characters, dice, self.battles.latest)
        after7 = AfterRoll7(store, dice, lookup, self.notes, store.keeper.channel_settings, growth.speaker_record)
        checks = SheetChecks(self.characters, dice, clock, growth,
                             InvestigatorChecks(store, dice, store.keeper.channel_settings, after7), notes=self.notes)
        self.sheets = SheetDesk(store, self.characters, growth, checks, lookup, once)
        self.dice_desk = DiceDesk(store, dice, lookup, self.notes, growth, once, self.dispatch, self.answers.claim)
        self.sessions = SessionDesk(store, self.notes, clock, lookup, once, growth.marked_here)
        self.sanity = SanityDesk(store, dice, clock, lookup, self.notes, growth, once, self.dispatch,
                                 self.sessions.keeper_here)
        checks.san, self.dice_desk.sanity, self.sheets.madness = self.sanity.flow, self.sanity, self.sanity.madness
        self.dice_desk.seventh, after7.keeper_here = after7, self.sessions.keeper_here
        self.sheets.flow = self.sanity.flow
        self.battles.round_clock = self.sanity.madness.rounds_passed
        self.chat = ChatTable(self.battles, self.dispatch)
        self.voice = voice_desk(store, self.characters, self.notes, lookup, self.dice_desk, growth, self.dispatch, once,
                                clock, portrait_url)
        self.sessions.spoken = self.voice.for_log
        self.battle_desk = BattleDesk(self.battles, self.characters, self.notes, self.chat, self.sheets,
                                      self.dice_desk, self.voice)
        self.keeper = KeeperDesk(self.battles, self.characters)
        self.buttons = ButtonPress(self.battles, self.chat, self.battle_desk.ending, self.sheets, self.dice_desk)
        self.places = Places(self.battles)
        self.deadlines = Deadlines(self.battles, self.answers)
        self.access = Access(self.battles, self.sessions.keeper_here)
        self.routes: dict[str, Handler] = route_table(
            self.sheets, self.dice_desk, self.sessions, self.sanity, self.battle_desk, self.keeper, self.buttons,
            self.voice)

    async def handle(self, req: Request) -> list[Reply]:
        """Handle one request; never raises for bad input (a private Japanese message
        instead). ``DiceExhausted`` from scripted dice propagates (test harnesses).

        A request id answered already gets the stored replies: from memory when this
        process answered it, else from the database when the write finds its key taken
        (or when the command is refused: the first attempt changed the battle). A chat
        message gets nothing the second time: its first delivery posted the answer (issue 28,
        bot.battle.answers)."""
        known = self.answers.known(req)
        if known is not None:
            return self.answers.again(req, known)
        async with self.battles.serving(req.channel):
            try:
                known = self.answers.known(req)  # a copy of the message handled while this one waited
                if known is not None:
                    return self.answers.again(req, known)
                return await self.answers.first(req, await self._answered(req))
            except DiceExhausted:
                raise
            except DiceError as exc:
                return [private(req.user, f"ダイスを振れませんでした: {exc}")]
            except RenderFailed:
                log.exception("replies of a stored step could not be rendered: %s", req)
                return [private(req.user, "内部エラー: 操作は記録されましたが、結果の表示を作れませんでした。"
                                          "/battle status で状況を確認してください。")]
            except DatabaseBusy:
                log.warning("database stayed locked by another process; %s not handled", req)
                return [private(req.user, BUSY)]
            except Exception:
                log.exception("unexpected error handling %s", req)
                return [private(req.user, "内部エラーが発生しました。状態は変更されていません。もう一度お試しください。")]

    async def _answered(self, req: Request) -> list[Reply]:
        """The replies of ``req``: dispatched, or those of its first delivery when handled
        already (:meth:`Answers.again`), or the refusal of the rules."""
        try:
            return await self._dispatch_on_latest(req)
        except DuplicateRequest:
            return self.answers.again(req, await self.answers.before(req) or [])
        except RuleViolation as exc:
            earlier = await self.answers.before(req)
            return self.answers.again(req, earlier) if earlier is not None else [_refusal(req, exc)]

    async def _dispatch_on_latest(self, req: Request) -> list[Reply]:
        """:meth:`dispatch`; a refusal decided on a kept state that another process has
        since moved on is decided again on the stored one (once)."""
        try:
            return await self.dispatch(req)
        except RuleViolation:
            if not await self.battles.stale(req.channel):
                raise
        return await self.dispatch(req)

    async def dispatch(self, req: Request) -> list[Reply]:
        """Route ``req``: its handler after the permission check, inside a ``handle`` that
        holds the channel's lock (a chat declaration's command comes this way too)."""
        handler = self.routes.get(req.command)
        if handler is None:
            raise InvalidInput(f"/{req.command} はこのボットでは使えないコマンドです。")
        await self.access.check(req)
        return [*await handler(req), *await self.chat.follow(req)]  # a line for several NPCs: the next one's turn


def route_table(*desks) -> dict[str, Handler]:
    """``{path: handler}`` for every command of the spec and the extra routes (chat, button),
    from the desks' ``routes()``. Raises ValueError when a command has no handler, or its
    handler's desk is not in the package the spec names as the command's ``home``."""
    offered: dict[str, tuple[Handler, str]] = {}
    for desk in desks:
        package = type(desk).__module__.split(".")[1]  # bot.<package>.<module>
        offered.update({path: (handler, package) for path, handler in desk.routes().items()})
    homes = {cmd.path: cmd.home for cmd in COMMANDS}
    missing = [path for path in [*homes, *EXTRA_ROUTES] if path not in offered]
    if missing:
        raise ValueError(f"commands without a handler: {missing}")
    astray = [f"{path} (bot.{offered[path][1]}, not bot.{home})" for path, home in homes.items()
              if offered[path][1] != home]
    if astray:
        raise ValueError(f"commands served outside their home package: {astray}")
    return {path: offered[path][0] for path in [*homes, *EXTRA_ROUTES]}


def _refusal(req: Request, exc: RuleViolation) -> Reply:
    text = exc.text()
    if exc.clause and exc.allowable:
        text += "\nKPの裁定で認める場合は、KPが /kp allow を使えます。"
    return private(req.user, text)
