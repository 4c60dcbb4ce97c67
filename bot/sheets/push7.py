"""Pushed rolls of 7th investigators (プッシュ・ロール, issue 30; docs/coc7.md 7-PUSH-…):

    alice: プッシュ：本棚を全部ひっくり返す       (or [プッシュ], /check skill:目星 push:true)
    bot:   🔁 エミリーが〈目星〉（70%）の判定をプッシュします（…）。KPは失敗したときに起こることを
           告げてから [プッシュを振る] を押してください …        [プッシュを振る] [認めない]
    kp:    失敗したら、物音で家主が目を覚まします    (or [プッシュを振る])
    bot:   🔁 プッシュ・ロール（失敗したら：…）🎲 エミリー 目星（70%）：… ＞ 53 ＞ レギュラー成功

The KP may also say it first (「失敗したら…」 while a failed roll may still be pushed): the
word is kept with that roll, and the player's 「プッシュ」 then rolls at once.

The push asked takes the kept roll (``open`` → ``asked``); the KP's answer takes it again
(``asked`` → ``closed`` with the pushed roll kept after it, or back to ``open`` when refused),
each in the transaction that writes what it changes (bot.sheets.kept_rolls7).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from bot.commands.request import Request
from bot.render import buttons
from bot.render.investigator import check_line
from bot.render.reply import Button, Reply, clip, public
from bot.sheets.kept_rolls7 import KeptRolls, session_payload
from bot.sheets.table import BattleLookup
from bot.store.kept_checks import ASKED, CLOSED, OPEN, CheckWrite, KeptCheck, NewCheck
from rules.coc7.character import Investigator, is_investigator, is_roll_name
from rules.coc7.check import Level7
from rules.coc7.growth import ticked
from rules.coc7.pushing import IN_BATTLE, check_push, pushed
from rules.coc7.rolled import Rolled7
from rules.coc7.skills import canonical
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation

KEY = "ck"
"""The question key of a kept roll's buttons: ``ck<id>`` (battle 0: no battle)."""
PUSH, GO, NO = "push", "pushgo", "pushno"
"""The choice codes of the roller's [プッシュ] and the KP's [プッシュを振る] / [認めない]."""

KeeperHere = Callable[[str], Awaitable[str | None]]
"""``await keeper_here(channel)``: the KP the channel knows, or None."""


def custom_id(check_id: int, code: str) -> str:
    """The custom id of a kept roll's button (battle 0: no battle)."""
    return buttons.encode_key(0, f"{KEY}{check_id}", code)


class Pushes:
    """Pushes of the rolls ``kept``, rolled with ``dice``; ``lookup`` says who is a KP here,
    ``keeper(channel)`` the KP the channel knows (called when asking)."""

    def __init__(self, kept: KeptRolls, dice: Dice, lookup: BattleLookup, keeper: KeeperHere) -> None:
        self.kept, self.dice, self.lookup, self.keeper = kept, dice, lookup, keeper

    async def push(self, req: Request, character: str | None = None, skill: str | None = None,
                   reason: str = "", check_id: int | None = None) -> list[Reply]:
        """Ask for a push of ``req.user``'s latest roll here (of ``character``; the kept roll
        ``check_id`` for a button; ``skill``, when it names one, must be its skill): the KP is
        asked to say what a failure brings (7-PUSH-06). Raises RuleViolation / InvalidInput."""
        if check_id is None and await self._fighting(req):
            raise RuleViolation("7-PUSH-03", IN_BATTLE, allowable=False)
        kept = await self.kept.mine(req, character, check_id, "プッシュ")
        rolled = Rolled7.from_dict(kept.payload)
        if skill and canonical(skill) != rolled.skill and is_roll_name(skill):  # 「よしプッシュ」: no skill named
            raise RuleViolation("7-PUSH-01", f"{kept.character}の直前の判定は〈{rolled.skill}〉です。"
                                             "プッシュできるのは直前の判定だけです。", allowable=False)
        if kept.state == ASKED:
            raise InvalidInput(f"〈{rolled.skill}〉のプッシュはKPの返事を待っています。")
        check_push(rolled)
        if kept.state != OPEN:
            raise InvalidInput(f"{kept.character}の〈{rolled.skill}〉はもうプッシュできません。")
        if kept.payload.get("told"):  # the KP said what a failure brings before the push: it is rolled now
            return await self._roll(req, kept, OPEN, str(kept.payload["told"]), reason)
        await self.kept.take(kept, OPEN, ASKED, CheckWrite(payload={**kept.payload, "reason": reason[:200]}))
        keeper = await self.keeper(req.channel)
        why = f"（{reason[:200]}）" if reason else ""
        text = (f"🔁 {kept.character}が〈{rolled.skill}〉（{rolled.check.skill}%）の判定をプッシュします{why}。\n"
                "KPは失敗したときに起こることを告げてから [プッシュを振る] を押してください"
                "（チャットで「失敗したら…」と書いても振ります）。")
        return [Reply(text=clip(text), mentions=(keeper,) if keeper and keeper != req.user else (),
                      buttons=(Button("プッシュを振る", custom_id(kept.id, GO), "primary"),
                               Button("認めない", custom_id(kept.id, NO), "secondary")))]

    async def _fighting(self, req: Request) -> bool:
        """Whether ``req.user`` has a unit in the channel's active 7th battle: their latest
        roll there is a combat roll, which cannot be pushed (7-PUSH-03)."""
        if await self.lookup.battle_edition(req.channel) != "coc7":
            return False
        return req.user in (await self.lookup.units(req.channel)).values()

    async def answer(self, req: Request, check_id: int, go: bool, told: str = "") -> list[Reply]:
        """The KP's answer to the push waiting as ``check_id``: roll it (``go``; ``told``: what
        a failure brings, as the KP typed it; 7-PUSH-06/07), or refuse it (the roll stays as
        it was, open to Luck). Raises InvalidInput for a non-KP or an answered push."""
        kept = await self.kept.store.checks.get(check_id)
        if kept is None or kept.state != ASKED:
            raise InvalidInput("このプッシュにはもう答えが出ています。")
        if not await self.lookup.is_kp(req, await self.keeper(kept.channel)):
            raise InvalidInput("プッシュに答えるのはKPです（失敗したときに起こることを告げてから振ります）。")
        if not go:
            await self.kept.take(kept, ASKED, OPEN, CheckWrite())
            skill = Rolled7.from_dict(kept.payload).skill
            return self.kept.here(req, kept, [public(f"KPは{kept.character}の〈{skill}〉のプッシュを認めませんでした"
                                                     "（失敗はそのままです）。")])
        return await self._roll(req, kept, ASKED, told, str(kept.payload.get("reason") or ""))

    async def foretold(self, req: Request, what: str) -> list[Reply] | None:
        """The KP's 「失敗したら…」 before anyone pushed: kept with the channel's latest roll
        that may be pushed, whose push is then rolled at once (7-PUSH-06); None when no such
        roll is open here (talk)."""
        for kept in await self.kept.store.checks.open_in(req.channel):
            try:
                check_push(Rolled7.from_dict(kept.payload))
            except RuleViolation:
                continue
            await self.kept.take(kept, OPEN, OPEN, CheckWrite(payload={**kept.payload, "told": what[:200]}))
            skill = Rolled7.from_dict(kept.payload).skill
            return [public(f"📝 {kept.character}が〈{skill}〉をプッシュするなら、失敗したときは「{what[:200]}」"
                           "（「プッシュ」ですぐに振ります）。")]
        return None

    async def _roll(self, req: Request, kept: KeptCheck, before: str, told: str, reason: str) -> list[Reply]:
        """Roll the push of ``kept`` (in state ``before``) as the first roll was (7-PUSH-06),
        write its growth check and session record and keep it closed (7-PUSH-02), all with
        the kept roll taken; the roll's message says what the KP told and what it brings."""
        rolled = Rolled7.from_dict(kept.payload)
        record = await self.kept.store.get_character(kept.scope, kept.character)
        inv = Investigator.from_dict(record.data) if record and is_investigator(record.data) else None
        again = pushed(rolled, self.dice)
        grown, growth = ticked(inv, again) if inv else (None, "")
        head = "🔁 プッシュ・ロール" + (f"（{reason[:200]}）" if reason and not told else "")
        text = "\n".join([head + (f"（失敗したら：{told[:200]}）" if told else ""),
                          check_line(kept.character, again), _outcome(again, growth)])
        note = await self.kept.note(dataclasses.replace(req, channel=kept.channel), kept.character, "check", text,
                                    session_payload(again), played=req.user == kept.user)
        write = CheckWrite(sheets=[(kept.scope, record.owner, grown.name, grown.to_dict())] if grown is not inv else [],
                           notes=[note] if note else [],
                           keep=[NewCheck(kept.channel, kept.scope, kept.user, kept.character, again.to_dict(), CLOSED)])
        await self.kept.take(kept, before, CLOSED, write)
        return self.kept.here(req, kept, [public(clip(text))])


def _outcome(again: Rolled7, growth: str) -> str:
    """What the pushed roll brings (7-PUSH-07)."""
    if again.check.succeeded:
        return "プッシュ成功！" + growth
    if again.check.level is Level7.FUMBLE:
        return "プッシュ・ロールのファンブル：KPが告げた結果が、より悪い形で起こるかもしれません（7-PUSH-07）。"
    return "プッシュ失敗：KPが告げた結果が起こります（7-PUSH-07）。"


__all__ = ["GO", "KEY", "NO", "PUSH", "Pushes", "custom_id"]
