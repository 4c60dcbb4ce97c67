"""〈回避〉 (dodge): negates the attack; not against firearms; a critical lets the defender
choose a counterattack or a continued dodge; a fumble adds +1D2 damage (H-DEF-DODGE-01..06).
Under the book rule set (seed 001) a dodge is the published plain one."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import SuccessLevel
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, ask, finish, hit
from rules.systems.coc6.limits import common_refusal, roll_defense, target_working, use
from rules.systems.coc6.state import CocState, CocUnit

DODGE = "回避"
COUNTER, EXTRA_DODGE = "反撃", "継続回避"
FUMBLE_EXTRA = "+1D2"
"""H-DEF-DODGE-06: a fumbled dodge adds +1D2 to the damage."""


def refusal(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming) -> RuleViolation | None:
    """Why ``unit`` may not dodge ``inc`` (H-DEF-DODGE-02 firearms unless the KP setting
    ``dodge_firearms``; H-DEF-COVER-09 for a protector; P-NOTE-04 after two shield parries
    with ``invictus_shields``; H-DEF-01 once a round), or None."""
    if inc.weapon.is_firearm and not state.settings.get("dodge_firearms", False):
        return RuleViolation(rules.clause("dodge_firearm"), "銃器による攻撃は回避できません")
    if inc.context.get("covering"):
        return RuleViolation("H-DEF-COVER-09", "かばっている攻撃は回避できません（かばう意味がなくなります）")
    if state.settings.get("invictus_shields") and unit.used.get("受け流し", 0) >= 2:
        return RuleViolation("P-NOTE-04", f"{unit.id}はこのラウンドに盾で2回受け流したので回避できません")
    return common_refusal(rules, unit, DODGE, inc)


def dodge(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice,
          all_at_once: bool = False) -> None:
    """Roll 〈回避〉 (DEX×2 unless the sheet says otherwise) with the 集中 modifiers.

    Success: the attack is negated (H-DEF-DODGE-01). House critical: the defender is asked
    反撃 or 継続回避 (H-DEF-DODGE-03). Failure: the hit lands less armour (H-DEF-06); house
    fumble: with +1D2 damage (H-DEF-DODGE-06).
    """
    assert unit.character is not None
    use(d, unit, DODGE, inc, all_at_once=all_at_once)
    target, working = target_working(unit, DODGE, unit.character.skill(DODGE), inc, all_at_once)
    check = roll_defense(d, unit, DODGE, DODGE, target, inc, dice, working)
    house = rules.rule_set == "H"
    if check.succeeded:
        if house and check.level is SuccessLevel.CRITICAL:
            ask(d, inc, unit.id, [COUNTER, EXTRA_DODGE], outcome=f"{unit.id}は攻撃を回避した（決定的成功）",
                followup="dodge_critical", counter_extra="+1D4")
        else:
            finish(d, inc, f"{unit.id}は攻撃を回避した")
    elif house and check.level is SuccessLevel.FUMBLE:
        hit(d, inc, dice, extra=FUMBLE_EXTRA, note="回避ファンブル（ダメージ+1D2）：")
    else:
        hit(d, inc, dice)
