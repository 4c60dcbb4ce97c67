"""``/table``: the server's own tables (issue 32) in BCDice's custom-table text
(rules.dice.custom_table): added by paste (``text:``, or a chat message that starts with
「表登録」 and holds the table on the lines below it) or by file (``file:``), listed, shown,
removed and rolled. A 7th-edition channel also has BCDice's own 7th tables: BMR, BMS (狂気の
発作), PH (恐怖症表) and MA (マニア表); a 6th channel has none of the rulebook's.

A table is anyone's to add and roll; replacing or removing one is for whoever added it or a
KP of the channel. A madness state of the SAN flow rolls the table its preset names
(:meth:`TableDesk.roll_named`).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import MAX_TEXT, Reply, clip, private, public
from bot.sheets.edition import channel_edition
from bot.sheets.table import BattleLookup, Once
from bot.store import Store
from rules.dice import Dice, evaluate
from rules.dice.custom_table import CustomTable, parse_table, unfold
from rules.dice.cthulhu7th import TABLES as TABLES7
from rules.dice.editions import COC7
from rules.errors import InvalidInput

KeeperHere = Callable[[str], Awaitable[str | None]]
"""``await keeper_here(channel)``: the KP the channel knows (bot.sheets.sessions)."""

BUILT_IN7 = ("BMR", "BMS", "PH", "MA")
"""BCDice's 7th tables a 7th channel has (Cthulhu7th; BCDice's texts, BSD 3-Clause License:
THIRD_PARTY_NOTICES.md)."""
TIME_UNITS = {"ラウンド": "round", "時間": "minute"}
"""A bout table's duration unit (its 1D10) → the timer unit; hours count 60 game minutes."""
MAX_NAME = 40
"""The longest name a table is called by (characters)."""
PASTE_HEAD = re.compile(r"(?:表登録|表の登録|table add)(?:\s*[:：]\s*(?P<name>.*))?", re.I)
"""A chat message that adds a table: 「表登録」 (optionally 「表登録: 呼び名」), then the table's lines."""
_FENCE = re.compile(r"^```[^\n]*\n?|\n?```$")


@dataclass(frozen=True)
class Rolled:
    """A table rolled for a madness state: its ``line`` as BCDice prints it, and for a bout
    table (BMR, BMS) its duration ``time`` = (length in timer units, unit, text)."""

    line: str
    time: tuple[int, str, str] | None = None


def pasted(text: str) -> tuple[str | None, str] | None:
    """``(name or None, table text)`` of a chat message that adds a table (「表登録」, or
    「表登録: 呼び名」, and the table on the lines below, also inside a code block), or None
    for any other message."""
    head, newline, body = text.partition("\n")
    match = PASTE_HEAD.fullmatch(unicodedata.normalize("NFKC", head).strip()) if newline else None
    if match is None:
        return None
    return (match["name"] or "").strip() or None, _FENCE.sub("", body.strip())


class TableDesk:
    """The ``/table`` commands over ``store`` (``store.sanity``'s tables), rolling with ``dice``."""

    def __init__(self, store: Store, dice: Dice, lookup: BattleLookup, keeper_here: KeeperHere, once: Once) -> None:
        self.store, self.dice, self.lookup, self.keeper_here, self.once = store, dice, lookup, keeper_here, once

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        return {"table add": self.add, "table list": self.list, "table show": self.show,
                "table remove": self.remove, "table roll": self.roll}

    async def add(self, req: Request) -> list[Reply]:
        """``/table add [name:] text:|file:``: check the table and keep it under its name
        (the title line unless ``name:`` is given)."""
        text = opt.text(req.options, "data") or opt.text(req.options, "text")
        if not text or not text.strip():
            raise InvalidInput("text: に表（1行目に表の名前、2行目にダイス、3行目から「出目:内容」）を貼るか、"
                               "file: に表のテキストファイルを添付してください。")
        return await self.once(req, lambda: self.keep(req, opt.text(req.options, "name"), text))

    async def keep(self, req: Request, name: str | None, text: str) -> list[Reply]:
        """Check ``text`` and keep it as ``name`` (its title when None); the reply."""
        table = parse_table(unfold(text))
        name = (name or table.title).strip()
        if not name or len(name) > MAX_NAME or "\n" in name:
            raise InvalidInput(f"表の呼び名は1〜{MAX_NAME}文字にしてください（name: で短い呼び名を付けられます）。")
        if name.upper() in BUILT_IN7:
            raise InvalidInput(f"「{name}」はBCDiceの7版の表の名前です。別の呼び名を name: で付けてください。")
        old = await self.store.sanity.table(req.scope, name)
        if old is not None and old.owner != req.user and not await self._is_kp(req):
            raise InvalidInput(f"表「{name}」はほかの人が登録した表です。置き換えられるのは登録した人かKPだけです。"
                               "別の呼び名を name: で付けてください。")
        await self.store.sanity.put_table(req.scope, name, table.text(), req.user)
        verb = "置き換えました" if old is not None else "登録しました"
        lines = [f"📋 表「{name}」（{table.title}、{table.dice}、{len(table.rows)}行）を{verb}。"
                 f"/table roll name:{name} で振れます。"]
        if table.missing:
            shown = "、".join(map(str, table.missing[:12])) + ("…" if len(table.missing) > 12 else "")
            lines.append(f"※出目 {shown} の行がありません（その目が出たら「行がありません」と出ます）。")
        return [public("\n".join(lines))]

    async def list(self, req: Request) -> list[Reply]:
        """``/table list``: the server's tables (and a 7th channel's BCDice tables)."""
        own = await self.store.sanity.tables(req.scope)
        lines = ["【このサーバーの表】"]
        for stored in own:
            table = parse_table(stored.text)
            lines.append(f"・{stored.name}（{table.title}、{table.dice}、{len(table.rows)}行）")
        if not own:
            lines.append("（まだありません。/table add で登録します）")
        if await self._seventh(req.channel):
            lines.append("【7版の表（BCDice）】" + "、".join(f"{k}（{TABLES7[k][0]}）" for k in BUILT_IN7))
        return [private(req.user, clip("\n".join(lines)))]

    async def show(self, req: Request) -> list[Reply]:
        """``/table show name:``: the table's text (as a file when too long for a message)."""
        name = self._name(req)
        stored = await self.store.sanity.table(req.scope, name)
        if stored is None:
            raise InvalidInput(await self._unknown(req, name))
        head = f"表「{stored.name}」（登録: {stored.owner}）\n"
        if len(head) + len(stored.text) + 8 <= MAX_TEXT:
            return [private(req.user, f"{head}```\n{stored.text}\n```")]
        return [Reply(text=head + "（長いのでファイルにしました）", ephemeral=True, to=req.user,
                      file={"name": "table.txt", "content": stored.text + "\n"})]

    async def remove(self, req: Request) -> list[Reply]:
        """``/table remove name:``: whoever added it, or a KP."""
        name = self._name(req)
        stored = await self.store.sanity.table(req.scope, name)
        if stored is None:
            raise InvalidInput(await self._unknown(req, name))
        if stored.owner != req.user and not await self._is_kp(req):
            raise InvalidInput(f"表「{name}」を消せるのは登録した人かKPだけです。")

        async def produce() -> list[Reply]:
            if not await self.store.sanity.delete_table(req.scope, name):
                raise InvalidInput(f"表「{name}」はもうありません。")
            return [public(f"📋 表「{name}」を削除しました。")]
        return await self.once(req, produce)

    async def roll(self, req: Request) -> list[Reply]:
        """``/table roll name: [secret:]``: BCDice's line; a secret roll goes to the roller
        and the channel's KP only."""
        name = self._name(req)
        secret = opt.boolean(req.options, "secret")

        async def produce() -> list[Reply]:
            rolled = await self.roll_named(req.scope, name, await self._seventh(req.channel))
            if rolled is None:
                raise InvalidInput(await self._unknown(req, name))
            line = f"{req.name or req.user}\n📋 {rolled.line}"
            if not secret:
                return [public(line)]
            keeper = await self.keeper_here(req.channel)
            replies = [public(f"{req.name or req.user}がシークレットで表を振りました。"), private(req.user, "🔒 " + line)]
            if keeper and keeper != req.user:
                replies.append(private(keeper, "🔒 " + line))
            return replies
        return await self.once(req, produce)

    async def roll_named(self, scope: str, name: str, seventh: bool) -> Rolled | None:
        """Roll the table ``name`` of ``scope`` (a 7th BCDice table when ``seventh``); None
        when there is no such table."""
        key = unicodedata.normalize("NFKC", name).strip()
        if seventh and key.upper() in BUILT_IN7:
            result = evaluate(key.upper(), self.dice, COC7)
            unit = TABLES7[key.upper()][3]
            time = None
            if unit is not None:
                face = result.rolls[1][1]
                time = (face * (60 if unit == "時間" else 1), TIME_UNITS[unit], f"1D10 ＞ {face}{unit}")
            return Rolled(result.text, time)
        stored = await self.store.sanity.table(scope, key)
        if stored is None:
            return None
        return Rolled(parse_table(stored.text).roll(self.dice).line())

    async def names(self, scope: str, channel: str) -> list[str]:
        """The names ``/table`` takes in ``channel`` (autocomplete): the server's, then a 7th
        channel's BCDice tables."""
        own = [t.name for t in await self.store.sanity.tables(scope)]
        return own + (list(BUILT_IN7) if await self._seventh(channel) else [])

    async def table(self, scope: str, name: str) -> CustomTable | None:
        """The server's table ``name``, or None."""
        stored = await self.store.sanity.table(scope, name)
        return parse_table(stored.text) if stored else None

    def _name(self, req: Request) -> str:
        name = (opt.text(req.options, "name") or "").strip()
        if not name:
            raise InvalidInput("name: に表の呼び名を指定してください（/table list で一覧）。")
        return name

    async def _unknown(self, req: Request, name: str) -> str:
        known = [t.name for t in await self.store.sanity.tables(req.scope)]
        if await self._seventh(req.channel):
            known += list(BUILT_IN7)
        hint = f"ある表: {'、'.join(known[:20])}" if known else "まだ表がありません。/table add で登録します"
        return f"表「{name}」はありません（{hint}）。"

    async def _seventh(self, channel: str) -> bool:
        return (await channel_edition(self.store.keeper, channel, None)).system == COC7

    async def _is_kp(self, req: Request) -> bool:
        return await self.lookup.is_kp(req, await self.keeper_here(req.channel))
