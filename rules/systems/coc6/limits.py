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
        if focus_of(unit) == action:  # concentrating: the limit is H-DEF-03's 3 a round
            return RuleViolation("H-DEF-03", f"{unit.id}は「{action}に集中」でも{action}は1ラウンド{use_limit(unit, action)}回までです（もう使い切りました）")
        return RuleViolation(once_clause(rules, action), f"{unit.id}はこのラウンドすでに{action}を使いました")
    return None


def defense_target(unit: CocUnit, action: str, base: int, inc: Incoming,
                   all_at_once: bool = False) -> int:
    """The % ``action`` is rolled against: ``base`` plus the 集中 modifiers (H-DEF-04/05),
    then divided by the かばう divisor (H-DEF-COVER-02/11), rounded down, not below 0
    (X-MOD-01, X-ROUND-01). A context ``penalty`` (%, e.g. coc6-budo's escalating parry
    penalty, B-PARRY-02) is subtracted; absent = 0."""
    return target_working(unit, action, base, inc, all_at_once)[0]


def target_working(unit: CocUnit, action: str, base: int, inc: Incoming,
                   all_at_once: bool = False) -> tuple[int, str]:
    """``(target %, working)``: the target of :func:`defense_target` and, when it is not
    ``base``, how it was made (``"（目標値 10 −20（集中、H-DEF-04） ＝ 0：0%未満は0、X-MOD-01）"``),
    so a check against a modified or 0% target says why; ``""`` when it is ``base``."""
    focus = focus_modifier(unit, action, all_at_once)
    penalty = int(inc.context.get("penalty", 0))
    raw = (base + focus - penalty) // inc.factor
    value = max(0, raw)
    if value == base and value > 0:
        return value, ""
    steps = [str(base)]
    if focus:
        steps.append(f"{'+' if focus > 0 else '−'}{abs(focus)}（{'集中の一括使用、H-DEF-05' if all_at_once else '集中、H-DEF-04'}）")
    if penalty:
        steps.append(f"−{penalty}（{inc.context.get('penalty_reason', '修正')}）")
    if inc.factor > 1:
        steps.append(f"÷{inc.factor}（かばう、H-DEF-COVER-11）")
    floor = "：0%未満は0、X-MOD-01" if raw < 0 else ""
    never = "。0%では成功しない" if value <= 0 else ""
    working = f"目標値 {' '.join(steps)} ＝ {value}" if len(steps) > 1 else f"目標値 {value}%"
    return value, f"（{working}{floor}{never}）"


def roll_defense(d: Decision[CocState], unit: CocUnit, action: str, purpose: str, target: int,
                 inc: Incoming, dice: Dice, working: str = "") -> Check:
    """Roll a defensive check of ``unit`` against ``target`` %, emit it (its ``note`` is
    ``working``, how a modified target was made, from :func:`target_working`), and count a
    success of a concentrated action (H-DEF-04). Returns the check."""
    check = roll_check(target, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=purpose, target=target, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=inc.number, note=working))
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
