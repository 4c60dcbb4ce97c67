"""The battles of the store as the service works on them: folded state (cached), who is KP,
the per-channel lock, and the one write path every decided command takes
(:meth:`Battles.transact`: load, decide, fold, render, commit under the version check).

The folded battles stay in memory between commands (a bounded LRU; the events stay the
truth): a command finds its channel's battle without reading the database, evolves the
kept state in place with its new events and writes once. A battle's history (its events
and steps) is kept only after the keeper's commands that use it (undo, redo, override):
memory per battle does not grow with its length. If the write fails, the kept fold
is dropped and the next command folds the battle again (from its latest snapshot and the
events after it, bot.battle.snapshots), so memory never holds a state the database does not.

Every decided command is stored as one step (rules.battle.steps): a marker with the command
and its dice, then its events. The keeper's undo, redo, override and allow work on steps
(bot.battle.keeper_desk); the state is the fold of the active steps.
"""
from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
from collections.abc import Awaitable, Callable
from secrets import token_hex
from datetime import datetime, timedelta

from bot.commands import settings as kp_settings
from bot.battle import snapshots
from bot.commands.settings import chat_on
from bot.battle.draft import Draft, KeptDie, Loaded, advance, folded, reverts
from bot.battle.fold_cache import LRU
from bot.battle.questions import Questions
from bot.render import battle as render
from bot.render import log as battle_log
from bot.render import round_start, window
from bot.render.reply import IN_LOG, Reply, clip, private, public
from bot.commands.request import Request
from bot.render.labels import request_label
from bot.store import BattleRecord, DuplicateRequest, Refusal, Snapshot, Store, VersionConflict
from bot.store.json_codec import shallow
from bot.store.sanity import TimePassed
from rules.battle import keeper as kc
from rules.battle.events import BattleEnded, Event, from_record
from rules.battle.protocol import BattleView, GameSystem
from rules.battle.frozen import replaced
from rules.battle.state import BattleState
from rules.battle.steps import StepsReverted, StepsRestored, command_record
from rules.errors import InvalidInput, RuleViolation
from rules.systems import get_system

log = logging.getLogger(__name__)


class RenderFailed(Exception):
    """A decided command was stored but its replies could not be made (a bug in rendering):
    the user is told the step was recorded, not that nothing happened."""


NO_BATTLE = "このチャンネルには進行中の戦闘がありません。/battle new で開いてください。"

Make = Callable[[GameSystem, Loaded, bool], Awaitable[tuple[list[Event], list[Reply]]]]
"""``await make(system, loaded, is_kp) -> (new events, extra replies)``: one decision."""

StepNote = Callable[[Request, int, list[Event], dict, str | None], Awaitable[dict | None]]
"""``await note(request, battle id, step events, {unit: owner}, keeper) -> record or None``: a
step's record in the channel's open session (bot.sheets.session_notes), written in the
step's transaction."""


class Battles:
    """Battles over ``store`` decided with ``dice`` at ``clock`` time.

    Args:
        store: the repository (migrated).
        dice: the Dice every roll uses (``RandomDice(SystemRandom())`` in production).
        clock: returns the current naive-UTC time.
        reminder_minutes / autoskip_minutes: default turn timings (``/kp setting``
            overrides them per channel; autoskip 0 = off).
        cache_size: how many folded battles stay in memory (least recently used go first).
        answered_size: how many answered request ids are remembered in memory (older ones
            are still refused by the database's key).

    ``step_notes`` (set by the service): the session record of each step, or None.
    """

    def __init__(self, store: Store, dice, clock: Callable[[], datetime],
                 reminder_minutes: int = 10, autoskip_minutes: int = 0,
                 cache_size: int = 1024, answered_size: int = 4096) -> None:
        self.store = store
        self.dice = dice
        self.clock = clock
        self.reminder_minutes = reminder_minutes
        self.autoskip_minutes = autoskip_minutes
        self.deadline_listeners: list[Callable[[], None]] = []
        self.answered: LRU[list[Reply]] = LRU(answered_size)
        self.questions = Questions(store, self.answered)
        """What the chat side keeps pending per battle (issue 26), written with the steps too."""
        self._locks: dict[str, asyncio.Lock] = {}
        self._folds: LRU[Loaded] = LRU(cache_size, on_evict=self._evicted)
        self._active: dict[str, int] = {}
        self._serving: dict[str, bool] = {}  # channel → "no active battle" read in its request (see serving)
        self._latest: dict[str, BattleRecord | None] = {}  # channel → its latest battle, read in its request
        self._roles: LRU[frozenset[str]] = LRU(cache_size)
        self._messages: LRU[str] = LRU(16 * cache_size)  # a few bytes each; every tag a battle ever had
        self._writes = 0
        self.step_notes: StepNote | None = None
        self.carrier = None
        self.round_clock: Callable[[TimePassed], list[Reply]] | None = None
        """Set by the service (the SAN flow's timers, bot.sheets.madness): a step that begins
        new rounds then moves the channel's game clock on by them in the step's own
        transaction (``Store.append(time=…)``: one durable commit), and ``round_clock(passed)``
        says which timers that ended; its replies follow the step's."""
        """The sheet side's :class:`bot.sheets.carry.SheetCarrier` (set by the service): a
        battle's end writes its result onto the PCs' sheets in the same transaction."""

    def lock(self, channel: str) -> asyncio.Lock:
        """The lock that serialises the commands of ``channel`` in this process."""
        lock = self._locks.get(channel)
        if lock is None:
            if len(self._locks) > 4 * self._folds.size:
                self._locks = {c: held for c, held in self._locks.items() if held.locked()}
            lock = self._locks[channel] = asyncio.Lock()
        return lock

    def serving(self, channel: str) -> Serving:
        """Hold ``channel``'s lock for one request (``async with battles.serving(channel)``).
        While it is held, the channel's battle is looked up in the database at most once: a
        read that found no active battle is remembered until the request ends (the permission
        check, the handler and the sheet side all ask; issue 27), unless this process keeps
        or drops a battle of the channel meanwhile (:meth:`_keep`, :meth:`_drop`). Exact:
        within one request the answer is the database's at the first read, as if the request
        had run at that instant; a battle another process opens later is seen by the next
        request."""
        return Serving(self.lock(channel), self._serving, channel, self._latest)

    def _changed(self, channel: str) -> None:
        """A battle of ``channel`` was kept or dropped: read the channel again if asked."""
        if channel in self._serving:
            self._serving[channel] = False
        self._latest.pop(channel, None)

    async def latest(self, channel: str) -> BattleRecord | None:
        """The channel's most recent battle, active or ended, or None: as read with its
        active battle in this request (:meth:`active_loaded` within :meth:`serving`), else
        from the database."""
        if channel in self._latest:
            return self._latest[channel]
        return await self.store.latest_battle(channel)

    # --- the kept folds -----------------------------------------------------------------

    def _evicted(self, battle_id, loaded: Loaded) -> None:
        if self._active.get(loaded.record.channel) == battle_id:
            del self._active[loaded.record.channel]

    def _keep(self, loaded: Loaded) -> None:
        self._changed(loaded.record.channel)
        self._folds.put(loaded.record.id, loaded)
        if loaded.record.status == "active":
            self._active[loaded.record.channel] = loaded.record.id
        elif self._active.get(loaded.record.channel) == loaded.record.id:
            del self._active[loaded.record.channel]

    def _drop(self, record: BattleRecord) -> None:
        self._changed(record.channel)
        self._folds.pop(record.id)
        if self._active.get(record.channel) == record.id:
            del self._active[record.channel]

    def forget(self, record: BattleRecord) -> None:
        """Forget the kept fold of ``record`` (its status changed outside a step: a
        suspension, bot.battle.places)."""
        self._drop(record)

    @property
    def cached(self) -> int:
        """How many folded battles are kept in memory now."""
        return len(self._folds)

    # --- reading ------------------------------------------------------------------------

    async def active_loaded(self, channel: str, fresh: bool = False) -> tuple[GameSystem, Loaded] | None:
        """The channel's active battle as folded (from memory when kept), or None. With
        ``fresh`` the battle's row is read to make sure the kept fold is the latest (another
        process may have written: read-only commands show what is stored)."""
        battle_id = None if fresh else self._active.get(channel)
        if battle_id is not None:
            loaded = self._folds.get(battle_id)
            if loaded is not None:
                return get_system(loaded.record.system), loaded
        if not fresh and self._serving.get(channel):  # read already in this request: none
            return None
        if channel in self._serving:  # the latest battle comes with it, remembered for the request
            record, self._latest[channel] = await self.store.active_and_latest(channel)
        else:
            record = await self.store.active_battle(channel)
        if record is None:
            if channel in self._serving:
                self._serving[channel] = True
            return None
        return await self.loaded(record)

    async def active(self, channel: str, fresh: bool = False) -> BattleRecord | None:
        """The channel's active battle, or None (``fresh``: see :meth:`active_loaded`)."""
        found = await self.active_loaded(channel, fresh)
        return found[1].record if found else None

    async def require_active(self, channel: str, fresh: bool = False) -> BattleRecord:
        """The channel's active battle; raises InvalidInput when there is none."""
        record = await self.active(channel, fresh)
        if record is None:
            raise InvalidInput(NO_BATTLE)
        return record

    async def loaded(self, record: BattleRecord, history: bool = False) -> tuple[GameSystem, Loaded]:
        """The battle folded (kept while its version is ``record``'s); with ``history``,
        its events and steps loaded too."""
        system = get_system(record.system)
        cached = self._folds.get(record.id)
        if cached is None or cached.record.version != record.version:
            cached = await self._load(system, record, history)
            self._keep(cached)
        if history and not cached.has_history:
            cached = await self.with_history(system, cached)
        return system, cached

    async def with_history(self, system: GameSystem, loaded: Loaded) -> Loaded:
        """``loaded`` with its events and steps (folded from every event; kept)."""
        if loaded.has_history:
            return loaded
        full = await self._fold_all(system, loaded.record)
        self._keep(full)
        return full

    async def _fold_all(self, system: GameSystem, record: BattleRecord) -> Loaded:
        events = [from_record(kind, payload) for kind, payload, _actor in await self.store.events(record.id)]
        return folded(system, dataclasses.replace(record, version=len(events)), events)

    async def _load(self, system: GameSystem, record: BattleRecord, history: bool) -> Loaded:
        """Fold the battle: from its snapshot and the events after it when the snapshot
        was written by these rules and no later event takes steps back; else from every event."""
        if history:
            return await self._fold_all(system, record)
        snap, tail = await self.store.snapshot_and_tail(record.id)
        events = [from_record(kind, payload) for kind, payload, _actor in tail]
        if snap is None:
            return folded(system, dataclasses.replace(record, version=len(events)), events)
        if snap.fingerprint != snapshots.fingerprint() or reverts(events):
            return await self._fold_all(system, record)
        try:
            state, next_step = snapshots.load(snap.state)
        except Exception:  # an unreadable snapshot: the events are the truth
            return await self._fold_all(system, record)
        loaded = Loaded(dataclasses.replace(record, version=snap.version + len(events)), None, state, None,
                        next_step)
        advance(system, loaded, events)
        return loaded

    async def stale(self, channel: str) -> bool:
        """Whether the kept fold of ``channel``'s battle is behind the database (another
        process wrote); a stale fold is dropped. One read; used after a refusal, so that a
        command is never refused on an old state."""
        battle_id = self._active.get(channel)
        kept = self._folds.get(battle_id) if battle_id is not None else None
        if kept is None and self._serving.get(channel):  # "none" was read in this very request
            return False
        record = await self.store.active_battle(channel)
        if kept is None:
            return record is not None
        if record is None or record.id != kept.record.id or record.version != kept.record.version:
            self._drop(kept.record)
            self.questions.forget(kept.record.id)
            return True
        return False

    def opened(self, system: GameSystem, record: BattleRecord, events: list[Event]) -> None:
        """Keep the fold of a battle just opened with ``events`` (no read back)."""
        self._keep(folded(system, record, list(events)))

    async def keeper_of(self, channel: str) -> str | None:
        """The KP of the channel's active battle, or None."""
        found = await self.active_loaded(channel)
        if found is None:
            return None
        return found[1].state.keeper or found[1].record.keeper

    async def is_kp(self, req: Request, keeper: str | None) -> bool:
        """Whether ``req.user`` is a KP here: the battle's keeper, a member with Manage
        Channels (``is_admin``), or one holding a ``/kp role`` role of the guild."""
        if req.user == keeper or req.is_admin:
            return True
        if req.roles:
            roles = self._roles.get(req.scope)
            if roles is None:
                roles = frozenset(await self.store.keeper.keeper_roles(req.scope))
                self._roles.put(req.scope, roles)
            return any(r in roles for r in req.roles)
        return False

    def roles_changed(self, scope: str) -> None:
        """Forget the kept KP roles of ``scope`` (after ``/kp role``)."""
        self._roles.pop(scope)

    async def message_id(self, channel: str, tag: str) -> str | None:
        """The id of the message sent under ``tag`` in ``channel`` (kept in memory), or None."""
        known = self._messages.get((channel, tag))
        if known is None:
            known = await self.store.keeper.message(channel, tag) or ""
            self._messages.put((channel, tag), known)
        return known or None

    async def message_sent(self, channel: str, tag: str, message_id: str) -> None:
        """Remember the message sent under ``tag`` (stored, and kept in memory)."""
        await self.store.keeper.put_message(channel, tag, message_id)
        self._messages.put((channel, tag), message_id)

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
                    speaker: str = "", kept_die: int | None = None) -> list[Event]:
        """The events of ``command`` as one step (marker first); raises what decide raises.
        Decided in place on ``loaded``'s state: call it only from a ``make`` of
        :meth:`transact`, which owns the battle while it decides. ``kept_die``: the face
        the first 1D100 takes (a palette roll's die, already shown)."""
        draft = Draft(system, loaded)
        dice = self.dice if kept_die is None else KeptDie(kept_die, self.dice)
        draft.decide(command, dice, by, label, speaker=speaker, in_place=True)
        return draft.events

    async def remember_refusal(self, req: Request, loaded: Loaded, command, exc: RuleViolation) -> None:
        """Store the refused command so that ``/kp allow`` can let it happen (survives restarts)."""
        refusal = Refusal(loaded.record.id, req.user, command_record(command), exc.clause, request_label(req))
        await self.store.keeper.put_refusal(req.channel, refusal, self.clock())

    async def decided(self, req: Request, build: Callable[[], object]) -> list[Reply]:
        """Decide the rules command ``build()`` returns (or a coroutine of it), with
        ``keeper`` set from the issuer's rights, as one step of the active battle; an
        allowable refusal is remembered for ``/kp allow``."""
        async def make(system: GameSystem, loaded: Loaded, is_kp: bool):
            command = build()
            if asyncio.iscoroutine(command):
                command = await command
            ruled = replaced(command, keeper=is_kp)
            try:
                return self.decide_step(system, loaded, ruled, req.user, request_label(req), req.name,
                                        req.kept_die), []
            except RuleViolation as exc:
                if exc.clause and exc.allowable:
                    await self.remember_refusal(req, loaded, ruled, exc)
                raise
        return await self.transact(req, make)

    async def transact(self, req: Request, make: Make, history: bool = False) -> list[Reply]:
        """One decided command, top to bottom: find the battle (memory), ``make`` (check and
        decide, in place on the kept battle), fold, render, commit the events in one
        transaction under the version check (one retry on a conflict, on the battle read
        anew), then tell. ``history``: ``make`` needs the battle's events and steps (undo,
        redo, override).

        The request id is stored with the span of its events, from which its replies are
        rendered again if the request comes back after a restart (:meth:`replayed`); a
        command whose ``make`` adds replies of its own stores them whole. Raises
        DuplicateRequest (the store's) when the request id was handled already."""
        for attempt in range(2):
            found = await self.active_loaded(req.channel)
            if found is None:
                raise InvalidInput(NO_BATTLE)
            system, loaded = found
            if history:
                loaded = await self.with_history(system, loaded)
            is_kp = await self.is_kp(req, loaded.state.keeper)
            record, before, folded_events = loaded.record, loaded.view or system.view(loaded.state), loaded.state.version
            round_before = max(getattr(loaded.state, "round", 0), 1)
            self._drop(record)  # changed in place from here: kept again only once committed
            try:
                events, extra = await make(system, loaded, is_kp)
            except BaseException:
                if loaded.state.version == folded_events:  # refused before anything was applied
                    self._keep(loaded)
                raise
            evolved = loaded.state.version != folded_events  # decided in place (decide_step)
            if not events:
                self._keep(loaded)
                return extra or [private(req.user, "変化はありませんでした。")]
            after = folded(system, record, loaded.events + events) if reverts(events) else loaded
            if after is loaded:
                advance(system, loaded, events, evolved=evolved)
            view = system.view(after.state)
            ended = any(isinstance(e, BattleEnded) for e in events)
            changed = [e.keeper for e in events if isinstance(e, kc.KeeperChanged)]
            version = record.version + len(events)
            snapshot = (Snapshot(version, snapshots.fingerprint(), snapshots.dump(after.state, after.next_step))
                        if snapshots.due(record.version, version) and not ended else None)
            deadlines = self.deadlines(before, view, after.state)
            sheets, carried = (await self.carrier.at_end(req.scope, req.channel, record.id, after.state)
                               if ended and self.carrier is not None else (None, []))
            whole = bool(extra or carried)  # replies not made from the events alone: stored whole
            replies = (extra + self.replies(record, system, before, view, events, after.state, quiet=bool(extra))
                       + carried if whole else None)
            note = await self.session_note(req, record.id, events, after.state)
            chat = self.questions.step_write(req, record.id, events, version)
            new_rounds = getattr(after.state, "round", 0) - round_before
            passed = (TimePassed(req.channel, rounds=new_rounds)
                      if new_rounds > 0 and self.round_clock is not None else None)
            write = self.store.append(
                record.id, record.version, [(e.kind, shallow(e)) for e in events], req.user, req.request_id,
                [_compact(r) for r in replies] if whole else {"battle": record.id, "events": [record.version + 1, version]},
                status="ended" if ended else None, deadlines=deadlines,
                keeper=changed[-1] if changed else None, snapshot=snapshot, sheets=sheets, note=note, chat=chat,
                time=passed)
            try:
                if replies is None:  # not stored: rendered again from the events if ever needed
                    replies = self.replies(record, system, before, view, events, after.state,
                                           secret=req.secret_for)
            except Exception as exc:
                await write  # its conflict or error, if any, says more; else the step is stored
                raise RenderFailed() from exc
            try:
                await write
            except DuplicateRequest:
                self.questions.forget(record.id)  # another process wrote: its questions are read anew
                raise
            except VersionConflict:
                self.questions.forget(record.id)
                if attempt == 0:
                    continue
                raise InvalidInput("同時に別の操作が行われました。状況を確認してもう一度お試しください。") from None
            after.record = record.stepped(version, "ended" if ended else None, changed[-1] if changed else None)
            after.view = view
            self.questions.stepped(record.id, chat)
            if after.has_history and not history:  # read again when undo, redo or the log need it
                after.events = after.steps = None
            self._keep(after)
            replies = await self.known_stale(req.channel, replies)
            if req.request_id:
                self.answered.put(req.request_id, replies)
            self._expire_requests()
            if deadlines:
                for listener in self.deadline_listeners:
                    listener()
            if passed is not None:
                replies = replies + self.round_clock(passed)
            return await self.with_stale(req.channel, replies)
        return []

    async def session_note(self, req: Request, battle_id: int, events: list[Event], state: BattleState) -> dict | None:
        """The record of the step ``events`` in the channel's open session (``step_notes``),
        written with the step; None without a session."""
        if self.step_notes is None:
            return None
        return await self.step_notes(req, battle_id, events, unit_owners(state), state.keeper)

    async def replayed(self, battle_id: int, first: int, last: int) -> list[Reply]:
        """The replies of events ``first`` … ``last`` (seqs, 1-based) of battle ``battle_id``
        rendered again from the stored events, exactly as when they were decided (the
        answer to a request that comes back after a restart; see :meth:`transact`)."""
        record = await self.store.battle(battle_id)
        system = get_system(record.system)
        events = [from_record(kind, payload) for kind, payload, _actor in await self.store.events(battle_id)][:last]
        before = folded(system, dataclasses.replace(record, version=first - 1), events[:first - 1])
        after = folded(system, dataclasses.replace(record, version=last), events)
        return await self.known_stale(record.channel, self.replies(
            record, system, system.view(before.state), system.view(after.state), events[first - 1:], after.state))

    def _expire_requests(self) -> None:
        """Every 500th write, forget the idempotency keys older than a day (Discord retries
        an interaction within seconds; a day is ample). Housekeeping after a command's
        commit: nobody waits for it, and if it fails (logged) the next one tries again."""
        self._writes += 1
        if self._writes % 500 == 0:
            asyncio.ensure_future(self.store.expire_requests(timedelta(days=1))).add_done_callback(_logged)

    def deadlines(self, before: BattleView, view: BattleView, state: BattleState) -> list:
        """Deadlines for prompts asked anew: one reminder, the auto-skip of a turn, and the
        closing of a round's declarations (``declare_timeout_minutes``)."""
        remind, skip = self.timings(state)
        old = {p.key for p in before.prompts}
        now = None
        found = []
        for prompt in view.prompts:
            if prompt.key in old or prompt.kind in ("cover", "rush"):  # an offer: the battle does not wait on it
                continue
            if prompt.kind in ("declare", "declarations"):  # no reminder: the window's own timeout
                due = (("close", self.declare_timeout(state)),) if prompt.kind == "declarations" else ()
            else:
                due = (("remind", remind), ("skip", skip if prompt.kind == "turn" else 0))
            due = [(kind, minutes) for kind, minutes in due if minutes]
            if not due:
                continue
            now = now or self.clock()
            payload = {"unit": prompt.unit, "owner": prompt.owner, "token": deadline_token()}  # its step's request id
            found.extend((prompt.key, kind, now + timedelta(minutes=minutes), payload) for kind, minutes in due)
        return found

    # --- rendering ------------------------------------------------------------------------

    def replies(self, record: BattleRecord, system: GameSystem, before: BattleView, view: BattleView,
                events: list[Event], state: BattleState, quiet: bool = False, secret: str = "") -> list[Reply]:
        """The messages of ``events``: their lines, new prompts (after ``/kp override``, every
        question the re-resolved roll leads to, even one asked before) and a new round's board;
        an acknowledgement when nothing else shows, unless ``quiet`` (the caller says it).
        ``secret``: a unit whose lines are shown as a hidden one's (:func:`secret_view`)."""
        replies = event_replies(record, events, state, secret_view(view, secret))
        old = {p.key for p in before.prompts}
        if any(isinstance(e, StepsReverted) and e.reason == "override" for e in events):
            old = {p.key for p in before.prompts if p.kind == "turn"}  # re-resolved: its questions are asked again
        new = [p for p in view.prompts
               if p.key not in old and not (p.kind == "turn" and _same_turn(before, view))]
        replies.extend(window.prompts_replies(record.id, new, state.keeper, view, chat_on(state)))
        if view.phase == "active" and view.round > before.round:
            replies.extend(board(record, system, view))
            replies = round_start.one_message(replies)  # one message per round start (issue 29)
        return replies or ([] if quiet else [public("了解しました。")])

    async def with_stale(self, channel: str, replies: list[Reply]) -> list[Reply]:
        """With a new tagged message, an edit (placed last, so that the first reply is still
        the answer) that marks the older one (if the transport remembered one, see
        :meth:`message_sent`) as out of date. Told after a commit, so
        when the message id cannot be read (logged) the replies go without that edit."""
        for reply in replies:
            try:
                known = reply.tag and await self.message_id(channel, reply.tag)
            except Exception:  # noqa: BLE001 - the step is stored: its replies must go out
                log.exception("the message id of %s in %s could not be read", reply.tag, channel)
                return replies
            if known:
                stale = Reply(text=round_start.STALE, edit=reply.tag)
                return [*replies, stale]
        return replies

    async def known_stale(self, channel: str, replies: list[Reply]) -> list[Reply]:
        """``replies`` without a round start's edit of the older board (bot.render.round_start)
        when the transport remembers no board here: nothing to mark (the same when the request
        is answered again, :meth:`replayed`)."""
        return [r for r in replies if not (r.edit and r.text == round_start.STALE)
                or await self._remembered(channel, r.edit)]

    async def _remembered(self, channel: str, tag: str) -> bool:
        """Whether the transport remembers a message under ``tag`` here (False when it
        cannot be read: logged)."""
        try:
            return bool(await self.message_id(channel, tag))
        except Exception:  # noqa: BLE001 - the step is stored: its replies must go out
            log.exception("the message id of %s in %s could not be read", tag, channel)
            return False


_NONCE = token_hex(8)
"""This process's part of every deadline token: 64 random bits, drawn once at start."""
_COUNT = itertools.count(1)


def deadline_token() -> str:
    """A token no other deadline has, in any process or after a restart: this process's
    random :data:`_NONCE` and a count (the firing step's request id ``deadline-<token>``,
    bot.battle.deadlines; drawing 128 random bits from the system for each cost 3 µs of a
    command, issue 27)."""
    return f"{_NONCE}{next(_COUNT):x}"


class Serving:
    """The context of one request in a channel (:meth:`Battles.serving`): its lock held and
    its battle look-up remembered in ``memo`` (``{channel: read and found none}``) and the
    latest battle read with it in ``latest``, until it ends. A plain class, not ``asynccontextmanager``: it is entered by every command."""

    __slots__ = ("lock", "memo", "channel", "latest")

    def __init__(self, lock: asyncio.Lock, memo: dict[str, bool], channel: str,
                 latest: dict[str, BattleRecord | None]) -> None:
        self.lock, self.memo, self.channel, self.latest = lock, memo, channel, latest

    async def __aenter__(self) -> None:
        await self.lock.acquire()
        self.memo[self.channel] = False

    async def __aexit__(self, *_exc) -> None:
        self.memo.pop(self.channel, None)
        self.latest.pop(self.channel, None)
        self.lock.release()


def secret_view(view: BattleView, unit: str) -> BattleView:
    """``view`` with ``unit`` shown as a hidden NPC (its rolls 🔒 for the players, whole
    for the KP): the KP answered for it with a secret roll (issue 21). ``view`` itself
    when ``unit`` is ""."""
    if not unit:
        return view
    rows = tuple(dataclasses.replace(r, hidden=True) if r.name == unit else r for r in view.rows)
    return dataclasses.replace(view, rows=rows)


def unit_owners(state: BattleState) -> dict[str, str | None]:
    """``{unit: owner}`` of a battle (None for the KP's NPCs)."""
    return {unit.id: unit.owner for unit in state.units.values()}


def _logged(done: asyncio.Future) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("housekeeping write failed (tried again later): %s", done.exception())


def board(record: BattleRecord, system: GameSystem, view: BattleView) -> list[Reply]:
    """The public status board (players' view), tagged ``board:<battle id>``."""
    return [render.status_reply(view, system.title, reveal=False, tag=f"board:{record.id}")]


def event_replies(record: BattleRecord, events: list[Event], state: BattleState, view) -> list[Reply]:
    """The public lines of new events (secret rolls of hidden units as 🔒) and, when some
    were hidden, the full lines privately for the KP."""
    secret = state.settings.get("secret_hidden_rolls", True)
    events = [e for e in events if not (isinstance(e, _BOOKKEEPING) and _explained(e))]
    hidden_units = battle_log.hidden_units(events, view)
    shown = battle_log.each_line(events, view, reveal=not secret, hidden=hidden_units)
    public_lines = [line for line in shown if line]
    replies = []
    finish = state.phase == "active" and any(type(e).__name__ == "SideOutOfAction" for e in events)
    if public_lines:
        replies.append(Reply(text=clip("\n".join(public_lines), note=IN_LOG),
                             buttons=((render.finish_button(record.id),) if finish else ())
                             + render.as_attack_buttons(record.id, events)))
    if secret and hidden_units and state.keeper:  # with no hidden unit the full lines are the public ones
        full = battle_log.each_line(events, view, reveal=True, hidden=hidden_units)
        hidden = [line for line, public_line in zip(full, shown) if line and line != public_line]
        if hidden:
            replies.append(Reply(text=clip("🔒 KP用（シークレット）\n" + "\n".join(hidden), note=IN_LOG),
                                 ephemeral=True, to=state.keeper))
    return replies


def _compact(reply: Reply) -> dict:
    """The reply as stored with its request id: only the fields that differ from the
    defaults (``Reply.from_dict`` reads the rest as defaults); buttons stay dataclasses
    (the store's JSON writes them as their fields, bot.store.json_codec)."""
    return {k: v for k, v in shallow(reply).items() if v or k == "text"}


_BOOKKEEPING = (StepsReverted, StepsRestored, kc.KeeperRuling)
"""The events :func:`_explained` may leave out."""


def _explained(e: Event) -> bool:
    """Keeper bookkeeping that the reply of /kp undo, redo, override or allow already says
    in a sentence (the battle log still lists it)."""
    if isinstance(e, (StepsReverted, StepsRestored)):
        return True
    return isinstance(e, kc.KeeperRuling) and e.action in ("上書き", "許可")


def _same_turn(before, after) -> bool:
    """Whether the turn is still the one prompted before (no new turn prompt needed)."""
    return before.turn == after.turn and before.round == after.round and before.turn is not None
