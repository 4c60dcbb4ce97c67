"""``/check`` against one's own saved character: outside a battle (most of a game is not
combat), and every SAN check (``/check skill:SAN loss:1/1D6``), whose loss is written to
the sheet by the SAN flow (bot.sheets.san_flow), of either edition.

Which character: the ``character:`` option; else the user's only character in this server;
with several and none named, the reply lists them and asks for ``character:``.
Inside a battle where the user has a unit (or the KP uses ``as:``), a skill check is the
battle's own (``bot.battle.builders``); a SAN check is always the sheet's.

In a channel with an open session (bot.sheets.session_notes) the check is kept in it: a
skill check before it is shown (a 7th investigator's in the transaction that keeps the roll
for a push or Luck, bot.sheets.after_roll7), a SAN check in the transaction that writes its loss.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.commands import options as opt
from bot.sheets.characters import CharacterBook
from bot.sheets.session_notes import SessionNotes, check_payload
from bot.sheets.growth import Growth
from bot.render.reply import Reply, public
from bot.commands.request import Request
from rules.coc6.character import SAN_NAMES, Character, canonical_skill
from rules.coc6.check import SuccessLevel, roll_check
from rules.coc7.character import Investigator
from rules.coc7.skills import SAN_NAMES as SAN_NAMES7
from bot.sheets.checks7 import InvestigatorChecks
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.sanity.loss import SanLoss

_SAN = {n.upper() for n in (*SAN_NAMES, *SAN_NAMES7)}


def is_san(skill: str | None) -> bool:
    """Whether ``skill`` names the SAN roll (``SAN``, ``正気度``, ``正気度ロール`` …)."""
    return canonical_skill(skill or "").strip().upper() in _SAN


class SheetChecks:
    """Checks rolled against a saved character sheet (no battle state involved)."""

    def __init__(self, book: CharacterBook, dice: Dice, clock: Callable[[], datetime], growth: Growth,
                 seventh: InvestigatorChecks | None = None, *, notes: SessionNotes | None = None) -> None:
        self.book = book
        self.dice = dice
        self.clock = clock
        self.growth = growth
        """Marks a skill checked with success (bot.sheets.growth)."""
        self.seventh = seventh
        """The checks of 7th-edition investigators (bot.sheets.checks7)."""
        self.notes = notes
        """The open sessions a check is kept in (bot.sheets.session_notes)."""
        self.san = None
        """The SAN flow that takes a SAN check's loss (bot.sheets.san_flow.SanFlow), set by the service."""

    async def chosen(self, req: Request) -> Character | Investigator:
        """The character ``req`` rolls for (see the module docstring), of either edition;
        raises InvalidInput."""
        name = opt.text(req.options, "character")
        if name:
            sheet = await self.book.load_sheet(req.scope, name, req.user)
            record = await self.book.store.get_character(req.scope, sheet.name)
            if record is not None and record.owner != req.user:
                kind = "探索者" if isinstance(sheet, Investigator) else "キャラクター"
                raise InvalidInput(f"「{sheet.name}」は他のユーザーの{kind}です。判定できるのは自分の{kind}だけです。")
            return sheet
        owned = await self.book.owned(req.scope, req.user)
        if len(owned) == 1:
            return await self.book.load_sheet(req.scope, owned[0], req.user)
        if not owned:
            raise InvalidInput("判定するキャラクターがいません。/char new で作るか /char import で取り込んでください。")
        if req.said:  # typed in chat: the line names the character
            raise InvalidInput(f"キャラクターが複数あります（{'、'.join(owned)}）。どのキャラクターの判定か、"
                               f"「{owned[0]}：{req.said.strip()}」のように名前を付けて書いてください。")
        raise InvalidInput(f"キャラクターが複数あります（{'、'.join(owned)}）。character: で判定するキャラクターを指定してください。")

    async def check(self, req: Request) -> list[Reply]:
        """``/check skill: [modifier:] [loss:] [character:]`` on the sheet."""
        skill = (opt.text(req.options, "skill") or "").strip()
        if not skill:
            raise InvalidInput("skill: に技能名を指定してください（例: skill:目星、skill:SAN loss:1/1D6）。")
        character = await self.chosen(req)
        loss = opt.text(req.options, "loss")
        if is_san(skill) and loss:
            record = await self.book.store.get_character(req.scope, character.name)
            source = (opt.text(req.options, "source") or "").strip() or None
            return await self.san.check(req, character, record.owner if record else req.user, SanLoss.parse(loss),
                                        opt.integer(req.options, "bonus", "bonus") or 0, source)
        if isinstance(character, Investigator):  # its session record goes with the roll it keeps
            return await self.seventh.check(req, character, SanLoss.parse(loss) if loss else None,
                                            lambda text, payload: self._note(req, character, "check", text, payload))
        if opt.boolean(req.options, "push") or opt.text(req.options, "opposed"):
            raise InvalidInput(f"push:（プッシュ）と opposed:（対抗ロール）は7版の探索者の判定です。{character.name}は6版のキャラクターです"
                               "（6版の対抗は RESB(12-10) の抵抗ロールで振ります）。")
        if loss:
            raise InvalidInput("loss: はSANチェック（skill:SAN）でだけ使えます。")
        if not character.knows(skill):
            raise InvalidInput(f"「{skill}」は{character.name}の技能にも技能表にもありません"
                               "（技能名の例: 目星、聞き耳、図書館、アイデア、幸運、知識、CON×5）。")
        modifier = opt.integer(req.options, "modifier", "modifier") or 0
        base = character.skill(skill)
        target = max(0, base + modifier)
        shown = f"{base}{modifier:+d} ＝ {target}" if modifier else f"{target}"
        check = roll_check(target, self.dice)
        line = f"🎲 {character.name} {canonical_skill(skill)}（{shown}%）：{check.text()}"
        note = ""
        if check.succeeded and not character.is_charge_rank:
            record = await self.book.store.get_character(req.scope, character.name)
            note = await self.growth.mark(req.scope, req.channel, record.owner if record else req.user, character, skill,
                                          check.level is SuccessLevel.CRITICAL)
        text = line + (f"\n{note}" if note else "")
        kept = await self._note(req, character, "check", text,
                                check_payload(canonical_skill(skill), target, check.roll, check.level.value))
        if kept is not None:
            await self.book.store.sessions.record(kept)
        return [public(text)]

    async def _note(self, req: Request, character: Character | Investigator, kind: str, text: str,
                    payload: dict) -> dict | None:
        """The session record of a check of ``character`` (None: no open session here)."""
        session = await self.notes.open_in(req.channel) if self.notes else None
        if session is None:
            return None
        self.notes.played(session, req.user, character.name)
        return self.notes.note(session, req, kind, character.name, text, payload)
