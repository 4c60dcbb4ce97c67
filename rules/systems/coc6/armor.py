"""Armour 「装甲」 and armour penetration 「装甲貫通」 (H-DEF-06, H-DEF-07).

Whatever the defensive action, a failure leaves only the armour to reduce the damage
(H-DEF-06: the damage step subtracts the armour points from every hit). Once the armour is
penetrated — a 「防御」 fumble (H-DEF-BLOCK-05) or an attack the KP marks armour-piercing
(``armor_piercing`` in the attack's context) — the armour no longer counts for that attack,
unless the defender rolled a critical on its defensive roll.
"""
from __future__ import annotations


def armor_counts(pierced: bool, critical: bool) -> bool:
    """Whether the armour reduces this hit: always, unless penetrated without a critical
    (H-DEF-07)."""
    return not pierced or critical


def after_armor(damage: int, armor: int, counts: bool = True) -> int:
    """HP lost from ``damage`` (HP) with ``armor`` points when the armour counts; ≥ 0."""
    return max(0, damage - (armor if counts else 0))
