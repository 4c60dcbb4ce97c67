"""Building the attacks of ``coc6-budo`` on the shared strike (rules/systems/coc6/attack.py):
every hit offers the defender the answers seed 002 adds (武道, カウンター, 回避カウンター,
B-PARRY-01, B-COUNTER-01), and a successful 〈武道〉 combination doubles the damage
(CF-17: the published 〈武道〉, X-COMB-01, X-DBL-01; KP setting ``budo_double``)."""
from __future__ import annotations

from rules.coc6.weapons import Weapon
from rules.systems.coc6.attack import Strike
from rules.systems.coc6.budo import for_weapon
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.options import ORDER
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.defense import budo_answers


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
