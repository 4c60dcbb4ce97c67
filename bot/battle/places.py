"""When a battle's place goes away or can no longer be posted in (issue 18, items 1 and 6).

A battle whose channel or thread was deleted or archived, or whose guild removed the bot,
is *suspended*: kept whole (its events untouched), no longer active, its deadlines dropped,
so nothing fires into a place that is gone; ``/battle reopen`` makes it active again where it
stood, its open questions asked again and their deadlines re-armed. A battle whose channel
only refused a post for lack of permission is *held*: it stays active, its deadlines are
dropped, so an auto-skip cannot run turns nobody sees; the next command arms them again.
"""
from __future__ import annotations

from types import SimpleNamespace

from sqlalchemy.exc import IntegrityError

from bot.battle.battles import Battles, board
from bot.commands.settings import chat_on
from bot.commands.request import Request
from bot.render import battle as render
from bot.render.reply import Reply, public
from bot.store import BattleRecord
from rules.errors import InvalidInput

SUSPENDED = "suspended"
"""The status of a suspended battle (``active`` and ``ended`` are the others)."""


class Places:
    """Suspending, holding and resuming the battles of ``battles`` by channel."""

    def __init__(self, battles: Battles) -> None:
        self.battles = battles
        self.store = battles.store

    async def suspend(self, channel: str) -> BattleRecord | None:
        """Suspend the channel's active battle; the record as it was (None when there was
        no active battle, or another process suspended it first)."""
        async with self.battles.lock(channel):
            record = await self.store.active_battle(channel)
            if record is None or not await self.store.keeper.set_battle_status(record.id, "active", SUSPENDED):
                return None
            self.battles.forget(record)
            return record

    async def hold(self, channel: str) -> str | None:
        """Drop the deadlines of the channel's active battle; its KP when they are to be told
        (once: the flag is kept with the battle, across restarts, until :meth:`posting_works`),
        else None (no battle, or told already)."""
        record = await self.store.active_battle(channel)
        if record is None:
            return None
        await self.store.keeper.drop_deadlines(record.id)
        if not await self.battles.questions.warn_once(channel, record.id):
            return None
        return await self.battles.keeper_of(channel)

    async def posting_works(self, channel: str) -> None:
        """A post in ``channel`` went through: a later refusal is told to the KP again (free
        unless the channel's KP was told)."""
        await self.battles.questions.posting_works(channel)

    async def suspend_guild(self, guild: str) -> list[BattleRecord]:
        """Suspend every active battle of ``guild`` (the bot was removed from it)."""
        records = [await self.suspend(channel) for channel in await self.store.keeper.active_channels(guild)]
        return [r for r in records if r is not None]

    async def resume(self, req: Request, record: BattleRecord) -> list[Reply]:
        """``/battle reopen`` of a suspended ``record`` (the channel's latest battle, no other
        active): active again as it stood, with the board, its open questions and their
        deadlines. Raises InvalidInput for someone not its KP or when another battle became
        active meanwhile."""
        system, loaded = await self.battles.loaded(record)
        if not await self.battles.is_kp(req, loaded.state.keeper):
            raise InvalidInput("戦闘の再開はKPだけが行えます（権限: KP）。")
        return await self._activate(record, system, loaded.state, f"KP（{req.name or req.user}）が")

    async def unarchived(self, channel: str) -> list[Reply]:
        """A thread unarchived by anyone (a player writing in it does so, issue 28): its
        battle, suspended when the thread was archived, is active again as it stood, as
        ``/battle reopen`` makes it, its KP named by nobody; ``[]`` when the thread has no
        suspended battle (or another is active there). Raises InvalidInput when another
        process changed the battle meanwhile."""
        if await self.battles.active(channel) is not None:
            return []
        record = await self.store.latest_battle(channel)
        if record is None or record.status != SUSPENDED:
            return []
        system, loaded = await self.battles.loaded(record)
        return await self._activate(record, system, loaded.state, "スレッドが再開されたので、")

    async def _activate(self, record: BattleRecord, system, state, who: str) -> list[Reply]:
        """Make the suspended ``record`` active again; its replies, headed 「♻ {who}中断して
        いた戦闘を再開しました」."""
        view = system.view(state)
        deadlines = self.battles.deadlines(SimpleNamespace(prompts=()), view, state)
        try:
            moved = await self.store.keeper.set_battle_status(record.id, SUSPENDED, "active", deadlines)
        except IntegrityError:
            moved = False
        if not moved:
            raise InvalidInput("同時に別の操作が行われました（別の戦闘が開かれたかもしれません）。/battle status で確認してください。")
        self.battles.forget(record)
        for listener in self.battles.deadline_listeners:
            listener()
        replies = [public(f"♻ {who}中断していた戦闘を再開しました（ラウンド{state.round}）。")]
        replies += board(record, system, view)
        return replies + [r for p in view.prompts
                          for r in render.prompt_replies(record.id, p, state.keeper, view, chat_on(state))]
