"""``/check`` of a 7th-edition investigator outside battle (issue 20): bonus/penalty dice,
a stated difficulty, the success level as BCDice prints it, Luck spent to turn a failure
(when the KP allows it: ``/kp setting 幸運消費 on``) and growth ticks. The 7th SAN roll is
the SAN flow's (bot.sheets.san_flow)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, public
from rules.sanity.loss import SanLoss
from rules.coc7.character import CHARACTERISTICS, Investigator
from rules.coc7.check import Difficulty, roll_skill
from rules.coc7.growth import ticks
from rules.coc7.luck import luck_needed, spend_luck
from rules.coc7.skills import CHARACTERISTIC_SKILLS, LUCK_NAMES, canonical
from rules.dice import Dice
from rules.errors import InvalidInput

DIFFICULTIES = {"r": Difficulty.REGULAR, "レギュラー": Difficulty.REGULAR, "通常": Difficulty.REGULAR,
                "h": Difficulty.HARD, "ハード": Difficulty.HARD, "e": Difficulty.EXTREME,
                "イクストリーム": Difficulty.EXTREME, "エクストリーム": Difficulty.EXTREME,
                "c": Difficulty.CRITICAL, "クリティカル": Difficulty.CRITICAL}
_NO_GROWTH = {"クトゥルフ神話", *CHARACTERISTIC_SKILLS}


def grows7(name: str) -> bool:
    """Whether a 7th skill ``name`` (canonical) can get a growth check: not Luck, SAN, a
    characteristic or the Cthulhu Mythos."""
    return name not in _NO_GROWTH and name.upper() not in CHARACTERISTICS \
        and name not in LUCK_NAMES and name.upper() not in LUCK_NAMES


class InvestigatorChecks:
    """Checks of 7th sheets; ``settings(channel)`` returns the channel's KP settings."""

    def __init__(self, store, dice: Dice, clock: Callable[[], datetime], settings) -> None:
        self.store, self.dice, self.clock, self.settings = store, dice, clock, settings

    async def check(self, req: Request, inv: Investigator, loss: SanLoss | None) -> list[Reply]:
        """``/check skill: [bonus:] [difficulty:] [luck:] [modifier:]`` (a SAN roll with its
        ``loss:`` is the SAN flow's, never here)."""
        skill = (opt.text(req.options, "skill") or "").strip()
        if loss is not None:
            raise InvalidInput("loss: は正気度ロール（skill:SAN）でだけ使えます。")
        if not inv.knows(skill):
            raise InvalidInput(f"「{skill}」は{inv.name}の技能にも7版の技能表にもありません"
                               "（例: 目星、聞き耳、図書館、アイデア、幸運、知識、STR）。")
        bonus = opt.integer(req.options, "bonus", "bonus") or 0
        raw = (opt.text(req.options, "difficulty") or "").strip().lower()
        difficulty = DIFFICULTIES.get(raw) if raw else None
        if raw and difficulty is None:
            raise InvalidInput("difficulty: はレギュラー、ハード、イクストリーム（r / h / e）です。")
        modifier = opt.integer(req.options, "modifier", "modifier") or 0
        value = max(0, inv.skill(skill) + modifier)
        check = roll_skill(value, self.dice, bonus, difficulty)
        name = canonical(skill)
        label = f"{value}%" + (f"・{difficulty.label}" if difficulty else "")
        lines = [f"🎲 {inv.name} {name}（{label}）：{check.text()}"]
        lucky = False
        if opt.boolean(req.options, "luck"):
            rolled = check
            check, inv, note = await self._luck(req, inv, check, name)
            lucky = check is not rolled
            lines.append(note + ("（幸運で通した判定には成長チェックは付きません）" if lucky else ""))
        if ticks(name, check.succeeded and not lucky, bonus, grows7(name)) and name not in inv.growth:
            inv = dataclasses.replace(inv, growth=(*inv.growth, name))
            lines.append(f"（〈{name}〉に成長チェック ✔）")
        await self.store.put_character(req.scope, req.user, inv.name, inv.to_dict())
        return [public("\n".join(lines))]

    async def _luck(self, req: Request, inv: Investigator, check, name: str):
        if not (await self.settings(req.channel)).get("luck_spend", False):
            return check, inv, "幸運の消費はKPが /kp setting key:幸運消費 value:on で許可したときに使えます。"
        if name in LUCK_NAMES or name.upper() in LUCK_NAMES:
            return check, inv, "幸運ロールに幸運は使えません。"
        needed = luck_needed(check)
        if needed is None:
            why = "成功しているので" if check.succeeded else "ファンブルは幸運で覆せないので"
            return check, inv, f"{why}幸運は使いませんでした。"
        spent = spend_luck(check, inv.luck)
        if spent is None:
            return check, inv, f"幸運が足りません（必要 {needed}、幸運 {inv.luck}）。幸運は使いませんでした。"
        turned, left = spent
        note = f"幸運を{needed}消費して{turned.level.value}にしました（幸運 {inv.luck} → {left}）。"
        return turned, dataclasses.replace(inv, luck=left), note
