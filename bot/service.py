"""The table service: the one place that combines permission checks, the store, the rules
and the renderers. Transports (Discord, console) turn their input into a :class:`Request`
and send back the :class:`Reply` list; nothing is told before it is committed.
"""
from __future__ import annotations

import asyncio
import copy
import logging
from dataclasses import dataclass, field

from bot import options as opt
from bot.characters import CharacterBook
from bot.render import battle as render
from bot.render import buttons
from bot.render.reply import Reply, private, public
from bot.rolls import roll_replies
from bot.store import BattleExists, BattleRecord, Store, VersionConflict
from rules.battle import commands as cmds
from rules.battle.events import BattleEnded, Event, from_record, to_record
from rules.battle.protocol import GameSystem
from rules.battle.state import BattleState
from rules.dice import Dice, DiceError, DiceExhausted
from rules.errors import InvalidInput, RuleViolation
from rules.systems import DEFAULT_SYSTEM, SYSTEMS, get_system

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Request:
    """One thing a user did.

    Attributes:
        channel: channel id; guild: guild id (None in DMs / console);
        user: user id (the console uses the speaker's NAME); name: display name;
        command: English command path (``"battle start"``, ``"attack"``), ``"chat"`` for a
            plain message (``options["text"]``) or ``"button"`` (``options["custom_id"]``);
        options: option values by English name (text or typed);
        request_id: the Discord interaction id (idempotency key), or None.
    """

    channel: str
    user: str
    command: str
    options: dict = field(default_factory=dict)
    guild: str | None = None
    name: str = ""
    request_id: str | None = None


class Service:
    """``await service.handle(request) -> list[Reply]``.

    Args:
        store: the repository (migrated).
        dice: the Dice every roll uses (``RandomDice(SystemRandom())`` in production).
    """

    def __init__(self, store: Store, dice: Dice) -> None:
        self.store = store
        self.dice = dice
        self.characters = CharacterBook(store)
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: dict[int, tuple[int, BattleState]] = {}

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
        if c == "roll":
            text = opt.text(req.options, "command")
            if not text:
                raise InvalidInput("command: にダイスコマンドを指定してください（例: CCB<=70）。")
            return roll_replies(text, req.user, req.name or req.user, self.dice,
                                await self._keeper(req.channel), from_chat=False)
        if c == "chat":
            text = opt.text(req.options, "text") or ""
            return roll_replies(text, req.user, req.name or req.user, self.dice,
                                await self._keeper(req.channel), from_chat=True)
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
        if c == "button":
            return await self._button(req)
        build = _BUILDERS.get(c)
        if build is None:
            raise InvalidInput(f"/{c} はこのボットでは使えないコマンドです。")
        return await self._battle(req, lambda state: build(self, req, state))

    async def _remember(self, req: Request, replies: list[Reply]) -> None:
        if req.request_id:
            await self.store.remember_request(req.request_id, [r.to_dict() for r in replies])

    async def _keeper(self, channel: str) -> str | None:
        record = await self.store.active_battle(channel)
        return record.keeper if record else None

    # --- battles ----------------------------------------------------------------------

    async def _load(self, record: BattleRecord) -> tuple[GameSystem, BattleState]:
        system = get_system(record.system)
        cached = self._cache.get(record.id)
        if cached and cached[0] == record.version:
            return system, cached[1]
        state = system.new_state()
        for kind, payload, _actor in await self.store.events(record.id):
            system.evolve(state, from_record(kind, payload))
        self._cache[record.id] = (record.version, state)
        return system, state

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
        events = system.decide(state, cmds.Open(issuer=req.user, system=system.name), self.dice)
        reply = public(f"戦闘を開きました（{system.title}）。KP: {req.name or req.user}\n"
                       "PLは /battle join character:名前 で参加、KPは /battle add でNPCを追加し、/battle start で開始します。")
        try:
            record = await self.store.open_battle(req.channel, req.guild, system.name, req.user,
                                                  [to_record(e) for e in events], req.request_id,
                                                  [reply.to_dict()])
        except BattleExists:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。") from None
        for e in events:
            system.evolve(state, e)
        self._cache[record.id] = (record.version, state)
        return [reply]

    async def _active(self, req: Request) -> BattleRecord:
        record = await self.store.active_battle(req.channel)
        if record is None:
            raise InvalidInput("このチャンネルには進行中の戦闘がありません。/battle new で開いてください。")
        return record

    async def _status(self, req: Request) -> list[Reply]:
        record = await self._active(req)
        system, state = await self._load(record)
        view = system.view(state)
        reveal = req.user == record.keeper
        return [render.status_reply(view, system.title, reveal=reveal)]

    async def _battle(self, req: Request, build) -> list[Reply]:
        for attempt in range(2):
            record = await self._active(req)
            system, state = await self._load(record)
            command = build(state)
            if asyncio.iscoroutine(command):
                command = await command
            before = system.view(state)
            events = system.decide(state, command, self.dice)
            if not events:
                return [private(req.user, "変化はありませんでした。")]
            new_state = copy.deepcopy(state)
            for e in events:
                system.evolve(new_state, e)
            replies = self._replies(record, system, before, events, new_state)
            ended = any(isinstance(e, BattleEnded) for e in events)
            try:
                version = await self.store.append(record.id, record.version, [to_record(e) for e in events],
                                                  req.user, req.request_id, [r.to_dict() for r in replies],
                                                  status="ended" if ended else None)
            except VersionConflict:
                self._cache.pop(record.id, None)
                if attempt == 0:
                    continue
                raise InvalidInput("同時に別の操作が行われました。状況を確認してもう一度お試しください。") from None
            self._cache[record.id] = (version, new_state)
            return replies
        return []

    def _replies(self, record: BattleRecord, system: GameSystem, before, events: list[Event],
                 state: BattleState) -> list[Reply]:
        view = system.view(state)
        replies = []
        text = render.events_text(events, view)
        finish = any(type(e).__name__ == "SideOutOfAction" for e in events) and state.phase == "active"
        if text:
            replies.append(public(text, buttons=(render.finish_button(record.id),) if finish else ()))
        old = {p.key for p in before.prompts}
        for prompt in view.prompts:
            if prompt.key not in old and not (prompt.kind == "turn" and _same_turn(before, view)):
                replies.append(render.prompt_reply(record.id, prompt, state.keeper, view))
        return replies or [public("了解しました。")]

    # --- buttons ----------------------------------------------------------------------

    async def _button(self, req: Request) -> list[Reply]:
        bid = buttons.decode(opt.text(req.options, "custom_id") or "")
        if bid is None:
            raise InvalidInput("このボタンは読み取れませんでした。")
        record = await self.store.active_battle(req.channel)
        if record is None or record.id != bid.battle:
            raise InvalidInput("このボタンの戦闘はもう終わっています。")
        system, state = await self._load(record)
        if bid.key == "end":
            return await self._battle(req, lambda s: cmds.EndBattle(issuer=req.user))
        prompt = next((p for p in system.view(state).prompts if p.key == bid.key), None)
        if prompt is None:
            raise InvalidInput("このボタンは古くなっています（その場面はもう過ぎました）。最新のメッセージのボタンを使ってください。")
        if req.user not in (prompt.owner, record.keeper) and not (prompt.owner is None and req.user == record.keeper):
            raise InvalidInput(f"このボタンは{prompt.unit}の担当者用です。")
        as_unit = prompt.unit if req.user == record.keeper and prompt.owner != req.user else None
        if prompt.kind == "turn":
            return await self._battle(req, lambda s: cmds.EndTurn(issuer=req.user, as_unit=as_unit))
        return await self._battle(req, lambda s: cmds.React(issuer=req.user, as_unit=as_unit, action=bid.label))


def _same_turn(before, after) -> bool:
    """Whether the turn is still the one prompted before (no new turn prompt needed)."""
    return before.turn == after.turn and before.round == after.round and before.turn is not None


# --- command builders: Request options → rules command --------------------------------

async def _join(service: Service, req: Request, state: BattleState) -> cmds.Command:
    scope = req.guild or "console"
    name = opt.text(req.options, "character")
    if not name:
        mine = await service.characters.owned(scope, req.user)
        if len(mine) != 1:
            raise InvalidInput("character: で参加するキャラクターを指定してください。")
        name = mine[0]
    character = await service.characters.load(scope, name)
    return cmds.Join(issuer=req.user, name=character.name, sheet=character.to_dict())


async def _add(service: Service, req: Request, state: BattleState) -> cmds.Command:
    scope = req.guild or "console"
    name = opt.text(req.options, "name")
    if not name:
        raise InvalidInput("name: にNPCの名前を指定してください。")
    character = await service.characters.load(scope, opt.text(req.options, "character") or name)
    sheet = {**character.to_dict(), "name": name}
    return cmds.Join(issuer=req.user, name=name, sheet=sheet, npc=True, hidden=opt.boolean(req.options, "hidden"))


def _as(req: Request) -> str | None:
    return opt.text(req.options, "as")


_BUILDERS = {
    "battle join": _join,
    "battle add": _add,
    "battle start": lambda s, r, st: cmds.Start(issuer=r.user),
    "battle end": lambda s, r, st: cmds.EndBattle(issuer=r.user),
    "battle remove": lambda s, r, st: cmds.Remove(issuer=r.user, name=opt.text(r.options, "name") or ""),
    "attack": lambda s, r, st: cmds.Attack(
        issuer=r.user, as_unit=_as(r), target=opt.text(r.options, "target") or "",
        weapon=opt.text(r.options, "weapon"), special=opt.text(r.options, "special"),
        aim=opt.text(r.options, "aim"), mode=opt.text(r.options, "mode"),
        shots=opt.integer(r.options, "shots", "shots"), modifier=opt.integer(r.options, "modifier", "modifier") or 0,
        power=opt.integer(r.options, "power", "power")),
    "react": lambda s, r, st: cmds.React(
        issuer=r.user, as_unit=_as(r), action=opt.text(r.options, "action") or "",
        weapon=opt.text(r.options, "weapon"), target=opt.text(r.options, "target"),
        object=opt.text(r.options, "object"), power=opt.integer(r.options, "power", "power")),
    "declare": lambda s, r, st: cmds.Declare(
        issuer=r.user, as_unit=_as(r), action=opt.text(r.options, "action") or "",
        target=opt.text(r.options, "target"), amount=opt.integer(r.options, "amount", "amount")),
    "end": lambda s, r, st: cmds.EndTurn(issuer=r.user, as_unit=_as(r)),
    "wait": lambda s, r, st: cmds.Wait(issuer=r.user, as_unit=_as(r)),
    "escape": lambda s, r, st: cmds.Escape(issuer=r.user, as_unit=_as(r),
                                           power=opt.integer(r.options, "power", "power")),
    "move": lambda s, r, st: cmds.Move(issuer=r.user, as_unit=_as(r), to=opt.text(r.options, "to") or ""),
    "check": lambda s, r, st: cmds.SkillCheck(issuer=r.user, as_unit=_as(r), skill=opt.text(r.options, "skill") or "",
                                              modifier=opt.integer(r.options, "modifier", "modifier") or 0),
}
