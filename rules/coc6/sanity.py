"""The SAN check 「正気度ロール」 of the CoC 6th edition rulebook (a published rule where the seeds
are silent, H-GEN-02; glossary ``san_check``):

- roll 1D100 against the current SAN; a success loses the amount before the ``/``, a failure
  the amount after it (``1/1D6``: 1 or 1D6);
- 一時的狂気 (temporary insanity): 5 or more SAN lost in one go calls for an アイデア roll
  (INT×5); on a success the investigator understands what it saw and goes temporarily insane;
- 不定の狂気 (indefinite insanity): losing 1/5 (rounded down) of the SAN held at the start of
  an hour within that hour;
- SAN 0: 永久的狂気 (permanent insanity).

Pure: the caller passes the dice and the SAN lost so far in the current hour.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.coc6.check import CCB, Bands, Check, roll_check
from rules.dice import Dice, DiceError, check_expression, roll_expression
from rules.errors import InvalidInput

TEMPORARY_LOSS = 5
"""SAN lost in one go that calls for the アイデア roll of 一時的狂気."""
INDEFINITE_SHARE = 5
"""不定の狂気: 1/5 of the hour's starting SAN (rounded down) lost within the hour."""
_TERM = r"[0-9DdＤｄ+\-*/()]+?"


@dataclass(frozen=True)
class SanLoss:
    """A loss written ``success/failure`` (``1/1D6``, ``0/1D3``, ``1D4/2D6``): dice expressions."""

    success: str
    failure: str

    @classmethod
    def parse(cls, text: str) -> "SanLoss":
        """``1/1D6`` → SanLoss("1", "1D6"). Raises InvalidInput for anything else, and when
        either half cannot be rolled (``1/1D0``): both are checked here, before the 1D100 is
        rolled, so that a refused loss can never follow a failed roll (a free retry)."""
        folded = unicodedata.normalize("NFKC", text or "").replace(" ", "").upper()
        match = re.fullmatch(r"([0-9D+\-*()]+)/([0-9D+\-*()]+)", folded)
        if not match:
            raise InvalidInput(f"SANの減少値「{text[:20]}」が読めません。成功時/失敗時で書きます（例: loss:1/1D6、loss:0/1D3）。")
        for half, expr in (("成功時", match.group(1)), ("失敗時", match.group(2))):
            try:
                check_expression(expr)
            except DiceError as err:
                raise InvalidInput(f"SANの減少値「{folded[:30]}」の{half}「{expr[:20]}」は振れません: {err}。"
                                   "何も振っていません。直して送り直してください（例: 1/1D6、0/1D3）。") from None
        return cls(match.group(1), match.group(2))

    def text(self) -> str:
        return f"{self.success}/{self.failure}"


@dataclass(frozen=True)
class SanResult:
    """One SAN check.

    Attributes:
        check: the 1D100 against the SAN before (``before``).
        loss: what was rolled for the loss (``"1D6 ＞ 4"`` or ``"1"``) and ``lost`` (SAN, ≥ 0).
        before / after: SAN before and after (after ≥ 0).
        idea: the アイデア roll made for 一時的狂気 (lost ≥ 5), or None.
        temporary: whether the character went temporarily insane (the アイデア roll succeeded).
        threshold: the SAN loss within the hour that makes 不定の狂気 (⌊hour's SAN / 5⌋).
        hour_lost: SAN lost within the hour, this loss included.
        indefinite: whether ``hour_lost`` reached ``threshold`` with this loss.
        permanent: SAN reached 0 (永久的狂気).
    """

    check: Check
    loss_text: str
    lost: int
    before: int
    after: int
    idea: Check | None
    temporary: bool
    threshold: int
    hour_lost: int
    indefinite: bool
    permanent: bool


def san_check(san: int, loss: SanLoss, idea_target: int, dice: Dice, bands: Bands = CCB,
              hour_start_san: int | None = None, hour_lost: int = 0) -> SanResult:
    """Roll the SAN check of a character at ``san`` for ``loss``, then the アイデア roll
    (``idea_target`` = INT×5, %) when 5 or more are lost.

    ``hour_start_san``/``hour_lost``: the SAN at the start of the current hour and what was
    lost since (None/0 when no hour is running: the hour starts now at ``san``).
    Raises InvalidInput when a loss expression cannot be rolled.
    """
    check = roll_check(san, dice, bands)
    expr = loss.success if check.succeeded else loss.failure
    try:
        rolled = roll_expression(expr, dice)
    except DiceError as err:
        raise InvalidInput(f"SANの減少値「{expr}」を振れません: {err}") from None
    lost = max(0, rolled.total or 0)
    loss_text = expr if expr.isdigit() else f"{expr} ＞ {lost}"
    after = max(0, san - lost)
    lost = san - after
    idea = roll_check(idea_target, dice, bands) if lost >= TEMPORARY_LOSS else None
    start = san if hour_start_san is None else hour_start_san
    threshold = start // INDEFINITE_SHARE
    total = hour_lost + lost
    return SanResult(check=check, loss_text=loss_text, lost=lost, before=san, after=after, idea=idea,
                     temporary=bool(idea and idea.succeeded), threshold=threshold, hour_lost=total,
                     indefinite=lost > 0 and hour_lost < threshold <= total, permanent=after <= 0 < san)


def san_lines(name: str, loss: SanLoss, result: SanResult) -> list[str]:
    """The Japanese announcement of ``result`` for the character ``name``."""
    word = "成功" if result.check.succeeded else "失敗"
    lines = [f"🎲 {name} SANチェック（{loss.text()}）：{result.check.text()}",
             f"{word}：{result.loss_text} の減少 → SAN {result.before} → {result.after}"]
    if result.idea is not None:
        verdict = ("成功：何を見たのか理解してしまい、一時的狂気に陥る" if result.temporary
                   else "失敗：理解が及ばず、一時的狂気は免れる")
        lines.append(f"一度に{result.lost}減ったので一時的狂気の判定（5以上）：アイデア {result.idea.text()} → {verdict}")
    if result.indefinite:
        lines.append(f"⚠ 1時間以内の減少が計{result.hour_lost}で、不定の狂気のしきい値{result.threshold}"
                     f"（この1時間の初めのSANの1/5）に達した：不定の狂気に陥る")
    else:
        lines.append(f"不定の狂気：この1時間の減少 計{result.hour_lost}／しきい値{result.threshold}"
                     f"（1時間の初めのSANの1/5。達すると不定の狂気）")
    if result.permanent:
        lines.append("SANが0になった：永久的狂気")
    return lines
