"""The dice: a ``Dice`` protocol and BCDice-compatible command language (issue 3).

Public API (stable; other packages import only these names):
    Dice, ScriptedDice, RandomDice, DiceError, DiceExhausted,
    evaluate, roll_expression, parse, DiceResult, MAX_OUTPUT

``evaluate``, ``roll_expression``, ``parse`` and ``DiceResult`` are loaded on first use
(PEP 562), because they import ``rules.coc6.check``, which itself imports
``rules.dice.core``.
"""
from rules.dice.core import Dice, DiceError, DiceExhausted, RandomDice, ScriptedDice
from rules.dice.limits import MAX_OUTPUT

__all__ = [
    "Dice", "DiceError", "DiceExhausted", "RandomDice", "ScriptedDice",
    "DiceResult", "MAX_OUTPUT", "evaluate", "parse", "roll_expression",
]

_LAZY = {
    "evaluate": "rules.dice.evaluate",
    "parse": "rules.dice.evaluate",
    "roll_expression": "rules.dice.evaluate",
    "DiceResult": "rules.dice.result",
}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rules.dice' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
