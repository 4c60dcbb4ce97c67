"""Building the attacks of ``coc6-budo`` on the shared strike (rules/systems/coc6/attack.py):
every hit offers the defender the answers seed 002 adds (武道, カウンター, 回避カウンター,
B-PARRY-01, B-COUNTER-01), and a successful 〈武道〉 combination doubles the damage
(CF-17: the published 〈武道〉, X-COMB-01, X-DBL-01; KP setting ``budo_double``)."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.decision import Decision
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import Strike, open_reaction, roll_strike
from rules.systems.coc6.budo import for_weapon
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.options import ORDER
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.defense import budo_answers
from rules.systems.coc6_budo.salto import BUDO_MARK


def budo_strike(rules: CocRules, state: CocState, actor: CocUnit, target: CocUnit, weapon: Weapon,
                skill: int, *, defendable: bool = True, combine: bool = True, **fields) -> Strike:
    """A :class:`Strike` of ``actor`` on ``target`` with ``weapon`` at ``skill`` %.

    ``defendable`` False offers only なし (B-FEINT-03, B-COUNTER-06); ``combine`` rolls the
    matching 武道 on the same die (X-COMB-01). ``fields`` go to the Strike as they are.
    """
    assert actor.character is not None
    budo = for_weapon(actor.character, weapon, state.settings) if combine else None
    wanted = fields.pop("double", True)
    double = bool(state.settings.get("budo_double", True)) and wanted
    if not defendable:
        return Strike(actor, target, weapon, skill, budo=budo, double=double, among=(), add=(), **fields)
    add = budo_answers(rules, state, target, weapon, actor.id, fields.get("context"))
    return Strike(actor, target, weapon, skill, budo=budo, double=double, among=ORDER, add=add, **fields)


def strike_with_effects(rules: CocRules, d: Decision[CocState], plan: Strike, dice: Dice) -> int | None:
    """Roll ``plan`` and open the target's reaction, with what its weapon does when it lands,
    for every kind of attack alike (an ordinary attack, a counter attack: issue 29): a
    〈組み付き〉 that lands starts a grapple on both units (X-GRAPPLE-01), and its 武道 part
    succeeding licenses a サルト while it lasts (B-SALTO-01). Returns the attack number on a
    hit, None on a miss (resolved)."""
    if plan.weapon.parry_class is ParryClass.GRAPPLE:
        effects = [e for e in plan.context.get("effects", []) if e.get("kind") != "grapple"]
        plan = replace(plan, context={**plan.context, "effects": effects + [{"kind": "grapple"}]})
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if budo_ok and plan.weapon.parry_class is ParryClass.GRAPPLE:
        d.emit(ce.UnitMarked(unit=plan.actor.id, key=BUDO_MARK, value=d.state.round))
    if level is None:
        d.emit(ce.AttackResolved(attack=number, outcome="攻撃は外れた"))
        return None
    open_reaction(rules, d, plan, number, level, budo_ok, dice)
    return number
