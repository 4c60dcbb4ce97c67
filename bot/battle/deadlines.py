"""Firing the turn deadlines that decided steps schedule (bot.battle.battles.Battles.deadlines):
a reminder that mentions whoever must act, the auto-skip of a turn, the closing of the
round-start declarations. The dispatcher loop (bot.battle.reminders) calls :meth:`Deadlines.fire`
when one is due and :meth:`Deadlines.delivered` once its messages went out."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bot.battle.answers import Answers
from bot.battle.battles import Battles
from bot.battle.draft import Loaded
from bot.commands.request import Request
from bot.render import battle as render
from bot.render.reply import Reply, private
from bot.store import Deadline
from rules.battle import keeper as kc
from rules.battle.protocol import GameSystem

DEADLINE_LEASE = timedelta(minutes=2)
"""How long a fired deadline is held by the process delivering it before another may fire
it again (that process died before its messages went out)."""


class Deadlines:
    """The deadlines of ``battles``' store, fired on ``battles.clock``."""

    def __init__(self, battles: Battles, answers: Answers) -> None:
        self.battles = battles
        self.store = battles.store
        self.answers = answers

    @property
    def clock(self) -> Callable[[], datetime]:
        """The clock (naive UTC) deadlines are measured by."""
        return self.battles.clock

    @property
    def listeners(self) -> list[Callable[[], None]]:
        """Called after a command scheduled a deadline (the reminder loop wakes up)."""
        return self.battles.deadline_listeners

    async def fire(self, deadline: Deadline) -> list[Reply]:
        """Fire a due deadline: a reminder that mentions whoever must act (privately to the
        KP when the prompt went so, a hidden NPC's question), or the auto-skip of the turn
        (committed once, under the request id ``deadline-<token>``: fired again after its
        announcement failed, it is announced from the stored step, not skipped twice).

        The deadline is leased, not removed (:data:`DEADLINE_LEASE`): the caller delivers the
        replies, then calls :meth:`delivered`; a process that dies in between leaves it to
        fire again. Returns [] when another process holds it, or (removing it) when the
        prompt has moved on or the battle is over."""
        async with self.battles.lock(deadline.channel):
            now = self.clock()
            if not await self.store.keeper.lease_deadline(deadline.id, now, now + DEADLINE_LEASE):
                return []
            request_id = f"deadline-{deadline.payload.get('token') or f'{deadline.battle_id}-{deadline.id}'}"
            earlier = await self.answers.before(Request(channel=deadline.channel, user="", command="kp skip",
                                                        request_id=request_id))
            if earlier is not None:  # committed by an earlier attempt whose messages were lost
                return earlier
            record = await self.store.battle(deadline.battle_id)
            current = view = None
            if record is not None and record.status == "active":
                system, loaded = await self.battles.loaded(record)
                state = loaded.state
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

            async def timed_out(system: GameSystem, loaded: Loaded, is_kp: bool):
                return self.battles.decide_step(system, loaded, command, state.keeper, label), []
            return await self.battles.transact(req, timed_out)

    async def delivered(self, deadline: Deadline) -> None:
        """Remove a fired deadline once its messages were delivered (or given up)."""
        await self.store.keeper.finish_deadline(deadline.id)
