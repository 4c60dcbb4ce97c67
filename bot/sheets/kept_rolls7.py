"""The 7th rolls kept for what may follow them (issue 30; bot.store.kept_checks), as the
flows of a push (bot.sheets.push7) and of Luck (bot.sheets.luck7) reach them: keep a roll,
find the one a player acts on, take it in the transaction that writes what follows, keep
the session's record of it."""
from __future__ import annotations

import dataclasses

from bot.commands.request import Request
from bot.render.reply import Reply, posted_in
from bot.sheets.session_notes import SessionNotes, check_payload
from bot.store import Store
from bot.store.kept_checks import CheckWrite, KeptCheck, NewCheck
from bot.store.sanity import TakenAlready
from rules.chat.normalize import fold
from rules.coc7.character import Investigator
from rules.coc7.rolled import Rolled7
from rules.errors import InvalidInput

TAKEN = "この判定にはもう答えが出ています（二度は振りません）。"


def session_payload(rolled: Rolled7) -> dict:
    """A 7th roll's numbers as a session's ``check`` record keeps them."""
    check = rolled.check
    return check_payload(rolled.skill, check.target, check.roll, check.level.value)


class KeptRolls:
    """Kept rolls over ``store``; ``notes``: the open sessions their records go to."""

    def __init__(self, store: Store, notes: SessionNotes) -> None:
        self.store, self.notes = store, notes

    async def keep(self, req: Request, owner: str, character: str, rolled: Rolled7, notes: list[dict],
                   sheet: Investigator | None = None) -> int:
        """Keep ``rolled`` of ``owner``'s investigator ``character`` (its ``sheet`` written too
        when given: a growth tick) with the session ``notes``, in one transaction; its id."""
        sheets = [(req.scope, owner, sheet.name, sheet.to_dict())] if sheet is not None else []
        new = NewCheck(req.channel, req.scope, req.user, character, rolled.to_dict())
        ids = await self.store.checks.commit(CheckWrite(sheets=sheets, notes=notes, keep=[new]))
        return ids[0]

    async def mine(self, req: Request, character: str | None, check_id: int | None, what: str) -> KeptCheck:
        """The kept roll a player acts on: ``check_id`` (a button: theirs only, while it is
        their character's latest, 7-PUSH-01), else their latest here (of ``character`` when
        named). Raises InvalidInput naming ``what`` could not be found."""
        if check_id is not None:
            kept = await self.store.checks.get(check_id)
            if kept is None:
                raise InvalidInput("このボタンの判定が見つかりません。")
            if kept.user != req.user:
                raise InvalidInput(f"このボタンは{kept.character}の判定をした人が押します。")
            latest = next((k for k in await self.store.checks.recent(kept.channel, kept.user)
                           if k.character == kept.character), None)
            if latest is not None and latest.id != kept.id:
                raise InvalidInput(f"{kept.character}はこのあとに別の判定をしています（プッシュも幸運も直前の判定にだけ使えます）。")
            return kept
        recent = await self.store.checks.recent(req.channel, req.user)
        kept = next((k for k in recent if not character or fold(k.character) == fold(character)), None)
        if kept is None:
            raise InvalidInput(f"{what}判定がありません（このチャンネルで振った7版の探索者の判定のすぐ後に使います。"
                               "例: /check skill:目星 のあとに「プッシュ」「幸運を消費」）。")
        return kept

    async def take(self, kept: KeptCheck, before: str, after: str, write: CheckWrite) -> None:
        """Commit ``write`` taking ``kept`` from state ``before`` to ``after``; a doubled press
        or line finds it taken (InvalidInput, nothing written)."""
        try:
            await self.store.checks.commit(dataclasses.replace(write, claim=(kept.id, before, after)))
        except TakenAlready:
            raise InvalidInput(TAKEN) from None

    async def note(self, req: Request, character: str, kind: str, text: str, payload: dict,
                   played: bool = True) -> dict | None:
        """The session record of ``text`` for ``character`` (None: no open session here);
        ``played``: ``req.user`` rolled as the character (their later rolls count for it)."""
        session = await self.notes.open_in(req.channel)
        if session is None:
            return None
        if played:
            self.notes.played(session, req.user, character)
        return self.notes.note(session, req, kind, character, text, payload)

    @staticmethod
    def here(req: Request, kept: KeptCheck, replies: list[Reply]) -> list[Reply]:
        """``replies`` in the kept roll's channel (a button pressed in a direct message)."""
        return replies if req.channel == kept.channel else posted_in(replies, kept.channel)


__all__ = ["KeptRolls", "TAKEN", "session_payload"]
