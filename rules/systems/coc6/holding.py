"""Whether a unit can use a weapon now: the one question every use of a weapon asks — an
attack, a parry, a counterattack or a 武道 counter (issue 29).

A weapon cannot be used when it is destroyed (H-DEF-PARRY-15/16/21, P-DMG-03/04), when it
lies dropped (a special arm hit, H-CALL-ARM-04; an arm or weapon shot, B-CALL-ARM-02 /
B-CALL-WPN-02), or while its hand can hold nothing (the 1d4 rounds after a weapon shot,
B-CALL-WPN-03); a gun that cannot fire does not fire but still parries (P-DMG-06,
H-DEF-PARRY-19), nor does a gun jammed by its 故障ナンバー (X-JAM-01); and a weapon that parried this round may not attack in the same round
(H-DEF-PARRY-07/09/10, P-CLASS-04/06/07). The unarmed attacks and a creature's natural
weapons are never dropped.
"""
from __future__ import annotations

from rules.coc6.weapons import ParryClass, Weapon
from rules.errors import RuleViolation
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.parry import WEAR_CLASSES
from rules.systems.coc6.state import CocState, CocUnit

ATTACK, PARRY, COUNTER = "攻撃", "受け流し", "反撃"
"""The uses of a weapon; each is also the word a refusal says (「…ので受け流しに使えません」)."""

HOLD_UNTIL = "no_hold_until"
"""The unit mark: the round in which the empty hand after a weapon shot ends (B-CALL-WPN-03)."""

DROPPED_CLAUSE = {"H": "H-CALL-ARM-04", "B": "B-CALL-ARM-02", "P": "P-PARRY-03"}
"""The clause a dropped weapon's refusal names when the drop left none (``WeaponState.dropped_by``),
by rule set (the book parries with the weapon in hand, P-PARRY-03)."""


def bare(weapon: Weapon) -> bool:
    """Whether ``weapon`` is part of the body (こぶし, キック, 組み付き, 頭突き, a natural
    attack): never dropped, usable with empty hands."""
    return weapon.parry_class.is_unarmed or weapon.natural


def use_refusal(rules: CocRules | None, state: CocState | None, unit: CocUnit, weapon: Weapon,
                use: str) -> RuleViolation | None:
    """Why ``unit`` cannot use ``weapon`` for ``use`` (:data:`ATTACK`, :data:`PARRY` or
    :data:`COUNTER`) now, or None when it can. ``rules``/``state`` None (choosing among a
    unit's weapons before a battle's details are at hand): the round-bound checks are skipped
    and the refusal names the house clause."""
    ws = unit.weapons.get(weapon.name)
    until = unit.marks.get(HOLD_UNTIL)
    if not bare(weapon) and until is not None and state is not None and state.round < int(until):
        return RuleViolation("B-CALL-WPN-03", f"{unit.id}は武器を落としてから物を持てません（あと{int(until) - state.round}"
                                              f"ラウンド）。{weapon.name}は{use}に使えません（素手なら使えます）。")
    if ws is None:
        return None
    if ws.broken:
        topic = "parry_wear" if weapon.parry_class in WEAR_CLASSES else "parry_hold"
        clause = rules.clause(topic) if rules else "H-DEF-PARRY-15"
        return RuleViolation(clause, f"{weapon.name}は破壊されているので{use}に使えません。")
    if ws.dropped and not bare(weapon):
        clause = ws.dropped_by or (DROPPED_CLAUSE.get(rules.rule_set, "H-CALL-ARM-04") if rules else "H-CALL-ARM-04")
        return RuleViolation(clause, f"{unit.id}は{weapon.name}を取り落としているので{use}に使えません"
                                     "（拾い直すかはKPの裁定）。")
    if use != PARRY and ws.jammed and weapon.is_firearm:
        return RuleViolation("X-JAM-01", f"{weapon.name}は故障していて撃てません（受け流しには使えます。"
                                         f"修理はKPの裁定: /kp set field:{weapon.name}.故障 value:0）。")
    if use != PARRY and ws.cannot_fire and weapon.is_firearm:
        clause = rules.clause("cannot_fire") if rules else "H-DEF-PARRY-19"
        return RuleViolation(clause, f"{weapon.name}は受け流しで損傷し、射撃できません（受け流しには使えます）。")
    if use == ATTACK and state is not None and rules is not None and ws.parried_round == state.round:
        return _parried(rules, unit, weapon)
    return None


def _parried(rules: CocRules, unit: CocUnit, weapon: Weapon) -> RuleViolation | None:
    """H-DEF-PARRY-07/09/10 (P-CLASS-04/06/07): a weapon that parried this round."""
    cls = weapon.parry_class
    if cls in (ParryClass.CLUB, ParryClass.KNIFE, ParryClass.SPEAR) and not _budo_exception(rules, unit):
        return RuleViolation(rules.clause("parried_club"),
                             f"{weapon.name}はこのラウンドに受け流しに使ったので、同じラウンドには攻撃に使えません。")
    if cls in (ParryClass.RIFLE, ParryClass.SHOTGUN, ParryClass.BOW):
        return RuleViolation(rules.clause("parried_gun" if cls is not ParryClass.BOW else "parried_bow"),
                             f"{weapon.name}はこのラウンドに受け流しに使ったので、同じラウンドには射撃できません。")
    return None


def _budo_exception(rules: CocRules, unit: CocUnit) -> bool:
    """H-DEF-PARRY-07: with 武道 at base + 10% or more the weapon may still attack."""
    if rules.rule_set != "H" or unit.character is None:
        return False
    return any(v >= 11 for v in unit.character.budo_skills().values())


def usable(unit: CocUnit, weapon: Weapon, use: str = ATTACK) -> bool:
    """Whether ``unit`` may use ``weapon`` for ``use`` as far as its condition tells (not
    destroyed, not dropped, a gun able to fire): :func:`use_refusal` without a battle."""
    return use_refusal(None, None, unit, weapon, use) is None
