"""Making a check inside a decision: choose the power rank (C-CHECK-01, C-CHECK-03), spend it
from the charge rank (C-CHECK-02), roll and record it (C-CHECK-04..06)."""
from __future__ import annotations

from rules.battle.commands import Command
from rules.battle.decision import Decision
from rules.dice import Dice
from rules.errors import refuse
from rules.systems.charge_rank import options
from rules.systems.charge_rank.checks import Roll, roll_check
from rules.systems.charge_rank.events import PoolRolled
from rules.systems.charge_rank.state import CrState, CrUnit


def choose_power(cmd: Command, unit: CrUnit, power: int | None) -> int:
    """The power rank ``unit`` uses: ``power``, or its whole charge rank when not given (a
    button press). Raises RuleViolation C-CHECK-03 for PR < 1 or PR above the charge rank
    (the KP may allow the latter; the charge then stops at 0)."""
    if power is None:
        power = unit.charge
        if power < 1:
            refuse(cmd, "C-CHECK-03", f"{unit.id}のチャージランクは0です。パワーランクを決められないので判定できません")
            power = 1
        return power
    if power < 1:
        refuse(cmd, "C-CHECK-03", "パワーランクは1以上にしてください")
        power = 1
    if power > unit.charge:
        refuse(cmd, "C-CHECK-03",
               f"パワーランク{power}は{unit.id}のチャージランク{unit.charge}を超えています")
    return power


def check(d: Decision[CrState], dice: Dice, unit: CrUnit, purpose: str, power: int, base_safety: int, *,
          pulled: bool = False, surprised: bool = False, target_number: int | None = None,
          tier: str = "") -> Roll:
    """Spend ``power`` from ``unit``'s charge and roll it at ``base_safety`` adjusted by the
    options (:func:`options.safety`); emits :class:`PoolRolled` and returns the roll."""
    safety = options.safety(d.state.settings, unit.id, base_safety, pulled=pulled, surprised=surprised)
    result = roll_check(dice, power, safety)
    before = unit.charge
    d.emit(PoolRolled(unit=unit.id, purpose=purpose, power=power, faces=list(result.faces),
                       achievement=result.achievement, auto_fail=result.auto_fail, safety=safety,
                       charge_before=before, charge_after=max(0, before - power),
                       critical=options.critical(d.state.settings, unit.id), target_number=target_number,
                       tier=tier, pulled=pulled))
    return result
