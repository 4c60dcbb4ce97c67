"""Opposed rolls of 7th investigators (対抗ロール, issue 30; docs/coc7.md 7-OPP-…):
``/check skill:STR opposed:警備員 [against:STR|60] [bonus:]``, or in a 7th channel's chat
「対抗ロール STR 警備員」「警備員とSTRで対抗ロール」「隠密で警備員の目星と対抗ロール」.

Both sides are rolled at once, the caller first (its tens dice, then its units die), then
the opponent; the higher success level wins, then the higher value (rules.coc7.opposed).
The opponent is a saved 7th sheet of the server (a PC or the KP's NPC), or a name with the
value typed (``against:60``: an NPC without a sheet). A side that succeeds without bonus
dice gets its growth check, as any check (7-GROW-01). Each side's roll is kept as an
opposed one, so 「プッシュ」 and 「幸運を消費」 after it are refused by their clauses.
"""
from __future__ import annotations

import re
import unicodedata

from bot.commands.request import Request
from bot.render.reply import Reply, clip, public
from bot.render.investigator import check_line
from bot.sheets.kept_rolls7 import KeptRolls, session_payload
from bot.store import Store
from bot.store.kept_checks import CLOSED, CheckWrite, NewCheck
from rules.chat.normalize import fold
from rules.coc7.character import Investigator, is_investigator
from rules.coc7.check import Check7, roll_skill
from rules.coc7.growth import ticked
from rules.coc7.opposed import BOTH_FAILED, DRAW, LEVEL, VALUE, Opposed, oppose
from rules.coc7.rolled import OPPOSED, Rolled7, is_sanity
from rules.coc7.skills import canonical
from rules.dice import Dice
from rules.errors import InvalidInput

AGAINST_RANGE = (0, 999)
"""The value an opponent without a sheet may be given (%)."""


class OpposedRolls:
    """Opposed rolls over ``store`` with ``dice``; ``kept`` keeps each side's roll."""

    def __init__(self, store: Store, dice: Dice, kept: KeptRolls) -> None:
        self.store, self.dice, self.kept = store, dice, kept

    async def roll(self, req: Request, inv: Investigator, skill: str, opponent: str, against: str | None,
                   bonus: int = 0) -> list[Reply]:
        """``inv``'s ``skill`` (with ``bonus`` dice) against ``opponent``'s (``against``: its
        skill name or value; None: the same skill). Raises InvalidInput naming what is wrong."""
        name = canonical(skill)
        if is_sanity(name):
            raise InvalidInput("正気度ロールは対抗ロールにできません。")
        if not inv.knows(name):
            raise InvalidInput(f"「{skill}」は{inv.name}の技能にも7版の技能表にもありません。")
        other, other_skill, value = await self._opponent(req, inv, name, opponent.strip(), against)
        first = roll_skill(inv.skill(name), self.dice, bonus)
        second = roll_skill(value, self.dice)
        outcome = oppose(first, second)
        mine = Rolled7(name, first, OPPOSED)
        theirs = Rolled7(other_skill, second, OPPOSED)
        who = other.name if other else opponent.strip()
        lines = [f"⚔ 対抗ロール：{inv.name}〈{name}〉 対 {who}〈{other_skill}〉",
                 check_line(inv.name, mine), check_line(who, theirs), verdict(outcome, inv.name, who)]
        grown, growth = ticked(inv, mine)
        other_grown, other_growth = ticked(other, theirs) if other else (None, "")
        lines += [line for line in (growth and f"{inv.name}{growth}", other_growth and f"{who}{other_growth}") if line]
        text = clip("\n".join(lines))
        write = CheckWrite(keep=[NewCheck(req.channel, req.scope, req.user, inv.name, mine.to_dict(), CLOSED)])
        if grown is not inv:
            write.sheets.append((req.scope, req.user, inv.name, grown.to_dict()))
        note = await self.kept.note(req, inv.name, "check", text, session_payload(mine))
        write.notes += [note] if note else []
        if other is not None:
            record = await self.store.get_character(req.scope, other.name)
            write.keep.append(NewCheck(req.channel, req.scope, record.owner, other.name, theirs.to_dict(), CLOSED))
            if other_grown is not other:
                write.sheets.append((req.scope, record.owner, other.name, other_grown.to_dict()))
            note = await self.kept.note(req, other.name, "check", text, session_payload(theirs), played=False)
            write.notes += [note] if note else []
        await self.store.checks.commit(write)
        return [public(text)]

    async def _opponent(self, req: Request, inv: Investigator, skill: str, opponent: str,
                        against: str | None) -> tuple[Investigator | None, str, int]:
        """``(the opponent's sheet or None, the skill it rolls, its value)``."""
        if not opponent:
            raise InvalidInput("対抗ロールの相手を opposed: に書いてください（例: /check skill:STR opposed:警備員）。")
        typed = unicodedata.normalize("NFKC", against or "").strip().rstrip("%")
        if re.fullmatch(r"\d{1,3}", typed):
            return None, skill, int(typed)
        record = await self.store.get_character(req.scope, opponent)
        if record is None:
            found = [r for r in await self.store.list_characters(req.scope) if fold(r.name) == fold(opponent)]
            record = found[0] if len(found) == 1 else None
        if record is None:
            raise InvalidInput(f"「{opponent}」というキャラクターは登録されていません。相手の値を書いてください"
                               f"（例: /check skill:{skill} opposed:{opponent} against:60、"
                               f"チャットなら「対抗ロール {skill} {opponent} 60」）。")
        if not is_investigator(record.data):
            raise InvalidInput(f"「{record.name}」は6版のキャラクターです。7版の対抗ロールの相手にするなら、値を書いてください"
                               f"（例: against:60）。")
        if record.name == inv.name:
            raise InvalidInput("自分自身とは対抗ロールできません。")
        other = Investigator.from_dict(record.data)
        other_skill = canonical(against) if typed else skill
        if is_sanity(other_skill) or not other.knows(other_skill):
            raise InvalidInput(f"「{against}」は{other.name}の技能にも7版の技能表にもありません。")
        return other, other_skill, other.skill(other_skill)


def verdict(outcome: Opposed, first: str, second: str) -> str:
    """The line that says who won 「→ エミリーの勝ち（ハード成功 ＞ レギュラー成功）」 (7-OPP-01..03)."""
    names = (first, second)
    if outcome.why == BOTH_FAILED:
        return "→ どちらも失敗：どちらの勝ちでもありません（7-OPP-03）"
    level = outcome.first.level.value
    if outcome.why == DRAW:
        return (f"→ 引き分け（どちらも{level}、技能値も{outcome.first.skill}で同じ）：KPの判断で、決着がつかないままにするか、"
                "両者とも振り直します（7-OPP-02）")
    won, lost = _sides(outcome)
    if outcome.why == LEVEL:
        return f"→ {names[outcome.winner]}の勝ち（{won.level.value} ＞ {lost.level.value}）"
    assert outcome.why == VALUE
    return f"→ {names[outcome.winner]}の勝ち（どちらも{level}なので技能値の高い方：{won.skill} ＞ {lost.skill}）"


def _sides(outcome: Opposed) -> tuple[Check7, Check7]:
    pair = (outcome.first, outcome.second)
    return pair[outcome.winner], pair[1 - outcome.winner]


__all__ = ["OpposedRolls", "verdict"]
