"""The table service: the one place that combines permission checks, the store, the rules
and the renderers. Transports (Discord, console) turn their input into a :class:`Request`
and send back the :class:`Reply` list; nothing is told before it is committed.

Every decided command is stored as one step (rules.battle.steps): a marker with the command
and its dice, then its events. The keeper's undo, redo, override and allow work on steps
(bot.keeper_desk); the state is the fold of the active steps.
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from bot import options as opt
from bot import permissions
from bot.characters import CharacterBook
from bot.command_builders import BUILDERS
from bot.keeper_desk import KeeperDesk, Loaded, RecordingDice, request_label as _label
from bot.render import battle as render
from bot.render import buttons
from bot.render.map_text import map_reply
from bot.render.reply import Button, Reply, clip, private, public
from bot.rolls import published_reply, roll_replies
from bot.store import BattleExists, BattleRecord, Deadline, Store, VersionConflict
from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.battle.events import BattleEnded, Event, from_record, to_record
from rules.battle.protocol import BattleView, GameSystem
from rules.battle.state import BattleState
from rules.battle.steps import StepStarted, command_record, fold, rebuild
from rules.dice import Dice, DiceError, DiceExhausted
from rules.errors import InvalidInput, RuleViolation
from rules.systems import DEFAULT_SYSTEM, SYSTEMS, get_system

log = logging.getLogger(__name__)


def utcnow() -> datetime:
    """The current time as naive UTC (how the database stores times)."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


@dataclass(frozen=True)
class Request:
    """One thing a user did.

    Attributes:
        channel: channel id; guild: guild id (None in DMs / console);
        user: user id (the console uses the speaker's NAME); name: display name;
        command: English command path (``"battle start"``, ``"attack"``), ``"chat"`` for a
            plain message (``options["text"]``) or ``"button"`` (``options["custom_id"]``);
        options: option values by English name (text or typed);
        request_id: the Discord interaction id (idempotency key), or None;
        is_admin: the user has Manage Channels here (counts as KP);
        roles: the user's role ids and names in the guild (a ``/kp role`` role makes a KP).
    """

    channel: str
    user: str
    command: str
    options: dict = field(default_factory=dict)
    guild: str | None = None
    name: str = ""
    request_id: str | None = None
    is_admin: bool = False
    roles: tuple[str, ...] = ()


class Service(KeeperDesk):
    """``await service.handle(request) -> list[Reply]``.

    Args:
        store: the repository (migrated).
        dice: the Dice every roll uses (``RandomDice(SystemRandom())`` in production).
        clock: returns the current naive-UTC time (tests pass a controllable one).
        reminder_minutes / autoskip_minutes: default turn timings (``/kp setting``
            overrides them per channel; autoskip 0 = off).
    """

    def __init__(self, store: Store, dice: Dice, clock: Callable[[], datetime] = utcnow,
                 reminder_minutes: int = 10, autoskip_minutes: int = 0) -> None:
        self.store = store
        self.dice = dice
        self.clock = clock
        self.reminder_minutes = reminder_minutes
        self.autoskip_minutes = autoskip_minutes
        self.characters = CharacterBook(store)
        self.deadline_listeners: list[Callable[[], None]] = []
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: dict[int, Loaded] = {}

    # --- entry point ------------------------------------------------------------------

    async def handle(self, req: Request) -> list[Reply]:
        """Handle one request; never raises for bad input (a private Japanese message
        instead). ``DiceExhausted`` from scripted dice propagates (test harnesses)."""
        if req.request_id:
            stored = await self.store.request_replies(req.request_id)
            if stored is not None:
                return [Reply.from_dict(r) for r in stored]
        lock = self._locks.setdefault(req.channel, asyncio.Lock())
        async with lock:
            try:
                return await self._route(req)
            except DiceExhausted:
                raise
            except RuleViolation as exc:
                return [self._refusal(req, exc)]
            except DiceError as exc:
                return [private(req.user, f"ダイスを振れませんでした: {exc}")]
            except Exception:
                log.exception("unexpected error handling %s", req)
                return [private(req.user, "内部エラーが発生しました。状態は変更されていません。もう一度お試しください。")]

    def _refusal(self, req: Request, exc: RuleViolation) -> Reply:
        text = exc.text()
        if exc.clause and exc.allowable:
            text += "\nKPの裁定で認める場合は、KPが /kp allow を使えます。"
        return private(req.user, text)

    async def _route(self, req: Request) -> list[Reply]:
        c = req.command
        scope = req.guild or "console"
        await self._check_permission(req)
        if c == "roll":
            text = opt.text(req.options, "command")
            if not text:
                raise InvalidInput("command: にダイスコマンドを指定してください（例: CCB<=70）。")
            return await roll_replies(text, req.user, req.name or req.user, self.dice,
                                      await self._keeper(req.channel), from_chat=False,
                                      keep_secret=self._secret_keeper(req))
        if c == "chat":
            text = opt.text(req.options, "text") or ""
            return await roll_replies(text, req.user, req.name or req.user, self.dice,
                                      await self._keeper(req.channel), from_chat=True,
                                      keep_secret=self._secret_keeper(req))
        if c.startswith("char "):
            handler = getattr(self.characters, c.split(" ", 1)[1].replace("import", "import_sheet"), None)
            if handler is None:
                raise InvalidInput(f"/{c} はまだ使えません。")
            replies = await handler(scope, req.user, req.options)
            await self._remember(req, replies)
            return replies
        if c == "battle new":
            return await self._open(req)
        if c == "battle status":
            return await self._status(req)
        if c == "battle map":
            return await self._map(req)
        if c == "button":
            return await self._button(req)
        keeper_handler = self.KEEPER_COMMANDS.get(c)
        if keeper_handler is not None:
            return await keeper_handler(self, req)
        build = BUILDERS.get(c)
        if build is None:
            raise InvalidInput(f"/{c} はこのボットでは使えないコマンドです。")
        return await self._battle(req, lambda state: build(self, req, state))

    async def _remember(self, req: Request, replies: list[Reply]) -> None:
        if req.request_id:
            await self.store.remember_request(req.request_id, [r.to_dict() for r in replies])

    async def _keeper(self, channel: str) -> str | None:
        record = await self.store.active_battle(channel)
        if record is None:
            return None
        _system, loaded = await self._loaded(record)
        return loaded.state.keeper or record.keeper

    # --- who is KP --------------------------------------------------------------------

    async def is_kp(self, req: Request, keeper: str | None) -> bool:
        """Whether ``req.user`` is a KP here: the battle's keeper, a member with Manage
        Channels (``is_admin``), or one holding a ``/kp role`` role of the guild."""
        if req.user == keeper or req.is_admin:
            return True
        if req.roles:
            roles = set(await self.store.keeper_roles(req.guild or "console"))
            return any(r in roles for r in req.roles)
        return False

    async def _check_permission(self, req: Request) -> None:
        """Apply the permission table (bot.permissions) before anything is decided."""
        path = req.command
        if path in ("button",) or permissions.access(path) == permissions.ANYONE:
            return
        record = await self.store.active_battle(req.channel)
        state = (await self._loaded(record))[1].state if record else None
        keeper = state.keeper if state else None
        owns = bool(state) and any(u.owner == req.user for u in state.units.values())
        text = permissions.refusal(path, await self.is_kp(req, keeper), owns, bool(opt.text(req.options, "as")),
                                   has_battle=record is not None)
        if text:
            raise InvalidInput(text)

    # --- battles ----------------------------------------------------------------------

    async def _loaded(self, record: BattleRecord) -> tuple[GameSystem, Loaded]:
        """The battle folded from its stored events (cached per version)."""
        system = get_system(record.system)
        cached = self._cache.get(record.id)
        if cached and cached.record.version == record.version:
            return system, cached
        events = [from_record(kind, payload) for kind, payload, _actor in await self.store.events(record.id)]
        state, steps = fold(system.new_state, system.evolve, events)
        loaded = Loaded(record, events, state, steps)
        self._cache[record.id] = loaded
        return system, loaded

    async def _load(self, record: BattleRecord) -> tuple[GameSystem, BattleState]:
        system, loaded = await self._loaded(record)
        return system, loaded.state

    async def _open(self, req: Request) -> list[Reply]:
        name = opt.text(req.options, "system") or DEFAULT_SYSTEM
        try:
            system = get_system(name)
        except KeyError:
            raise InvalidInput(f"ルール「{name}」は知りません。選べるのは: {'、'.join(SYSTEMS)}") from None
        existing = await self.store.active_battle(req.channel)
        if existing is not None:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。/battle status で確認するか、KPが /battle end で終えてください。")
        state = system.new_state()
        command = cmds.Open(issuer=req.user, system=system.name)
        recorder = RecordingDice(self.dice)
        events = system.decide(state, command, recorder)
        known = self.setting_defaults(system)
        for key, value in (await self.store.channel_settings(req.channel)).items():
            if key in known:
                events.append(kc.SettingChanged(key=key, value=value, by=req.user))
        marker = StepStarted(step=1, by=req.user, command=command_record(command), dice=recorder.faces,
                             label=_label(req), speaker=req.name)
        reply = public(f"戦闘を開きました（{system.title}）。KP: {req.name or req.user}\n"
                       "PLは /battle join character:名前 で参加、KPは /battle add でNPCを追加し、/battle start で開始します。")
        try:
            record = await self.store.open_battle(req.channel, req.guild, system.name, req.user,
                                                  [to_record(e) for e in [marker, *events]], req.request_id,
                                                  [reply.to_dict()])
        except BattleExists:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。") from None
        await self._loaded(record)
        return [reply]

    async def _active(self, req: Request) -> BattleRecord:
        record = await self.store.active_battle(req.channel)
        if record is None:
            raise InvalidInput("このチャンネルには進行中の戦闘がありません。/battle new で開いてください。")
        return record

    async def _map(self, req: Request) -> list[Reply]:
        """``/battle map``: the board as a PNG attachment and a text grid (issue 5)."""
        record = await self._active(req)
        system, state = await self._load(record)
        if not hasattr(system, "board"):
            raise InvalidInput(f"{system.title}にはマップがありません。")
        return [map_reply(system.board(state))]

    async def _status(self, req: Request) -> list[Reply]:
        record = await self._active(req)
        system, state = await self._load(record)
        view = system.view(state)
        replies = self._board(record, system, view)
        if any(r.hidden for r in view.rows) and await self.is_kp(req, state.keeper):
            board = render.status_reply(view, system.title, reveal=True)
            replies.append(Reply(text=clip("（KP用・非公開NPCの数値を含む）\n" + board.text), ephemeral=True,
                                 to=req.user, data=board.data))
        return await self._with_stale(req.channel, replies)

    def _board(self, record: BattleRecord, system: GameSystem, view: BattleView) -> list[Reply]:
        """The public status board (players' view), tagged ``board:<battle id>``."""
        board = render.status_reply(view, system.title, reveal=False)
        return [dataclasses.replace(board, tag=f"board:{record.id}")]

    async def _with_stale(self, channel: str, replies: list[Reply]) -> list[Reply]:
        """With a new tagged message, an edit (placed last, so that the first reply is still
        the answer) that marks the older one (if the transport remembered one, see
        :meth:`message_sent`) as out of date."""
        for reply in replies:
            if reply.tag and await self.store.message(channel, reply.tag):
                stale = Reply(text="（この状況表は古くなりました。最新の状況は新しい表か /battle status で確認してください）",
                              edit=reply.tag)
                return [*replies, stale]
        return replies

    async def message_sent(self, channel: str, tag: str, message_id: str) -> None:
        """Transports call this after sending a Reply with a ``tag`` (its message id)."""
        await self.store.put_message(channel, tag, message_id)

    async def message_for(self, channel: str, tag: str) -> str | None:
        """The message id remembered under ``tag`` (for a Reply with ``edit``), or None."""
        return await self.store.message(channel, tag)

    async def _battle(self, req: Request, build) -> list[Reply]:
        async def make(system: GameSystem, loaded: Loaded, is_kp: bool):
            command = build(loaded.state)
            if asyncio.iscoroutine(command):
                command = await command
            command = dataclasses.replace(command, keeper=is_kp)
            try:
                return await self.decide_step(system, loaded, command, req.user, _label(req), req.name), []
            except RuleViolation as exc:
                if exc.clause and exc.allowable:
                    await self.remember_refusal(req, loaded, command, exc)
                raise
        return await self.transact(req, make)

    async def transact(self, req: Request, make, keeper: str | None = None,
                       status_note: str | None = None) -> list[Reply]:
        """Load, ``await make(system, loaded, is_kp) -> (new events, extra replies)``, fold,
        render and append under the version check (one retry on a conflict)."""
        for attempt in range(2):
            record = await self._active(req)
            system, loaded = await self._loaded(record)
            is_kp = await self.is_kp(req, loaded.state.keeper)
            events, extra = await make(system, loaded, is_kp)
            if not events:
                return extra or [private(req.user, "変化はありませんでした。")]
            all_events = loaded.events + events
            state, steps = rebuild(system.new_state, system.evolve, loaded.state, loaded.steps,
                                   loaded.events, events)
            before, view = system.view(loaded.state), system.view(state)
            replies = extra + self._replies(record, system, before, view, events, state, quiet=bool(extra))
            ended = any(isinstance(e, BattleEnded) for e in events)
            changed = [e.keeper for e in events if isinstance(e, kc.KeeperChanged)]
            deadlines = self._deadlines(before, view, state)
            try:
                version = await self.store.append(record.id, record.version, [to_record(e) for e in events],
                                                  req.user, req.request_id, [r.to_dict() for r in replies],
                                                  status="ended" if ended else None, deadlines=deadlines,
                                                  keeper=changed[-1] if changed else None)
            except VersionConflict:
                self._cache.pop(record.id, None)
                if attempt == 0:
                    continue
                raise InvalidInput("同時に別の操作が行われました。状況を確認してもう一度お試しください。") from None
            new_record = dataclasses.replace(record, version=version,
                                             keeper=changed[-1] if changed else record.keeper)
            self._cache[record.id] = Loaded(new_record, all_events, state, steps)
            if deadlines:
                for listener in self.deadline_listeners:
                    listener()
            return await self._with_stale(req.channel, replies)
        return []

    def _replies(self, record: BattleRecord, system: GameSystem, before: BattleView, view: BattleView,
                 events: list[Event], state: BattleState, quiet: bool = False) -> list[Reply]:
        """The messages of ``events``: their lines, new prompts and a new round's board;
        an acknowledgement when nothing else shows, unless ``quiet`` (the caller says it)."""
        replies = self.event_replies(record, system, events, state, view)
        old = {p.key for p in before.prompts}
        for prompt in view.prompts:
            if prompt.key not in old and not (prompt.kind == "turn" and _same_turn(before, view)):
                replies.append(render.prompt_reply(record.id, prompt, state.keeper, view))
        if view.phase == "active" and view.round > before.round:
            replies.extend(self._board(record, system, view))
        return replies or ([] if quiet else [public("了解しました。")])

    # --- turn deadlines ---------------------------------------------------------------

    def timings(self, state: BattleState) -> tuple[int, int]:
        """``(reminder, autoskip)`` minutes in force for this battle (0 = off)."""
        remind = state.settings.get("turn_reminder_minutes", self.reminder_minutes)
        skip = state.settings.get("turn_autoskip_minutes", self.autoskip_minutes)
        return int(remind or 0), int(skip or 0)

    def _deadlines(self, before: BattleView, view: BattleView, state: BattleState) -> list:
        """Deadlines for prompts asked anew: one reminder, and the auto-skip of a turn."""
        remind, skip = self.timings(state)
        old = {p.key for p in before.prompts}
        now = self.clock()
        found = []
        for prompt in view.prompts:
            if prompt.key in old or prompt.kind == "cover":  # an offer: the battle does not wait on it
                continue
            payload = {"unit": prompt.unit, "owner": prompt.owner}
            if remind:
                found.append((prompt.key, "remind", now + timedelta(minutes=remind), payload))
            if skip and prompt.kind == "turn":
                found.append((prompt.key, "skip", now + timedelta(minutes=skip), payload))
        return found

    async def fire_deadline(self, deadline: Deadline) -> list[Reply]:
        """Fire a due deadline once: a reminder that mentions whoever must act, or the
        auto-skip of the turn. Returns [] when the prompt has moved on, the battle is over,
        or another process fired it already."""
        lock = self._locks.setdefault(deadline.channel, asyncio.Lock())
        async with lock:
            record = await self.store.battle(deadline.battle_id)
            current = None
            if record is not None and record.status == "active":
                system, state = await self._load(record)
                current = next((p for p in system.view(state).prompts if p.key == deadline.key), None)
            if not await self.store.claim_deadline(deadline.id, self.clock()) or current is None:
                return []
            who = current.owner or state.keeper
            if deadline.kind == "remind":
                return [Reply(text=f"⏰ {current.unit}の{'手番' if current.kind == 'turn' else '対応'}を待っています"
                                   f"（ラウンド{state.round}）。\n{current.text}", mentions=(who,))]
            req = Request(channel=deadline.channel, user=state.keeper, command="kp skip",
                          name="自動スキップ")
            return await self.transact(req, lambda system, loaded, is_kp: self._autoskip(system, loaded, state.keeper))

    async def _autoskip(self, system: GameSystem, loaded: Loaded, keeper: str):
        command = kc.SkipTurn(issuer=keeper, keeper=True)
        events = await self.decide_step(system, loaded, command, keeper, "（時間切れによる自動スキップ）")
        return events, []

    # --- buttons ----------------------------------------------------------------------

    async def character_names(self, scope: str, user: str) -> list[str]:
        """The names of the characters saved in ``scope``, ``user``'s own first (autocomplete)."""
        records = await self.store.list_characters(scope)
        return [r.name for r in sorted(records, key=lambda r: r.owner != user)]

    async def open_buttons(self, channel: str, user: str) -> list[Button]:
        """The buttons of the questions open now in ``channel``'s battle that ``user`` may
        press (their own units' prompts; every prompt for the KP), newest first — for a
        transport that no longer has the messages (the console after a restart)."""
        record = await self.store.active_battle(channel)
        if record is None:
            return []
        system, state = await self._load(record)
        view = system.view(state)
        found: list[Button] = []
        for prompt in reversed(view.prompts):
            if prompt.owner == user or user == state.keeper:
                found.extend(render.prompt_reply(record.id, prompt, state.keeper, view).buttons)
        return found

    def _secret_keeper(self, req: Request):
        """Stores a secret roll of ``req``'s user in this channel; returns its id."""
        async def keep(speaker: str, text: str) -> int:
            return await self.store.keep_secret_roll(req.channel, req.user, speaker, text)
        return keep

    async def _publish(self, req: Request, key: str) -> list[Reply]:
        """[結果を公開]: the roller shows a kept secret roll to the channel, once."""
        roll_id = int(key[1:]) if key[1:].isdigit() else 0
        kept = await self.store.publish_secret_roll(roll_id, req.user)
        if kept is None:
            raise InvalidInput("このシークレットダイスは公開済みか、あなたが振ったものではありません。")
        shown = published_reply(kept.speaker, kept.text)
        if kept.channel == req.channel:
            return [shown]
        return [dataclasses.replace(shown, channel=kept.channel),
                private(req.user, "元のチャンネルに結果を公開しました。")]

    async def _button(self, req: Request) -> list[Reply]:
        bid = buttons.decode(opt.text(req.options, "custom_id") or "")
        if bid is None:
            raise InvalidInput("このボタンは読み取れませんでした。")
        if bid.battle == 0 and bid.choice == "publish":
            return await self._publish(req, bid.key)
        record = await self.store.active_battle(req.channel)
        if record is None or record.id != bid.battle:
            raise InvalidInput("このボタンの戦闘はもう終わっています。")
        system, state = await self._load(record)
        is_kp = await self.is_kp(req, state.keeper)
        if bid.key == "end":
            return await self._battle(req, lambda s: cmds.EndBattle(issuer=req.user))
        prompt = next((p for p in system.view(state).prompts if p.key == bid.key), None)
        if prompt is None:
            raise InvalidInput("このボタンは古くなっています（その場面はもう過ぎました）。最新のメッセージのボタンを使ってください。")
        if req.user != prompt.owner and not is_kp:
            raise InvalidInput(f"このボタンは{prompt.unit}の担当者用です。")
        as_unit = prompt.unit if is_kp and prompt.owner != req.user else None
        if prompt.kind == "turn":
            return await self._battle(req, lambda s: cmds.EndTurn(issuer=req.user, as_unit=as_unit))
        label = buttons.label_of(bid.choice, prompt.options)
        if label is None:
            raise InvalidInput("このボタンは古くなっています（選べる対応が変わりました）。最新のメッセージのボタンを使ってください。")
        return await self._battle(req, lambda s: cmds.React(issuer=req.user, as_unit=as_unit, action=label))


def _same_turn(before, after) -> bool:
    """Whether the turn is still the one prompted before (no new turn prompt needed)."""
    return before.turn == after.turn and before.round == after.round and before.turn is not None
