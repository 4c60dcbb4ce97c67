"""The dice: a ``Dice`` protocol and BCDice-compatible command language (issue 3).

Public API (stable; other packages import only these names):
    Dice, ScriptedDice, RandomDice, DiceError, DiceExhausted,
    evaluate, roll_expression, check_expression, expression_max, parse, DiceResult, MAX_OUTPUT
"""
from rules.dice.core import Dice, DiceError, DiceExhausted, RandomDice, ScriptedDice
from rules.dice.engine import check_expression, evaluate, expression_max, parse, roll_expression
from rules.dice.limits import MAX_OUTPUT
from rules.dice.result import DiceResult

__all__ = [
    "Dice", "DiceError", "DiceExhausted", "RandomDice", "ScriptedDice",
    "DiceResult", "MAX_OUTPUT", "check_expression", "evaluate", "expression_max", "parse",
    "roll_expression",
]
