"""The SAN check 「正気度ロール」 of the CoC 6th edition rulebook (a published rule where the seeds
are silent, H-GEN-02; glossary ``san_check``; docs/sanity.md SAN-*):

- roll 1D100 against the current SAN; a success loses the amount before the ``/``, a failure
  the amount after it (``1/1D6``: 1 or 1D6); the loss itself follows rules.sanity.loss
  (a fumble rolls as any failure unless the table's preset says 「最大」; a named source's cap);
- 一時的狂気 (temporary insanity): 5 or more SAN lost in one go calls for an アイデア roll
  (INT×5); on a success the investigator understands what it saw and goes temporarily insane;
- 不定の狂気 (indefinite insanity): losing 1/5 (rounded down) of the SAN held when the window
  opened within it (one game hour by the rulebook; the table may choose a session or a day);
- SAN 0: 永久的狂気 (permanent insanity), and no アイデア roll.

Pure: the caller passes the dice and what the sheet holds (:class:`rules.sanity.loss.Standing`).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc6.check import CCB, Bands, Check, SuccessLevel, roll_check
from rules.dice import Dice
from rules.sanity.loss import (Amount, Loss, LossRules, SanLoss, Standing, announced, rolled_amount,
                               source_cap, take)

SIXTH = LossRules(fumble_max=False, bout_no_loss=False)
"""The rulebook's own: a fumble is any failure, and losses go on during temporary insanity."""

__all__ = ["SIXTH", "SanLoss", "SanResult", "after_check", "san_check", "san_lines"]


@dataclass(frozen=True)
class SanResult:
    """One SAN check: the roll (``check``, against SAN before; None for a loss with no roll,
    ``:SAN-3``), the ``loss`` taken and the アイデア roll (``idea``) made for 一時的狂気, or None."""

    check: Check | None
    loss: Loss
    idea: Check | None

    @property
    def temporary(self) -> bool:
        """The アイデア roll succeeded: 一時的狂気."""
        return bool(self.idea and self.idea.succeeded)


def after_check(check: Check | None, amount: Amount, standing: Standing, idea_target: int, dice: Dice,
                bands: Bands = CCB, rules: LossRules = SIXTH, cap: int | None = None) -> SanResult:
    """The rest of a SAN check whose 1D100 (``check``) and loss ``amount`` are known (a
    palette roll and the loss given after it): take the loss, then roll アイデア
    (``idea_target`` = INT×5, %) when 5 or more were lost and SAN is left."""
    loss = take(amount, standing, rules, cap)
    idea = roll_check(idea_target, dice, bands) if loss.prompts else None
    return SanResult(check, loss, idea)


def san_check(standing: Standing, loss: SanLoss, idea_target: int, dice: Dice, bands: Bands = CCB,
              rules: LossRules = SIXTH, named: bool = False) -> SanResult:
    """Roll the SAN check of a character who holds ``standing`` for ``loss``, then the loss,
    then the アイデア roll (``idea_target`` %) when 5 or more are lost. ``named``: the loss
    has a named source, capped at its failure amount (SAN-CAP-01). Raises InvalidInput when
    a loss expression cannot be rolled."""
    check = roll_check(standing.san, dice, bands)
    amount = rolled_amount(loss.side(check.succeeded), check.level is SuccessLevel.FUMBLE, rules, dice)
    cap = source_cap(loss.failure, standing.source_lost) if named else None
    return after_check(check, amount, standing, idea_target, dice, bands, rules, cap)


def san_lines(name: str, loss: SanLoss | None, result: SanResult, window: str = "hour",
              source: str | None = None) -> list[str]:
    """The Japanese announcement of ``result`` for the character ``name`` (``loss``: as
    typed, None when it was given after the roll or without one)."""
    lines = announced(name, "SANチェック", loss, source, result.check, result.loss, window, "一時的狂気")
    if result.idea is not None:
        verdict = ("成功：何を見たのか理解してしまい、一時的狂気に陥る" if result.temporary
                   else "失敗：理解が及ばず、一時的狂気は免れる")
        lines.insert(2, f"一度に{result.loss.lost}減ったので一時的狂気の判定（5以上）：アイデア {result.idea.text()} → {verdict}")
    return lines
