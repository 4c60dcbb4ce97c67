"""Impale 「貫通」 (X-IMPALE-01): a special success with a 貫通可 weapon rolls the weapon's
damage dice twice; the damage bonus is added once (KP setting ``impale``: ``OFF``, ``ONCE``
the default, ``TWICE`` for db twice as well). The published CoC 6th rule, in every CoC rule
set (coc6-house, coc6, coc6-budo)."""
from __future__ import annotations

from rules.coc6.check import SuccessLevel
from rules.coc6.weapons import Weapon
from rules.systems.coc6.state import CocState

SETTING = "impale"
OFF, ONCE, TWICE = "OFF", "ONCE", "TWICE"
CHOICES = (OFF, ONCE, TWICE)
DEFAULT = ONCE

WORD = "貫通"
"""What the reply calls it."""


def is_special(level: str, roll: int, target: int) -> bool:
    """Whether a successful roll is a special (X-ROLL-03): スペシャル, or a 決定的成功 that is
    also within the special band (``roll`` ≤ max(1, ⌊``target`` / 5⌋), BCDice's
    「決定的成功/スペシャル」). ``target`` is the % actually rolled against."""
    if level == SuccessLevel.SPECIAL.value:
        return True
    return level == SuccessLevel.CRITICAL.value and roll <= max(1, target // 5)


def impale_mode(state: CocState, weapon: Weapon, level: str, roll: int, target: int) -> str:
    """``ONCE`` or ``TWICE`` when this hit impales (a 貫通可 ``weapon``, a special roll, the
    setting on and スペシャル read at all), else ``""``."""
    mode = str(state.settings.get(SETTING, DEFAULT)).upper()
    if mode not in (ONCE, TWICE) or not weapon.impale or not state.settings.get("special", True):
        return ""
    return mode if is_special(level, roll, target) else ""


def impaled_dice(damage: str) -> str:
    """The weapon's damage dice rolled twice: ``1D4+2`` → ``(1D4+2)+(1D4+2)``; a constant
    damage doubles too (``22`` → ``(22)+(22)``)."""
    return f"({damage})+({damage})"
