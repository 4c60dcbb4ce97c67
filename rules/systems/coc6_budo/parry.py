"""武道受け流し (budo parry, B-PARRY-01..03): ``/react action:武道`` parries with the best
〈武道〉 instead of the combat skill, at the round's shared penalty (B-PARRY-02); it stops
melee weapons as well as unarmed melee, and a success cancels all the damage (B-PARRY-03
default, as a successful 〈組み付き〉 parry, P-DMG-02)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import Check, roll_check
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, finish, hit
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.defense import BUDO, PARRY, penalty
from rules.systems.coc6_budo.skills import parry_budo


def budo_target(d: Decision[CocState], unit: CocUnit, inc: Incoming, action: str = BUDO) -> tuple[int, str]:
    """``(target %, skill name)`` of a budo parry now: the 武道 value less the round's
    penalty (B-PARRY-02), divided by a かばう divisor, not below 0 (X-MOD-01)."""
    budo = parry_budo(unit, d.state.settings)
    assert budo is not None
    value = budo.value - penalty(d.state, unit, action)
    return max(0, value // inc.factor), budo.skill


def roll_budo_parry(d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice, label: str = "") -> Check:
    """Count and roll one budo parry of ``unit`` against ``inc``; returns the check."""
    target, skill = budo_target(d, unit, inc)
    shown = f"武道受け流し（〈{skill}〉{label}）"
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=BUDO))
    d.emit(ce.ReactionUsed(unit=unit.id, action=PARRY))
    check = roll_check(target, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=shown, target=target, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=inc.number))
    return check


def budo_parry(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice) -> bool:
    """Roll the budo parry; success cancels the whole hit (B-PARRY-03), failure lets it land.
    Returns whether it succeeded. The caller has checked the refusals (defense.py)."""
    check = roll_budo_parry(d, unit, inc, dice)
    if check.succeeded:
        finish(d, inc, f"{unit.id}は〈武道〉で受け流した（ダメージなし）")
    else:
        hit(d, inc, dice)
    return check.succeeded
