"""``evaluate`` (a chat line to a result) and ``roll_expression`` (damage expressions)."""
from __future__ import annotations


from rules.dice.ast import zero_divisor
from rules.dice.common import ZERO_DIVISION, SumRoll
from rules.dice.core import Dice, DiceError
from rules.dice.format import SEP
from rules.dice.normalize import normalize_command, split_line
from rules.dice.cthulhu7th import cthulhu7th_command
from rules.dice.parser import ExprParser, _NoParse, _TooDeep, cthulhu_command, parse_command
from rules.dice.result import DiceResult
from rules.dice.limits import MAX_COMMAND_CHARS, check_total


#: Dice systems by id: the game commands each reads before BCDice's common commands.
#: ``coc6`` is BCDice ``Cthulhu`` (the default), ``coc7`` is ``Cthulhu7th``.
SYSTEMS = {"coc6": cthulhu_command, "coc7": cthulhu7th_command}


def _game(system: str):
    try:
        return SYSTEMS[system]
    except KeyError:
        raise ValueError(f"unknown dice system {system!r}") from None


def parse(command: str, system: str = "coc6"):
    """Parse a command (a whole chat line is accepted; its comment is ignored) as ``system``
    (a key of ``SYSTEMS``) reads it.

    Returns:
        The command node (``SumRoll``, ``Check``, ``Resist``, ``Combination``, 7th
        ``SkillRoll``/``Combination7``/``FullAuto``/``Table7``, ``Barabara``, ``D66``,
        ``Choice``, ``Calc`` or ``Repeat``), or None when the text is not a command.
    Raises:
        DiceError: a recognisable command over a limit.
        ValueError: an unknown ``system``.
    """
    split = split_line(command)
    if split is None:
        return None
    return parse_command(split[0], _game(system))


def evaluate(command: str, dice: Dice, system: str = "coc6") -> DiceResult | None:
    """Evaluate one chat line (command plus optional comment) with ``dice``, read by
    ``system`` (``coc6``: BCDice ``Cthulhu``; ``coc7``: ``Cthulhu7th``).

    Returns:
        The result (its ``text`` exactly as BCDice prints it, ``comment`` the text after
        the command as typed), or None when the line is not a command (stay silent).
    Raises:
        DiceError: the line is a dice command that cannot be rolled (over a limit,
            malformed repetition …); raised before any die is rolled. ``DiceExhausted``
            (a ``DiceError``) when scripted dice run out.
    """
    split = split_line(command)
    if split is None:
        return None
    text, comment = split
    node = parse_command(text, _game(system))
    if node is None:
        return None
    check_total(node.dice_count)
    return node.run(dice, text, comment)




def _expression_node(expr: str):
    """``(text, node)`` of a sum-dice expression, checked against every limit without
    rolling; raises DiceError (see :func:`check_expression`)."""
    text = normalize_command(expr.strip()).upper()
    if not text or len(text) > MAX_COMMAND_CHARS:
        raise DiceError(f"ダイス式を解釈できません: {expr[:40]}")
    try:
        p = ExprParser(text)
        node = p.add()
        p.finish()
    except (_NoParse, _TooDeep):
        raise DiceError(f"ダイス式を解釈できません: {expr[:40]}") from None
    check_total(node.dice_count)
    if zero_divisor(node):
        raise DiceError(ZERO_DIVISION)
    return text, node


def check_expression(expr: str) -> None:
    """Check that :func:`roll_expression` can roll ``expr`` (``1D6``, ``1D3+1D4``, ``2``),
    rolling nothing: for a value that must be known good before another roll is made (the
    loss of a SAN check). Raises DiceError (malformed, a 0-sided or too-large die, too many
    dice, a division by zero) with the same Japanese text as :func:`roll_expression`."""
    _expression_node(expr)


def expression_max(expr: str) -> int:
    """The highest total ``expr`` can roll (``1D6`` → 6, ``1D4+2`` → 6, ``3`` → 3); raises
    DiceError as :func:`check_expression` does. For a loss that is its maximum (a fumbled
    7th SAN roll)."""
    return _expression_node(expr)[1].bounds()[1]


def roll_expression(expr: str, dice: Dice) -> DiceResult:
    """Roll a sum-dice expression such as ``1D8+1D4``, ``1D3-1D4``, ``1D6+2`` or ``0``.

    Returns:
        A result whose ``text`` is BCDice's (``(1D3+1D4) ＞ 2[2]+3[3] ＞ 5``; a constant
        reads ``(2) ＞ 2``) and ``total`` the int.
    Raises:
        DiceError: malformed, not a plain expression, or over a limit (before any die is rolled).
    """
    text, node = _expression_node(expr)
    if node.has_dice:
        return SumRoll(False, node).run(dice, text, "")
    value = node.const(False)
    return DiceResult(f"({node.to_s()}){SEP}{value}", total=value, command=text)


__all__ = ["SYSTEMS", "check_expression", "evaluate", "expression_max", "parse", "roll_expression"]
