"""Parsing a normalised command into a command node (cached by command text).

``parse_command(text)`` returns a command node (``SumRoll``, ``Check`` …) or None when
the text is not a command; it raises ``DiceError`` for a command over a limit, before
any die is rolled. A command is matched completely or not at all.
"""
from __future__ import annotations

import re
from functools import lru_cache

from rules.dice.ast import BinOp, Div, Neg, Node, Num, Paren, Roll, ZeroDivision, zero_divisor
from rules.dice.common import ZERO_DIVISION, Barabara, Calc, Choice, D66, Message, Repeat, SumRoll
from rules.dice.core import DiceError, DiceMessage
from rules.dice.cthulhu import Check, Combination, Resist
from rules.dice.limits import (MAX_COMMAND_CHARS, MAX_DEPTH, MAX_REPEAT, check_dice,
                               check_total, looks_like_dice)

CMP_OPS = {"<=": "<=", "=<": "<=", ">=": ">=", "=>": ">=", "<>": "<>", "><": "<>",
           "!=": "<>", "=": "=", "==": "=", "<": "<", ">": ">"}
_ZERO_DIV = "ゼロ除算が発生したため計算できませんでした"

_SUM_ALPHABET = re.compile(r"[0-9+\-*/()<>=!?DKHLMAXINUCRF]+")
_REPEAT = re.compile(r"(S?)(?:REPEAT|REP|X)(\d+)", re.IGNORECASE)
_CHOICE = re.compile(r"(S?)choice(\d*)(.*)", re.IGNORECASE | re.DOTALL)
_CC = re.compile(r"CC(B)?(?:\(([^()]*)\)|(\d+))?(?:(?:<=|=<)(.+))?")
_RES = re.compile(r"RES(B)?(?:\((.+)\)|(-?\d+))")
_CBR = re.compile(r"CBR(B)?\((.+),(.+)\)")
_D66 = re.compile(r"D66([ANSD]?)")
_BARABARA = re.compile(r"([0-9()+\-*/UCRF]*B[0-9()+\-*/UCRFB]*?)(?:([<>=!]+)(.+))?")
_CALC = re.compile(r"C(.+)")
_SPACE = re.compile(r"\s")


class _NoParse(Exception):
    """The text is not (completely) a command."""


class _TooDeep(Exception):
    """Parentheses nested deeper than ``MAX_DEPTH``."""


class ExprParser:
    """Recursive-descent parser of BCDice's sum-roll grammar over upper-case text.

    Limit violations (dice count, sides) are collected and raised only once the whole
    text has parsed, so that chat that merely starts like dice stays silent.
    """

    __slots__ = ("s", "i", "n", "depth", "error")

    def __init__(self, text: str) -> None:
        self.s, self.i, self.n, self.depth = text, 0, len(text), 0
        self.error: DiceError | None = None

    def peek(self) -> str:
        """The next character, or '' at the end."""
        return self.s[self.i] if self.i < self.n else ""

    def add(self) -> Node:
        """``add := mul (('+'|'-') mul)*`` (a negated right operand flips the sign)."""
        node = self.mul()
        while True:
            c = self.peek()
            if c != "+" and c != "-":
                return node
            self.i += 1
            rhs = self.mul()
            if isinstance(rhs, Neg):  # 1D3+-1D4 -> 1D3-1D4, 2D10--3 -> 2D10+3
                c, rhs = ("-" if c == "+" else "+"), rhs.body
            node = BinOp(node, c, rhs)

    def mul(self) -> Node:
        """``mul := unary (('*' unary) | ('/' unary [F|U|C|R]))*``."""
        node = self.unary()
        while True:
            c = self.peek()
            if c == "*":
                self.i += 1
                node = BinOp(node, "*", self.unary())
            elif c == "/":
                self.i += 1
                rhs = self.unary()
                rounding = self.peek()
                if rounding in ("F", "U", "C", "R") and rounding:
                    self.i += 1
                    rounding = "U" if rounding == "C" else rounding
                else:
                    rounding = ""
                node = Div(node, rhs, rounding)
            else:
                return node

    def unary(self) -> Node:
        """``unary := ('+'|'-')* dice`` (an even number of minus signs cancels)."""
        negative = False
        while True:
            c = self.peek()
            if c == "-":
                negative = not negative
            elif c != "+":
                break
            self.i += 1
        node = self.dice()
        return Neg(node) if negative else node

    def dice(self) -> Node:
        """``dice := term 'D' [term] [filter] | 'D' term [filter] | term``."""
        if self.peek() == "D":
            self.i += 1
            sides = self.term_opt()
            if sides is None or sides.has_dice or (isinstance(sides, Num) and sides.value == 66):
                raise _NoParse
            return self.roll(1, sides.const(False), self.filter_opt())
        times = self.term_opt()
        if times is None:
            raise _NoParse
        if self.peek() != "D":
            return times
        if times.has_dice:
            raise _NoParse
        self.i += 1
        sides = self.term_opt()
        if sides is not None and sides.has_dice:
            raise _NoParse
        side_count = 6 if sides is None else sides.const(False)
        return self.roll(times.const(False), side_count, self.filter_opt())

    def roll(self, count: int, sides: int, keep: tuple[str, int] | None) -> Roll:
        """A ``Roll`` node, recording (not raising) a limit violation."""
        if self.error is None:
            try:
                check_dice(count, sides)
                if keep is not None and keep[1] < 0:
                    raise DiceError("残す・除くダイスの個数は0以上にしてください")
            except DiceError as exc:
                self.error = exc
        return Roll(max(count, 0), max(sides, 1), keep)

    def filter_opt(self) -> tuple[str, int] | None:
        """``KH``/``KL``/``DH``/``DL`` [n] or ``MAX``/``MIN``; None if absent."""
        s, i = self.s, self.i
        kind = s[i:i + 2]
        if kind in ("KH", "KL", "DH", "DL"):
            self.i += 2
            n = self.term_opt()
            if n is not None and n.has_dice:
                raise _NoParse
            return kind, 1 if n is None else n.const(False)
        three = s[i:i + 3]
        if three == "MAX" or three == "MIN":
            self.i += 3
            return ("KH" if three == "MAX" else "KL"), 1
        return None

    def term_opt(self) -> Node | None:
        """``'(' add ')'`` or a whole number; None if neither."""
        s, i = self.s, self.i
        if i >= self.n:
            return None
        c = s[i]
        if c == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _TooDeep
            self.i += 1
            body = self.add()
            if self.peek() != ")":
                raise _NoParse
            self.i += 1
            self.depth -= 1
            return Paren(body)
        if "0" <= c <= "9":
            j = i + 1
            while j < self.n and "0" <= s[j] <= "9":
                j += 1
            self.i = j
            return Num(int(s[i:j]))
        return None

    def finish(self, node: Node | None = None, *, dice: bool = True) -> None:
        """Require the whole text consumed (and no dice in ``node`` unless ``dice``),
        then raise the first limit violation found."""
        if self.i != self.n or (node is not None and node.has_dice and not dice):
            raise _NoParse
        if self.error is not None:
            raise self.error


def _expression(text: str, *, dice: bool) -> Node:
    """Parse a whole arithmetic expression; with ``dice=False`` dice are refused."""
    p = ExprParser(text)
    node = p.add()
    p.finish(node, dice=dice)
    return node


def _const(text: str) -> int:
    """Value of a dice-free expression; a division by zero raises ``DiceError``."""
    try:
        return _expression(text, dice=False).const(True)
    except ZeroDivision:
        raise DiceError(_ZERO_DIV) from None


def _sum_roll(secret: bool, body: str) -> SumRoll:
    p = ExprParser(body)
    expr = p.add()
    op = target = None
    if p.i < p.n:
        j = p.i
        while j < p.n and body[j] in "<>=!":
            j += 1
        op = CMP_OPS.get(body[p.i:j])
        if op is None or j == p.n:
            raise _NoParse
        if body[j:] == "?":
            target = "?"
            p.i = p.n
        else:
            p.i = j
            rhs = p.add()
            if rhs.has_dice:
                raise _NoParse
            target = rhs.const(False)
    if p.i != p.n or not expr.has_dice:
        raise _NoParse
    p.finish()
    if zero_divisor(expr):  # refused before any die is rolled
        raise DiceError(ZERO_DIVISION)
    return SumRoll(secret, expr, op, target)


_NUMBER_RANGE = re.compile(r"(\d+)-(\d+)")
_LETTER_RANGE = re.compile(r"([a-z])-([a-z])|([A-Z])-([A-Z])")
#: Most items a choice may hold (BCDice).
MAX_CHOICE_ITEMS = 100


def _shorthand(item: str) -> tuple[str, ...]:
    """BCDice's one-item shorthand ``1-5`` → 1..5, ``a-d``/``A-D`` → a..d; () otherwise
    (a choice of one item is no choice)."""
    m = _NUMBER_RANGE.fullmatch(item)
    if m:
        first, last = int(m.group(1)), int(m.group(2))
        if first <= last and last - first < MAX_CHOICE_ITEMS:
            return tuple(str(i) for i in range(first, last + 1))
        if first <= last:
            raise DiceMessage("項目数は100以下としてください")
        return ()
    m = _LETTER_RANGE.fullmatch(item)
    if m:
        first, last = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if first <= last:
            return tuple(chr(c) for c in range(ord(first), ord(last) + 1))
    return ()


def _choice(m: re.Match) -> Choice | None:
    secret, digits, rest = bool(m.group(1)), m.group(2), m.group(3)
    if rest[:1] in ("[", "("):
        close = "]" if rest[0] == "[" else ")"
        if not rest.endswith(close):
            return None
        items = tuple(x.strip() for x in rest[1:-1].split(","))
        items = tuple(x for x in items if x)
        opener, joiner = rest[0], ","
    elif rest[:1].isspace():
        items = tuple(rest.split())
        opener, joiner, close = " ", " ", ""
    else:
        return None
    if len(items) == 1:
        items = _shorthand(items[0])
    if not items:
        return None
    if len(items) > MAX_CHOICE_ITEMS:
        raise DiceMessage("項目数は100以下としてください")
    n = int(digits) if digits else 1
    if not 1 <= n <= len(items):
        raise DiceError(f"選ぶ個数は1以上、項目数（{len(items)}）以下にしてください")
    shown = f"choice{n if n != 1 else ''}{opener}{joiner.join(items)}{close}"
    return Choice(secret, items, n, shown)


def cthulhu_command(secret: bool, body: str, raw: str):
    """The CoC 6th game command (``CC``/``CCB``, ``RES``/``RESB``, ``CBR``/``CBRB``) of an
    upper-case ``body`` (without its secret ``S``), or None; ``raw`` is unused (6th reads
    parenthesised expressions itself)."""
    m = _CC.fullmatch(body)
    if m:  # 故障ナンバー in parentheses, or bare as BCDice also reads it: CC(94)<=98, CC94<=98
        broken = _const(m.group(2)) if m.group(2) else int(m.group(3) or 0)
        target = _const(m.group(4)) if m.group(4) else None
        return Check(secret, bool(m.group(1)), broken, target)
    m = _RES.fullmatch(body)
    if m:  # RES(12-10), or a bare difference as BCDice reads it: RES10, RES0, RES-3
        difference = _const(m.group(2)) if m.group(2) is not None else int(m.group(3))
        return Resist(secret, bool(m.group(1)), difference)
    m = _CBR.fullmatch(body)
    if m:
        return Combination(secret, bool(m.group(1)), _const(m.group(2)), _const(m.group(3)))
    return None


def _top_level_split(text: str, sep: str) -> list[str] | None:
    """``text`` split at ``sep`` outside parentheses; None when they do not balance."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return None
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]] if depth == 0 else None


def _barabara_terms(text: str) -> tuple[tuple[int, int], ...] | None:
    """The ``(count, sides)`` of ``2B6+1B10`` or ``(1+1)B6`` (each side a number or a
    parenthesised arithmetic, as BCDice's barabara grammar reads it); None if not one."""
    terms = []
    for part in _top_level_split(text, "+") or [""]:
        sides = _top_level_split(part, "B")
        if sides is None or len(sides) != 2:
            return None
        values = []
        for side in sides:
            if side.isdigit():
                values.append(int(side))
            elif side.startswith("(") and side.endswith(")"):
                values.append(_const(side))
            else:
                return None
        terms.append((values[0], values[1]))
    return tuple(terms)


def _single(text: str, game):
    """Parse one command without repetition; None if it is not one. ``game(secret, body,
    raw)`` reads the game system's own commands (see :func:`parse_command`)."""
    m = _CHOICE.fullmatch(text)
    if m:
        if len(text) > MAX_COMMAND_CHARS:
            raise DiceError(f"コマンドが長すぎます（{MAX_COMMAND_CHARS}文字まで）")
        return _choice(m)
    if _SPACE.search(text):
        return None
    upper = text.upper()
    secret = upper.startswith("S")
    body = upper[1:] if secret else upper
    if len(text) > MAX_COMMAND_CHARS:
        if looks_like_dice(upper):
            raise DiceError(f"コマンドが長すぎます（{MAX_COMMAND_CHARS}文字まで）")
        return None
    try:
        node = game(secret, body, text)
        if node is not None:
            return node
        m = _D66.fullmatch(body)
        if m:
            return D66(secret, m.group(1))
        m = _BARABARA.fullmatch(body)
        terms = _barabara_terms(m.group(1)) if m else None
        if terms is not None:
            for count, sides in terms:
                check_dice(count, sides)
            op = target = None
            if m.group(2):
                op = CMP_OPS.get(m.group(2))
                if op is None:
                    return None
                target = _const(m.group(3))
            return Barabara(secret, terms, op, target)
        if not _SUM_ALPHABET.fullmatch(body):
            return None
        m = _CALC.fullmatch(body)
        if m:
            expr = _expression(m.group(1), dice=False)
            shown = expr.body if isinstance(expr, Paren) else expr
            return Calc(secret, expr, shown.to_s())
        return _sum_roll(secret, body)
    except _NoParse:
        return None
    except _TooDeep:
        if looks_like_dice(upper):
            raise DiceError(f"カッコの入れ子が深すぎます（{MAX_DEPTH}段まで）") from None
        return None


@lru_cache(maxsize=4096)
def parse_command(text: str, game=cthulhu_command):
    """Parse a normalised command (no comment) into a command node, or None.

    Handles the repetition prefix (``x3 CCB<=50``) and ``choice`` with spaces. ``game`` reads
    the game system's own commands before the common ones, as BCDice does:
    ``game(secret, body, raw)`` gets the upper-case command without its secret ``S`` and the
    command as typed, and returns a command node or None (default: CoC 6th, ``Cthulhu``).

    Raises:
        DiceError: a recognisable command that cannot be rolled (over a limit, a
            division by zero in a target, a bad repetition), before any die is rolled.
    """
    cut = _SPACE.search(text)
    if cut is not None:
        m = _REPEAT.fullmatch(text[:cut.start()])
        if m:
            trailer = text[cut.end():].strip()
            if _REPEAT.match(trailer) and _SPACE.search(trailer):
                raise DiceError("Repeatコマンドの重複はできません")
            times = int(m.group(2))
            if not 1 <= times <= MAX_REPEAT:
                raise DiceError(f"繰り返し回数は1以上、{MAX_REPEAT}以下としてください")
            try:
                inner = _single(trailer, game)
            except DiceMessage as message:  # each part shows BCDice's message
                inner = Message(str(message))
            if inner is None:
                raise DiceError(f"繰り返し対象のコマンドが実行できませんでした ({trailer})")
            node = Repeat(bool(m.group(1)), times, inner, trailer)
            check_total(node.dice_count)
            return node
    return _single(text, game)
