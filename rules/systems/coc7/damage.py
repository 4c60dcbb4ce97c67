"""The damage of a 7th-edition hit (7-DMG-01..04): the weapon's dice, then the damage bonus
(all of it for melee, half for thrown weapons and bows, none for firearms); an extreme
success (イクストリーム成功 or クリティカル) does the weapon's and the bonus's maximum, and an
impaling weapon (貫通) one more roll of its dice on top."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc7.check import Level7
from rules.coc7.weapons import Weapon7
from rules.dice import Dice, expression_max, roll_expression
from rules.systems.coc6 import events as ce
from rules.systems.coc7.state import Coc7State, Coc7Unit

EXTREME = (Level7.EXTREME, Level7.CRITICAL)
"""The levels that deal extreme damage (7-DMG-02)."""


def bonus_part(weapon: Weapon7, db: str) -> str:
    """The damage bonus term ``weapon`` adds (``+1D4``, ``+(1D4)/2U`` for half, '' for none):
    the whole bonus for melee (7-DMG-01), half rounded up for thrown weapons and bows, none
    for firearms."""
    if not db or weapon.add_db == "none":
        return ""
    if weapon.add_db == "half":
        sign = "-" if db.startswith("-") else "+"
        return f"{sign}({db.lstrip('+-')})/2U"
    return db if db.startswith(("+", "-")) else f"+{db}"


def expression(weapon: Weapon7, attacker: Coc7Unit | None) -> str:
    """The damage dice of ``weapon`` then the attacker's damage bonus (7-DMG-01)."""
    db = attacker.sheet.damage_bonus if attacker is not None and attacker.sheet else ""
    return weapon.damage + bonus_part(weapon, db)


def deal(d: Decision[Coc7State], number: int, attacker: str, victim: str, weapon: Weapon7,
         level: Level7, dice: Dice) -> int:
    """Roll (or, on an extreme success, take the maximum of) the damage of ``attacker``'s
    ``weapon`` on ``victim`` for attack ``number``; emit DamageRolled and return the total
    (≥ 0). Extreme (7-DMG-02): the maximum of the weapon's dice and of the bonus; an impaling
    weapon then rolls its dice once more (7-DMG-03)."""
    unit = d.state.units.get(attacker)
    expr = expression(weapon, unit if isinstance(unit, Coc7Unit) else None)
    if level not in EXTREME:
        result = roll_expression(expr, dice)
        total = max(0, result.total or 0)
        d.emit(ce.DamageRolled(attack=number, unit=victim, expr=expr, total=total, text=result.text,
                               rolls=[list(r) for r in result.rolls], attacker=attacker))
        return total
    top = expression_max(expr)
    text = f"{level.label}：最大ダメージ（{expr}） ＝ {top}"
    rolls: list = []
    total = top
    if weapon.impale:
        again = roll_expression(weapon.damage, dice)
        rolls = [list(r) for r in again.rolls]
        total = top + max(0, again.total or 0)
        text += f"＋貫通でもう1回 {again.text} → {top}＋{again.total} ＝ {total}"
    d.emit(ce.DamageRolled(attack=number, unit=victim, expr=expr, total=max(0, total), text=text,
                           rolls=rolls, attacker=attacker))
    return max(0, total)
