"""Chat declarations (issue 9): a chat line in a battle channel that the grammar
(:mod:`rules.chat`) reads as a declaration becomes the request its slash command would
make, and goes through the same permission check, rules and replies. A line it cannot
read is rolled as dice or left alone, as before. An ambiguous line gets a private
question whose buttons carry each reading in canonical words (``cb:<battle>:<text>:chat``),
read again when pressed, so they work after a restart and refuse when the moment passed.
What a line leaves pending (its question, the rest of a line for several units, the NPC a KP
line put before a PC) is kept with the battle (bot.battle.questions, issue 26).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.commands import options as opt
from bot.commands.request import Request
from bot.commands.settings import CONTEXT_TARGET, KP_FOR_PLAYERS, REPORTED_DICE, chat_on
from bot.battle.palette_play import PaletteRolls, die_code
from bot.battle.questions import ADDRESSED, ENDING, QUEUED, Asked, Die, declaration_of
from bot.render import buttons
from bot.render.reply import Button, Reply, clip, posted_in, private
from bot.store import DuplicateRequest
from bot.store.questions import ChatWrite, Kept
from rules.battle.protocol import BattleView
from rules.chat import TURN_KEPT, Ambiguous, ChatContext, Declaration, Refused, Several, may_declare, morph, read
from rules.chat.choice import clash, pick
from rules.dice.editions import is_dice
from rules.chat.context import ATTACKED_BY, KP_LINE, LAST_TARGET, ChatQuestion
from rules.chat.hints import addressed
from rules.errors import InvalidInput, RuleViolation

if TYPE_CHECKING:
    from bot.battle.battles import Battles

Dispatch = Callable[["Request"], Awaitable[list[Reply]]]
"""Routes a request through the permission check to its handler (``Service.dispatch``)."""

MAX_VIEWS = 1024
"""How many battles' views the chat reader keeps (a bounded cache)."""

CHOICE = "chat"
"""The choice code of a clarification button (its key is the declaration's text)."""

_CHECK_LINE = re.compile(r"(?P<purpose>[^：\n]+)：\(1D100<=(?P<target>\d+)\)")
"""A check's line after its unit's name as the renderers write it: ``アリス 回避：(1D100<=28)
＞ 70 ＞ 失敗``, ``ボブ .38リボルバー 単発 1発目：(1D100<=60) ＞ 50 ＞ 成功``."""


class ChatTable:
    """Reads chat lines against ``battles`` and sends the declarations through ``dispatch``
    (the same routing a slash command takes).

    ``await table.declaration(req)`` → the replies of a declaration, or None when the line
    is not one (the caller then rolls it as dice or stays silent).
    """

    def __init__(self, battles: Battles, dispatch: Dispatch) -> None:
        self.battles = battles
        self.dispatch = dispatch
        self.questions = battles.questions  # the questions asked, kept with the battle (issue 26)
        morph.load()  # the analyser's dictionary (once a process, ~0.1 s): no chat line pays for it
        self.palette = PaletteRolls(battles, self._run, self._question, self.press, self._remember_question)
        self._views: dict[int, tuple[int, BattleView]] = {}
        self._making_several: set[int] = set()
        """The battles whose line for several units is making its first declaration now (its
        queue is made by the line's own :meth:`follow`, after its replies)."""

    def _view(self, system, record, state) -> BattleView:
        """The battle's view at this version (kept per battle: most chat lines are talk)."""
        kept = self._views.get(record.id)
        if kept is None or kept[0] != record.version:
            if len(self._views) >= MAX_VIEWS:
                self._views.clear()
            kept = (record.version, system.view(state))
            self._views[record.id] = kept
        return kept[1]

    async def context(self, req: Request) -> tuple[int, ChatContext] | None:
        """``(battle id, context)`` of the channel's active battle for ``req.user``, or None
        when there is no battle or the KP turned chat declarations off."""
        found = await self._context(req)
        return (found[0].id, found[1]) if found else None

    async def chat_context(self, req: Request) -> ChatContext | None:
        """The context of ``req.user`` in the channel's active battle (None without one, or
        with chat declarations off), for ``/help``."""
        found = await self._context(req)
        return found[1] if found else None

    async def _context(self, req: Request):
        record = await self.battles.active(req.channel)
        if record is None:
            return None
        system, loaded = await self.battles.loaded(record)
        state = loaded.state
        if not chat_on(state):
            return None
        is_kp = await self.battles.is_kp(req, state.keeper)
        view = self._view(system, record, state)
        voice = bool(state.settings.get(KP_FOR_PLAYERS, False))
        last = await self.questions.last_attacks(record.id)
        hints = await self._hints(record.id, last)
        return record, ChatContext.from_view(view, getattr(system, "chat_words", None), req.user, is_kp, voice, last,
                                             hints, bool(state.settings.get(CONTEXT_TARGET, False)))

    async def _hints(self, battle: int, last) -> tuple[tuple[str, str, str], ...]:
        """The context's targets of each unit in ``battle``, best first (ChatContext.hints):
        its own last target, the unit that last attacked it, a KP line's NPC."""
        attacked = await self.questions.attacked_by(battle)
        told = await self.questions.rows(battle, ADDRESSED)
        return (*((unit, target, LAST_TARGET) for unit, target, _weapon in last),
                *((unit, by, ATTACKED_BY) for unit, by in attacked.items()),
                *((unit, row.payload["npc"], KP_LINE) for unit, row in told.items()))

    async def declaration(self, req: Request) -> list[Reply] | None:
        """The replies of ``req``'s chat line as a declaration, or None. A line that is none
        may answer the chat question this player was last asked in this battle, by a
        button's name or number (「バット」「2」), while the battle has not moved on since —
        also after a restart, and whatever others said in between (:meth:`_answer`). A
        question is stored before it is shown; [] when this message was taken already (a
        second delivery, issue 28)."""
        text = opt.text(req.options, "text") or ""
        if not may_declare(text):
            return None
        found = await self._context(req)
        if found is None:
            return None
        record, ctx = found
        battle = record.id
        asked = await self.questions.asked(battle, req.user)
        outcome = read(text, ctx)
        if isinstance(outcome, Refused):  # 「プッシュして回避」: never the plain roll (rules.chat.spending)
            raise RuleViolation(outcome.clause, outcome.message, allowable=False, after=outcome.after)
        if outcome is None and asked is not None:
            chosen = pick(text, asked.outcome.choices)
            if chosen is not None:
                return await self._answer(req, battle, record.version, asked, chosen, ctx)
            which = clash(text, asked.outcome.choices) if asked.version == record.version else None
            if which is not None:  # 「1」 after «1. ゾンビ2 2. ゾンビ1»: asked back, never guessed (G3)
                return [private(req.user, which)]
        if outcome is None:
            await self._remember_addressed(battle, record.version, text, ctx)
            return _no_attack_to_answer(req, text, ctx) if asked is None else None
        if isinstance(outcome, Several):
            return await self._several(req, battle, record.version, outcome, text, ctx)
        queued = await self._queue(battle)
        units = {c.unit for c in getattr(outcome, "choices", ())} | {getattr(outcome, "unit", None)}
        if queued is None or not any(d.unit in units for d in queued[1]):
            return await self._declared(req, record, outcome, text)
        # a new declaration for a unit kept waiting replaces what was kept, whatever it makes:
        # written with the line's first write (its step, its question), else alone
        await self.questions.along(battle, ChatWrite(drops=((QUEUED, ""),)), now=True)
        try:
            return await self._declared(req, record, outcome, text)
        except DuplicateRequest:
            self.questions.discard(battle)  # a second delivery of the message: nothing is written
            raise
        finally:
            await self.questions.settle(battle)

    async def _declared(self, req: Request, record, outcome, text: str) -> list[Reply]:
        """The replies of the declaration (a palette roll's, a question, a command) ``outcome``
        read from ``text`` in the battle of ``record``."""
        battle = record.id
        if self.palette.handles(outcome):
            reported = _reported(outcome)
            face = reported if reported is not None and await self._reported_stand(req) else None
            return await self.palette.replies(req, battle, outcome, text, face)
        if isinstance(outcome, Ambiguous):
            if not await self._remember_question(req, battle, record.version, outcome):
                return []
            return [self._question(req, battle, outcome)]
        return await self._run(req, battle, outcome, text)

    async def _answer(self, req: Request, battle: int, version: int, asked: Asked, chosen: Declaration,
                      ctx: ChatContext) -> list[Reply] | None:
        """The reading ``chosen`` of the question ``asked``, typed by its name or number, run
        with the die the question kept (a palette roll's); refused with a private word when
        the battle moved on since it was asked (said once: the question is then forgotten)."""
        if asked.version != version:
            await self.questions.forget_asked(battle, req.user)
            why = f"出目 {asked.die.face} を振ったあとで戦闘が進みました" if asked.die else "そのあとで戦闘が進みました"
            return [private(req.user, f"その質問は古くなっています（{why}）。あらためて宣言してください。")]
        again = read(chosen.text, ctx)
        if not isinstance(again, Declaration):
            return None
        # a reported die goes with its question's answer (issue 26)
        again = dataclasses.replace(again, reported=chosen.reported, reported_level=chosen.reported_level)
        if asked.die is not None:
            req = dataclasses.replace(req, kept_die=asked.die.face)
            again = dataclasses.replace(again, typed_target=asked.die.typed, secret=asked.die.secret)
        return await self._run(req, battle, again, chosen.text)

    async def _remember_question(self, req: Request, battle: int, version: int, outcome: Ambiguous,
                                 die: Die | None = None) -> bool:
        """Keep the question ``req.user`` is asked at battle ``version`` (with the palette
        ``die`` it shows), to be answered in chat by a button's name or number: stored
        before it is shown (bot.battle.questions). False when this message was taken
        already (nothing is asked)."""
        return await self.questions.ask(req, battle, version, outcome, die)

    async def asked_buttons(self, battle: int, version: int, user: str) -> tuple[Button, ...]:
        """The buttons of the chat question ``user`` was asked in ``battle`` while it is still
        open (asked at ``version``, the battle's now), as first shown: for a transport that
        no longer has the message (the console after a restart)."""
        asked = await self.questions.asked(battle, user)
        if asked is None or asked.version != version:
            return ()
        die = asked.die
        code = CHOICE if die is None else die_code(die.face, die.typed, version, die.secret)
        return self._question(Request(channel="", user=user, command="chat"), battle, asked.outcome, code).buttons

    async def _remember_addressed(self, battle: int, version: int, text: str, ctx: ChatContext) -> None:
        """Keep the NPC a KP line of narration puts before one PC (rules.chat.hints), with
        the battle (a row ``addressed`` keyed by the PC; written only when it changes). The
        line takes no delivery key: it is talk, or dice that take their own."""
        found = addressed(text, ctx)
        if found is None:
            return
        pc, npc = found
        kept = (await self.questions.rows(battle, ADDRESSED)).get(pc)
        if kept is None or kept.payload.get("npc") != npc:
            await self.questions.write(battle, ChatWrite(rows=(Kept(ADDRESSED, pc, version, {"npc": npc}),)))

    async def _queue(self, battle: int) -> tuple[str, tuple[Declaration, ...]] | None:
        """``(speaker, declarations)`` kept waiting in ``battle`` (:meth:`_several`), or None."""
        row = (await self.questions.rows(battle, QUEUED)).get("")
        if row is None:
            return None
        return row.payload["speaker"], tuple(declaration_of(d) for d in row.payload["declarations"])

    async def _several(self, req: Request, battle: int, version: int, outcome: Several, said: str,
                       ctx: ChatContext) -> list[Reply]:
        """A line for several units (「ゾンビ1と2はアリスを攻撃」): the declaration of the unit
        whose turn it is now (else the first) is made; the others are kept and made, in the
        order named, when their units' turns come (:meth:`follow`). They are kept with the
        battle (a row ``queued``), written in the first declaration's step, which takes the
        message's delivery key (else alone, taking it): a second delivery of the message
        queues nothing. A first declaration refused keeps nothing, as before."""
        first = next((i for i, d in enumerate(outcome.declarations) if d.unit == ctx.turn), 0)
        now = outcome.declarations[first]
        later = [d for i, d in enumerate(outcome.declarations) if i != first]
        await self.questions.along(battle, _queue_write(req.user, later, version))
        self._making_several.add(battle)
        try:
            replies = await self._run(req, battle, now, said)
        except BaseException:
            self.questions.discard(battle)
            raise
        finally:
            self._making_several.discard(battle)
        if not await self.questions.settle(battle, req):
            return []
        if all(d.unit == now.unit for d in later):  # x2 CCB<=80 【拳銃】: the same attack again
            return [*replies, Reply(text=f"続けて{now.unit}の攻撃をあと{len(later)}回、いまの攻撃への対応が済んだら行います。")]
        waiting = "、".join(f"{d.unit}（{d.text.split('：', 1)[1]}）" for d in later)
        return [*replies, Reply(text=clip(f"続けて {waiting} を、それぞれの手番が来たら行います。"))]

    async def follow(self, req: Request) -> list[Reply]:
        """After a command in ``req.channel``: the kept declaration of a unit whose turn has
        come (:meth:`_several`), made now in its speaker's name; [] when there is none. It
        leaves the queue whatever it makes: the rest is written with its step (else alone),
        so that a restart neither loses nor repeats it. What a battle kept waiting ends with
        it (the rows are the battle's)."""
        found = await self.battles.active_loaded(req.channel)
        if found is None or found[1].record.id in self._making_several:
            return []
        system, loaded = found
        battle = loaded.record.id
        ending = await self._pending_end(req, system, loaded)
        if ending is not None:
            return ending
        queued = await self._queue(battle)
        if queued is None:
            return []
        speaker, later = queued
        view = system.view(loaded.state)
        if any(p.kind != "turn" for p in view.prompts) or view.turn != later[0].unit:
            return []
        declaration = later[0]
        await self.questions.along(battle, _queue_write(speaker, later[1:], loaded.record.version), now=True)
        rid = f"{req.request_id}:follow:{declaration.unit}" if req.request_id else None
        # its own request id; the chat message's delivery key was taken by the line's own step
        sub = dataclasses.replace(req, user=speaker, request_id=rid, delivery="")
        try:
            return await self._run(sub, battle, declaration, declaration.text.split("：", 1)[1])
        except Exception as exc:  # noqa: BLE001 — the command before it is committed: its replies must reach the table
            allow = "KPの裁定で認める場合は、KPが /kp allow を使えます。" if getattr(exc, "allowable", False) else ""
            return [Reply(text=clip(f"{declaration.unit}の続きの宣言（{declaration.text.split('：', 1)[1]}）は"
                                    f"行えませんでした: {exc}{allow}"))]
        finally:
            await self.questions.settle(battle)

    async def _pending_end(self, req: Request, system, loaded) -> list[Reply] | None:
        """The end of a turn a line asked for after its action (「こぶしで殴ってターン終了」,
        kept with the battle: a row ``ending`` per unit, written with the action's step): made
        once nothing the action opened is pending (a reaction, a choice), when its unit still
        has the turn; dropped when the turn has passed (told privately when the unit did not
        have the turn to begin with: 「回避してターン終了」 out of turn). None when there is
        nothing to do now (a question is still open, or no end is kept)."""
        battle = loaded.record.id
        rows = await self.questions.rows(battle, ENDING)
        if not rows:
            return None
        if req.command in UNDOING:  # the KP took the action back: its end goes with it
            await self.questions.along(battle, ChatWrite(drops=tuple((ENDING, unit) for unit in rows)), now=True)
            await self.questions.settle(battle)
            return None
        view = system.view(loaded.state)
        if any(p.kind == "reaction" for p in view.prompts):
            return []  # the action's reaction or choice is still open: wait for it (offers do not hold it)
        unit, row = next(iter(rows.items()))
        speaker = row.payload.get("speaker", req.user)
        await self.questions.along(battle, ChatWrite(drops=((ENDING, unit),)), now=True)
        if view.turn != unit or not any(p.kind == "turn" and p.unit == unit for p in view.prompts):
            await self.questions.settle(battle)
            if row.payload.get("had_turn", True):
                return []  # the turn has passed already (the rules ended it)
            return [private(speaker, f"{unit}の手番ではないので、ターン終了はしていません"
                                     f"（{unit}の手番が来たら、あらためて「ターン終了」と書いてください）。")]
        rid = f"{req.request_id}:end:{unit}" if req.request_id else None
        options = {"as": unit} if row.payload.get("as") else {}
        sub = dataclasses.replace(req, user=speaker, command="end", options=options, request_id=rid, delivery="",
                                  said="ターン終了", kept_die=None)
        try:
            return await self.dispatch(sub)
        except Exception as exc:  # noqa: BLE001 — the action before it is committed: its replies must reach the table
            return [Reply(text=clip(f"{unit}のターン終了は行えませんでした: {exc}"))]
        finally:
            await self.questions.settle(battle)

    async def _reported_stand(self, req: Request) -> bool:
        """Whether the channel's KP lets a die reported in chat stand (``chat_reported_dice``)."""
        found = await self.battles.active_loaded(req.channel)
        return found is not None and bool(found[1].state.settings.get(REPORTED_DICE, False))

    async def press(self, req: Request, battle: int, text: str,
                    kept: tuple[int, int, bool] | None = None) -> list[Reply]:
        """A clarification button: read its declaration again for the presser and run it in
        the battle's channel (the question may have been sent by DM). ``kept``: ``(face,
        typed target, secret)`` of a palette roll's die, which the command uses (issue 21)."""
        record = await self.battles.store.battle(battle)
        if record is None or record.status != "active":
            raise InvalidInput("このボタンの戦闘はもう終わっています。")
        here = dataclasses.replace(req, channel=record.channel)
        found = await self.context(here)
        outcome = read(text, found[1]) if found else None
        if not isinstance(outcome, Declaration):
            raise InvalidInput("このボタンは古くなっています（その場面はもう過ぎました）。あらためて宣言してください。")
        if kept is not None:
            here = dataclasses.replace(here, kept_die=kept[0])
            outcome = dataclasses.replace(outcome, typed_target=kept[1], secret=kept[2])
        replies = await self._run(here, battle, outcome, text)
        if record.channel == req.channel:
            return replies
        return posted_in(replies, record.channel)

    async def _run(self, req: Request, battle: int, declaration: Declaration, said: str) -> list[Reply]:
        """Route the declaration's command (a ``press`` as the click of its button); a
        secret roll's answer is shown as a hidden unit's (``secret_for``)."""
        options = dict(declaration.options)
        if declaration.command == "press":
            options = {"custom_id": buttons.encode(battle, options["key"], options["label"]), "label": options["label"]}
        command = "button" if declaration.command == "press" else declaration.command
        note = ""
        if declaration.reported is not None or declaration.reported_level is not None:
            req, said, note = await self._with_report(req, declaration, said)
        if req.kept_die is None:  # a die already shown for this unit's action is its die (issue 21)
            shown = await self.palette.shown_die(req, battle, declaration)
            if shown is not None:
                req = dataclasses.replace(req, kept_die=shown[0])
                declaration = dataclasses.replace(declaration, secret=declaration.secret or shown[1])
        sub = dataclasses.replace(req, command=command, options=options, said=said,
                                  secret_for=declaration.unit if declaration.secret else "")
        if declaration.then_end:
            replies = await self._then_end(sub, battle, declaration)
        else:
            replies = await self.dispatch(sub)
        if note:
            replies = [*replies, Reply(text=note)]
        if declaration.typed_target is None or declaration.secret:
            return replies
        return _with_target_note(replies, declaration)

    async def _then_end(self, sub: Request, battle: int, declaration: Declaration) -> list[Reply]:
        """Dispatch ``sub``, the action of a line that then ends the turn, with the pending
        end kept in the action's own step (a row ``ending``: it outlives a restart); the end
        is made by :meth:`follow` once what the action opened is settled. An action that is
        refused or changes nothing keeps no end, and its reply says the turn was not ended
        (:data:`~rules.chat.resolve.TURN_KEPT` after the refusal)."""
        record = await self.battles.store.battle(battle)
        version = record.version if record else -1
        ctx = await self.context(sub)
        had_turn = ctx is not None and ctx[1].turn == declaration.unit
        payload = {"speaker": sub.user, "as": bool(declaration.options.get("as")), "had_turn": had_turn}
        await self.questions.along(battle, ChatWrite(rows=(Kept(ENDING, declaration.unit, version, payload),)))
        try:
            replies = await self.dispatch(sub)
        except RuleViolation as exc:  # refused: nothing was done, the turn goes on
            self.questions.withdraw(battle, ENDING, declaration.unit)
            raise _turn_kept(exc) from exc
        except BaseException:
            self.questions.withdraw(battle, ENDING, declaration.unit)
            raise
        self.questions.withdraw(battle, ENDING, declaration.unit)  # not taken by a step: nothing was done
        after = await self.battles.store.battle(battle)
        if after is not None and after.version == version:
            return [*replies, Reply(text=f"（{declaration.unit}の行動が行われなかったので、ターン終了はしていません）",
                                    ephemeral=True, to=sub.user)]
        return replies

    async def _with_report(self, req: Request, declaration: Declaration, said: str) -> tuple[Request, str, str]:
        """A declaration made from a roll reported in chat (issue 26): with the KP setting
        ``chat_reported_dice`` on, the reported face is its die and the battle log marks it
        (``［申告の出目 78］``); off (the default), the bot rolls its own and says so in one line.
        ``(request, said, note)``."""
        face, level = declaration.reported, declaration.reported_level
        if face is not None and req.kept_die in (None, face) and await self._reported_stand(req):
            return (dataclasses.replace(req, kept_die=face), f"{said}［申告の出目 {face}］",
                    f"（申告された出目 {face} で判定しました。戦闘ログに申告と記録しています）")
        told = f"出目 {face}" if face is not None else f"「{level}」"
        how = "（申告の出目を使うには KP が /kp setting key:申告ダイス value:オン）" if face is not None else ""
        return req, said, f"（申告された{told}は使わず、ボットがダイスを振りました）{how}"

    def _question(self, req: Request, battle: int, outcome: Ambiguous, code: str = CHOICE, intro: str = "") -> Reply:
        """The private question between the readings of ``outcome``, one button each
        (choice ``code``: :data:`CHOICE`, or a palette roll's kept die); ``intro`` leads it."""
        shown = [c for c in outcome.choices if _fits(c.text)]  # past 25 the transport shows menus (issue 28)
        lines = [intro + outcome.question,
                 *(f"{i}. {c.label}: {c.text.split('：', 1)[1]}" for i, c in enumerate(outcome.choices, 1))]
        clashing = any(clash(str(i), outcome.choices) for i in range(1, len(outcome.choices) + 1))
        lines.append(CONFIRM_HINT if len(outcome.choices) == 1 else NAME_HINT if clashing else ANSWER_HINT)
        return Reply(text=clip("\n".join(lines)), ephemeral=True, to=req.user,
                     buttons=tuple(Button(c.label, buttons.encode_key(battle, c.text, code), "primary")
                                   for c in shown))


def _turn_kept(exc: RuleViolation) -> RuleViolation:
    """``exc``, the refusal of a line's action that would then end the turn, saying after
    its reason that the turn was not ended (the same kind, clause and KP's power over it)."""
    after = f"{exc.after}\n{TURN_KEPT}"
    if isinstance(exc, InvalidInput):
        return InvalidInput(exc.message, after=after)
    return RuleViolation(exc.clause, exc.message, allowable=exc.allowable, after=after)


def _queue_write(speaker: str, declarations, version: int) -> ChatWrite:
    """The write that keeps ``declarations`` waiting in ``speaker``'s name (none: the row goes)."""
    if not declarations:
        return ChatWrite(drops=((QUEUED, ""),))
    payload = {"speaker": speaker, "declarations": [dataclasses.asdict(d) for d in declarations]}
    return ChatWrite(rows=(Kept(QUEUED, "", version, payload),))


def _reported(outcome) -> int | None:
    """The face a palette outcome's choices were reported with (rules.chat.report), or None."""
    return next((c.reported for c in getattr(outcome, "choices", ()) if c.reported is not None), None)


UNDOING = ("kp undo",)
"""Commands after which a kept end of a turn (「…してターン終了」) is dropped, not made: the KP
took back what came before it."""

ANSWER_HINT = "（ボタンのほか、番号か名前をチャットに書いても選べます）"
CONFIRM_HINT = "（ボタンのほか、チャットに「はい」と書いても選べます）"
NAME_HINT = "（ボタンのほか、名前をチャットに書いても選べます。番号は名前の数字と紛れるので、名前で）"
"""The answer hint when a bare number could mean a position or a name's number (G3)."""


def _fits(text: str) -> bool:
    """Whether ``text`` can ride whole in a button's custom id (bot.render.buttons.carries)."""
    return buttons.carries(text)


def _with_target_note(replies: list[Reply], declaration: Declaration) -> list[Reply]:
    """Say which target number the rules used when it is not the one typed with the roll."""
    for i, reply in enumerate(replies):
        if reply.ephemeral:
            continue
        prefix = declaration.unit + " "
        match = next((m for line in reply.text.splitlines() if line.startswith(prefix)
                      and (m := _CHECK_LINE.match(line, len(prefix)))), None)
        if match is None:  # no roll of its unit's here (a hidden NPC's line is 🔒): no note
            continue
        used = int(match["target"])
        if used == declaration.typed_target:
            return replies
        note = (f"（入力された目標値 {declaration.typed_target} ではなく、ルールによる{declaration.unit}の"
                f"{match['purpose']} {used}% で判定しました。技能値に、補正・集中・このラウンドの回数による"
                "増減を加えた値です。振ったのはこの1回だけです）")
        return [*replies[:i], dataclasses.replace(reply, text=clip(f"{reply.text}\n{note}")), *replies[i + 1:]]
    return replies


_DEFENCES = ("回避", "防御", "受け流し")
"""The reactions a player may type before any attack, thinking one is pending (G14)."""


def _no_attack_to_answer(req: Request, text: str, ctx: ChatContext) -> list[Reply] | None:
    """A player's bare 「回避」 (「回避！ 頼む…」「〈回避〉します」) when no attack waits for
    their only unit: the private reason ``/react`` gives (trial 9, G14), instead of silence
    (for 「回避してターン終了」 with :data:`~rules.chat.resolve.TURN_KEPT` after it).
    The line is read as it would be if that unit had been attacked; None when it is no
    reaction of that unit (talk stays silent), a dice line, from the KP, or outside the
    round's actions."""
    own = [u for u in ctx.units if u.owner == ctx.speaker]
    if ctx.is_kp or ctx.phase != "active" or len(own) != 1 or any(q.unit == own[0].name for q in ctx.questions):
        return None
    if is_dice(text):  # a palette roll 【回避】 stays a plain roll, as before
        return None
    probe = dataclasses.replace(ctx, questions=(ChatQuestion(own[0].name, "reaction", _DEFENCES, "probe"),))
    found = read(text, probe)
    if not isinstance(found, Declaration) or found.command != "react" or found.unit != own[0].name \
            or found.options.get("action") not in _DEFENCES:
        return None
    kept = f"\n{TURN_KEPT}" if found.then_end else ""  # 「回避してターン終了」: the turn goes on
    return [private(req.user, f"{own[0].name}が対応すべき攻撃はいまありません。{kept}")]
