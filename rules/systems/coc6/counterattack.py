"""Counterattacks 「反撃」 granted by a defensive roll: after a critical 〈回避〉 (with +1D4,
H-DEF-DODGE-03/04) or 〈受け流し〉 (+1D4, H-DEF-PARRY-20), a fumbled 〈隠れる〉 (½ damage,
H-DEF-HIDE-08) or a critical かばう followed by a successful parry (½ damage, H-DEF-COVER-12).

The defender answers the follow-up question at once: 反撃 (``weapon:`` optional) or, after a
dodge, 継続回避 (one more dodge this round, H-DEF-DODGE-05), else なし. The counterattack is
a normal attack roll that costs no AP and does not use the unit's attack of its turn; the
target may defend normally.
"""
from __future__ import annotations


from rules.battle.decision import Decision
from rules.coc6.check import roll_check
from rules.coc6.weapons import Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import holding
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hide import hidden_divisor
from rules.systems.coc6.hit import Incoming, expression, finish
from rules.systems.coc6.damage import Blow, roll_damage, take_damage
from rules.systems.coc6.options import request_reaction
from rules.systems.coc6.state import CocState, CocUnit

COUNTER, EXTRA_DODGE, NONE = "反撃", "継続回避", "なし"



def counter_weapon(rules: CocRules, state: CocState, unit: CocUnit, name: str | None) -> Weapon:
    """The weapon of the counterattack: ``name``, else the character's first weapon it can
    use now (holding.py), else こぶし. Raises InvalidInput for an unknown name, RuleViolation
    (the KP may allow it) for a weapon it cannot use now."""
    assert unit.character is not None
    if name:
        weapon = unit.character.weapon(name)
        if weapon is None:
            raise InvalidInput(f"{unit.id}は「{name}」を持っていません。")
        refusal = holding.use_refusal(rules, state, unit, weapon, holding.COUNTER)
        if refusal is not None:
            forbid(refusal.clause, refusal.message)
        return weapon
    usable = [w for w in unit.character.all_weapons
              if holding.use_refusal(rules, state, unit, w, holding.COUNTER) is None]
    return usable[0] if usable else unit.character.weapon("こぶし")  # type: ignore[return-value]


def answer(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, action: str,
           weapon: str | None, dice: Dice) -> None:
    """Answer a follow-up question: 反撃, 継続回避 (after a dodge critical) or なし."""
    if action not in _options(inc):
        raise InvalidInput(f"「{action}」は選べません。選べるのは: {'、'.join(_options(inc))}")
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=action))
    if action == EXTRA_DODGE:
        d.emit(ce.ExtraUseGranted(unit=unit.id, action="回避"))
        finish(d, inc, f"{unit.id}はこのラウンドもう1度回避できる（継続回避）")
    elif action == COUNTER:
        finish(d, inc, f"{unit.id}は反撃に出る")
        chosen = counter_weapon(rules, d.state, unit, weapon or inc.context.get("counter_weapon"))
        counterattack(rules, d, unit, inc.attacker, chosen, dice, inc.context.get("counter_extra", ""),
                      bool(inc.context.get("counter_half")))
    else:
        finish(d, inc, "反撃は見送った")


def _options(inc: Incoming) -> list[str]:
    return [COUNTER, EXTRA_DODGE] if inc.context.get("followup") == "dodge_critical" else [COUNTER, NONE]


def counterattack(rules: CocRules, d: Decision[CocState], unit: CocUnit, target: str, weapon: Weapon,
                  dice: Dice, extra: str = "", half: bool = False) -> None:
    """``unit`` attacks ``target`` at once with ``weapon``: no AP, not its turn's attack.

    ``extra`` (``"+1D4"``) is added to the damage dice; ``half`` halves the damage, rounded
    up (X-ROUND-01). A hidden attacker or target makes it roll at ½ (H-DEF-HIDE-05). On a hit the target is
    asked for its reaction as for any attack.
    """
    assert unit.character is not None
    state = d.state
    skill = unit.character.weapon_skill(weapon) // hidden_divisor(unit, state.coc_unit(target))
    number = state.next_attack
    d.emit(ce.AttackDeclared(attack=number, attacker=unit.id, target=target, weapon=weapon.name,
                             skill=skill, ap=0, counts=False, special=COUNTER))
    check = roll_check(skill, dice, bands(state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=f"反撃（{weapon.name}）", target=skill, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=number))
    if not check.succeeded:
        d.emit(ce.AttackResolved(attack=number, outcome="反撃は外れた"))
        return
    context = {"attacker": unit.id, "level": check.level.value, "extra": extra, "half": half}
    if d.state.units[target].out_of_action:
        inc = Incoming(number=number, attacker=unit.id, weapon=weapon, defender=target, context=context)
        expr = expression(d.state, inc)
        total = roll_damage(d, number, target, expr, dice)
        blow = Blow(total, f"{expr} ＞ {total}")
        dealt = take_damage(d, target, blow.halved() if half else blow, dice, cause=f"{unit.id}の反撃")
        d.emit(ce.AttackResolved(attack=number, outcome=dealt.phrase()))
        return
    request_reaction(rules, d, number, unit.id, target, weapon, context)
