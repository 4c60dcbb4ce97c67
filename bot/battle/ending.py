"""Ending a battle, with a second thought: ``/battle end`` asks the KP to confirm (buttons)
while a question is pending or no side is out of action yet, and ``/battle reopen`` brings
the channel's most recent ended battle back when no other battle is active there.

Reopening appends a step that takes back the step which ended the battle (a ``"reopen"``
revert, rules.battle.steps), so the state is exactly what it was before the end (the turn,
the pending questions, the declarations); the store marks the battle active again (at most
one active battle per channel: the store's partial unique index).
"""
from __future__ import annotations

from bot.commands import options as opt
from bot.commands.settings import chat_on
from bot.battle.battles import Battles, board
from bot.battle.places import SUSPENDED, Places
from bot.render import battle as render
from bot.render import buttons
from bot.render import window
from bot.render.reply import Button, Reply, clip, private, public
from bot.commands.request import Request
from bot.render.labels import request_label
from bot.store import VersionConflict
from rules.battle import commands as cmds
from rules.battle.events import to_record
from rules.battle.state import BattleState
from rules.battle.steps import StepStarted, StepsReverted, ending_step, next_step, rebuild
from rules.errors import InvalidInput

END_KEY = "end"
"""The question key of the [戦闘終了] offered when a side is down; a /battle end
confirmation's buttons carry ``end-<n>`` (:func:`is_end_key`), usable until answered."""
CONFIRM, KEEP = "戦闘を終える", "続ける"
STALE = "このボタンは古くなっています（この確認にはもう答えました）。最新のメッセージのボタンを使ってください。"


def is_end_key(key: str) -> bool:
    """Whether a button's question key is [戦闘終了] or a /battle end confirmation."""
    return key == END_KEY or key.startswith(END_KEY + "-")


def question_tag(battle_id: int) -> str:
    """The channel's tagged value (store.keeper messages) that holds the number of the open
    /battle end confirmation of ``battle_id``, ``"<n>"``, or ``"<n>-"`` once answered."""
    return f"end-question:{battle_id}"


def end_question(state: BattleState) -> str | None:
    """Why ending now deserves a confirmation, in Japanese, or None: a question is still
    pending, or every side still has a unit standing (no side is out of action)."""
    if state.pending:
        waiting = "、".join(dict.fromkeys(p.unit for p in state.pending))
        return f"{waiting}への質問（対応）がまだ答えられていません"
    standing = {u.side for u in state.units.values() if not u.out_of_action}
    if len(standing) > 1:
        return "まだ両陣営に行動できるユニットがいます"
    return None


def end_buttons(battle_id: int, number: int) -> tuple[Button, ...]:
    """[戦闘を終える] [続ける] of confirmation ``number`` (the battle's n-th)."""
    key = f"{END_KEY}-{number}"
    return (Button(CONFIRM, buttons.encode(battle_id, key, CONFIRM), "danger"),
            Button(KEEP, buttons.encode(battle_id, key, KEEP), "secondary"))


class BattleEnd:
    """``/battle end`` with its confirmation and ``/battle reopen`` over ``battles``."""

    def __init__(self, battles: Battles) -> None:
        self.battles = battles
        self.store = battles.store

    def routes(self) -> dict:
        """``{path: handler(request)}`` for the service's route table."""
        return {"battle end": self.end, "battle reopen": self.reopen}

    async def end(self, req: Request) -> list[Reply]:
        """``/battle end [confirm:]``: end now, or first ask the KP (privately, with buttons)
        when :func:`end_question` finds a reason and ``confirm`` was not given."""
        record = await self.battles.require_active(req.channel)
        _system, loaded = await self.battles.loaded(record)
        reason = end_question(loaded.state)
        if reason and not opt.boolean(req.options, "confirm"):
            tag = question_tag(record.id)
            number = int((await self.store.keeper.message(req.channel, tag) or "0").rstrip("-")) + 1
            await self.store.keeper.put_message(req.channel, tag, str(number))  # older confirmations go stale
            return [Reply(text=f"本当に戦闘を終えますか？（{reason}）\n終えた戦闘はKPが /battle reopen で再開できます。",
                          ephemeral=True, to=req.user, buttons=end_buttons(record.id, number))]
        return await self.confirmed(req)

    async def confirmed(self, req: Request) -> list[Reply]:
        """End the battle (the KP's [戦闘を終える] / [戦闘終了], or ``confirm:true``)."""
        return await self.battles.decided(req, lambda: cmds.EndBattle(issuer=req.user))

    async def pressed(self, req: Request, battle_id: int, key: str, choice: str) -> list[Reply]:
        """A button of the end question ``key``: [続ける] keeps the battle, anything else ends
        it. A confirmation answers once: after either button (or a newer /battle end) its
        buttons are stale (InvalidInput)."""
        keep = buttons.label_of(choice, (CONFIRM, KEEP)) == KEEP
        if key == END_KEY:  # [戦闘終了]: no question to answer
            return [private(req.user, "戦闘を続けます。")] if keep else await self.confirmed(req)
        tag, number = question_tag(battle_id), key[len(END_KEY) + 1:]
        if await self.store.keeper.message(req.channel, tag) != number:
            raise InvalidInput(STALE)
        replies = [private(req.user, "戦闘を続けます。")] if keep else await self.confirmed(req)
        await self.store.keeper.put_message(req.channel, tag, number + "-")
        return replies

    async def reopen(self, req: Request) -> list[Reply]:
        """``/battle reopen`` (KP): the channel's most recent battle, if it ended and no other
        battle is active, is active again exactly as it was before ``/battle end``."""
        if await self.battles.active(req.channel) is not None:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。再開できるのは、進行中の戦闘がないときだけです。")
        record = await self.store.latest_battle(req.channel)
        if record is not None and record.status == SUSPENDED:
            return await Places(self.battles).resume(req, record)
        if record is None or record.status != "ended":
            raise InvalidInput("このチャンネルには再開できる（終了した）戦闘がありません。")
        system, loaded = await self.battles.loaded(record, history=True)
        if not await self.battles.is_kp(req, loaded.state.keeper):
            raise InvalidInput("戦闘の再開はKPだけが行えます（権限: KP）。")
        ended = ending_step(loaded.steps)
        if ended is None:
            raise InvalidInput("この戦闘の終了を取り消せませんでした（終了の記録がありません）。")
        events = [StepStarted(step=next_step(loaded.steps), by=req.user, label=request_label(req), speaker=req.name),
                  StepsReverted(steps=[ended], by=req.user, reason="reopen")]
        state, _steps = rebuild(system.new_state, system.evolve, loaded.state, loaded.steps, loaded.events, events)
        before, view = system.view(loaded.state), system.view(state)
        sheets, undone = (await self.battles.carrier.taken_back(record.id)
                          if self.battles.carrier is not None else (None, ""))
        replies = [public(clip(f"♻ KP（{req.name or req.user}）が戦闘を再開しました（ラウンド{state.round}）。"
                               + (f"\n{undone}" if undone else "")))]
        replies += board(record, system, view)
        replies += window.prompts_replies(record.id, view.prompts, state.keeper, view, chat_on(state))
        note = await self.battles.session_note(req, record.id, events, state)
        try:
            await self.store.append(record.id, record.version, [to_record(e) for e in events], req.user,
                                    req.request_id, [r.to_dict() for r in replies], status="active",
                                    deadlines=self.battles.deadlines(before, view, state), sheets=sheets,
                                    note=note)
        except VersionConflict:
            raise InvalidInput("同時に別の操作が行われました（別の戦闘が開かれたかもしれません）。"
                               "/battle status で確認してください。") from None
        self.battles.forget(record)  # active again: read anew, also later in this request (Battles.serving)
        for listener in self.battles.deadline_listeners:
            listener()
        return replies
