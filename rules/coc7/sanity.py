"""The 7th-edition SAN roll 「正気度ロール」 (新クトゥルフ神話TRPG p.154–160):

- roll 1D100 against the current SAN: a roll at or under it is a success and loses the
  amount before the ``/``, a failure the amount after it (``1/1D6``); a fumble loses the
  most the failure amount can be;
- 一時的狂気 (temporary insanity): 5 or more SAN lost in one roll calls for an INT roll;
  a success means the investigator understands and goes temporarily insane;
- 不定の狂気 (indefinite insanity): a fifth (rounded down) of the SAN held at the start of
  the day lost within that day;
- SAN 0: 永久的狂気.

Pure: the caller passes the dice and the SAN lost so far today (the bot's days are the
table's calendar days).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc6.sanity import SanLoss
from rules.coc7.check import Check7, Level7, roll_skill
from rules.dice import Dice, DiceError, expression_max, roll_expression
from rules.errors import InvalidInput

TEMPORARY_LOSS = 5
"""SAN lost in one roll that calls for the INT roll of 一時的狂気."""
INDEFINITE_SHARE = 5
"""不定の狂気: a fifth of the day's starting SAN (rounded down) lost within the day."""


@dataclass(frozen=True)
class SanResult7:
    """One 7th SAN roll.

    Attributes:
        check: the roll against SAN (``before``); loss_text: what was rolled for the loss
        (``1D6 ＞ 4``, ``1``, ``1D6（ファンブル：最大）``); lost: SAN lost (≥ 0);
        before / after: SAN before and after; intelligence: the INT roll (lost ≥ 5) or None;
        temporary: the INT roll succeeded; threshold: ⌊day's starting SAN / 5⌋;
        day_lost: SAN lost today, this loss included; indefinite: day_lost reached the
        threshold with this loss; permanent: SAN reached 0.
    """

    check: Check7
    loss_text: str
    lost: int
    before: int
    after: int
    intelligence: Check7 | None
    temporary: bool
    threshold: int
    day_lost: int
    indefinite: bool
    permanent: bool


def san_roll(san: int, loss: SanLoss, intelligence: int, dice: Dice,
             day_start_san: int | None = None, day_lost: int = 0) -> SanResult7:
    """Roll the SAN roll of an investigator at ``san`` for ``loss``, then the INT roll
    (``intelligence`` %) when 5 or more are lost. ``day_start_san``/``day_lost``: SAN at
    the start of today and lost since (None/0: the day starts now). Raises InvalidInput
    when a loss expression cannot be rolled."""
    check = roll_skill(san, dice)
    expr = loss.success if check.succeeded else loss.failure
    try:
        if check.level is Level7.FUMBLE:
            lost, loss_text = max(0, expression_max(expr)), f"{expr}（ファンブル：最大）"
        else:
            rolled = roll_expression(expr, dice)
            lost = max(0, rolled.total or 0)
            loss_text = expr if expr.isdigit() else f"{expr} ＞ {lost}"
    except DiceError as err:
        raise InvalidInput(f"SANの減少値「{expr}」を振れません: {err}") from None
    after = max(0, san - lost)
    lost = san - after
    roll = roll_skill(intelligence, dice) if lost >= TEMPORARY_LOSS else None
    start = san if day_start_san is None else day_start_san
    threshold = start // INDEFINITE_SHARE
    total = day_lost + lost
    return SanResult7(check, loss_text, lost, san, after, roll, bool(roll and roll.succeeded),
                      threshold, total, lost > 0 and day_lost < threshold <= total,
                      after <= 0 < san)


def san_lines7(name: str, loss: SanLoss, result: SanResult7) -> list[str]:
    """The Japanese announcement of ``result`` for the investigator ``name``."""
    word = "成功" if result.check.succeeded else "失敗"
    lines = [f"🎲 {name} 正気度ロール（{loss.text()}）：{result.check.text()}",
             f"{word}：{result.loss_text} の減少 → SAN {result.before} → {result.after}"]
    if result.intelligence is not None:
        verdict = ("成功：何が起きたのか理解してしまい、一時的狂気に陥る（狂気の発作: BMR / BMS）"
                   if result.temporary else "失敗：理解が及ばず、一時的狂気は免れる")
        lines.append(f"一度に{result.lost}減ったので一時的狂気の判定（5以上）：INT {result.intelligence.text()} → {verdict}")
    if result.indefinite:
        lines.append(f"⚠ 今日の減少が計{result.day_lost}で、不定の狂気のしきい値{result.threshold}"
                     "（今日の初めのSANの1/5）に達した：不定の狂気に陥る")
    else:
        lines.append(f"不定の狂気：今日の減少 計{result.day_lost}／しきい値{result.threshold}"
                     "（今日の初めのSANの1/5。達すると不定の狂気）")
    if result.permanent:
        lines.append("SANが0になった：永久的狂気")
    return lines
