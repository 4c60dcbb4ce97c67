"""The dice: a ``Dice`` protocol and BCDice-compatible command language (issue 3).

Public API (stable; other packages import only these names):
    Dice, ScriptedDice, RandomDice, DiceError, DiceExhausted
"""
from rules.dice.core import Dice, DiceError, DiceExhausted, RandomDice, ScriptedDice

__all__ = ["Dice", "DiceError", "DiceExhausted", "RandomDice", "ScriptedDice"]
