"""What every defensive action must pass before it is rolled, and the value it is rolled
against: stun (X-STUN-01), 「○○に集中」 (H-DEF-03..05), once per round (H-DEF-01,
P-PARRY-01), the かばう fumble (H-DEF-COVER-13) and the halved checks after a failed
かばう (H-DEF-COVER-11)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import Check, roll_check
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.concentrate import (ALL_LABEL, FOCUS_USES, focus_modifier, focus_of,
                                            focus_refusal, use_limit)
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.state import CocState, CocUnit

ONCE_TOPIC = {"回避": "dodge_once", "受け流し": "parry_once"}
"""Rule-set topics of the once-per-round clause; the other actions exist in seed 000 only."""


def once_clause(rules: CocRules, action: str) -> str:
    """The clause limiting ``action`` to once a round in this rule set."""
    return rules.clause(ONCE_TOPIC[action]) if action in ONCE_TOPIC else "H-DEF-01"


def common_refusal(rules: CocRules, unit: CocUnit, action: str,
                   inc: Incoming | None) -> RuleViolation | None:
    """Why ``unit`` may not take defensive ``action`` now, before the action's own rules.

    A protector's follow-up after かばう (``inc.counted`` False) is outside the per-round
    limits (H-DEF-COVER-08).
    """
    if "スタン" in unit.conditions:
        return RuleViolation("X-STUN-01", f"{unit.id}はスタン中で防御行動を取れません")
    if inc is not None and inc.context.get("no_defense"):
        return RuleViolation("H-DEF-COVER-13", "かばうのファンブルで、この攻撃には防御行動を取れません")
    refusal = focus_refusal(unit, action)
    if refusal is not None:
        return refusal
    if (inc is None or inc.counted) and not rules.repeat_defense \
            and unit.uses_left(action, use_limit(unit, action)) <= 0:
        return RuleViolation(once_clause(rules, action), f"{unit.id}はこのラウンドすでに{action}を使いました")
    return None


def defense_target(unit: CocUnit, action: str, base: int, inc: Incoming,
                   all_at_once: bool = False) -> int:
    """The % ``action`` is rolled against: ``base`` plus the 集中 modifiers (H-DEF-04/05),
    then divided by the かばう divisor (H-DEF-COVER-02/11), rounded down, not below 0
    (X-MOD-01, X-ROUND-01). A context ``penalty`` (%, e.g. coc6-budo's escalating parry
    penalty, B-PARRY-02) is subtracted; absent = 0."""
    value = base + focus_modifier(unit, action, all_at_once) - int(inc.context.get("penalty", 0))
    return max(0, value // inc.factor)


def roll_defense(d: Decision[CocState], unit: CocUnit, action: str, purpose: str, target: int,
                 inc: Incoming, dice: Dice) -> Check:
    """Roll a defensive check of ``unit`` against ``target`` %, emit it, and count a success
    of a concentrated action (H-DEF-04). Returns the check."""
    check = roll_check(target, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=purpose, target=target, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=inc.number))
    if check.succeeded and focus_of(unit) == action:
        d.emit(ce.FocusSucceeded(unit=unit.id, action=action))
    return check


def use(d: Decision[CocState], unit: CocUnit, action: str, inc: Incoming, weapon: str | None = None,
        all_at_once: bool = False) -> None:
    """Record the choice and count it toward the round's limits unless it is a かばう
    follow-up (H-DEF-COVER-08); spending the 3 集中 uses at once counts 3 (H-DEF-05)."""
    label = action + (ALL_LABEL if all_at_once else "")
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=label, weapon=weapon))
    if inc.counted:
        d.emit(ce.ReactionUsed(unit=unit.id, action=action, weapon=weapon, uses=FOCUS_USES if all_at_once else 1))
