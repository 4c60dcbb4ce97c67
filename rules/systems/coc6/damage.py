"""Rolling and taking damage: db (X-DB-01), armour (H-DEF-06), HP states (X-HP-02) and
shock (X-HP-03)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.coc6.check import CCB, roll_check
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice, roll_expression
from rules.systems.coc6 import events as ce
from rules.systems.coc6.impale import TWICE, impaled_dice
from rules.systems.coc6.state import CocState, CocUnit


def damage_expression(weapon: Weapon, db: str, extra: str = "", impale: str = "") -> str:
    """The damage dice of ``weapon`` with the attacker's ``db`` and ``extra`` dice added.

    Firearms and bows add no db, thrown weapons half of it (rounded up, X-ROUND-01), melee
    weapons all of it (X-DB-01); a grapple that does no damage of its own adds none either
    (X-GRAPPLE-01: its effects are the grapple, not damage). ``extra`` is a signed term such
    as ``"+1D4"``. ``impale`` (``ONCE``/``TWICE``, X-IMPALE-01): the weapon's dice twice,
    ``(1D4+2)+(1D4+2)+1D4``, with the db once (or twice for ``TWICE``).
    """
    expr = impaled_dice(weapon.damage) if impale else weapon.damage
    if weapon.parry_class is ParryClass.GRAPPLE and expr.strip() == "0":
        return expr + extra
    for _ in range(2 if impale == TWICE else 1):
        if db and weapon.add_db == "full":
            expr += db
        elif db and weapon.add_db == "half":
            sign = "-" if db.startswith("-") else "+"
            expr += f"{sign}({db.lstrip('+-')})/2U"
    return expr + extra


@dataclass(frozen=True)
class Blow:
    """Damage on its way to a unit, with the arithmetic that made it.

    Attributes:
        amount: the damage so far (HP, ≥ 0).
        base: how it came about, without the result: ``"1D3+1D4 ＞ 5"``, ``"5 − 装甲2"``.
        open: whether ``base`` ends in arithmetic still to be equated with ``amount``.
    """

    amount: int
    base: str
    open: bool = False

    @classmethod
    def of(cls, amount: int) -> "Blow":
        """A bare amount (no dice shown)."""
        return cls(amount, str(amount))

    @property
    def text(self) -> str:
        """``"1D3+1D4 ＞ 5 − 装甲2 ＝ 3"``: the arithmetic ending in the amount."""
        return f"{self.base} ＝ {self.amount}" if self.open else self.base

    def minus(self, label: str, points: int) -> "Blow":
        """Less ``points`` of ``label`` (装甲, 防御 …), never below 0; unchanged for 0 points."""
        if points <= 0:
            return self
        return Blow(max(0, self.amount - points), f"{self.base} − {label}{points}", True)

    def halved(self, why: str = "") -> "Blow":
        """Half, rounded up (X-ROUND-01)."""
        half = math.ceil(self.amount / 2)
        return Blow(half, f"{self.text} ÷ 2{why}", True)

    def times(self, factor: int) -> "Blow":
        """× ``factor`` (B-CALL-VITAL-02)."""
        base = f"（{self.base}）" if self.open else self.base
        return Blow(self.amount * factor, f"{base} × {factor}", True)

    def capped(self, amount: int, why: str) -> "Blow":
        """Only ``amount`` of it lands (a floor on HP, B-CALL-ARM-01); unchanged if no less."""
        if amount >= self.amount:
            return self
        return Blow(amount, f"{self.text}（{why}）", True)


@dataclass(frozen=True)
class Dealt:
    """What one blow did to ``unit``: ``lost`` HP (exactly the HpChanged events' fall, ≥ 0)
    and ``how`` (the arithmetic, ``"1D3+1D4 ＞ 5 − 装甲2 ＝ 3"``)."""

    unit: str
    lost: int
    how: str

    def phrase(self) -> str:
        """``鎧に3ダメージ（1D3+1D4 ＞ 5 − 装甲2 ＝ 3）``; the one wording of every summary."""
        how = f"（{self.how}）" if self.how and self.how != str(self.lost) else ""
        return f"{self.unit}に{self.lost}ダメージ{how}"


def hp_lost(events: list, unit: str) -> int:
    """The HP ``unit`` lost in ``events`` (the sum of its HpChanged falls; HP)."""
    return sum(max(0, e.before - e.after) for e in events if isinstance(e, ce.HpChanged) and e.unit == unit)


def roll_damage(d: Decision[CocState], attack: int, target: str, expr: str, dice: Dice,
                impale: bool = False, weapon: str = "") -> int:
    """Roll ``expr`` for ``attack`` on ``target``, emit DamageRolled (marked 貫通 when
    ``impale``, X-IMPALE-01; naming ``weapon`` when given), return the damage (≥ 0)."""
    result = roll_expression(expr, dice)
    total = max(0, result.total or 0)
    d.emit(ce.DamageRolled(attack=attack, unit=target, expr=expr, total=total, text=result.text,
                           rolls=[list(r) for r in result.rolls], attacker=d.state.attackers.get(attack, ""),
                           impale=impale, weapon=weapon))
    return total


def take_damage(d: Decision[CocState], unit_id: str, amount: int | Blow, dice: Dice,
                cause: str = "", armor: bool = True) -> Dealt:
    """``unit_id`` takes ``amount`` damage (HP, or a :class:`Blow` carrying its arithmetic),
    less its armour when ``armor`` (H-DEF-06). Returns what it lost and how.

    Then X-HP-02 (HP ≤ 2 気絶, ≤ 0 死亡) and X-HP-03 (a blow of half or more of the current
    HP calls for CON×5, failed → 気絶; not rolled at HP ≤ 2 or when the setting is off).
    """
    unit = d.state.coc_unit(unit_id)
    blow = amount if isinstance(amount, Blow) else Blow.of(amount)
    if armor and unit.character is not None:
        blow = blow.minus("装甲", unit.character.armor)
    amount = blow.amount
    if amount <= 0:
        return Dealt(unit_id, 0, blow.text)
    _apply(d, unit, amount, cause, dice)
    return Dealt(unit_id, amount, blow.text)


def _apply(d: Decision[CocState], unit: CocUnit, amount: int, cause: str, dice: Dice) -> None:
    unit_id = unit.id
    before = unit.hp
    after = before - amount
    d.emit(ce.HpChanged(unit=unit_id, before=before, after=after, cause=cause))
    if after <= 0:
        _add(d, unit, "死亡", "耐久力0以下（X-HP-02）")
    elif after <= 2:
        _add(d, unit, "気絶", "耐久力2以下（X-HP-02）")
    elif d.state.settings.get("shock", True) and amount >= math.ceil(before / 2):
        con5 = unit.character.stat("CON") * 5 if unit.character else 0
        check = roll_check(con5, dice, CCB)
        reason = f"{amount}ダメージ ≧ 耐久力{before}の半分"  # why it is rolled (X-HP-03), said on the line
        d.emit(ce.CheckRolled(unit=unit_id, purpose=f"ショック（{reason}：CON×5）", target=con5,
                              roll=check.roll, level=check.level.value, text=check.text()))
        if not check.succeeded:
            _add(d, unit, "気絶", "ショック（X-HP-03）")
    announce_defeat(d)


def _add(d: Decision[CocState], unit: CocUnit, condition: str, cause: str) -> None:
    if condition not in unit.conditions:
        d.emit(ce.ConditionChanged(unit=unit.id, condition=condition, added=True, cause=cause))


def announce_defeat(d: Decision[CocState]) -> None:
    """Emit SideOutOfAction once for a side whose every unit is out of action."""
    sides: dict[str, list[bool]] = {}
    for unit in d.state.units.values():
        sides.setdefault(unit.side, []).append(unit.out_of_action)
    for side, states in sides.items():
        if states and all(states) and side not in d.state.defeated_sides:
            d.emit(ev.SideOutOfAction(side=side))
