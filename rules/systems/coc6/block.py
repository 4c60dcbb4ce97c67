"""「防御」 (block): a [CON×5] roll that reduces the damage of an unarmed attack by 1D5 and
of a melee weapon by 1D2, plus armour; not against firearms (H-DEF-BLOCK-01..05). Seed 000
only: the book rule set has no block."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import SuccessLevel
from rules.dice import Dice, roll_expression
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, attack_blow, finish, land
from rules.systems.coc6.limits import common_refusal, roll_defense, target_working, use
from rules.systems.coc6.parry import is_human_unarmed
from rules.systems.coc6.state import CocState, CocUnit

BLOCK = "防御"


def reduction_dice(inc: Incoming, critical: bool, settings: dict) -> str:
    """The reduction dice of a successful block: 格闘系 (human unarmed) 1D5, critical 2D5;
    melee weapons 1D2, critical the setting ``block_melee_critical`` (default 1D2, the
    seed's literal text) (H-DEF-BLOCK-01/02/04). Creatures' natural attacks are melee."""
    if is_human_unarmed(inc.weapon):
        return "2D5" if critical else "1D5"
    return str(settings.get("block_melee_critical", "1D2")) if critical else "1D2"


def refusal(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming) -> RuleViolation | None:
    """Why ``unit`` may not block ``inc``: not in the book rule set, not against firearms
    (H-DEF-BLOCK-03), once a round (H-DEF-01); None if it may."""
    if rules.rule_set != "H":
        return InvalidInput(f"{rules.title}には「防御」（CON×5による軽減）はありません。")
    if inc.weapon.is_firearm:
        return RuleViolation("H-DEF-BLOCK-03", "銃器による攻撃は防御できません")
    return common_refusal(rules, unit, BLOCK, inc)


def block(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice,
          all_at_once: bool = False) -> None:
    """Roll [CON×5], then the damage, then the reduction dice.

    Success: damage − (reduction + armour) (H-DEF-BLOCK-01/02/04). Failure: armour only
    (H-DEF-06). Fumble: no reduction and the armour is penetrated (H-DEF-BLOCK-05, H-DEF-07).
    """
    assert unit.character is not None
    use(d, unit, BLOCK, inc, all_at_once=all_at_once)
    target, working = target_working(unit, BLOCK, unit.character.stat("CON") * 5, inc, all_at_once)
    check = roll_defense(d, unit, BLOCK, "防御（CON×5）", target, inc, dice, working)
    blow = attack_blow(d, inc, dice)
    critical = check.level is SuccessLevel.CRITICAL
    if check.succeeded:
        expr = reduction_dice(inc, critical, d.state.settings)
        result = roll_expression(expr, dice)
        armor = unit.character.armor
        d.emit(ce.ReductionRolled(attack=inc.number, unit=unit.id, expr=expr, total=result.total or 0,
                                  text=result.text, armor=armor))
        dealt = land(d, inc, unit.id, blow.minus(f"防御（{expr}）", result.total or 0), dice, critical=critical)
        finish(d, inc, f"防御成功：{dealt.phrase()}")
    elif check.level is SuccessLevel.FUMBLE:
        dealt = land(d, inc, unit.id, blow, dice, pierced=True)
        finish(d, inc, f"防御ファンブル：軽減なし・装甲貫通、{dealt.phrase()}")
    else:
        dealt = land(d, inc, unit.id, blow, dice)
        finish(d, inc, f"防御失敗：装甲のみ軽減、{dealt.phrase()}")
