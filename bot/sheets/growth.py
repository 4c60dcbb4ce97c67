"""Growth marks and the growth roll on saved sheets (issue 19; the rules in rules.coc6.growth).

Marks: a successful check of a skill marks it on the speaker's sheet, once per skill: a
``/check`` on the sheet, a palette roll in chat or ``/roll`` (``CCB<=60 【目星】``: a d100
check whose comment names a skill of the character), and a battle's checks at its end
(bot.sheets.carry). The character of a roll is the roller's own character named by their
display name (a nickname 「アリス」 or 「アリス（PL太郎）」), else the one the roll's comment names
(「CCB<=60 【目星】 田中 太郎」, for a player with several), else their only character here.

``/char growth name:`` rolls the marked skills of one's character (the KP: of anyone's);
``all:true`` (KP) rolls for every character marked in this channel; ``skill: mark:false``
takes a mark off (a check the KP rules as not counting), ``mark:true`` (KP) puts one on.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import Awaitable, Callable

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import MAX_TEXT, Reply, private, public
from bot.sheets.characters import CharacterBook
from bot.sheets.growth7 import grow_investigator
from bot.store import BattleRecord, CharacterRecord
from rules.chat.normalize import fold
from rules.coc6.character import Character, canonical_skill
from rules.coc7.character import Investigator, is_investigator
from rules.coc7.check import Level7
from rules.coc7.growth import can_grow, ticks
from rules.coc7.skills import canonical as canonical7
from rules.coc6.growth import SUCCESS, GrowthRules, grows_by_use, marked, roll_growth, skill_value, with_value
from rules.dice import Dice, DiceError, parse
from rules.dice.cthulhu import Check
from rules.errors import InvalidInput

_NAMED = re.compile(r"[【〈《<＜\[［]\s*([^】〉》>＞\]］]+?)\s*[】〉》>＞\]］]")
_D100 = re.compile(r"^\s*S?1D100\s*<=", re.I)
_BONUS7 = re.compile(r"^S?CC\(?(-?\d+)?\)?<=", re.I)


def palette_skill(comment: str) -> str | None:
    """The skill a roll's comment names: the first bracketed name (``【目星】``, ``〈目星〉``,
    ``《目星》``), else its first word (``目星``); None for an empty comment."""
    text = unicodedata.normalize("NFKC", comment or "").strip()
    found = _NAMED.search(text)
    if found:
        return canonical_skill(found.group(1))
    word = re.split(r"[\s　(（]", text, maxsplit=1)[0] if text else ""
    return canonical_skill(word) if word else None


def palette_skill7(comment: str) -> str | None:
    """The 7th skill a roll's comment names (as :func:`palette_skill`, 7th names)."""
    text = unicodedata.normalize("NFKC", comment or "").strip()
    found = _NAMED.search(text)
    word = found.group(1) if found else (re.split(r"[\s　(（]", text, maxsplit=1)[0] if text else "")
    return canonical7(word) if word else None


def rules_of(settings: dict) -> GrowthRules:
    """The growth rules of a channel's KP settings (``growth_cap``, ``growth_critical``,
    ``growth_96``; bot.commands.settings)."""
    return GrowthRules(cap=int(settings.get("growth_cap", 99)), critical_grows=bool(settings.get("growth_critical", False)),
                       high_roll_grows=bool(settings.get("growth_96", False)))


class Growth:
    """Growth marks and ``/char growth`` over the character ``book``, rolling with ``dice``;
    ``latest_battle(channel)``: the channel's most recent battle (the battle side's, which
    remembers the one read with the active battle in the same request; else the store's)."""

    def __init__(self, book: CharacterBook, dice: Dice,
                 latest_battle: Callable[[str], Awaitable[BattleRecord | None]] | None = None) -> None:
        self.book = book
        self.store = book.store
        self.dice = dice
        self.latest_battle = latest_battle or self.store.latest_battle

    async def mark(self, scope: str, channel: str, user: str, character: Character, skill: str,
                   critical: bool) -> str:
        """Mark ``skill`` on ``character`` (saved under ``user``) after a success; the line
        that says so (「📈 アリス〈目星〉に成長の印」), or "" when nothing changed (marked
        already, or a skill that does not grow)."""
        updated = marked(character, skill, critical)
        if updated is None:
            return ""
        updated = replace(updated, growth_channel=channel)
        await self.store.put_character(scope, user, character.name, updated.to_dict())
        return f"📈 {character.name}〈{canonical_skill(skill)}〉に成長の印{'（決定的成功）' if critical else ''}"

    async def speaker(self, req: Request, comment: str = "") -> Character | None:
        """The 6th character a roll of ``req.user`` is for (see :meth:`speaker_record`), or None."""
        record = await self.speaker_record(req, comment)
        if record is None or is_investigator(record.data):  # a 7th sheet ticks growth on its own checks
            return None
        return Character.from_dict(record.data)

    async def speaker_record(self, req: Request, comment: str = "") -> CharacterRecord | None:
        """The saved character a roll of ``req.user`` is for (see the module; a player with
        several also by the one whose name the roll's ``comment`` holds: 「CCB<=60 【目星】
        田中 太郎」), or None. The KP of the
        channel's latest battle rolls for NPCs: their roll is tied only to a character their
        display name names, never to their only sheet."""
        owned = await self.store.owned_characters(req.scope, req.user)
        shown = unicodedata.normalize("NFKC", req.name or "")
        named = [r for r in owned if r.name == shown] or [r for r in owned if shown.startswith(r.name)]
        if not named and len(owned) > 1 and comment:
            named = [r for r in owned if fold(r.name) in fold(comment)]
            named = named if len(named) == 1 else []
        record = named[0] if named else (owned[0] if len(owned) == 1 else None)
        if record is None:
            return None
        if not named:
            latest = await self.latest_battle(req.channel)
            if latest is not None and latest.keeper == req.user:
                return None
        return record

    async def palette(self, req: Request, text: str, result) -> list[Reply]:
        """After a dice roll ``text`` by ``req.user`` with ``result``: a successful single d100
        check naming a skill of the speaker's character marks it; the note goes with the
        roll (privately for a secret roll). [] when nothing was marked."""
        if not getattr(result, "success", False) or getattr(result, "parts", None):
            return []
        if isinstance(getattr(result, "level", None), Level7):
            return await self._palette7(req, result)
        try:
            node = parse(text)
        except DiceError:  # evaluated already: cannot happen, and would mean no check
            return []
        if not isinstance(node, Check) and not _D100.match(text):
            return []
        skill = palette_skill(result.comment)
        if not skill or not grows_by_use(skill):
            return []
        character = await self.speaker(req, result.comment or "")
        if character is None or character.is_charge_rank or not character.knows(skill):
            return []
        note = await self.mark(req.scope, req.channel, req.user, character, skill, bool(getattr(result, "critical", False)))
        if not note:
            return []
        return [private(req.user, note)] if result.secret else [public(note)]

    async def _palette7(self, req: Request, result) -> list[Reply]:
        """A successful 7th palette roll (``CC<=70 【目星】``) ticks the skill of the speaker's
        7th investigator, as ``/check`` does: not with bonus dice (``CC(1)<=70``), nor Luck,
        SAN, a characteristic or the Cthulhu Mythos (rules.coc7.growth)."""
        named = palette_skill7(result.comment)
        bonus = _BONUS7.match(result.command or "")
        if not named or bonus is None:
            return []
        record = await self.speaker_record(req, result.comment or "")
        if record is None or not is_investigator(record.data):
            return []
        inv = Investigator.from_dict(record.data)
        if not inv.knows(named) or named in inv.growth or not ticks(named, True, int(bonus.group(1) or 0), can_grow(named)):
            return []
        await self.store.put_character(req.scope, record.owner, inv.name,
                                       replace(inv, growth=(*inv.growth, named)).to_dict())
        note = f"📈 {inv.name}〈{named}〉に成長チェック ✔"
        return [private(req.user, note)] if result.secret else [public(note)]

    async def command(self, req: Request, is_kp: bool) -> list[Reply]:
        """``/char growth``: roll, or with ``skill:`` put a mark on or off (see the module)."""
        if opt.text(req.options, "skill"):
            return await self._edit_mark(req, is_kp)
        rules = rules_of(await self.store.keeper.channel_settings(req.channel))
        if opt.boolean(req.options, "all"):
            if not is_kp:
                raise InvalidInput("all:true（このチャンネルの全員の成長ロール）はKPだけが行えます（権限: KP）。")
            records = await self.marked_here(req.scope, req.channel)
            if not records:
                return [private(req.user, "このチャンネルで成長の印が付いたキャラクターはいません。")]
            tables = [await self._roll(req.scope, r.owner, Character.from_dict(r.data), rules) for r in records]
            return _packed(tables)
        character, owner = await self._target(req, is_kp)
        if not character.growth and isinstance(character, Investigator):
            raise InvalidInput(f"{character.name}には成長チェックがありません（7版: ボーナス・ダイスなしで成功した技能に付きます。"
                               "/char show で確認できます）。")
        if not character.growth:
            raise InvalidInput(f"{character.name}には成長の印がありません（成功した技能に付きます。/char show で確認できます）。")
        if isinstance(character, Investigator):
            return _packed([await grow_investigator(self.store, self.dice, req.scope, owner, character)])
        return _packed([await self._roll(req.scope, owner, character, rules)])

    async def marked_here(self, scope: str, channel: str) -> list[CharacterRecord]:
        """The saved characters of ``scope`` with growth marks last made in ``channel`` (whom
        ``/char growth all:true`` rolls for; what a session's end can offer growth to)."""
        return [r for r in await self.store.list_characters(scope)
                if r.data.get("growth") and r.data.get("growth_channel") == channel]

    async def _target(self, req: Request, is_kp: bool) -> tuple[Character | Investigator, str]:
        """The character ``name:`` (the user's only one when omitted; a 7th investigator as
        an ``Investigator``) and its owner; another user's only for the KP."""
        name = opt.text(req.options, "name")
        if not name:
            mine = await self.book.owned(req.scope, req.user)
            if len(mine) != 1:
                raise InvalidInput("name: でキャラクターを指定してください。")
            name = mine[0]
        character = await self.book.load_sheet(req.scope, name, req.user)
        record = await self.store.get_character(req.scope, character.name)
        owner = record.owner if record else req.user
        if owner != req.user and not is_kp:
            raise InvalidInput(f"「{character.name}」は他のユーザーのキャラクターです。成長ロールはその持ち主かKPが行います。")
        return character, owner

    async def _roll(self, scope: str, owner: str, character: Character, rules: GrowthRules) -> str:
        """Roll every mark of ``character`` (in the order marked), write the grown values and
        clear the marks (one write); the table 「【アリスの成長ロール】\\n目星 60→67（…）」."""
        results = [roll_growth(skill, skill_value(character, skill), mark, self.dice, rules)
                   for skill, mark in character.growth.items()]
        updated = character
        for result in results:
            if result.after != result.before:
                updated = with_value(updated, result.skill, result.after)
        updated = replace(updated, growth={}, growth_channel=None)
        await self.store.put_character(scope, owner, character.name, updated.to_dict())
        grown = sum(1 for r in results if r.after != r.before)
        return "\n".join([f"【{character.name}の成長ロール】（{len(results)}技能中{grown}技能が成長）",
                          *(r.text() for r in results)])

    async def _edit_mark(self, req: Request, is_kp: bool) -> list[Reply]:
        """``/char growth name: skill: mark:`` — off (the owner or the KP; a check the KP rules
        as not counting) or on (the KP)."""
        if opt.text(req.options, "mark") is None:
            raise InvalidInput("skill: を付けるときは mark:false（印を外す）か mark:true（KP: 印を付ける）も指定してください。"
                               "成長ロールは name: だけで振ります。")
        character, owner = await self._target(req, is_kp)
        if isinstance(character, Investigator):
            raise InvalidInput(f"{character.name}は7版の探索者です。成長チェックはボーナス・ダイスなしの成功で付きます"
                               "（/char show で確認、/char growth name: で成長ロール）。")
        skill = canonical_skill(opt.text(req.options, "skill") or "")
        on = opt.boolean(req.options, "mark")
        if on:
            if not is_kp:
                raise InvalidInput("成長の印を付けられるのはKPだけです（成功した判定で自動的に付きます）。")
            if not grows_by_use(skill) or not character.knows(skill):
                raise InvalidInput(f"〈{skill}〉は成長ロールの対象になりません（アイデア・幸運・知識・SAN・クトゥルフ神話・能力値ロールは対象外）。")
            updated = replace(character, growth={**character.growth, skill: character.growth.get(skill, SUCCESS)},
                              growth_channel=req.channel)
            text = f"{character.name}〈{skill}〉に成長の印を付けました。"
        else:
            if skill not in character.growth:
                marks = "".join(f"〈{s}〉" for s in character.growth) or "なし"
                raise InvalidInput(f"{character.name}の〈{skill}〉には成長の印がありません（印: {marks}）。")
            updated = replace(character, growth={k: v for k, v in character.growth.items() if k != skill})
            text = f"{character.name}〈{skill}〉の成長の印を外しました（この成功は成長ロールに数えません）。"
        await self.store.put_character(req.scope, owner, character.name, updated.to_dict())
        return [private(req.user, text)]


def _packed(tables: list[str]) -> list[Reply]:
    """The growth tables as public messages, as few as fit MAX_TEXT each (a table longer
    than one message is split between its lines)."""
    replies, current = [], ""
    for line in "\n\n".join(tables).split("\n"):
        if current and len(current) + 1 + len(line) > MAX_TEXT:
            replies.append(public(current))
            current = ""
        current = f"{current}\n{line}" if current else line
    replies.append(public(current))
    return replies

