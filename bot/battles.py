"""The battles of the store as the service works on them: folded state (cached), who is KP,
the per-channel lock, and the one write path every decided command takes
(:meth:`Battles.transact`: load, decide, fold, render, commit under the version check).

Every decided command is stored as one step (rules.battle.steps): a marker with the command
and its dice, then its events. The keeper's undo, redo, override and allow work on steps
(bot.keeper_desk); the state is the fold of the active steps.
"""
from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot import kp_settings
from bot.draft import Draft, Loaded
from bot.render import battle as render
from bot.render import log as battle_log
from bot.render.reply import Reply, private, public
from bot.request import Request, request_label
from bot.store import BattleRecord, Refusal, Store, VersionConflict
from rules.battle import keeper as kc
from rules.battle.events import BattleEnded, Event, from_record, to_record
from rules.battle.protocol import BattleView, GameSystem
from rules.battle.state import BattleState
from rules.battle.steps import StepsReverted, StepsRestored, command_record, fold, rebuild
from rules.errors import InvalidInput, RuleViolation
from rules.systems import get_system

NO_BATTLE = "このチャンネルには進行中の戦闘がありません。/battle new で開いてください。"

Make = Callable[[GameSystem, Loaded, bool], Awaitable[tuple[list[Event], list[Reply]]]]
"""``await make(system, loaded, is_kp) -> (new events, extra replies)``: one decision."""


class Battles:
    """Battles over ``store`` decided with ``dice`` at ``clock`` time.

    Args:
        store: the repository (migrated).
        dice: the Dice every roll uses (``RandomDice(SystemRandom())`` in production).
        clock: returns the current naive-UTC time.
        reminder_minutes / autoskip_minutes: default turn timings (``/kp setting``
            overrides them per channel; autoskip 0 = off).
    """

    def __init__(self, store: Store, dice, clock: Callable[[], datetime],
                 reminder_minutes: int = 10, autoskip_minutes: int = 0) -> None:
        self.store = store
        self.dice = dice
        self.clock = clock
        self.reminder_minutes = reminder_minutes
        self.autoskip_minutes = autoskip_minutes
        self.deadline_listeners: list[Callable[[], None]] = []
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: dict[int, Loaded] = {}

    def lock(self, channel: str) -> asyncio.Lock:
        """The lock that serialises the commands of ``channel`` in this process."""
        return self._locks.setdefault(channel, asyncio.Lock())

    # --- reading ------------------------------------------------------------------------

    async def active(self, channel: str) -> BattleRecord | None:
        """The channel's active battle, or None."""
        return await self.store.active_battle(channel)

    async def require_active(self, channel: str) -> BattleRecord:
        """The channel's active battle; raises InvalidInput when there is none."""
        record = await self.active(channel)
        if record is None:
            raise InvalidInput(NO_BATTLE)
        return record

    async def loaded(self, record: BattleRecord) -> tuple[GameSystem, Loaded]:
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

    async def keeper_of(self, channel: str) -> str | None:
        """The KP of the channel's active battle, or None."""
        record = await self.active(channel)
        if record is None:
            return None
        _system, loaded = await self.loaded(record)
        return loaded.state.keeper or record.keeper

    async def is_kp(self, req: Request, keeper: str | None) -> bool:
        """Whether ``req.user`` is a KP here: the battle's keeper, a member with Manage
        Channels (``is_admin``), or one holding a ``/kp role`` role of the guild."""
        if req.user == keeper or req.is_admin:
            return True
        if req.roles:
            roles = set(await self.store.keeper.keeper_roles(req.scope))
            return any(r in roles for r in req.roles)
        return False

    def setting_defaults(self, system) -> dict:
        """Every KP setting with its default for ``system``."""
        return kp_settings.defaults(system.settings(), self.reminder_minutes, self.autoskip_minutes)

    def declare_timeout(self, state: BattleState) -> int:
        """Minutes after which the round-start declarations close by themselves (0 = never)."""
        return int(state.settings.get("declare_timeout_minutes", kp_settings.DECLARE_TIMEOUT_MINUTES) or 0)

    def timings(self, state: BattleState) -> tuple[int, int]:
        """``(reminder, autoskip)`` minutes in force for this battle (0 = off)."""
        remind = state.settings.get("turn_reminder_minutes", self.reminder_minutes)
        skip = state.settings.get("turn_autoskip_minutes", self.autoskip_minutes)
        return int(remind or 0), int(skip or 0)

    # --- deciding -----------------------------------------------------------------------

    def decide_step(self, system, loaded: Loaded, command, by: str, label: str,
                    speaker: str = "") -> list[Event]:
        """The events of ``command`` as one step (marker first); raises what decide raises."""
        draft = Draft(system, loaded)
        draft.decide(command, self.dice, by, label, speaker=speaker)
        return draft.events

    async def remember_refusal(self, req: Request, loaded: Loaded, command, exc: RuleViolation) -> None:
        """Store the refused command so that ``/kp allow`` can let it happen (survives restarts)."""
        await self.store.keeper.put_refusal(req.channel, Refusal(loaded.record.id, req.user, command_record(command),
                                                          exc.clause, request_label(req)), self.clock())

    async def decided(self, req: Request, build: Callable[[], object]) -> list[Reply]:
        """Decide the rules command ``build()`` returns (or a coroutine of it), with
        ``keeper`` set from the issuer's rights, as one step of the active battle; an
        allowable refusal is remembered for ``/kp allow``."""
        async def make(system: GameSystem, loaded: Loaded, is_kp: bool):
            command = build()
            if asyncio.iscoroutine(command):
                command = await command
            ruled = dataclasses.replace(command, keeper=is_kp)
            try:
                return self.decide_step(system, loaded, ruled, req.user, request_label(req), req.name), []
            except RuleViolation as exc:
                if exc.clause and exc.allowable:
                    await self.remember_refusal(req, loaded, ruled, exc)
                raise
        return await self.transact(req, make)

    async def transact(self, req: Request, make: Make) -> list[Reply]:
        """One decided command: load, ``make`` (decide), fold, render, commit the events with
        their replies under the version check (one retry on a conflict), then tell.

        The replies are rendered before the commit because they are stored with the events
        (a retried interaction gets the same answer)."""
        for attempt in range(2):
            record = await self.require_active(req.channel)
            system, loaded = await self.loaded(record)
            is_kp = await self.is_kp(req, loaded.state.keeper)
            events, extra = await make(system, loaded, is_kp)
            if not events:
                return extra or [private(req.user, "変化はありませんでした。")]
            state, steps = rebuild(system.new_state, system.evolve, loaded.state, loaded.steps,
                                   loaded.events, events)
            before, view = system.view(loaded.state), system.view(state)
            replies = extra + self.replies(record, system, before, view, events, state, quiet=bool(extra))
            ended = any(isinstance(e, BattleEnded) for e in events)
            changed = [e.keeper for e in events if isinstance(e, kc.KeeperChanged)]
            deadlines = self.deadlines(before, view, state)
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
            self._cache[record.id] = Loaded(new_record, loaded.events + events, state, steps)
            if deadlines:
                for listener in self.deadline_listeners:
                    listener()
            return await self.with_stale(req.channel, replies)
        return []

    def deadlines(self, before: BattleView, view: BattleView, state: BattleState) -> list:
        """Deadlines for prompts asked anew: one reminder, the auto-skip of a turn, and the
        closing of a round's declarations (``declare_timeout_minutes``)."""
        remind, skip = self.timings(state)
        old = {p.key for p in before.prompts}
        now = self.clock()
        found = []
        for prompt in view.prompts:
            if prompt.key in old or prompt.kind == "cover":  # an offer: the battle does not wait on it
                continue
            payload = {"unit": prompt.unit, "owner": prompt.owner}
            if prompt.kind in ("declare", "declarations"):  # no reminder: the window's own timeout
                timeout = self.declare_timeout(state)
                if timeout and prompt.kind == "declarations":
                    found.append((prompt.key, "close", now + timedelta(minutes=timeout), payload))
                continue
            if remind:
                found.append((prompt.key, "remind", now + timedelta(minutes=remind), payload))
            if skip and prompt.kind == "turn":
                found.append((prompt.key, "skip", now + timedelta(minutes=skip), payload))
        return found

    # --- rendering ------------------------------------------------------------------------

    def replies(self, record: BattleRecord, system: GameSystem, before: BattleView, view: BattleView,
                events: list[Event], state: BattleState, quiet: bool = False) -> list[Reply]:
        """The messages of ``events``: their lines, new prompts and a new round's board;
        an acknowledgement when nothing else shows, unless ``quiet`` (the caller says it)."""
        replies = event_replies(record, events, state, view)
        old = {p.key for p in before.prompts}
        for prompt in view.prompts:
            if prompt.key not in old and not (prompt.kind == "turn" and _same_turn(before, view)):
                replies.append(render.prompt_reply(record.id, prompt, state.keeper, view))
        if view.phase == "active" and view.round > before.round:
            replies.extend(board(record, system, view))
        return replies or ([] if quiet else [public("了解しました。")])

    async def with_stale(self, channel: str, replies: list[Reply]) -> list[Reply]:
        """With a new tagged message, an edit (placed last, so that the first reply is still
        the answer) that marks the older one (if the transport remembered one, see
        :meth:`bot.service.Service.message_sent`) as out of date."""
        for reply in replies:
            if reply.tag and await self.store.keeper.message(channel, reply.tag):
                stale = Reply(text="（この状況表は古くなりました。最新の状況は新しい表か /battle status で確認してください）",
                              edit=reply.tag)
                return [*replies, stale]
        return replies


def board(record: BattleRecord, system: GameSystem, view: BattleView) -> list[Reply]:
    """The public status board (players' view), tagged ``board:<battle id>``."""
    shown = render.status_reply(view, system.title, reveal=False)
    return [dataclasses.replace(shown, tag=f"board:{record.id}")]


def event_replies(record: BattleRecord, events: list[Event], state: BattleState, view) -> list[Reply]:
    """The public lines of new events (secret rolls of hidden units as 🔒) and, when some
    were hidden, the full lines privately for the KP."""
    secret = state.settings.get("secret_hidden_rolls", True)
    events = [e for e in events if not _explained(e)]
    public_lines = battle_log.lines(events, view, reveal=not secret)
    replies = []
    finish = any(type(e).__name__ == "SideOutOfAction" for e in events) and state.phase == "active"
    if public_lines:
        replies.append(public("\n".join(public_lines),
                              buttons=(render.finish_button(record.id),) if finish else ()))
    full = battle_log.lines(events, view, reveal=True)
    hidden = [line for line, shown in zip(full, public_lines) if line != shown]
    if secret and hidden and state.keeper:
        replies.append(private(state.keeper, "🔒 KP用（シークレット）\n" + "\n".join(hidden)))
    return replies


def _explained(e: Event) -> bool:
    """Keeper bookkeeping that the reply of /kp undo, redo, override or allow already says
    in a sentence (the battle log still lists it)."""
    if isinstance(e, (StepsReverted, StepsRestored)):
        return True
    return isinstance(e, kc.KeeperRuling) and e.action in ("上書き", "許可")


def _same_turn(before, after) -> bool:
    """Whether the turn is still the one prompted before (no new turn prompt needed)."""
    return before.turn == after.turn and before.round == after.round and before.turn is not None
