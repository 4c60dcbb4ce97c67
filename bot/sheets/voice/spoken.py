"""Rolls inside a character's speech (issue 31): every dice command of the line (rules.dice.speech)
is rolled as the character, with the sheet's values filled in (``CCB<={目星}``,
``1d100<={SAN}``), kept in the channel's open session under the character, and shown as a
note under the post: 「🎲　【目星】 (1D100<=70) ＞ 23 ＞ 成功」. A secret roll's command is cut
from the speech; the post says only that one was made, and the result goes to the roller and
the KP (bot.sheets.rolls, as a chat secret roll does).
"""
from __future__ import annotations

import dataclasses
import unicodedata

from bot.commands.request import Request
from bot.render.reply import Reply
from bot.sheets.dice_desk import DiceDesk
from bot.sheets.growth import Growth
from bot.sheets.rolls import roll_replies
from bot.sheets.session_notes import SessionNotes
from rules.coc6.character import CHARACTERISTICS, Character
from rules.coc7.character import Investigator
from rules.dice.speech import Spoken, rolls_in, without

ROLL_MARK, SECRET_MARK = "🎲", "🔒"
"""How a note under a post begins: a roll's result, a secret roll's notice."""

_CURRENT = {"HP": "hp", "耐久力": "hp", "MP": "mp", "マジックポイント": "mp", "SAN": "san", "正気度": "san"}


def sheet_value(sheet: Character | Investigator, name: str) -> int | None:
    """The value ``{name}`` stands for on ``sheet``: the current HP, MP or SAN, a
    characteristic (``STR``), or a skill the sheet can roll (``目星``, ``CON×5``); None
    for a name it does not know."""
    key = unicodedata.normalize("NFKC", name).strip()
    current = _CURRENT.get(key.upper()) or _CURRENT.get(key)
    if current is not None:
        value = getattr(sheet, current, None)
        return value if isinstance(value, int) else getattr(sheet, f"{current}_max", None)
    if key.upper() in CHARACTERISTICS:
        return sheet.stat(key.upper())
    return sheet.skill(key) if sheet.knows(key) else None


def note_of(text: str, speaker: str) -> str:
    """A roll's public message (「アリス　【目星】\\n(1D100<=70) ＞ 23 ＞ 成功」, or a secret roll's
    「アリスがシークレットダイスを振りました。」) as a note under the post, which already shows
    the name: 「🎲　【目星】 (1D100<=70) ＞ 23 ＞ 成功」, 「🔒 シークレットダイスを振りました。」."""
    if not text.startswith(speaker):
        return text  # a growth mark's line (「📈 …」) says its own name
    rest = text[len(speaker):]
    if rest.startswith("が"):
        return f"{SECRET_MARK} {rest[1:]}"
    return ROLL_MARK + rest.replace("\n", " ", 1) if rest.startswith(("\n", "　")) else f"{ROLL_MARK} {rest}"


class SpokenRolls:
    """Rolls the commands in speech with the channel's ``dice`` desk (edition, KP, secret
    rolls), ticking ``growth`` and keeping each in the open session of ``notes``."""

    def __init__(self, dice: DiceDesk, growth: Growth, notes: SessionNotes) -> None:
        self.dice, self.growth, self.notes = dice, growth, notes

    @staticmethod
    def found(speech: str) -> tuple[list[Spoken], str]:
        """``(the commands of speech, the speech as posted)``: a secret command and its label
        cut out."""
        spans = rolls_in(speech)
        return spans, without(speech, [s for s in spans if s.secret]) if any(s.secret for s in spans) else speech

    async def roll(self, req: Request, character: str, spans: list[Spoken], battle: str | None
                   ) -> tuple[list[str], list[Reply]]:
        """Roll ``spans`` as ``character`` for ``req.user`` (by ``battle``'s edition when a battle
        is active here, else the channel's): ``(notes for the post, other replies)`` (a secret
        roll's private copies, a refusal, a roll too long for a note)."""
        if not spans:
            return [], []
        here = await self.dice.edition(req.channel, battle)
        keeper = await self.dice.keeper(req.channel)
        spoken = dataclasses.replace(req, name=character)  # growth marks the character spoken as
        record = await self.notes.roll_recorder(spoken, lambda: self.dice.lookup.units(req.channel),
                                                character=character)

        async def keep_secret(speaker: str, text: str) -> int:
            return await self.dice.store.secret_rolls.keep_secret_roll(req.channel, req.user, speaker, text)
        notes: list[str] = []
        others: list[Reply] = []
        for span in spans:
            typed = span.typed
            replies = await roll_replies(
                typed, req.user, character, self.dice.dice, keeper, from_chat=True, keep_secret=keep_secret,
                edition=here.system, in_battle=here.in_battle, record=record,
                on_result=lambda result, typed=typed: self.growth.palette(spoken, typed, result))
            for reply in replies:
                if reply.ephemeral or reply.file or reply.buttons:
                    others.append(reply)
                else:
                    notes.append(note_of(reply.text, character))
        return notes, others
