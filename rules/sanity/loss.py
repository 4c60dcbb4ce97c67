"""The SAN loss once the roll is known, for either edition (docs/sanity.md, SAN-*):

- SAN-CHECK-01: a success loses the amount before the ``/``, a failure the one after it;
- SAN-FUMBLE-01: a fumble loses the most the failure amount can roll, where the preset says
  so (the 7th rule; a house rule in 6th, off by default);
- SAN-CAP-01: a named source (「深きもの」) costs at most the most its failure amount can roll,
  over every loss to it (FoundryVTT CoC7's ``maxLossToSanReason``);
- SAN-BOUT-01: no further loss during a bout of madness, where the preset says so (the 7th
  rule, FoundryVTT CoC7's ``hasTempoInsane``);
- SAN-INDEF-01: a fifth (rounded down) of the SAN held when the window opened, lost within
  it, is indefinite insanity (the window: one game hour, a session, a real day; 7th: the day);
- SAN-ZERO-01: SAN never goes below 0, and 0 is permanent insanity;
- SAN-TEMP-01: 5 or more lost at once calls for the understanding roll (the caller's).

Pure: the amount is rolled with the dice passed in.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.dice import Dice, DiceError, check_expression, expression_max, roll_expression
from rules.errors import InvalidInput

PROMPT_LOSS = 5
"""SAN lost in one roll that calls for the アイデア (6th) or INT (7th) roll (SAN-TEMP-01)."""
INDEFINITE_SHARE = 5
"""不定の狂気: 1/5 of the window's starting SAN (rounded down) lost within it (SAN-INDEF-01)."""


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

    def side(self, succeeded: bool) -> str:
        """The amount a success (the left side) or a failure (the right side) loses."""
        return self.success if succeeded else self.failure


@dataclass(frozen=True)
class LossRules:
    """The preset's part that the loss itself follows: ``fumble_max`` (SAN-FUMBLE-01) and
    ``bout_no_loss`` (SAN-BOUT-01)."""

    fumble_max: bool
    bout_no_loss: bool


@dataclass(frozen=True)
class Standing:
    """What the sheet holds before the loss.

    Attributes:
        san: SAN now.
        window_san: SAN when the window of 不定の狂気 opened, or None (it opens with this loss).
        window_lost: SAN lost within that window so far.
        source_lost: SAN lost so far to the named source (SAN-CAP-01; 0 without one).
        in_bout: a bout of madness (or the preset's temporary insanity) is running.
        insane: already indefinitely insane (7th: any further loss starts a bout).
    """

    san: int
    window_san: int | None = None
    window_lost: int = 0
    source_lost: int = 0
    in_bout: bool = False
    insane: bool = False


@dataclass(frozen=True)
class Amount:
    """The loss before the cap: ``total`` (≥ 0) and ``text`` as shown (``1D6 ＞ 4``, ``1``,
    ``1D6（ファンブル：最大）``)."""

    total: int
    text: str


def rolled_amount(expr: str, fumble: bool, rules: LossRules, dice: Dice) -> Amount:
    """The amount ``expr`` loses: its maximum after a fumble under ``rules.fumble_max``
    (SAN-FUMBLE-01), else rolled with ``dice``. Raises InvalidInput when it cannot be rolled."""
    try:
        if fumble and rules.fumble_max:
            return Amount(max(0, expression_max(expr)), f"{expr}（ファンブル：最大）")
        total = max(0, roll_expression(expr, dice).total or 0)
    except DiceError as err:
        raise InvalidInput(f"SANの減少値「{expr}」を振れません: {err}") from None
    return Amount(total, expr if expr.isdigit() else f"{expr} ＞ {total}")


def typed_amount(expr: str, total: int, fumble: bool, rules: LossRules) -> Amount:
    """The amount of a loss the player rolled themselves (``1d3`` typed after a palette SAN
    roll): its ``total``, or its maximum after a fumble under ``rules.fumble_max``."""
    if fumble and rules.fumble_max:
        return Amount(max(0, expression_max(expr)), f"{expr}（ファンブル：最大）")
    return Amount(max(0, total), expr if expr.isdigit() else f"{expr} ＞ {total}")


@dataclass(frozen=True)
class Loss:
    """A loss taken.

    Attributes:
        amount: what was rolled (before the cap).
        lost: SAN lost (≥ 0); before / after: SAN before and after (after ≥ 0).
        kept_by: why less than the amount was lost: ``"bout"`` (SAN-BOUT-01), ``"source"``
            (SAN-CAP-01: ``cap`` is what the source could still take), ``"zero"`` (SAN
            reached 0), or None.
        cap: what the named source could still take before this loss, or None (no source).
        window_san / window_lost: the window's starting SAN and what it lost, this loss included.
        threshold: ⌊window_san / 5⌋; indefinite: this loss reached it (SAN-INDEF-01).
        permanent: SAN reached 0 with this loss (SAN-ZERO-01).
    """

    amount: Amount
    lost: int
    before: int
    after: int
    kept_by: str | None
    cap: int | None
    window_san: int
    window_lost: int
    threshold: int
    indefinite: bool
    permanent: bool

    @property
    def prompts(self) -> bool:
        """Whether the understanding roll follows (SAN-TEMP-01): 5 or more lost, SAN left."""
        return self.lost >= PROMPT_LOSS and self.after > 0


def source_cap(failure: str | None, source_lost: int) -> int | None:
    """What a named source can still take (SAN-CAP-01): the most its failure amount can
    roll, less what it took already (≥ 0); None without a failure amount to measure."""
    if not failure:
        return None
    return max(0, expression_max(failure) - source_lost)


def take(amount: Amount, standing: Standing, rules: LossRules, cap: int | None = None) -> Loss:
    """The loss ``amount`` takes from ``standing`` under ``rules`` (see the module docstring);
    ``cap``: what the named source can still take (:func:`source_cap`), or None."""
    lost, kept_by = amount.total, None
    if standing.in_bout and rules.bout_no_loss and lost > 0:
        lost, kept_by = 0, "bout"
    elif cap is not None and lost > cap:
        lost, kept_by = cap, "source"
    if lost > standing.san:
        lost, kept_by = standing.san, "zero"
    after = standing.san - lost
    start = standing.san if standing.window_san is None else standing.window_san
    before_window = standing.window_lost if standing.window_san is not None else 0
    threshold = start // INDEFINITE_SHARE
    total = before_window + lost
    return Loss(amount, lost, standing.san, after, kept_by, cap, start, total, threshold,
                lost > 0 and before_window < threshold <= total, after <= 0 < standing.san)


def announced(name: str, title: str, typed: SanLoss | None, source: str | None, check, loss: Loss, window: str,
              bout: str) -> list[str]:
    """The head line of a SAN check and its loss's lines: ``🎲 アリス SANチェック（1/1D6・深きもの）：
    (1D100<=55) ＞ 80 ＞ 失敗`` (``title``: the edition's word; ``typed``: the loss as typed,
    None when given after the roll), or ``🧠 アリス SANの減少`` for a loss with no roll
    (``check`` None), then :func:`loss_lines`."""
    said = "・".join(part for part in (typed.text() if typed is not None else "", source or "") if part)
    head = f"{title}（{said}）" if said else title
    return [f"🎲 {name} {head}：{check.text()}" if check else f"🧠 {name} SANの減少",
            *loss_lines(loss, check.succeeded if check else None, window, source, bout)]


WINDOW_WORDS = {"hour": "この1時間（ゲーム内）", "session": "このセッション", "day": "今日"}
"""How the window of 不定の狂気 is named in a message, by its kind."""


def loss_lines(loss: Loss, succeeded: bool | None, window: str, source: str | None = None,
               bout: str = "狂気の発作") -> list[str]:
    """The Japanese lines of ``loss`` after the roll's line (``succeeded``: the roll's
    reading, None for a loss with no roll: ``:SAN-3``): what was lost, why less (``bout``:
    the madness that keeps SAN, 6th's 一時的狂気), the window of 不定の狂気 (``window``: hour,
    session, day) and SAN 0."""
    word = "減少" if succeeded is None else "成功" if succeeded else "失敗"
    lines = [f"{word}：{loss.amount.text} の減少 → SAN {loss.before} → {loss.after}"]
    if loss.kept_by == "bout":
        lines.append(f"（{bout}の最中なので、これ以上SANは減りません）")
    elif loss.kept_by == "source":
        lines.append(f"（「{source}」から失うSANの上限に達するので{loss.lost}だけ減ります）" if loss.lost
                     else f"（「{source}」からはもうSANを失いません：上限に達しています）")
    label = WINDOW_WORDS.get(window, WINDOW_WORDS["hour"])
    if loss.indefinite:
        lines.append(f"⚠ {label}の減少が計{loss.window_lost}で、不定の狂気のしきい値{loss.threshold}"
                     f"（{label}の初めのSAN {loss.window_san} の1/5）に達した：不定の狂気に陥る")
    else:
        lines.append(f"不定の狂気：{label}の減少 計{loss.window_lost}／しきい値{loss.threshold}"
                     f"（初めのSAN {loss.window_san} の1/5。達すると不定の狂気）")
    if loss.permanent:
        lines.append("SANが0になった：永久的狂気")
    return lines


__all__ = ["Amount", "INDEFINITE_SHARE", "Loss", "LossRules", "PROMPT_LOSS", "SanLoss", "Standing",
           "announced", "loss_lines", "rolled_amount", "source_cap", "take", "typed_amount"]
