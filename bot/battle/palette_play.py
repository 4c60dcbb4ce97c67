"""Palette rolls in a battle channel (issue 21), the battle side of rules.chat.palette.

- A roll naming no target (:class:`~rules.chat.palette.Untargeted`) is made against the only
  target the rules allow now: each possible one is tried on the battle's state without a
  die (:func:`legal`). With several, the die is rolled once, shown, and KEPT: a private
  question asks for the target, and its buttons carry the face (``d<face>_<typed>_<version>``),
  which the attack or treatment then uses as its 1D100. A button pressed after the battle
  moved on is refused (the face is never used twice).
- A question between readings of a roll (two weapons of one kind) keeps its die the same way.
- The die shown is kept with the battle (bot.battle.questions, issue 26): the unit's next
  rolled action takes it, typed or pressed, also after a restart; a second palette roll of
  that unit before the battle moves on shows the same die again, never a new one.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.battle.builders import BUILDERS
from bot.battle.questions import Die
from bot.render.reply import Reply, clip, private, public
from rules.chat import Ambiguous, Declaration
from rules.chat.palette import ROLLED, Untargeted
from rules.errors import InvalidInput, RuleViolation

if TYPE_CHECKING:
    from bot.battle.battles import Battles
    from bot.commands.request import Request

_DIE = re.compile(r"(?P<mark>[ds])(?P<face>\d{1,3})_(?P<typed>\d{1,4})_(?P<version>\d{1,10})")
"""The choice code of a button that carries a kept die (at most 20 characters; ``s`` for a
secret roll's)."""


def die_code(face: int, typed: int, version: int, secret: bool = False) -> str:
    """The choice code of a button that keeps ``face`` (typed target ``typed``; ``secret``
    for the KP's secret roll) for the battle at ``version``."""
    return f"{'s' if secret else 'd'}{face}_{min(typed, 9999)}_{version}"


def kept_die(code: str) -> tuple[int, int, int, bool] | None:
    """``(face, typed target, battle version, secret)`` of a :func:`die_code`, or None."""
    match = _DIE.fullmatch(code)
    if match is None:
        return None
    return int(match["face"]), int(match["typed"]), int(match["version"]), match["mark"] == "s"


class _Rolled(Exception):
    """A trial decision reached its first die: the command is allowed."""


class _Probe:
    """Dice that stop a trial decision at its first die (nothing is rolled)."""

    def roll(self, sides: int) -> int:
        raise _Rolled()


Run = Callable[["Request", int, Declaration, str], Awaitable[list[Reply]]]
"""Routes a declaration read from a chat line (``ChatTable._run``: request, battle, declaration, line)."""
Ask = Callable[..., Reply]
"""The private question between readings (``ChatTable._question``: request, battle, Ambiguous,
choice code, intro)."""
Press = Callable[..., Awaitable[list[Reply]]]
"""A clarification button read again and run (``ChatTable.press``, with ``kept=``)."""
Remember = Callable[..., Awaitable[bool]]
"""Keeps a question to be answered in chat by name or number, durably, before it is shown
(``ChatTable._remember_question``: request, battle, battle version, Ambiguous, Die); False
when the chat message was taken already (a second delivery: nothing is asked)."""


class PaletteRolls:
    """The palette-roll outcomes of a battle channel's chat: ``battles`` (bot.battle.battles),
    and the chat table's ``run``, ``ask`` and ``press`` (bot.battle.chat_play.ChatTable)."""

    def __init__(self, battles: Battles, run: Run, ask: Ask, press: Press, remember: Remember) -> None:
        self.battles, self.run, self.ask, self._press, self.remember = battles, run, ask, press, remember
        self.questions = battles.questions

    async def shown_die(self, req: Request, battle: int, declaration: Declaration) -> tuple[int, bool] | None:
        """The die shown with a palette question for ``declaration``'s unit, when the line
        is another attack, check or answer of that unit typed before anything else happened (「ゾンビ1
        をナイフで攻撃」 after 「CCB<=60 【キック】」 showed 97): that action takes the die
        everyone saw, never a new one. ``(face, secret)``, or None (kept with the battle:
        also after a restart; a die of an older battle version was used or is stale)."""
        if declaration.command not in ROLLED:
            return None
        found = await self.battles.active_loaded(req.channel)
        if found is None or found[1].record.id != battle:
            return None
        die = await self.questions.shown(battle, declaration.unit, found[1].record.version)
        return (die.face, die.secret) if die is not None else None

    @staticmethod
    def handles(outcome) -> bool:
        """Whether ``outcome`` is one this class answers (not an ordinary declaration)."""
        return isinstance(outcome, Untargeted) or (
            isinstance(outcome, Ambiguous) and any(c.typed_target is not None for c in outcome.choices))

    async def replies(self, req: Request, battle: int, outcome, said: str, face: int | None = None) -> list[Reply]:
        """The replies of a palette outcome (see :meth:`handles`); ``face``: a die reported
        in chat that the KP lets stand (issue 26), used instead of a new one."""
        if isinstance(outcome, Untargeted):
            allowed = await self.legal(req, outcome.choices)
            if not allowed and all(c.command == "check" for c in outcome.choices):
                return [private(req.user, f"{outcome.unit}が手当てできる負傷者が、手の届くところにいません"
                                          "（手当ては負傷した味方に行います）。何も振っていません。")]
            choices = allowed or outcome.choices[:1]  # none allowed: the rules say why (the first's refusal)
            if len(choices) == 1:
                return await self.run(req, battle, choices[0], said)
            outcome = Ambiguous(outcome.question, tuple(choices))
            if all(c.typed_target is None for c in choices):
                return await self._ask_plainly(req, battle, outcome)
        return await self._ask(req, battle, outcome, said, face)

    async def _ask_plainly(self, req: Request, battle: int, outcome: Ambiguous) -> list[Reply]:
        """A question between the legal readings of a line typed in words (「応急手当」 with
        two hurt allies, issue 26): no die is rolled before the answer."""
        record = await self.battles.store.battle(battle)
        if not await self.remember(req, battle, record.version, outcome):
            return []  # this chat message was taken already (a second delivery)
        return [self.ask(req, battle, outcome)]

    async def legal(self, req: Request, choices: tuple[Declaration, ...]) -> list[Declaration]:
        """The choices the rules allow now: each decided on the battle's state (never
        changed: a trial works on a copy) until its first die, which is not rolled. A
        treatment is for a hurt patient only (HP below its maximum), even where the rules
        let an unhurt one be treated (coc6-budo); a wound at full HP is treated by naming
        the patient (「CCB<=30 【応急手当】 ボブ」)."""
        record = await self.battles.active(req.channel)
        if record is None:
            return []
        system, loaded = await self.battles.loaded(record)
        is_kp = await self.battles.is_kp(req, loaded.state.keeper)
        hurt = {r.name for r in system.view(loaded.state).rows
                if r.hp is not None and r.hp_max is not None and r.hp < r.hp_max}
        found = []
        for choice in choices:
            if choice.command == "check" and choice.options.get("target") not in hurt:
                continue
            sub = dataclasses.replace(req, command=choice.command, options=dict(choice.options))
            command = dataclasses.replace(BUILDERS[choice.command](sub, None), keeper=is_kp)
            try:
                system.decide(loaded.state, command, _Probe())
            except _Rolled:
                found.append(choice)
            except (RuleViolation, InvalidInput):
                continue
            else:
                found.append(choice)
        return found

    async def _ask(self, req: Request, battle: int, outcome: Ambiguous, said: str, face: int | None = None) -> list[Reply]:
        """Roll the die now (or take ``face``, a reported one, or the one already shown for the
        unit), keep it with the question, show it, and ask privately which reading it is for;
        the buttons carry the face. [] when this chat message was taken already (a second
        delivery: no die)."""
        found = await self.battles.active_loaded(req.channel)
        if found is None or found[1].record.id != battle:
            raise InvalidInput("この戦闘はもう進行していません。")
        version = found[1].record.version
        unit = outcome.choices[0].unit  # the die is the unit's: 「ボブ　CCB<=60 【拳銃】」
        secret = any(c.secret for c in outcome.choices) or await self._hidden(req, unit)
        shown = await self.questions.shown(battle, unit, version) if face is None else None
        if face is None:
            face = shown.face if shown is not None else self.battles.dice.roll(100)
        secret = secret or (shown is not None and shown.secret)
        typed = next(c.typed_target for c in outcome.choices if c.typed_target is not None)
        if not await self.remember(req, battle, version, outcome, Die(unit, face, typed, secret)):
            return []
        code = die_code(face, typed, version, secret)
        speaker = req.name or req.user
        reported = next((c.reported for c in outcome.choices if c.reported is not None), None)
        intro = (f"出目 {face} を振りました（この出目で判定します。振り直しはしません）。" if shown is None else
                 f"{unit}の出目は {face} です（さきほど振った出目で判定します。振り直しはしません）。")
        if reported is not None and reported == face and shown is None:  # KP setting 申告ダイス on
            intro = f"申告された出目 {face} で判定します（振り直しはしません）。"
        question = self.ask(req, battle, outcome, code, intro)
        if secret:  # the KP's secret roll, or a hidden NPC's: the die is the KP's alone
            return [public(f"{speaker}がシークレットダイスを振りました。"), question]
        note = "選ぶと、この出目で判定します" if shown is None else "さきほど振った出目です。選ぶと、この出目で判定します"
        dice = "(1D100)"
        if reported is not None:  # 「（こぶし）1D100<=75 → 78です」: say what became of the 78 (trial 9, G20)
            dice = f"(1D100<={typed})"
            note = ("申告の出目です。選ぶと、この出目で判定します" if reported == face and shown is None else
                    f"申告された出目 {reported}は使わず、ボットが振りました。選ぶと、この出目で判定します")
        roll = public(clip(f"{unit}　{said}\n{dice} ＞ {face}（{note}）"))
        return [roll, question]

    async def _hidden(self, req: Request, unit: str) -> bool:
        """Whether ``unit`` is a hidden NPC of the channel's battle (its rolls are the KP's)."""
        found = await self.battles.active_loaded(req.channel)
        if found is None:
            return False
        system, loaded = found
        view = loaded.view or system.view(loaded.state)
        return any(r.name == unit and r.hidden for r in view.rows)

    async def press(self, req: Request, battle: int, text: str, code: str) -> list[Reply]:
        """A button of :meth:`_ask`: the declaration ``text`` with the kept die, unless the
        battle moved on since the die was rolled."""
        face, typed, version, secret = kept_die(code) or (0, 0, -1, False)
        record = await self.battles.store.battle(battle)
        if record is None or record.status != "active":
            raise InvalidInput("このボタンの戦闘はもう終わっています。")
        if record.version != version:
            raise InvalidInput(f"このボタンは古くなっています（出目 {face} を振ったあとで戦闘が進みました）。"
                               "あらためて宣言してください。")
        return await self._press(req, battle, text, kept=(face, typed, secret))
