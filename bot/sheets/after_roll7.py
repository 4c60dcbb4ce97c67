"""What may follow a 7th skill roll on a sheet (issue 30; docs/coc7.md 7-PUSH-…, 7-LUCK-…):

    alice: /check skill:目星          (or the palette line CC<=70 【目星】)
    bot:   🎲 エミリー 目星（70%）：… ＞ 82 ＞ 失敗
           ↪ 失敗：「プッシュ」で振り直すか …、「幸運を消費」で幸運を12使って …   [プッシュ] [幸運を12使う]

then a push (bot.sheets.push7: the KP's word first) or Luck spent (bot.sheets.luck7). Here
the roll is kept and offered what may follow it, the buttons are routed, and the chat lines
「プッシュ」「幸運を消費」 and the KP's 「失敗したら…」 are read (rules.coc7.chat_lines).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.commands.request import Request
from bot.render.reply import Button, Reply, public
from bot.sheets.edition import from_setting
from bot.sheets.growth import palette_skill7
from bot.sheets.kept_rolls7 import KeptRolls
from bot.sheets.luck7 import LUCK, LuckSpending, Settings
from bot.sheets.push7 import GO, KEY, NO, PUSH, Pushes, custom_id
from bot.sheets.san_palette import is_san_comment
from bot.sheets.session_notes import SessionNotes
from bot.sheets.table import BattleLookup
from bot.store import CharacterRecord, Store
from rules.coc7.character import Investigator, is_investigator
from rules.coc7.chat_lines import luck_line, push_line, told_line
from rules.coc7.check import Level7
from rules.coc7.luck import check_luck
from rules.coc7.pushing import check_push
from rules.coc7.rolled import PALETTE, Rolled7
from rules.dice import Dice
from rules.dice.cthulhu7th import check_of
from rules.dice.editions import COC7
from rules.errors import InvalidInput, RuleViolation

Claim = Callable[[Request], Awaitable[bool]]
"""``await claim(req)``: take a chat message's delivery once (bot.sheets.table.Claim)."""
Speaker = Callable[[Request, str], Awaitable[CharacterRecord | None]]
"""``await speaker(req, comment)``: the saved sheet a palette roll of ``req.user`` is for."""
KeeperHere = Callable[[str], Awaitable[str | None]]
"""``await keeper_here(channel)``: the KP the channel knows, or None."""


class AfterRoll7:
    """Kept 7th rolls and what follows them, over ``store`` with ``dice``.

    Args:
        lookup: whether a user is a KP here; notes: the open sessions records go to;
        settings: the channel's KP settings (幸運消費); speaker: the sheet a palette roll is
        for (bot.sheets.growth.Growth.speaker_record).
    Attributes:
        keeper_here: the KP the channel knows (set by the service), called on a push.
        kept, pushes, luck: the kept rolls, the pushes and the Luck spent on them.
    """

    def __init__(self, store: Store, dice: Dice, lookup: BattleLookup, notes: SessionNotes,
                 settings: Settings, speaker: Speaker) -> None:
        self.store, self.lookup, self.settings, self.speaker = store, lookup, settings, speaker
        self.keeper_here: KeeperHere | None = None
        self.kept = KeptRolls(store, notes)
        self.pushes = Pushes(self.kept, dice, lookup, self._keeper)
        self.luck = LuckSpending(self.kept, settings)

    async def _keeper(self, channel: str) -> str | None:
        return await self.keeper_here(channel) if self.keeper_here else None

    async def keep(self, req: Request, owner: str, character: str, rolled: Rolled7, notes: list[dict],
                   sheet: Investigator | None = None) -> int:
        """:meth:`KeptRolls.keep` (bot.sheets.kept_rolls7)."""
        return await self.kept.keep(req, owner, character, rolled, notes, sheet)

    async def palette(self, req: Request, result, san_filled: bool) -> list[Reply]:
        """After a chat roll: a single 7th check naming a skill of the speaker's investigator
        (``CC<=70 【目星】``; not secret, not a SAN roll: the SAN flow takes those) is kept, and a
        failure says what may follow it, with its buttons (:meth:`offer`). [] otherwise."""
        if not isinstance(result.level, Level7) or result.parts or result.secret or san_filled \
                or is_san_comment(result.comment):
            return []
        named = palette_skill7(result.comment)
        check = check_of(result) if named else None
        record = await self.speaker(req, result.comment or "") if check is not None else None
        if record is None or not is_investigator(record.data):
            return []
        inv = Investigator.from_dict(record.data)
        if not inv.knows(named):
            return []
        rolled = Rolled7(named, check, PALETTE)
        check_id = await self.kept.keep(req, record.owner, inv.name, rolled, [])
        hint, offered = await self.offer(req, check_id, inv, rolled, f"{inv.name}〈{named}〉の")
        return [public(hint, buttons=offered)] if hint else []

    async def offer(self, req: Request, check_id: int, inv: Investigator, rolled: Rolled7,
                    lead: str = "") -> tuple[str, tuple[Button, ...]]:
        """What a failed roll may still do, as a line (after ``lead``) and its buttons:
        [プッシュ] when it may be pushed (rules.coc7.pushing), [幸運をN使う] when the KP turned
        幸運消費 on and the investigator has the Luck (rules.coc7.luck); ``("", ())`` for a
        success or neither."""
        if rolled.check.succeeded:
            return "", ()
        push = _allowed(check_push, rolled) is not None
        needed = (_allowed(check_luck, rolled, inv.luck) or 0) if await self.luck.allowed(req.channel) else 0
        luck = f"「幸運を消費」で幸運を{needed}使って成功にできます（幸運 {inv.luck} → {inv.luck - needed}）"
        if push and needed:
            said = f"「プッシュ」で振り直すか（KPが失敗したときの結果を告げてから）、{luck}。"
        elif push:
            said = "「プッシュ」で振り直せます（KPが失敗したときの結果を告げてから）。"
        elif needed:
            said = luck + "。"
        else:
            return "", ()
        offered = ((Button("プッシュ", custom_id(check_id, PUSH), "primary"),) if push else ()) + (
            (Button(f"幸運を{needed}使う", custom_id(check_id, LUCK), "success"),) if needed else ())
        return f"↪ {lead}失敗：{said}", offered

    def handles(self, key: str) -> bool:
        """Whether a button's key is a kept roll's (``ck<id>``)."""
        return key.startswith(KEY) and key[len(KEY):].isdigit()

    async def press(self, req: Request, key: str, code: str) -> list[Reply]:
        """A kept roll's button: the roller's [プッシュ] / [幸運をN使う], the KP's
        [プッシュを振る] / [認めない] (pressed here or in a direct message)."""
        check_id = int(key[len(KEY):])
        if code == PUSH:
            return await self.pushes.push(req, check_id=check_id)
        if code == LUCK:
            return await self.luck.spend(req, check_id=check_id)
        if code in (GO, NO):
            return await self.pushes.answer(req, check_id, code == GO)
        raise InvalidInput("このボタンは読み取れませんでした。")

    async def line(self, req: Request, text: str, claim: Claim) -> list[Reply] | None:
        """A chat line of these (rules.coc7.chat_lines): 「プッシュ」 and 「幸運を消費」 of a
        player who has a kept roll here or in a 7th channel, the KP's 「失敗したら…」 while a
        push waits here (the latest one is rolled with it) or a failed roll may be pushed
        (kept with it: its push then rolls at once); None for talk. ``claim(req)``
        takes the message's delivery before anything is done ([] when taken already)."""
        push, luck = push_line(text), luck_line(text)
        if push is not None or luck is not None:
            if not await self._for_us(req):
                return None
            if not await claim(req):
                return []
            if push is not None:
                return await self.pushes.push(req, push.who or None, push.skill, push.reason)
            return await self.luck.spend(req, luck.who or None, luck.amount)
        what = told_line(text)
        if what is None:
            return None
        waiting = await self.store.checks.asked(req.channel)
        opened = [] if waiting else await self.store.checks.open_in(req.channel)
        if not (waiting or opened) or not await self.lookup.is_kp(req, await self._keeper(req.channel)):
            return None
        if not await claim(req):
            return []
        if waiting:
            return await self.pushes.answer(req, waiting[0].id, True, what)
        return await self.pushes.foretold(req, what) or []

    async def _for_us(self, req: Request) -> bool:
        """Whether a player's 「プッシュ」/「幸運を消費」 is meant for a roll: they rolled one
        here, or the channel plays the 7th edition (else, in a 6th channel, it is talk)."""
        if await self.store.checks.recent(req.channel, req.user):
            return True
        return from_setting((await self.settings(req.channel)).get("edition")) == COC7


def _allowed(rule, *args):
    """What ``rule(*args)`` returns (True for a None), or None when it refuses."""
    try:
        found = rule(*args)
    except RuleViolation:
        return None
    return True if found is None else found


__all__ = ["AfterRoll7"]
