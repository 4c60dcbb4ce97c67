"""The arithmetic/dice expression tree of sum rolls (加算ロール), targets and ``C()``.

Every node offers:
    ``roll(dice, rolls, out) -> int``: evaluate, rolling through ``dice``, appending each
        ``(sides, face)`` to ``rolls`` and the BCDice interim text pieces to ``out``.
    ``const(strict) -> int``: evaluate a node without dice (targets, ``C()``); division by
        zero gives 1, or raises ``ZeroDivision`` when ``strict``.
    ``to_s() -> str``: the normalised expression as BCDice echoes it (``2D6+1D4``).
    ``has_dice``, ``dice_count`` and ``bounds() -> (lo, hi)`` (the possible totals).
Nodes are immutable after parsing and shared between evaluations (parse results are cached).
"""
from __future__ import annotations

from rules.dice.core import Dice


class ZeroDivision(Exception):
    """A strict division by zero (``C(1/0)``, a target ``CC<=1/0``)."""


def divide(lhs: int, rhs: int, rounding: str) -> int:
    """Divide as BCDice does: ``''``/``F`` floor, ``U`` ceiling, ``R`` half away from zero.

    Exact integer arithmetic (BCDice converts to float; the results agree for every
    value a chat command can produce). ``rhs`` must not be 0.
    """
    if rounding == "U":
        return -((-lhs) // rhs)
    if rounding == "R":
        n, d = abs(lhs), abs(rhs)
        q = (2 * n + d) // (2 * d)
        return q if (lhs >= 0) == (rhs > 0) else -q
    return lhs // rhs


class Node:
    """Base of the expression nodes; subclasses implement ``roll``, ``const``, ``to_s``
    and ``bounds`` as described in the module docstring."""

    __slots__ = ()
    has_dice = False
    dice_count = 0


class Num(Node):
    """An integer literal (non-negative; negation is ``Neg``)."""

    __slots__ = ("value", "text")

    def __init__(self, value: int) -> None:
        self.value = value
        self.text = str(value)

    def roll(self, dice: Dice, rolls: list, out: list) -> int:
        out.append(self.text)
        return self.value

    def const(self, strict: bool) -> int:
        return self.value

    def to_s(self) -> str:
        return self.text

    def bounds(self) -> tuple[int, int]:
        return self.value, self.value


class Neg(Node):
    """Unary minus: ``-body``."""

    __slots__ = ("body", "has_dice", "dice_count")

    def __init__(self, body: Node) -> None:
        self.body = body
        self.has_dice = body.has_dice
        self.dice_count = body.dice_count

    def roll(self, dice: Dice, rolls: list, out: list) -> int:
        out.append("-")
        return -self.body.roll(dice, rolls, out)

    def const(self, strict: bool) -> int:
        return -self.body.const(strict)

    def to_s(self) -> str:
        return "-" + self.body.to_s()

    def bounds(self) -> tuple[int, int]:
        lo, hi = self.body.bounds()
        return -hi, -lo


class Paren(Node):
    """A parenthesised expression, echoed with its parentheses."""

    __slots__ = ("body", "has_dice", "dice_count")

    def __init__(self, body: Node) -> None:
        self.body = body
        self.has_dice = body.has_dice
        self.dice_count = body.dice_count

    def roll(self, dice: Dice, rolls: list, out: list) -> int:
        out.append("(")
        value = self.body.roll(dice, rolls, out)
        out.append(")")
        return value

    def const(self, strict: bool) -> int:
        return self.body.const(strict)

    def to_s(self) -> str:
        return "(" + self.body.to_s() + ")"

    def bounds(self) -> tuple[int, int]:
        return self.body.bounds()


class BinOp(Node):
    """``lhs op rhs`` for ``op`` in ``+ - *``."""

    __slots__ = ("lhs", "op", "rhs", "has_dice", "dice_count")

    def __init__(self, lhs: Node, op: str, rhs: Node) -> None:
        self.lhs, self.op, self.rhs = lhs, op, rhs
        self.has_dice = lhs.has_dice or rhs.has_dice
        self.dice_count = lhs.dice_count + rhs.dice_count

    def roll(self, dice: Dice, rolls: list, out: list) -> int:
        a = self.lhs.roll(dice, rolls, out)
        out.append(self.op)
        b = self.rhs.roll(dice, rolls, out)
        op = self.op
        return a + b if op == "+" else a - b if op == "-" else a * b

    def const(self, strict: bool) -> int:
        a, b, op = self.lhs.const(strict), self.rhs.const(strict), self.op
        return a + b if op == "+" else a - b if op == "-" else a * b

    def to_s(self) -> str:
        return self.lhs.to_s() + self.op + self.rhs.to_s()

    def bounds(self) -> tuple[int, int]:
        (a, b), (c, d) = self.lhs.bounds(), self.rhs.bounds()
        if self.op == "+":
            return a + c, b + d
        if self.op == "-":
            return a - d, b - c
        products = (a * c, a * d, b * c, b * d)
        return min(products), max(products)


class Div(Node):
    """``lhs / rhs`` with a rounding suffix: ``''`` (floor), ``F``, ``U`` (C is U), ``R``.

    A zero divisor raises ``ZeroDivision`` in a roll (BCDice would print 1: a deliberate
    deviation, the command is refused) and in a strict constant; a lenient constant gives 1.
    """

    __slots__ = ("lhs", "rhs", "rounding", "has_dice", "dice_count")

    def __init__(self, lhs: Node, rhs: Node, rounding: str) -> None:
        self.lhs, self.rhs, self.rounding = lhs, rhs, rounding
        self.has_dice = lhs.has_dice or rhs.has_dice
        self.dice_count = lhs.dice_count + rhs.dice_count

    def roll(self, dice: Dice, rolls: list, out: list) -> int:
        a = self.lhs.roll(dice, rolls, out)
        out.append("/")
        b = self.rhs.roll(dice, rolls, out)
        if self.rounding:
            out.append(self.rounding)
        if b == 0:  # BCDice prints 1; we refuse it (issue 10: a roll divided by 0 is an error)
            raise ZeroDivision
        return divide(a, b, self.rounding)

    def const(self, strict: bool) -> int:
        a, b = self.lhs.const(strict), self.rhs.const(strict)
        if b == 0:
            if strict:
                raise ZeroDivision
            return 1
        return divide(a, b, self.rounding)

    def to_s(self) -> str:
        return self.lhs.to_s() + "/" + self.rhs.to_s() + self.rounding

    def bounds(self) -> tuple[int, int]:
        a, b = self.lhs.bounds()
        c, d = self.rhs.bounds()
        values = []
        if c <= 0 <= d:
            values.append(1)
        for lo, hi in ((c, min(d, -1)), (max(c, 1), d)):
            if lo <= hi:
                values.extend(divide(x, y, self.rounding) for x in (a, b) for y in (lo, hi))
        return min(values), max(values)


class Roll(Node):
    """``nDs`` (``count`` dice of ``sides``), optionally keeping/dropping some.

    ``keep`` is None or ``(kind, n)`` with kind in ``KH KL DH DL``; the interim text then
    lists the faces sorted ascending, as BCDice does.
    """

    __slots__ = ("count", "sides", "keep", "text", "dice_count")
    has_dice = True

    def __init__(self, count: int, sides: int, keep: tuple[str, int] | None = None) -> None:
        self.count, self.sides, self.keep = count, sides, keep
        self.dice_count = count
        self.text = f"{count}D{sides}" + (f"{keep[0]}{keep[1]}" if keep else "")

    def roll(self, dice: Dice, rolls: list, out: list) -> int:
        sides = self.sides
        if self.count == 1 and self.keep is None:
            face = dice.roll(sides)
            rolls.append((sides, face))
            out.append(f"{face}[{face}]")
            return face
        faces = [dice.roll(sides) for _ in range(self.count)]
        rolls.extend([(sides, f) for f in faces])
        if self.keep is None:
            total = sum(faces)
        else:
            faces.sort()
            kind, n = self.keep
            if kind == "KH":
                kept = faces[len(faces) - n:] if n else []
            elif kind == "KL":
                kept = faces[:n]
            elif kind == "DH":
                kept = faces[: max(len(faces) - n, 0)]
            else:
                kept = faces[n:]
            total = sum(kept)
        out.append(f"{total}[{','.join(map(str, faces))}]")
        return total

    def const(self, strict: bool) -> int:  # pragma: no cover - parser never asks
        raise TypeError("dice have no constant value")  # a parser bug, not user input

    def to_s(self) -> str:
        return self.text

    def bounds(self) -> tuple[int, int]:
        n = self.count
        if self.keep is not None:
            kind, k = self.keep
            n = min(k, n) if kind in ("KH", "KL") else max(n - k, 0)
        return n, n * self.sides


def zero_divisor(node: Node) -> bool:
    """Whether ``node`` divides by a constant 0 anywhere (``1D6/0``, ``1D6/(2-2)``)."""
    if isinstance(node, Div) and not node.rhs.has_dice and node.rhs.const(False) == 0:
        return True
    return any(zero_divisor(getattr(node, name)) for name in ("lhs", "rhs", "body")
               if isinstance(getattr(node, name, None), Node))
