"""Which defensive actions a defender may choose now, and the question that offers them
(H-DEF-01/02, H-DEF-03/05, H-DEF-DODGE-02, H-DEF-BLOCK-03, H-DEF-PARRY-*, H-DEF-HIDE-02,
P-PARRY-*). A refused answer is re-checked with the same functions, so the buttons and the
refusals never disagree."""
from __future__ import annotations

from collections.abc import Iterable

from rules.battle.decision import Decision
from rules.coc6.weapons import Weapon
from rules.errors import RuleViolation
from rules.systems.coc6 import block, dodge, hide, parrying
from rules.systems.coc6 import events as ce
from rules.systems.coc6.concentrate import ALL_LABEL, all_at_once_refusal, focus_of
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.state import CocState, CocUnit

DODGE, BLOCK, PARRY, HIDE, NONE = dodge.DODGE, block.BLOCK, parrying.PARRY, hide.HIDE, "なし"
ORDER = (DODGE, BLOCK, PARRY, HIDE)


def refusal_of(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming, action: str,
               weapon: Weapon | None = None, obj: str | None = None) -> RuleViolation | None:
    """Why ``unit`` may not answer ``inc`` with ``action`` now (its most specific clause)."""
    if action == DODGE:
        return dodge.refusal(rules, state, unit, inc)
    if action == BLOCK:
        return block.refusal(rules, state, unit, inc)
    if action == PARRY:
        return parrying.refusal(rules, state, unit, inc, weapon)
    if action == HIDE:
        return hide.refusal(rules, state, unit, inc, obj)
    return None


def available(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming,
              among: Iterable[str] = ORDER) -> list[str]:
    """The legal answers in button order, then ``○○（+30%）`` when the 3 concentrated uses
    may be spent at once (H-DEF-05); なし is always last."""
    options = [a for a in ORDER if a in among and refusal_of(rules, state, unit, inc, a) is None]
    focus = focus_of(unit)
    if focus in options and all_at_once_refusal(unit, focus) is None:
        options.append(focus + ALL_LABEL)
    return options + [NONE]


def reaction_options(rules: CocRules, state: CocState, unit: CocUnit, attacker: CocUnit,
                     attack: Weapon) -> list[str]:
    """The reactions ``unit`` may choose against ``attacker``'s hit with ``attack``."""
    inc = Incoming(number=0, attacker=attacker.id, weapon=attack, defender=unit.id, context={})
    return available(rules, state, unit, inc)


def request_reaction(rules: CocRules, d: Decision[CocState], number: int, attacker: str,
                     target: str, attack: Weapon, context: dict,
                     among: Iterable[str] = ORDER) -> None:
    """Ask ``target`` to answer attack ``number``: the legal options, and in the context the
    names of the weapons that can parry it (``parry_weapons``, for a select menu)."""
    inc = Incoming(number=number, attacker=attacker, weapon=attack, defender=target, context=context)
    unit = d.state.coc_unit(target)
    options = available(rules, d.state, unit, inc, among)
    weapons = [w.name for w in parrying.parry_weapons(rules, d.state, unit, attack)] if PARRY in options else []
    d.emit(ce.ReactionRequested(attack=number, unit=target, attacker=attacker, options=options,
                                context={**context, "weapon": attack.to_dict(), "parry_weapons": weapons}))
