"""Luck spent after a 7th roll (幸運の消費, issue 30; docs/coc7.md 7-LUCK-…): 「幸運を消費」
or [幸運をN使う] under a failed roll spends exactly the shortfall, when the KP turned the
optional rule on (``/kp setting key:幸運消費 value:on``). The Luck and the roll made a success
are written with the kept roll taken, in one transaction (bot.sheets.kept_rolls7)."""
from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from bot.commands.request import Request
from bot.render.reply import Reply, public
from bot.sheets.kept_rolls7 import KeptRolls
from bot.store.kept_checks import ASKED, CLOSED, OPEN, CheckWrite
from rules.coc7.character import Investigator, is_investigator
from rules.coc7.luck import check_luck, lucky
from rules.coc7.rolled import Rolled7
from rules.errors import InvalidInput, RuleViolation

SETTING = "luck_spend"
"""The KP's setting of the optional rule (bot.commands.settings; 7-LUCK-01)."""
LUCK = "luck"
"""The choice code of the roller's [幸運をN使う]."""

Settings = Callable[[str], Awaitable[dict]]
"""``await settings(channel)``: the channel's KP settings."""


class LuckSpending:
    """Luck on the rolls ``kept``; ``settings(channel)``: the channel's KP settings."""

    def __init__(self, kept: KeptRolls, settings: Settings) -> None:
        self.kept, self.settings = kept, settings

    async def allowed(self, channel: str) -> bool:
        """Whether the KP turned the optional rule on in ``channel`` (7-LUCK-01)."""
        return bool((await self.settings(channel)).get(SETTING, False))

    async def spend(self, req: Request, character: str | None = None, amount: int | None = None,
                    check_id: int | None = None) -> list[Reply]:
        """Spend Luck on ``req.user``'s latest roll here (of ``character``; the kept roll
        ``check_id`` for a button): exactly the shortfall (7-LUCK-02; ``amount``, when typed,
        must cover it). Raises RuleViolation / InvalidInput."""
        if not await self.allowed(req.channel):
            raise RuleViolation("7-LUCK-01", "幸運の消費は選択ルールです。KPが /kp setting key:幸運消費 value:on "
                                             "で使えるようにします。", allowable=False)
        kept = await self.kept.mine(req, character, check_id, "幸運を使える")
        rolled = Rolled7.from_dict(kept.payload)
        if kept.state == ASKED:
            raise InvalidInput(f"〈{rolled.skill}〉はプッシュがKPの返事を待っています。"
                               "幸運を使うならKPに [認めない] を押してもらってからです。")
        record = await self.kept.store.get_character(kept.scope, kept.character)
        if record is None or not is_investigator(record.data):
            raise InvalidInput(f"「{kept.character}」の7版のシートがもうありません。")
        inv = Investigator.from_dict(record.data)
        needed = check_luck(rolled, inv.luck)
        if kept.state != OPEN:
            raise InvalidInput(f"〈{rolled.skill}〉にはもう幸運を使えません。")
        if amount is not None and amount < needed:
            raise RuleViolation("7-LUCK-02", f"成功にするには幸運が{needed}必要です（出目 {rolled.check.roll} − "
                                             f"目標値 {rolled.check.target}）。足りない分だけ使うことはできません。",
                                allowable=False)
        turned, left = lucky(rolled, inv.luck)
        extra = f"（使うのは足りない分の{needed}だけです）" if amount is not None and amount > needed else ""
        text = (f"🍀 {inv.name}は幸運を{needed}使い、〈{rolled.skill}〉を{turned.check.level.value}にしました"
                f"（出目 {rolled.check.roll}、目標値 {rolled.check.target}。幸運 {inv.luck} → {left}）。{extra}\n"
                "幸運で成功にした判定には成長チェックは付きません。")
        note = await self.kept.note(req, inv.name, "note", text, {})
        sheet = (kept.scope, record.owner, inv.name, dataclasses.replace(inv, luck=left).to_dict())
        await self.kept.take(kept, OPEN, CLOSED, CheckWrite(sheets=[sheet], notes=[note] if note else [],
                                                             payload=turned.to_dict()))
        return self.kept.here(req, kept, [public(text)])


__all__ = ["LUCK", "LuckSpending", "SETTING"]
