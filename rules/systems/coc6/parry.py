"""The parry 〈受け流し〉: which attacks each weapon class stops and how a successful parry
processes the damage, for both rule sets (H-DEF-PARRY-04..21 and P-CLASS / P-DMG)."""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc6.weapons import ParryClass, Weapon

NO_PARRY = frozenset({ParryClass.SLING, ParryClass.THROWN, ParryClass.HANDGUN, ParryClass.SMG,
                      ParryClass.ASSAULT_RIFLE, ParryClass.MACHINE_GUN, ParryClass.HEAD_BUTT})
"""Classes that cannot parry at all (H-DEF-PARRY-12, P-CLASS-08, P-NOTE-02)."""

HOLD_CLASSES = frozenset({ParryClass.SWORD, ParryClass.MACE})
"""Damage up to HP cancelled, HP kept, destroyed by a bigger blow (H-DEF-PARRY-15, P-DMG-03)."""

WEAR_CLASSES = frozenset({ParryClass.CLUB, ParryClass.SPEAR, ParryClass.BOW})
"""HP falls by the damage, excess to the character at 0 (H-DEF-PARRY-16, P-DMG-04)."""


def is_human_unarmed(weapon: Weapon) -> bool:
    """A (human) fist, kick, head butt or grapple: not a creature's natural attack."""
    return weapon.parry_class.is_unarmed and not weapon.natural


def refusal_clause(rule_set: str, parry: Weapon, attack: Weapon) -> str | None:
    """The clause that forbids parrying ``attack`` with ``parry``, or None if it may.

    ``rule_set`` is ``"H"`` (seed 000) or ``"P"`` (seed 001).
    """
    house = rule_set == "H"
    if attack.is_firearm:
        return "H-FIRE-PB-03" if house else "P-CLASS-06"
    if attack.parry_class.is_ranged:
        return "H-DEF-PARRY-08" if house else "P-CLASS-05"
    cls = parry.parry_class
    if cls in NO_PARRY:
        return "H-DEF-PARRY-12" if house else ("P-CLASS-08" if cls is ParryClass.SLING else "P-NOTE-02")
    if cls in (ParryClass.FIST, ParryClass.KICK) and not is_human_unarmed(attack):
        return "H-DEF-PARRY-04" if house else "P-CLASS-01"
    if cls is ParryClass.GRAPPLE and not house and is_human_unarmed(attack):
        return "P-CLASS-02"  # 「あらゆる近接戦武器」: weapons only; fists meet fists (CF-06)
    return None


@dataclass(frozen=True)
class ParryOutcome:
    """What a successful parry leaves: ``taken`` damage to the character, the weapon's new
    ``hp``, ``broken`` and ``cannot_fire``, and a Japanese ``note``."""

    taken: int
    hp: int | None
    broken: bool
    cannot_fire: bool
    note: str


def process(rule_set: str, parry: Weapon, hp: int | None, cannot_fire: bool, damage: int,
            attack: Weapon) -> ParryOutcome:
    """Damage processing after a successful parry (H-DEF-PARRY-13..19, P-DMG-01..06).

    ``hp`` is the parrying weapon's current HP, ``damage`` the attack's rolled damage (≥ 0).
    The knife is a sword-like weapon for damage under the house rules (H-DEF-PARRY-15) and
    a club-like one under the book rule (P-DMG-04, CF-04); the spear follows the club (CF-05).
    """
    cls = parry.parry_class
    house = rule_set == "H"
    if cls in (ParryClass.FIST, ParryClass.KICK):
        if is_human_unarmed(attack):
            return ParryOutcome(0, hp, False, cannot_fire, "素手の攻撃を完全に受け流した")
        return ParryOutcome(damage, hp, False, cannot_fire, "近接武器は素手では止められない")
    if cls is ParryClass.GRAPPLE:
        return ParryOutcome(0, hp, False, cannot_fire, "組み付きで攻撃を完全に受け流した")
    current = hp if hp is not None else 0
    hold = cls in HOLD_CLASSES or (house and cls is ParryClass.KNIFE)
    if hold:
        if damage <= current:
            return ParryOutcome(0, current, False, cannot_fire, f"{parry.name}で受け止めた（耐久力は減らない）")
        return ParryOutcome(damage - current, current, True, cannot_fire,
                            f"{parry.name}は耐久力{current}を超える一撃で破壊された")
    if cls in WEAR_CLASSES or cls is ParryClass.KNIFE:
        left = current - damage
        if left > 0:
            return ParryOutcome(0, left, False, cannot_fire, f"{parry.name}の耐久力が{current}→{left}")
        return ParryOutcome(-left, 0, True, cannot_fire, f"{parry.name}は耐久力0で破壊された")
    if cls is ParryClass.SHIELD:
        if damage <= current:
            return ParryOutcome(0, current, False, cannot_fire, f"{parry.name}で受け止めた")
        excess = damage - current
        left = current - excess
        return ParryOutcome(excess, max(left, 0), left <= 0, cannot_fire,
                            f"{parry.name}の耐久力が{current}→{max(left, 0)}")
    # rifle / shotgun (H-DEF-PARRY-19, P-DMG-06)
    if damage <= current:
        return ParryOutcome(0, current, False, cannot_fire, f"{parry.name}で受け止めた")
    return ParryOutcome(damage - current, current, False, True,
                        f"{parry.name}は射撃不能になった（受け流しは耐久力{current}のまま可能）")
