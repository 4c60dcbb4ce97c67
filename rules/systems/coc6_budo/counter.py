"""The special action 「カウンター」 (B-COUNTER-01..07).

Declared with the answer itself (B-COUNTER-01: before rolling): ``/react action:カウンター``
is a budo parry with a counter, ``/react action:回避カウンター`` a dodge with a counter. The
roll is made twice at the same penalty and counts as one parry/dodge (B-COUNTER-02). Both
successes, or a critical/special on either roll, make it a success: the parry/dodge
succeeds and the defender makes one attack (B-COUNTER-03); anything else is a failed
parry/dodge and the hit lands (B-COUNTER-04). The counter attack is asked as a follow-up
(``[カウンター攻撃]`` / ``/react action:カウンター攻撃 weapon:…`` or ``/attack target:…``); it
may be answered with another parry, dodge or counter (B-COUNTER-05), not at all after a
critical counter roll (B-COUNTER-06), and cannot be a タックル, ラッシュ or フェイント
(B-COUNTER-07). It costs no action of the defender's own (B-COUNTER-03 default).
"""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import SuccessLevel, roll_check
from rules.coc6.weapons import Weapon
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.counterattack import counter_weapon
from rules.systems.coc6.hit import Incoming, ask, finish, hit
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.defense import COUNTER, DODGE, DODGE_COUNTER, PARRY, penalty
from rules.systems.coc6_budo.parry import budo_target
from rules.systems.coc6_budo.strikes import budo_strike, strike_with_effects

STRIKE_BACK = "カウンター攻撃"
"""The follow-up answer that makes the counter attack."""
FOLLOWUP = "budo_counter"
COUNTER_SPECIAL = "カウンター攻撃"
FORBIDDEN = ("タックル", "ラッシュ", "フェイント")
"""B-COUNTER-07: specials a counter attack cannot be."""


def succeeded(levels: list[SuccessLevel]) -> bool:
    """B-COUNTER-03: both rolls succeed, or either is a critical or a special."""
    return all(level.succeeded for level in levels) or any(
        level in (SuccessLevel.CRITICAL, SuccessLevel.SPECIAL) for level in levels)


def counter(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, action: str,
            dice: Dice) -> None:
    """Roll ``action`` (カウンター or 回避カウンター) twice and resolve it (B-COUNTER-02..04)."""
    assert unit.character is not None
    if action == COUNTER:
        target, skill = budo_target(d, unit, inc)
        label, counted = f"武道受け流し（〈{skill}〉）", PARRY
    else:
        target = max(0, (unit.character.skill(DODGE) - penalty(d.state, unit, DODGE)) // inc.factor)
        label, counted, skill = "回避", DODGE, DODGE
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=action))
    d.emit(ce.ReactionUsed(unit=unit.id, action=counted))  # the two rolls count once
    levels = []
    for n in (1, 2):
        check = roll_check(target, dice, bands(d.state))
        d.emit(ce.CheckRolled(unit=unit.id, purpose=f"カウンター{n}回目：{label}", target=target,
                              roll=check.roll, level=check.level.value, text=check.text(), attack=inc.number,
                              skills={skill: check.level.value}))  # a counter's roll marks its skill (X-GROW-01)
        levels.append(check.level)
    if not succeeded(levels):
        hit(d, inc, dice, note="カウンター失敗（受け流し／回避も失敗）：")
        return
    critical = SuccessLevel.CRITICAL in levels
    what = "受け流し" if action == COUNTER else "回避"
    ask(d, inc, unit.id, [STRIKE_BACK, "なし"],
        outcome=f"カウンター成功：{unit.id}は{what}に成功した" + ("（決定的成功：相手はこの攻撃を防げない）" if critical else ""),
        followup=FOLLOWUP, counter_critical=critical,
        prompt=f"{unit.id}のカウンター成功！ {inc.attacker}へのカウンター攻撃（通常の攻撃ロール）を"
               f"「{STRIKE_BACK}」（weapon:で武器）か /attack target:{inc.attacker} で行ってください。見送るなら「なし」。")


def strike_back(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, weapon: str | None,
                dice: Dice, special: str | None = None) -> None:
    """The counter attack of ``unit`` on the original attacker (B-COUNTER-03/05/06/07).

    Raises RuleViolation B-COUNTER-07 for a タックル, ラッシュ or フェイント.
    """
    if special in FORBIDDEN:
        raise RuleViolation("B-COUNTER-07", f"カウンター攻撃で{special}は行えません。", allowable=False)
    chosen: Weapon = counter_weapon(rules, d.state, unit, weapon)
    critical = bool(inc.context.get("counter_critical"))
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=STRIKE_BACK, weapon=chosen.name))
    finish(d, inc, f"{unit.id}のカウンター攻撃")
    target = d.state.coc_unit(inc.attacker)
    assert unit.character is not None
    skill = unit.character.weapon_skill(chosen)
    context = {"limit_clause": "B-COUNTER-06"} if critical else {}
    plan = budo_strike(rules, d.state, unit, target, chosen, skill, defendable=not critical, ap=0,
                       counts=False, special=COUNTER_SPECIAL, purpose=f"カウンター攻撃（{chosen.name}）",
                       context=context)
    strike_with_effects(rules, d, plan, dice)  # a counter attack lands like any other (a grapple grapples)


def decline(d: Decision[CocState], unit: CocUnit, inc: Incoming) -> None:
    """なし: the counter attack is not made."""
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action="なし"))
    finish(d, inc, f"{unit.id}はカウンター攻撃を見送った")


__all__ = ["COUNTER", "DODGE_COUNTER", "STRIKE_BACK", "FOLLOWUP", "counter", "strike_back", "decline"]
