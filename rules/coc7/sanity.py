"""The 7th-edition SAN roll 「正気度ロール」 (新クトゥルフ神話TRPG p.154–160; docs/sanity.md SAN-*),
following the branches of FoundryVTT CoC7's SAN check card:

- roll 1D100 against the current SAN, with its bonus or penalty dice (SAN-BONUS-01): a roll at
  or under it is a success and loses the amount before the ``/``, a failure the amount after
  it (``1/1D6``); a fumble loses the most the failure amount can be (SAN-FUMBLE-01);
- a named source costs at most the most its failure amount can roll (SAN-CAP-01), and no SAN
  is lost during a bout of madness (SAN-BOUT-01);
- SAN 0: 永久的狂気, and nothing else is rolled;
- 不定の狂気: a fifth (rounded down) of the SAN held at the start of the day lost within that
  day; it starts a bout of madness, and no INT roll is made;
- otherwise 5 or more SAN lost in one roll calls for an INT roll: a success (or an
  investigator already indefinitely insane) means temporary insanity, which starts a bout;
- an investigator already indefinitely insane who loses any SAN suffers a bout.

Pure: the caller passes the dice and what the sheet holds.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc7.check import Check7, Level7, roll_skill
from rules.dice import Dice
from rules.sanity.loss import (Amount, Loss, LossRules, SanLoss, Standing, announced, rolled_amount,
                               source_cap, take)

SEVENTH = LossRules(fumble_max=True, bout_no_loss=True)
"""The 7th rules: a fumble loses the most, and no loss during a bout."""


@dataclass(frozen=True)
class SanResult7:
    """One 7th SAN roll: the roll (``check``; None for a loss with no roll), the ``loss`` taken, the INT roll
    (``intelligence``) or None, ``temporary`` (temporary insanity) and ``bout`` (a bout of
    madness starts: temporary or indefinite insanity, or a loss while indefinitely insane)."""

    check: Check7 | None
    loss: Loss
    intelligence: Check7 | None
    temporary: bool
    bout: bool


def after_roll7(check: Check7 | None, amount: Amount, standing: Standing, intelligence: int, dice: Dice,
                rules: LossRules = SEVENTH, cap: int | None = None) -> SanResult7:
    """The rest of a SAN roll whose 1D100 (``check``) and loss ``amount`` are known: take
    the loss, then the INT roll (``intelligence`` %) as the module docstring says."""
    loss = take(amount, standing, rules, cap)
    roll = None
    if loss.prompts and not loss.indefinite:
        roll = roll_skill(intelligence, dice)
    temporary = bool(roll and (roll.succeeded or standing.insane))
    bout = loss.after > 0 and (temporary or loss.indefinite or (standing.insane and loss.lost > 0))
    return SanResult7(check, loss, roll, temporary, bout)


def san_roll(standing: Standing, loss: SanLoss, intelligence: int, dice: Dice, bonus: int = 0,
             rules: LossRules = SEVENTH, named: bool = False) -> SanResult7:
    """Roll the SAN roll of an investigator who holds ``standing`` for ``loss`` with
    ``bonus`` bonus (> 0) or penalty (< 0) dice, then the loss and the INT roll. ``named``:
    the loss has a named source (SAN-CAP-01). Raises InvalidInput when a loss expression
    cannot be rolled."""
    check = roll_skill(standing.san, dice, bonus)
    amount = rolled_amount(loss.side(check.succeeded), check.level is Level7.FUMBLE, rules, dice)
    cap = source_cap(loss.failure, standing.source_lost) if named else None
    return after_roll7(check, amount, standing, intelligence, dice, rules, cap)


def san_lines7(name: str, loss: SanLoss | None, result: SanResult7, window: str = "day",
               source: str | None = None) -> list[str]:
    """The Japanese announcement of ``result`` for the investigator ``name`` (``loss``: as
    typed, None when it was given after the roll or without one)."""
    lines = announced(name, "正気度ロール", loss, source, result.check, result.loss, window, "狂気の発作")
    if result.intelligence is not None:
        verdict = ("成功：何が起きたのか理解してしまい、一時的狂気に陥る（狂気の発作）"
                   if result.temporary else "失敗：理解が及ばず、一時的狂気は免れる（記憶を抑圧する）")
        lines.insert(2, f"一度に{result.loss.lost}減ったので一時的狂気の判定（5以上）：INT {result.intelligence.text()} → {verdict}")
    elif result.bout and not result.loss.indefinite:
        lines.append("すでに不定の狂気にあるので、SANを失って狂気の発作が起きる")
    return lines


__all__ = ["SEVENTH", "SanResult7", "after_roll7", "san_lines7", "san_roll"]
