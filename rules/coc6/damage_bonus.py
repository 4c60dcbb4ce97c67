"""The damage bonus table of CoC 6 (X-DB-01)."""
from __future__ import annotations


def damage_bonus(strength: int, size: int) -> str:
    """X-DB-01: the damage bonus (db) for STR + SIZ, as a dice expression.

    Returns ``""`` for none (17–24), otherwise a signed expression such as ``"-1D6"``,
    ``"-1D4"``, ``"+1D4"``, ``"+1D6"``, ``"+2D6"``; above 72, +1D6 per further 16 points.
    """
    total = strength + size
    if total <= 12:
        return "-1D6"
    if total <= 16:
        return "-1D4"
    if total <= 24:
        return ""
    if total <= 32:
        return "+1D4"
    if total <= 40:
        return "+1D6"
    if total <= 56:
        return "+2D6"
    return f"+{3 + max(0, (total - 57) // 16)}D6"
