"""Chat declarations (issue 9): a chat line in a battle channel that the grammar
(:mod:`rules.chat`) reads as a declaration becomes the request its slash command would
make, and goes through the same permission check, rules and replies. A line it cannot
read is rolled as dice or left alone, as before. An ambiguous line gets a private
question whose buttons carry each reading in canonical words (``cb:<battle>:<text>:chat``),
read again when pressed, so they work after a restart and refuse when the moment passed.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.commands import options as opt
from bot.commands.settings import KP_FOR_PLAYERS, chat_on
from bot.battle.palette_play import PaletteRolls
from bot.render import buttons
from bot.render.reply import Button, Reply, clip, posted_in
from rules.battle.protocol import BattleView
from rules.chat import Ambiguous, ChatContext, Declaration, may_declare, read
from rules.chat.choice import pick
from rules.errors import InvalidInput

if TYPE_CHECKING:
    from bot.battle.battles import Battles
    from bot.commands.request import Request

Dispatch = Callable[["Request"], Awaitable[list[Reply]]]
"""Routes a request through the permission check to its handler (``Service.dispatch``)."""

MAX_ASKED = 1024
"""How many open chat questions (one per battle and player) are kept to be answered in chat."""

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
        self.palette = PaletteRolls(battles, self._run, self._question, self.press, self._remember_question)
        self._views: dict[int, tuple[int, BattleView]] = {}
        self._asked: dict[tuple[int, str], tuple[int, Ambiguous]] = {}
        self._attacks: dict[tuple[int, str], tuple[str, str | None]] = {}

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
        last = tuple((unit, *attack) for (battle, unit), attack in self._attacks.items() if battle == record.id)
        return record, ChatContext.from_view(view, getattr(system, "chat_words", None), req.user, is_kp, voice, last)

    async def remember_attack(self, req: Request) -> None:
        """Keep the target and weapon of an ``/attack`` that went through (typed or slash),
        for 「もう一発」: the same attack again (kept in memory; after a restart the line
        asks which weapon, as any attack naming none does)."""
        found = await self.battles.active_loaded(req.channel)
        target = opt.text(req.options, "target")
        if found is None or not target:
            return
        state = found[1].state
        unit = opt.text(req.options, "as") or next((u.id for u in state.units.values() if u.owner == req.user), None)
        if unit is None:
            return
        if len(self._attacks) >= MAX_ASKED:
            self._attacks.clear()
        self._attacks[(found[1].record.id, unit)] = (target, opt.text(req.options, "weapon"))

    async def declaration(self, req: Request) -> list[Reply] | None:
        """The replies of ``req``'s chat line as a declaration, or None. A line that is none
        may answer the chat question this player was last asked in this battle, by a
        button's name or number (「バット」「2」), while nothing has happened since."""
        text = opt.text(req.options, "text") or ""
        if not may_declare(text):
            return None
        found = await self._context(req)
        if found is None:
            return None
        record, ctx = found
        battle = record.id
        asked = self._asked.pop((battle, req.user), None)
        outcome = read(text, ctx)
        if outcome is None and asked is not None and asked[0] == record.version:
            chosen = pick(text, asked[1].choices)
            again = read(chosen.text, ctx) if chosen else None
            if isinstance(again, Declaration):
                return await self._run(req, battle, again, chosen.text)
        if outcome is None:
            if asked is not None and asked[0] == record.version:
                self._asked[(battle, req.user)] = asked  # talk between the question and its answer
            return None
        if self.palette.handles(outcome):
            return await self.palette.replies(req, battle, outcome, text)
        if isinstance(outcome, Ambiguous):
            self._remember_question(req, battle, record.version, outcome)
            return [self._question(req, battle, outcome)]
        return await self._run(req, battle, outcome, text)

    def _remember_question(self, req: Request, battle: int, version: int, outcome: Ambiguous) -> None:
        """Keep the question ``req.user`` was asked at battle ``version``, to be answered in
        chat by a button's name or number (a palette roll's question too: its answer then
        takes the die shown, PaletteRolls.shown_die)."""
        if len(self._asked) >= MAX_ASKED:
            self._asked.clear()
        self._asked[(battle, req.user)] = (version, outcome)

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
        if req.kept_die is None:  # a die already shown for this unit's action is its die (issue 21)
            shown = await self.palette.shown_die(req, battle, declaration)
            if shown is not None:
                req = dataclasses.replace(req, kept_die=shown[0])
                declaration = dataclasses.replace(declaration, secret=declaration.secret or shown[1])
        sub = dataclasses.replace(req, command=command, options=options, said=said,
                                  secret_for=declaration.unit if declaration.secret else "")
        replies = await self.dispatch(sub)
        if declaration.typed_target is None or declaration.secret:
            return replies
        return _with_target_note(replies, declaration)

    def _question(self, req: Request, battle: int, outcome: Ambiguous, code: str = CHOICE, intro: str = "") -> Reply:
        """The private question between the readings of ``outcome``, one button each
        (choice ``code``: :data:`CHOICE`, or a palette roll's kept die); ``intro`` leads it."""
        shown = [c for c in outcome.choices if _fits(c.text)]  # past 25 the transport shows menus (issue 28)
        lines = [intro + outcome.question,
                 *(f"{i}. {c.label}: {c.text.split('：', 1)[1]}" for i, c in enumerate(outcome.choices, 1))]
        lines.append(ANSWER_HINT if len(outcome.choices) > 1 else CONFIRM_HINT)
        return Reply(text=clip("\n".join(lines)), ephemeral=True, to=req.user,
                     buttons=tuple(Button(c.label, buttons.encode_key(battle, c.text, code), "primary")
                                   for c in shown))


ANSWER_HINT = "（ボタンのほか、番号か名前をチャットに書いても選べます）"
CONFIRM_HINT = "（ボタンのほか、チャットに「はい」と書いても選べます）"


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

