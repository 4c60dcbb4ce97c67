"""The table service: the one place that combines permission checks, the store, the rules
and the renderers. Transports (Discord, console) turn their input into a :class:`Request`
and send back the :class:`Reply` list; nothing is told before it is committed.

Every command of the spec (bot.commands.spec.COMMANDS), plus ``chat`` and ``button``, has
one entry in the route table (:meth:`Service.routes`). A command reads top to bottom:
decode (its options), check (the permission table, then the rules), decide, commit, render.
Decided battle commands go through :meth:`bot.battle.battles.Battles.decided`; the keeper's desk
(bot.battle.keeper_desk), the character book (bot.sheets.characters) and the session desk
(bot.sheets.sessions) own their commands. In a channel with an open session, every roll,
check and battle step is kept in it (bot.sheets.session_notes) before it is shown.
"""
from __future__ import annotations

import asyncio
import copy
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone

from bot.commands import options as opt
from bot.commands import permissions
from bot.battle.ending import BattleEnd, is_end_key
from bot.battle.battles import Battles, RenderFailed, board, unit_owners
from bot.sheets.carry import SheetCarrier
from bot.sheets.characters import CharacterBook
from bot.sheets.growth import Growth
from bot.battle.chat_play import CHOICE as CHAT_CHOICE, ChatTable, chat_on
from bot.battle.chat_help import help_replies
from bot.commands.builders import BUILDERS
from bot.commands.spec import COMMANDS
from bot.battle.declaration_buttons import declaration_command
from bot.battle.palette_play import kept_die
from bot.battle.draft import Loaded, RecordingDice
from bot.battle.keeper_desk import KeeperDesk
from bot.battle.places import Places
from bot.battle.pending import PENDING_CHOICE, PENDING_KEY, pending
from bot.render import battle as render
from bot.render import buttons
from bot.render import window
from bot.render.map_text import map_reply
from bot.render.reply import Button, Reply, clip, posted_in, private, public
from bot.commands.request import Request, request_label
from bot.sheets.investigators import InvestigatorBook
from bot.sheets.edition import (BATTLE_EDITION, SYSTEM_WORDS, Edition, battle_edition_note,
                                channel_edition, percent_note, sheet_edition)
from bot.sheets.rolls import published_reply, roll_replies
from bot.sheets.checks import SheetChecks, is_san
from bot.sheets.session_notes import SessionNotes
from bot.render.session_log import BattleSteps
from bot.sheets.sessions import SessionDesk
from bot.sheets.checks7 import InvestigatorChecks
from bot.store import BattleExists, BattleRecord, Deadline, DuplicateRequest, Store
from bot.store.busy import DatabaseBusy
from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.battle.events import UnitJoined, to_record
from rules.battle.protocol import GameSystem
from rules.battle.state import BattleState
from rules.chat import sanity_loss, sanity_loss_named
from rules.chat.normalize import fold
from rules.battle.steps import StepStarted, command_record
from rules.coc6.character import Character
from rules.dice import Dice, DiceError, DiceExhausted
from rules.dice.editions import is_dice, own_edition
from rules.errors import InvalidInput, RuleViolation
from rules.systems import DEFAULT_SYSTEM, SYSTEMS, get_system

__all__ = ["Request", "Service", "utcnow"]

log = logging.getLogger(__name__)

Handler = Callable[[Request], Awaitable[list[Reply]]]
"""``await handler(request) -> replies``: one command."""

BUSY = "データベースが別のプロセスの書き込みで混み合っています。状態は変更されていません。少し待ってからもう一度お試しください。"
"""The answer when the database stayed locked by another process (bot.store.busy.PATIENCE)."""

DEADLINE_LEASE = timedelta(minutes=2)
"""How long a fired deadline is held by the process delivering it before another may fire
it again (that process died before its messages went out)."""

EXTRA_ROUTES = ("chat", "button")
"""Requests that are not commands of the spec: a plain message and a button press."""


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
    Raises ValueError at construction when a command of the spec has no handler.
    """

    def __init__(self, store: Store, dice: Dice, clock: Callable[[], datetime] = utcnow,
                 reminder_minutes: int = 10, autoskip_minutes: int = 0, cache_size: int = 1024) -> None:
        self.store = store
        self.battles = Battles(store, dice, clock, reminder_minutes, autoskip_minutes, cache_size=cache_size)
        self.characters = CharacterBook(store)
        self.notes = SessionNotes(store, clock)
        self.battles.step_notes = self.notes.step_note
        self.characters.seventh = InvestigatorBook(store, dice)
        self.battles.carrier = SheetCarrier(store)
        self.growth = Growth(self.characters, dice)
        self.sheet_checks = SheetChecks(self.characters, dice, clock, self.growth,
                                        InvestigatorChecks(store, dice, clock, store.keeper.channel_settings),
                                        notes=self.notes)
        self.sessions = SessionDesk(store, self.notes, clock, self.battles.is_kp, self._battle_steps,
                                    self._keeper_of_battles, self.growth.marked_here)
        self.keeper = KeeperDesk(self.battles)
        self.ending = BattleEnd(self.battles)
        self.places = Places(self.battles)
        self.chat = ChatTable(self.battles, self.dispatch)
        self.routes: dict[str, Handler] = self._route_table()

    @property
    def dice(self) -> Dice:
        """The dice every roll uses."""
        return self.battles.dice

    @property
    def clock(self) -> Callable[[], datetime]:
        """The clock (naive UTC) deadlines are measured by."""
        return self.battles.clock

    @property
    def deadline_listeners(self) -> list[Callable[[], None]]:
        """Called after a command scheduled a deadline (the reminder loop wakes up)."""
        return self.battles.deadline_listeners

    # --- the route table -----------------------------------------------------------------

    def _route_table(self) -> dict[str, Handler]:
        own: dict[str, Handler] = {
            "roll": self._roll, "chat": self._chat, "button": self._button,
            "battle new": self._open, "battle status": self._status, "battle map": self._map,
            "char new": self._char_new,
            "char set": self._char_edit(self.characters.set, "次の戦闘から使えます。この戦闘の値はKPが /kp set で変えられます"),
            "char weapon": self._char_edit(self.characters.weapon, "次の戦闘から使えます",
                                           deleted="次の戦闘から外れます。この戦闘ではまだ使えます"), "char show": self._char_show,
            "char list": self._char(self.characters.list), "char delete": self._char(self.characters.delete),
            "char import": self._char(self.characters.exchange.import_sheet),
            "char rename": self._char(self.characters.rename), "char growth": self._growth, "char export": self._char(self.characters.export),
            **self.keeper.routes(),
            **self.ending.routes(),
            **{path: self._session(handler) for path, handler in self.sessions.routes().items()},
            "session log": self.sessions.log,  # read only, its files made anew on a retry (not kept)
            **{path: self._decide(build) for path, build in BUILDERS.items()},
            "check": self._check,
            "kp pending": lambda req: pending(self.battles, req),
            "help": lambda req: help_replies(self.chat, req),
        }
        paths = [c.path for c in COMMANDS] + list(EXTRA_ROUTES)
        missing = [p for p in paths if p not in own]
        if missing:
            raise ValueError(f"commands without a handler: {missing}")
        return {p: own[p] for p in paths}

    def _decide(self, build) -> Handler:
        """The handler of a rules command: ``build(request, characters)`` decided as a step."""
        async def handler(req: Request) -> list[Reply]:
            return await self.battles.decided(req, lambda: build(req, self.characters))
        return handler

    def _session(self, method) -> Handler:
        """The handler of ``/session start`` or ``end`` (its replies kept under the request id)."""
        return lambda req: self._once(req, lambda: method(req))

    async def _battle_steps(self, battle_id: int) -> BattleSteps | None:
        """A battle with its steps and its view, for a session's statistics and log."""
        record = await self.store.battle(battle_id)
        if record is None:
            return None
        system, loaded = await self.battles.loaded(record, history=True)
        return BattleSteps(system.title, loaded.steps, system.view(loaded.state))

    async def _keeper_of_battles(self, channel: str) -> str | None:
        """The KP of the channel's active battle, else of its latest one, or None."""
        record = await self.battles.active(channel) or await self.store.latest_battle(channel)
        return record.keeper if record else None  # the row follows /kp handover

    async def _keeper(self, channel: str) -> str | None:
        """Who sees secret rolls besides the roller: the KP of the channel's battle, else of
        its open session (from memory, no query), or None."""
        keeper = await self.battles.keeper_of(channel)
        if keeper is None and (session := await self.notes.open_in(channel)) is not None:
            keeper = session.keeper
        return keeper

    async def _units(self, channel: str) -> dict[str, str | None]:
        """``{unit: owner}`` of the channel's active battle ({} without one)."""
        found = await self.battles.active_loaded(channel)
        return unit_owners(found[1].state) if found else {}

    async def _on_sheet(self, req: Request) -> bool:
        """Whether ``/check`` rolls on the user's saved sheet (bot.sheets.checks): a SAN check,
        or no battle here in which the user has a unit (and no ``as:``)."""
        if is_san(opt.text(req.options, "skill")):
            return True
        record = await self.battles.active(req.channel)
        if record is None:
            return True
        if opt.text(req.options, "as"):
            return False
        state = (await self.battles.loaded(record))[1].state
        return not any(u.owner == req.user for u in state.units.values())

    async def _check(self, req: Request) -> list[Reply]:
        """``/check``: on the sheet (outside a battle, SAN) or as the battle's step; a palette's
        brackets around the skill are dropped (``skill:【目星】`` is ``skill:目星``)."""
        skill = opt.text(req.options, "skill")
        if skill and opt.unbracketed(skill) != skill:
            req = dataclasses.replace(req, options={**req.options, "skill": opt.unbracketed(skill)})
        if await self._on_sheet(req):
            return await self._once(req, lambda: self.sheet_checks.check(req))
        return await self.battles.decided(req, lambda: BUILDERS["check"](req, self.characters))

    def _char(self, method) -> Handler:
        """The handler of a ``/char`` command (its replies kept under the request id)."""
        async def handler(req: Request) -> list[Reply]:
            return await self._once(req, lambda: method(req.scope, req.user, req.options))
        return handler

    async def _char_new(self, req: Request) -> list[Reply]:
        """``/char new``: a 6th character, or a 7th investigator (``edition:7``, or by default
        in a channel the KP set to 7th, a battle there or not); a 6th one typed in percentages
        gets a note."""
        chosen = opt.text(req.options, "edition")
        if chosen is not None:
            system = SYSTEM_WORDS.get(chosen.strip().lower())
            if system is None:
                raise InvalidInput("edition: は 6 か 7 です。")
        else:
            system = await sheet_edition(self.store.keeper, req.channel)
        if system == "coc7":
            return await self._once(req, lambda: self.characters.seventh.new(req.scope, req.user, req.options))

        async def sixth() -> list[Reply]:
            replies = await self.characters.new(req.scope, req.user, req.options)
            note = percent_note(req.options)
            return [dataclasses.replace(replies[0], text=replies[0].text + note), *replies[1:]] if note else replies
        return await self._once(req, sixth)

    def _char_edit(self, method, then: str, deleted: str | None = None) -> Handler:
        """The handler of a ``/char`` command that changes a sheet: when a unit of the
        channel's battle is that character (the user's unit, or the KP's NPC, of its name),
        the answer says the battle keeps the sheet it joined with, and ``then`` (``deleted``
        instead for a ``delete:true``, which removes rather than adds)."""
        async def produce(req: Request) -> list[Reply]:
            replies = await method(req.scope, req.user, req.options)
            found = await self.battles.active_loaded(req.channel, fresh=True)
            name = (opt.text(req.options, "name") or "").strip()
            unit = found[1].state.units.get(name) if found else None
            if unit is None or (unit.owner or found[1].state.keeper) != req.user:  # not the user's PC or KP's NPC
                return replies
            tail = deleted if deleted and opt.boolean(req.options, "delete") else then
            note = f"\n（進行中の戦闘の{name}には反映されません。{tail}）"
            return [dataclasses.replace(replies[0], text=replies[0].text + note), *replies[1:]]
        return lambda req: self._once(req, lambda: produce(req))

    async def _once(self, req: Request, produce) -> list[Reply]:
        """``await produce()`` for a command that changes no battle, its replies kept under
        the request id (a retried interaction gets them again, also after a restart)."""
        earlier = await self._answered_before(req)
        if earlier is not None:
            return earlier
        replies = await produce()
        if req.request_id:
            self.battles.answered.put(req.request_id, replies)
            try:
                await self.store.remember_request(req.request_id, [r.to_dict() for r in replies])
            except Exception:  # noqa: BLE001 - what produce() did is stored: its replies must go out
                log.exception("the replies of %s could not be kept (a retry is answered from memory)", req.request_id)
        return replies

    async def _growth(self, req: Request) -> list[Reply]:
        """``/char growth`` (bot.sheets.growth): a KP here is the KP of the channel's latest
        battle, a KP role or Manage Channels."""
        latest = await self.store.latest_battle(req.channel)
        is_kp = await self.battles.is_kp(req, latest.keeper if latest else None)
        return await self._once(req, lambda: self.growth.command(req, is_kp))

    async def _char_show(self, req: Request) -> list[Reply]:
        """``/char show``: the KP of the channel's battle sees every sheet in it; a sheet
        that is a unit of the battle shows the unit's HP and conditions there too."""
        record = await self.battles.active(req.channel)
        if record is None:
            return await self.characters.show(req.scope, req.user, req.options)
        system, loaded = await self.battles.loaded(record, history=True)
        rows = {row.name: row for row in (loaded.view or system.view(loaded.state)).rows}
        units = {unit: (sheet, rows[unit]) for unit, sheet in battle_sheets(loaded).items() if unit in rows}
        keeper = await self.battles.is_kp(req, loaded.state.keeper)
        return await self.characters.show(req.scope, req.user, req.options, units=units, keeper=keeper)

    # --- entry point ------------------------------------------------------------------

    async def handle(self, req: Request) -> list[Reply]:
        """Handle one request; never raises for bad input (a private Japanese message
        instead). ``DiceExhausted`` from scripted dice propagates (test harnesses).

        A request id answered already gets the stored replies: from memory when this
        process answered it, else from the database when the write finds its key taken
        (or when the command is refused: the first attempt changed the battle)."""
        if req.request_id:
            known = self.battles.answered.get(req.request_id)
            if known is not None:
                return list(known)
        async with self.battles.lock(req.channel):
            try:
                return await self._dispatch_on_latest(req)
            except DiceExhausted:
                raise
            except DuplicateRequest:
                return await self._answered_before(req) or []
            except RuleViolation as exc:
                return await self._answered_before(req) or [_refusal(req, exc)]
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

    async def _answered_before(self, req: Request) -> list[Reply] | None:
        """The stored replies of ``req``'s id if it was handled already, else None."""
        if not req.request_id:
            return None
        stored = await self.store.request_replies(req.request_id)
        if isinstance(stored, dict):  # a battle step: its replies are its events rendered again
            return await self.battles.replayed(stored["battle"], *stored["events"])
        return [Reply.from_dict(r) for r in stored] if stored is not None else None

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
        await self._check_permission(req)
        replies = await handler(req)
        if req.command == "attack":
            await self.chat.remember_attack(req)  # 「もう一発」 repeats it
        return replies

    async def _check_permission(self, req: Request) -> None:
        """Apply the permission table (bot.commands.permissions) before anything is decided."""
        path = req.command
        if path in EXTRA_ROUTES or permissions.access(path) == permissions.ANYONE:
            return
        if path.startswith("session "):
            keeper = await self.sessions.keeper_here(req.channel)
            if keeper is None and path == "session start":  # nobody keeps this channel yet
                return
            text = permissions.refusal(path, await self.battles.is_kp(req, keeper), False, False)
            if text:
                raise InvalidInput(text)
            return
        if path == "check" and await self._on_sheet(req):  # one's own sheet: no battle rights needed
            return
        record = await self.battles.active(req.channel)
        state = (await self.battles.loaded(record))[1].state if record else None
        if state is None and path in permissions.WITHOUT_BATTLE:  # the last battle's KP still counts
            latest = await self.store.latest_battle(req.channel)
            state = (await self.battles.loaded(latest))[1].state if latest else None
        keeper = state.keeper if state else None
        owns = bool(state) and any(u.owner == req.user for u in state.units.values())
        text = permissions.refusal(path, await self.battles.is_kp(req, keeper), owns,
                                   bool(opt.text(req.options, "as")), has_battle=record is not None)
        if text:
            raise InvalidInput(text)

    # --- test and transport helpers ---------------------------------------------------

    async def is_kp(self, req: Request, keeper: str | None) -> bool:
        """Whether ``req.user`` is a KP here (see :meth:`bot.battle.battles.Battles.is_kp`)."""
        return await self.battles.is_kp(req, keeper)

    async def _loaded(self, record: BattleRecord) -> tuple[GameSystem, Loaded]:
        return await self.battles.loaded(record)

    async def _load(self, record: BattleRecord) -> tuple[GameSystem, BattleState]:
        """The battle's system and a COPY of its state (for tests and transports that keep
        it: the kept state changes in place with every later command)."""
        system, state = await self._state(record)
        return system, copy.deepcopy(state)

    async def _state(self, record: BattleRecord) -> tuple[GameSystem, BattleState]:
        system, loaded = await self.battles.loaded(record)
        return system, loaded.state

    async def message_sent(self, channel: str, tag: str, message_id: str) -> None:
        """Transports call this after sending a Reply with a ``tag`` (its message id)."""
        await self.battles.message_sent(channel, tag, message_id)

    async def message_for(self, channel: str, tag: str) -> str | None:
        """The message id remembered under ``tag`` (for a Reply with ``edit``), or None."""
        return await self.battles.message_id(channel, tag)

    async def character_names(self, req: Request) -> list[str]:
        """The names of the characters ``req.user`` is offered (autocomplete): their own; a
        KP here (:meth:`bot.battle.battles.Battles.is_kp`) every one of the server, their own first."""
        records = await self.store.list_characters(req.scope)
        if await self.battles.is_kp(req, await self.battles.keeper_of(req.channel)):
            return [r.name for r in sorted(records, key=lambda r: r.owner != req.user)]
        return [r.name for r in records if r.owner == req.user]

    async def open_buttons(self, channel: str, user: str) -> list[Button]:
        """The buttons of the questions open now in ``channel``'s battle that ``user`` may
        press (their own units' prompts; every prompt for the KP), newest first — for a
        transport that no longer has the messages (the console after a restart)."""
        record = await self.battles.active(channel, fresh=True)
        if record is None:
            return []
        system, state = await self._state(record)
        view = system.view(state)
        found: list[Button] = []
        for prompt in reversed(view.prompts):
            if prompt.owner == user or user == state.keeper:
                found.extend(render.prompt_reply(record.id, prompt, state.keeper, view, chat_on(state)).buttons)
        return found

    # --- dice ---------------------------------------------------------------------------

    async def _roll(self, req: Request) -> list[Reply]:
        """``/roll``: rolled once per interaction id (a repeated one gets the same result)."""
        text = opt.text(req.options, "command")
        if not text:
            raise InvalidInput("command: にダイスコマンドを指定してください（例: CCB<=70）。")
        chosen = opt.text(req.options, "system")
        here = await self._edition(req.channel)
        if chosen is not None:
            system = SYSTEM_WORDS.get(chosen.strip().lower())
            if system is None:
                raise InvalidInput(f"system: は coc6（6版）か coc7（7版）です（「{chosen[:20]}」は選べません）。")
            here = Edition(system)
        keeper = await self._keeper(req.channel)
        record = await self.notes.roll_recorder(req, lambda: self._units(req.channel))
        return await self._once(req, lambda: roll_replies(  # once per interaction id, also after a restart
            text, req.user, req.name or req.user, self.dice, keeper, from_chat=False,
            keep_secret=self._secret_keeper(req), edition=here.system, in_battle=here.in_battle,
            forced=chosen is not None, on_result=lambda result: self.growth.palette(req, text, result),
            record=record))

    async def _edition(self, channel: str, in_battle: bool | None = None) -> Edition:
        """The channel's dice edition (bot.sheets.edition); ``in_battle`` when read already."""
        return await channel_edition(self.battles, self.store.keeper, channel, in_battle)

    async def first_delivery(self, req: Request) -> bool:
        """Whether the chat line ``req`` (its request id is the message id) comes for the first
        time: a MESSAGE_CREATE repeated after a RESUME, or seen by two processes, rolls once.
        Only a line that rolls or writes a sheet asks (one insert, key ``chat-<id>``); table
        talk costs nothing, and a declaration is kept once by its battle step's request id."""
        if not req.request_id:
            return True
        if await self.store.claim_request(f"chat-{req.request_id}"):
            return True
        log.info("message %s seen before (a RESUME, another process): not answered again", req.request_id)
        return False

    async def _chat(self, req: Request) -> list[Reply]:
        """A chat line: a declaration in a battle channel (bot.battle.chat_play), else dice.
        A dice line only the other edition has never acts in a battle: it is rolled with a
        note (rules.dice.editions)."""
        text = opt.text(req.options, "text") or ""
        in_battle = await self.battles.active(req.channel) is not None
        if in_battle and own_edition(text) in (None, BATTLE_EDITION):  # no battle: no declaration
            declared = await self.chat.declaration(req)
            if declared is not None:
                return declared
        loss, named = sanity_loss(text), None
        if loss is None:
            loss, named = await self._san_check_named(req, text)
        if (loss is not None or is_dice(text)) and not await self.first_delivery(req):
            return []
        if loss is not None:  # 「SANチェック 1/1D6」: the /check of a SAN roll, in any channel
            return await self.dispatch(dataclasses.replace(
                req, command="check", said=text,
                options={"skill": "SAN", "loss": loss, **({"character": named} if named else {})}))
        if not is_dice(text):  # ordinary chat: silent, without reading the channel's settings
            return []
        here = await self._edition(req.channel, in_battle)
        return await roll_replies(text, req.user, req.name or req.user, self.dice,
                                  await self._keeper(req.channel), from_chat=True,
                                  keep_secret=self._secret_keeper(req), edition=here.system,
                                  in_battle=here.in_battle,
                                  on_result=lambda result: self.growth.palette(req, text, result),
                                  record=await self.notes.roll_recorder(req, lambda: self._units(req.channel)))

    async def _san_check_named(self, req: Request, text: str) -> tuple[str | None, str | None]:
        """A chat SAN check naming one of the speaker's own characters (「田中 太郎：SANチェック
        1/1D6」, 「SANチェック 1/1D6 田中 太郎」): ``(loss, character name)``; ``(None, None)``
        when the rest of the line is not exactly the name of one of them (talk stays silent)."""
        found = sanity_loss_named(text)
        if found is None or not found[1]:
            return None, None
        owned = await self.store.owned_characters(req.scope, req.user)
        names = [r.name for r in owned if fold(r.name) == found[1]]
        return (found[0], names[0]) if len(names) == 1 else (None, None)

    def _secret_keeper(self, req: Request):
        """Stores a secret roll of ``req``'s user in this channel; returns its id."""
        async def keep(speaker: str, text: str) -> int:
            return await self.store.secret_rolls.keep_secret_roll(req.channel, req.user, speaker, text)
        return keep

    async def _publish(self, req: Request, key: str) -> list[Reply]:
        """[結果を公開]: the roller shows a kept secret roll to the channel, once."""
        roll_id = int(key[1:]) if key[1:].isdigit() else 0
        kept = await self.store.secret_rolls.publish_secret_roll(roll_id, req.user)
        if kept is None:
            raise InvalidInput("このシークレットダイスは公開済みか、あなたが振ったものではありません。")
        shown = published_reply(kept.speaker, kept.text)
        try:
            await self.notes.published(req, kept.channel, shown.text, lambda: self._units(kept.channel))
        except Exception:  # noqa: BLE001 - published (committed): the roll must be shown all the same
            log.exception("the published secret roll %s could not be kept in the session", roll_id)
        if kept.channel == req.channel:
            return [shown]
        return [dataclasses.replace(shown, channel=kept.channel),
                private(req.user, "元のチャンネルに結果を公開しました。")]

    # --- battles ----------------------------------------------------------------------

    async def _open(self, req: Request) -> list[Reply]:
        """``/battle new``: open a battle in the channel (the issuer is its KP)."""
        name = opt.text(req.options, "system") or DEFAULT_SYSTEM
        try:
            system = get_system(name)
        except KeyError:
            raise InvalidInput(f"ルール「{name}」は知りません。選べるのは: {'、'.join(SYSTEMS)}") from None
        if await self.battles.active(req.channel) is not None:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。/battle status で確認するか、KPが /battle end で終えてください。")
        state = system.new_state()
        command = cmds.Open(issuer=req.user, system=system.name)
        recorder = RecordingDice(self.dice)
        events = system.decide(state, command, recorder)
        known = self.battles.setting_defaults(system)
        stored = await self.store.keeper.channel_settings(req.channel)
        for key, value in stored.items():
            if key in known:
                events.append(kc.SettingChanged(key=key, value=value, by=req.user))
        marker = StepStarted(step=1, by=req.user, command=command_record(command), dice=recorder.faces,
                             label=request_label(req), speaker=req.name)
        note = await self.notes.step_note(req, 0, [marker, *events], {}, req.user)  # its id: the store's
        reply = public(f"戦闘を開きました（{system.title}）。KP: {req.name or req.user}\n"
                       "PLは /battle join character:名前 で参加、KPは /battle add でNPCを追加し、/battle start で開始します。"
                       + battle_edition_note(stored.get("edition"), system.title))
        try:
            record = await self.store.open_battle(req.channel, req.guild, system.name, req.user,
                                                  [to_record(e) for e in [marker, *events]], req.request_id,
                                                  [reply.to_dict()], note=note)
        except BattleExists:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。") from None
        self.battles.opened(system, record, [marker, *events])
        if req.request_id:
            self.battles.answered.put(req.request_id, [reply])
        return [reply]

    async def _map(self, req: Request) -> list[Reply]:
        """``/battle map``: the board as a PNG attachment and a text grid (issue 5)."""
        record = await self.battles.require_active(req.channel, fresh=True)
        system, state = await self._state(record)
        if not hasattr(system, "board"):
            raise InvalidInput(f"{system.title}にはマップがありません。")
        return [await asyncio.to_thread(map_reply, system.board(state))]  # Pillow: off the event loop

    async def _status(self, req: Request) -> list[Reply]:
        """``/battle status``: the board (and, for the KP, hidden NPCs' numbers privately)."""
        record = await self.battles.require_active(req.channel, fresh=True)
        system, state = await self._state(record)
        view = system.view(state)
        replies = board(record, system, view)
        if any(r.hidden for r in view.rows) and await self.battles.is_kp(req, state.keeper):
            shown = render.status_reply(view, system.title, reveal=True)
            replies.append(Reply(text=clip("（KP用・非公開NPCの数値を含む）\n" + shown.text), ephemeral=True,
                                 to=req.user, data=shown.data))
        return await self.battles.with_stale(req.channel, replies)

    async def peek_status(self, req: Request) -> list[Reply]:
        """``/battle status`` as ``req.user`` would see it, read WITHOUT the channel's lock
        (for autocomplete, which cannot defer: a command holding the lock for seconds must
        not make it miss Discord's 3 s); [] without a battle. Changes nothing."""
        try:
            return await self._status(req)
        except InvalidInput:
            return []

    # --- turn deadlines ---------------------------------------------------------------

    def timings(self, state: BattleState) -> tuple[int, int]:
        """``(reminder, autoskip)`` minutes in force for this battle (0 = off)."""
        return self.battles.timings(state)

    async def fire_deadline(self, deadline: Deadline) -> list[Reply]:
        """Fire a due deadline: a reminder that mentions whoever must act (privately to the
        KP when the prompt went so, a hidden NPC's question), or the auto-skip of the turn
        (committed once, under the request id ``deadline-<token>``: fired again after its
        announcement failed, it is announced from the stored step, not skipped twice).

        The deadline is leased, not removed (:data:`DEADLINE_LEASE`): the caller delivers the
        replies, then calls :meth:`deadline_delivered`; a process that dies in between leaves
        it to fire again. Returns [] when another process holds it, or (removing it) when the
        prompt has moved on or the battle is over."""
        async with self.battles.lock(deadline.channel):
            now = self.clock()
            if not await self.store.keeper.lease_deadline(deadline.id, now, now + DEADLINE_LEASE):
                return []
            request_id = f"deadline-{deadline.payload.get('token') or f'{deadline.battle_id}-{deadline.id}'}"
            earlier = await self._answered_before(Request(channel=deadline.channel, user="", command="kp skip",
                                                          request_id=request_id))
            if earlier is not None:  # committed by an earlier attempt whose messages were lost
                return earlier
            record = await self.store.battle(deadline.battle_id)
            current = view = None
            if record is not None and record.status == "active":
                system, state = await self._state(record)
                view = system.view(state)
                current = next((p for p in view.prompts if p.key == deadline.key), None)
            if current is None:
                await self.store.keeper.finish_deadline(deadline.id)
                return []
            who = current.owner or state.keeper
            if deadline.kind == "remind":
                what = {"turn": "手番", "declare": "ラウンド開始時の宣言"}.get(current.kind, "対応")
                text = f"⏰ {current.unit}の{what}を待っています（ラウンド{state.round}）。\n{current.text}"
                if render.private_prompt(current, view):  # as its prompt went: to the KP alone
                    return [private(state.keeper, text)]
                return [Reply(text=text, mentions=(who,))]
            if deadline.kind == "close":  # the round-start declarations' timeout
                req = Request(channel=deadline.channel, user=state.keeper, command="kp close", name="時間切れ",
                              request_id=request_id)
                command, label = kc.CloseDeclarations(issuer=state.keeper, keeper=True, timeout=True), "（時間切れによる宣言の締め切り）"
            else:
                req = Request(channel=deadline.channel, user=state.keeper, command="kp skip", name="自動スキップ",
                              request_id=request_id)
                command, label = kc.SkipTurn(issuer=state.keeper, keeper=True), "（時間切れによる自動スキップ）"
            return await self.battles.transact(
                req, lambda system, loaded, is_kp: self._timed_out(system, loaded, state.keeper, command, label))

    async def deadline_delivered(self, deadline: Deadline) -> None:
        """Remove a fired deadline once its messages were delivered (or given up)."""
        await self.store.keeper.finish_deadline(deadline.id)

    async def _timed_out(self, system: GameSystem, loaded: Loaded, keeper: str, command, label: str):
        """A deadline's command decided as the keeper's step (the auto-skip, the closing)."""
        events = self.battles.decide_step(system, loaded, command, keeper, label)
        return events, []

    # --- buttons ----------------------------------------------------------------------

    async def _button(self, req: Request) -> list[Reply]:
        """A button press: publish a secret roll, end the battle, or answer a prompt."""
        bid = buttons.decode(opt.text(req.options, "custom_id") or "")
        if bid is None:
            raise InvalidInput("このボタンは読み取れませんでした。")
        if bid.battle == 0 and bid.choice == "publish":
            return await self._publish(req, bid.key)
        if bid.choice == CHAT_CHOICE:
            return await self.chat.press(req, bid.battle, bid.key)
        if bid.battle == 0 and (bid.key, bid.choice) == (PENDING_KEY, PENDING_CHOICE):
            return await pending(self.battles, req)
        if kept_die(bid.choice) is not None:  # a palette roll's question: its die is kept (issue 21)
            return await self.chat.palette.press(req, bid.battle, bid.key, bid.choice)
        if bid.battle == 0 and bid.key.startswith("i"):
            return await self.characters.exchange.confirm(req.scope, req.user, bid.key, bid.choice)
        record = await self.battles.active(req.channel)
        if record is None:  # pressed outside its battle's channel: a private prompt sent by DM
            home = await self.store.battle(bid.battle)
            if home is not None and home.status == "active" and home.channel != req.channel:
                return posted_in(await self._button(dataclasses.replace(req, channel=home.channel)), home.channel)
        if record is None or record.id != bid.battle:
            raise InvalidInput("このボタンの戦闘はもう終わっています。")
        system, state = await self._state(record)
        is_kp = await self.battles.is_kp(req, state.keeper)
        if is_end_key(bid.key):  # [戦闘終了], and /battle end's [戦闘を終える] [続ける]
            return await self.ending.pressed(req, bid.battle, bid.key, bid.choice)
        prompt = next((p for p in system.view(state).prompts if bid.matches(p.key)), None)
        if prompt is None:
            raise InvalidInput("このボタンは古くなっています（その場面はもう過ぎました）。最新のメッセージのボタンを使ってください。")
        if prompt.kind == "declarations" and not is_kp:
            raise InvalidInput("宣言の締め切りはKPだけが行えます。")
        if req.user != prompt.owner and not is_kp:
            raise InvalidInput(f"このボタンは{prompt.unit}の担当者用です。")
        as_unit = prompt.unit if is_kp and prompt.owner != req.user else None
        if prompt.kind == "declare" and bid.choice == buttons.choice_code(window.MENU):  # its buttons, to the presser
            shown = render.prompt_reply(record.id, prompt, state.keeper, system.view(state), chat_on(state))
            return [dataclasses.replace(shown, ephemeral=True, to=req.user, mentions=())]
        if prompt.kind in ("declare", "declarations"):
            label = buttons.label_of(bid.choice, prompt.options)
            if label is None:
                raise InvalidInput("このボタンは古くなっています（宣言できることが変わりました）。最新のメッセージのボタンを使ってください。")
            unit = prompt.unit or None  # the unit the button is for, even among a player's several
            return await self.battles.decided(req, lambda: declaration_command(prompt, label, req.user, unit))
        if prompt.kind == "turn":
            return await self.battles.decided(req, lambda: cmds.EndTurn(issuer=req.user, as_unit=as_unit))
        label = buttons.label_of(bid.choice, prompt.options)
        if label is None:
            raise InvalidInput("このボタンは古くなっています（選べる対応が変わりました）。最新のメッセージのボタンを使ってください。")
        return await self.battles.decided(req, lambda: cmds.React(issuer=req.user, as_unit=as_unit, action=label))


def battle_sheets(loaded: Loaded) -> dict[str, Character]:
    """``{unit: sheet}`` of the units in a battle now: a CoC unit's current sheet (with the
    KP's ``/kp set`` changes), else the sheet it joined with."""
    joined = {e.unit: e.sheet for e in loaded.events if isinstance(e, UnitJoined)}
    return {unit.id: getattr(unit, "character", None) or Character.from_dict(joined[unit.id])
            for unit in loaded.state.units.values() if unit.id in joined}


def _refusal(req: Request, exc: RuleViolation) -> Reply:
    text = exc.text()
    if exc.clause and exc.allowable:
        text += "\nKPの裁定で認める場合は、KPが /kp allow を使えます。"
    return private(req.user, text)
