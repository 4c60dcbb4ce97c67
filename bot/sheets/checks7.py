"""``/check`` of a 7th-edition investigator outside battle (issue 20, 30): bonus/penalty dice,
a stated difficulty, the success level as BCDice prints it, Luck spent to turn a failure
(when the KP allows it: ``/kp setting 幸運消費 on``) and growth ticks; the roll is kept for a
push or Luck after it (bot.sheets.after_roll7), ``push:true`` pushes the latest one and
``opposed:`` makes an opposed roll (bot.sheets.opposed7). The 7th SAN roll is the SAN flow's
(bot.sheets.san_flow)."""
from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, clip
from bot.render.investigator import check_line
from bot.sheets.after_roll7 import AfterRoll7
from bot.sheets.kept_rolls7 import session_payload
from bot.sheets.opposed7 import OpposedRolls
from rules.sanity.loss import SanLoss
from rules.coc7.character import Investigator
from rules.coc7.check import Difficulty, roll_skill
from rules.coc7.growth import ticked
from rules.coc7.luck import luck_needed, spend_luck
from rules.coc7.rolled import CHECK, Rolled7, is_luck
from rules.coc7.skills import canonical
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation

DIFFICULTIES = {"r": Difficulty.REGULAR, "レギュラー": Difficulty.REGULAR, "通常": Difficulty.REGULAR,
                "h": Difficulty.HARD, "ハード": Difficulty.HARD, "e": Difficulty.EXTREME,
                "イクストリーム": Difficulty.EXTREME, "エクストリーム": Difficulty.EXTREME,
                "c": Difficulty.CRITICAL, "クリティカル": Difficulty.CRITICAL}

Note = Callable[[str, dict], Awaitable[dict | None]]
"""``await note(text, payload)``: the session ``check`` record of a check shown (None: none open)."""

__all__ = ["DIFFICULTIES", "InvestigatorChecks"]


class InvestigatorChecks:
    """Checks of 7th sheets over ``store`` with ``dice``; ``settings(channel)`` returns the
    channel's KP settings; ``after`` keeps a roll for what may follow it."""

    def __init__(self, store, dice: Dice, settings, after: AfterRoll7) -> None:
        self.store, self.dice, self.settings, self.after = store, dice, settings, after
        self.opposed = OpposedRolls(store, dice, after.kept)

    async def check(self, req: Request, inv: Investigator, loss: SanLoss | None, note: Note) -> list[Reply]:
        """``/check skill: [bonus:] [difficulty:] [luck:] [modifier:]``, ``push:true`` or
        ``opposed:`` (a SAN roll with its ``loss:`` is the SAN flow's, never here)."""
        skill = (opt.text(req.options, "skill") or "").strip()
        if loss is not None:
            raise InvalidInput("loss: は正気度ロール（skill:SAN）でだけ使えます。")
        if opt.boolean(req.options, "push"):
            if opt.text(req.options, "opposed"):
                raise InvalidInput("push:true（プッシュ）と opposed:（対抗ロール）は一緒に使えません。")
            return await self.after.pushes.push(req, inv.name, skill or None, (opt.text(req.options, "reason") or "").strip())
        if not inv.knows(skill):
            raise InvalidInput(f"「{skill}」は{inv.name}の技能にも7版の技能表にもありません"
                               "（例: 目星、聞き耳、図書館、アイデア、幸運、知識、STR）。")
        bonus = opt.integer(req.options, "bonus", "bonus") or 0
        raw = (opt.text(req.options, "difficulty") or "").strip().lower()
        difficulty = DIFFICULTIES.get(raw) if raw else None
        if raw and difficulty is None:
            raise InvalidInput("difficulty: はレギュラー、ハード、イクストリーム（r / h / e）です。")
        opponent = opt.text(req.options, "opposed")
        if opponent is not None:
            if difficulty is not None:
                raise RuleViolation("7-OPP-04", "対抗ロールに難易度は付けません（成功度を比べます。"
                                                "有利・不利は bonus: のボーナス・ペナルティダイスで）。", allowable=False)
            if opt.boolean(req.options, "luck"):
                raise RuleViolation("7-LUCK-08", "対抗ロールには幸運を使えません（勝ち負けは振ったときに決まります）。",
                                    allowable=False)
            return await self.opposed.roll(req, inv, skill, opponent, opt.text(req.options, "against"), bonus)
        modifier = opt.integer(req.options, "modifier", "modifier") or 0
        value = max(0, inv.skill(skill) + modifier)
        rolled = Rolled7(canonical(skill), roll_skill(value, self.dice, bonus, difficulty), CHECK)
        lines = [check_line(inv.name, rolled)]
        if opt.boolean(req.options, "luck"):
            rolled, inv, said = await self._luck(req, inv, rolled)
            lines.append(said + ("（幸運で通した判定には成長チェックは付きません）" if rolled.luck else ""))
        inv, growth = ticked(inv, rolled)
        lines += [growth] if growth else []
        text = "\n".join(lines)
        kept = await note(text, session_payload(rolled))
        check_id = await self.after.keep(req, req.user, inv.name, rolled, [kept] if kept else [], sheet=inv)
        hint, offered = await self.after.offer(req, check_id, inv, rolled)
        return [Reply(text=clip(text + (f"\n{hint}" if hint else "")), buttons=offered)]

    async def _luck(self, req: Request, inv: Investigator, rolled: Rolled7):
        """``luck:true``: Luck spent as soon as the roll failed (7-LUCK-01..07), said in a line."""
        check, name = rolled.check, rolled.skill
        if not (await self.settings(req.channel)).get("luck_spend", False):
            return rolled, inv, "幸運の消費はKPが /kp setting key:幸運消費 value:on で許可したときに使えます。"
        if is_luck(name):
            return rolled, inv, "幸運ロールに幸運は使えません。"
        needed = luck_needed(check)
        if needed is None:
            why = "成功しているので" if check.succeeded else "ファンブルは幸運で覆せないので"
            return rolled, inv, f"{why}幸運は使いませんでした。"
        spent = spend_luck(check, inv.luck)
        if spent is None:
            return rolled, inv, f"幸運が足りません（必要 {needed}、幸運 {inv.luck}）。幸運は使いませんでした。"
        turned, left = spent
        said = f"幸運を{needed}消費して{turned.level.value}にしました（幸運 {inv.luck} → {left}）。"
        return dataclasses.replace(rolled, check=turned, luck=needed), dataclasses.replace(inv, luck=left), said
