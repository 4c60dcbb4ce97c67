"""Resistance rolls of seed 002 (X-RES-01): damage (× 2) against CON, STR or DEX
(B-SALTO-05, B-TACKLE-06/08, B-CALL-VITAL-04, B-CALL-ARM-02, B-CALL-WPN-02, B-CALL-LEG-02)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import SuccessLevel, check_from_roll, resistance_target
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.state import CocState

AUTO_FAIL, AUTO_WIN = 5, 95
"""X-RES-01: below 5% the active side fails automatically, above 95% it succeeds."""


def resist(d: Decision[CocState], unit: str, active: int, passive: int, purpose: str,
           dice: Dice, attack: int | None = None) -> bool:
    """Roll the active side ``active`` against ``passive`` for ``unit`` (the one rolling,
    usually the attacker's side) and emit it; returns whether the active side won.

    The chance is 50 + 5 × (active − passive) %; below 5 it fails and above 95 it succeeds
    without a die, shown as a check with roll 0 (X-RES-01)."""
    target = resistance_target(active, passive)
    label = f"{purpose}（{active}対{passive}の抵抗ロール）"
    if target < AUTO_FAIL or target > AUTO_WIN:
        won = target > AUTO_WIN
        level = SuccessLevel.SUCCESS if won else SuccessLevel.FAILURE
        d.emit(ce.CheckRolled(unit=unit, purpose=label, target=target, roll=0, level=level.value,
                              text=f"(RESB({active}-{passive})) ＞ 自動{'成功' if won else '失敗'}", attack=attack))
        return won
    check = check_from_roll(target, dice.roll(100), bands(d.state))
    d.emit(ce.CheckRolled(unit=unit, purpose=label, target=target, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=attack))
    return check.succeeded
