"""BCDice's common commands: sum rolls, barabara (nBm), D66, choice, C() and repetition.

Each command node is immutable and cached by command text; ``run(dice, command, comment)``
rolls it and returns a ``DiceResult``. ``dice_count`` is the number of dice one run rolls.
"""
from __future__ import annotations

from rules.dice.ast import Node, Roll, ZeroDivision
from rules.dice.core import Dice, DiceError
from rules.dice.format import ELLIPSIS, SEP, ensure_fits, fit_sum, join_parts
from rules.dice.limits import MAX_OUTPUT
from rules.dice.result import DiceResult

ZERO_DIVISION = "0で割るダイス式は振れません（ゼロ除算）"
"""The refusal of a roll that divides by 0 (``1D6/0``; BCDice would print 1)."""

_OK = SEP + "成功"
_NG = SEP + "失敗"


def compare(value: int, op: str, target: int) -> bool:
    """``value op target`` for ``op`` in ``<= >= < > = <>``."""
    if op == "<=":
        return value <= target
    if op == ">=":
        return value >= target
    if op == "<":
        return value < target
    if op == ">":
        return value > target
    if op == "=":
        return value == target
    return value != target


class SumRoll:
    """A sum roll ``2D6+1D4`` with an optional comparison (``>=7``) or ``?`` target.

    Text: ``(2D6+1D4) ＞ 8[5,3]+4[4] ＞ 12``; a lone ``1D6`` omits the interim step;
    a comparison adds ``＞ 成功``/``＞ 失敗`` (``?`` adds nothing).
    """

    __slots__ = ("secret", "expr", "op", "target", "prefix", "plain", "dice_count")

    def __init__(self, secret: bool, expr: Node, op: str | None = None,
                 target: int | str | None = None) -> None:
        self.secret, self.expr, self.op, self.target = secret, expr, op, target
        self.prefix = "(" + expr.to_s() + (f"{op}{target}" if op else "") + ")" + SEP
        self.plain = isinstance(expr, Roll) and expr.keep is None and expr.count <= 1
        self.dice_count = expr.dice_count

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll the expression and judge the target."""
        rolls: list = []
        out: list = []
        try:
            total = self.expr.roll(dice, rolls, out)
        except ZeroDivision:
            raise DiceError(ZERO_DIVISION) from None
        success = failure = False
        tail = ""
        if self.op is not None and self.target != "?":
            if compare(total, self.op, self.target):
                success, tail = True, _OK
            else:
                failure, tail = True, _NG
        if self.plain:
            text = self.prefix + str(total) + tail
        else:
            text = fit_sum(self.prefix, "".join(out), str(total), tail)
        return DiceResult(text, self.secret, total, success, failure, False, False,
                          tuple(rolls), comment, command)


class Barabara:
    """``nBm`` barabara dice, one or more terms joined by ``+`` (``2B6+1B10``): each face
    listed in roll order; with a target, the number of faces that meet it.

    Text: ``(3B6>=4) ＞ 5,2,4 ＞ 成功数2``, ``(2B6+1B10) ＞ 1,6,10``. No success/failure flags
    (as BCDice).
    """

    __slots__ = ("secret", "terms", "op", "target", "prefix", "dice_count")

    def __init__(self, secret: bool, terms: tuple[tuple[int, int], ...], op: str | None,
                 target: int | None):
        self.secret, self.terms, self.op, self.target = secret, terms, op, target
        shown = "+".join(f"{count}B{sides}" for count, sides in terms)
        self.prefix = f"({shown}" + (f"{op}{target}" if op else "") + ")" + SEP
        self.dice_count = sum(count for count, _ in terms)

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll the dice term by term and count the successes."""
        rolls = [(sides, dice.roll(sides)) for count, sides in self.terms for _ in range(count)]
        faces = [face for _, face in rolls]
        listed = ",".join(map(str, faces))
        if self.op is None:
            total, tail = sum(faces), ""
        else:
            total = sum(1 for f in faces if compare(f, self.op, self.target))
            tail = f"{SEP}成功数{total}"
        text = self.prefix + listed + tail
        if len(text) > MAX_OUTPUT:
            text = ensure_fits(self.prefix + ELLIPSIS + tail)
        return DiceResult(text, self.secret, total, rolls=tuple(rolls), comment=comment,
                          command=command)


class D66:
    """``D66`` (no swap, as BCDice's Cthulhu), ``D66N`` (no swap), ``D66A``/``D66S``
    (smaller die first), ``D66D`` (larger die first). Text: ``(D66) ＞ 16``."""

    __slots__ = ("secret", "suffix", "dice_count")

    def __init__(self, secret: bool, suffix: str) -> None:
        self.secret, self.suffix = secret, suffix
        self.dice_count = 2

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll two D6 and read them as tens and units."""
        first = dice.roll(6)
        second = dice.roll(6)
        a, b = first, second
        if self.suffix in ("A", "S") and a > b or self.suffix == "D" and a < b:
            a, b = b, a
        value = a * 10 + b
        return DiceResult(f"(D66{self.suffix}){SEP}{value}", self.secret, value,
                          rolls=((6, first), (6, second)), comment=comment, command=command)


class Choice:
    """``choice[A,B,C]``, ``choice(A,B)``, ``choice A B``; ``choiceN[...]`` picks N
    different items. Text: ``(choice[abc,def]) ＞ abc`` (N items joined by ``, ``)."""

    __slots__ = ("secret", "items", "n", "expr", "dice_count")

    def __init__(self, secret: bool, items: tuple[str, ...], n: int, expr: str) -> None:
        self.secret, self.items, self.n, self.expr = secret, items, n, expr
        self.dice_count = n

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Pick the items, each with a die of the remaining count."""
        left = list(self.items)
        chosen = []
        rolls = []
        for _ in range(self.n):
            face = dice.roll(len(left))
            rolls.append((len(left), face))
            chosen.append(left.pop(face - 1))
        text = ensure_fits(f"({self.expr}){SEP}{', '.join(chosen)}")
        return DiceResult(text, self.secret, rolls=tuple(rolls), comment=comment, command=command)


class Calc:
    """``C(1+2)`` / ``C1+2``: arithmetic without dice. Text ``c(1+2) ＞ 3``; a division by
    zero gives ``c(1/0) ＞ ゼロ除算が発生したため計算できませんでした`` (total None)."""

    __slots__ = ("secret", "expr", "prefix", "dice_count")

    def __init__(self, secret: bool, expr: Node, shown: str) -> None:
        self.secret, self.expr = secret, expr
        self.prefix = f"c({shown}){SEP}"
        self.dice_count = 0

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Compute the value."""
        try:
            value = self.expr.const(True)
        except ZeroDivision:
            return DiceResult(self.prefix + "ゼロ除算が発生したため計算できませんでした",
                              self.secret, comment=comment, command=command)
        return DiceResult(ensure_fits(self.prefix + str(value)), self.secret, value,
                          comment=comment, command=command)


class Message:
    """A part of a repetition that BCDice answers with a message (``x2 CC(101)<=50``): its
    text is the message, no die is rolled."""

    __slots__ = ("text", "dice_count")

    def __init__(self, text: str) -> None:
        self.text, self.dice_count = text, 0

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """The message as a result (no flags)."""
        return DiceResult(self.text, comment=comment, command=command)


class Repeat:
    """``x3 CMD``/``rep3 CMD``/``repeat3 CMD``: run CMD 3 times (1..100), each part with
    its own dice and flags. Text ``#1\\n…\\n\\n#2\\n…``; the whole has no flags."""

    __slots__ = ("secret", "times", "inner", "inner_command", "dice_count")

    def __init__(self, secret: bool, times: int, inner, inner_command: str) -> None:
        self.secret, self.times, self.inner, self.inner_command = secret, times, inner, inner_command
        self.dice_count = times * inner.dice_count

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Run the inner command ``times`` times."""
        parts = tuple(self.inner.run(dice, self.inner_command, comment) for _ in range(self.times))
        rolls = tuple(r for p in parts for r in p.rolls)
        text = join_parts([p.text for p in parts])
        secret = self.secret or any(p.secret for p in parts)
        return DiceResult(text, secret, rolls=rolls, comment=comment, command=command, parts=parts)


__all__ = ["Barabara", "Calc", "Choice", "D66", "Message", "Repeat", "SumRoll", "compare"]
