"""What lands with a blow besides its damage, in the order the clauses give it: the throw's
転倒 and CON×5 knockout (H-MA-SALTO-08/09), the tackle's knockback, DEX×5 and CON×5
(H-MA-TACKLE-08..12), the rush's stun and round-end attack (H-MA-RUSH-04/05), the called
shots' lasting losses (H-CALL-ARM-02/04, H-CALL-LEG-02/03) and the archer's finer shots
(H-KYU-PREC-08/11/17), and the fall after a throw from a height (H-MA-SALTO-10).

An attack lists its effects in its pending context as ``effects`` (dicts with a ``kind``);
hit.py's ``land`` calls :func:`apply_effects` once the blow has landed on ``unit``.
"""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.systems.coc6 import conditions as cond
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.damage import roll_damage, take_damage
from rules.systems.coc6.knockback import knock_back
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.wounds import inflict

def apply_effects(d: Decision[CocState], attacker: str, unit: str, context: dict, dice: Dice) -> None:
    """Apply ``context["effects"]`` of the attack by ``attacker`` that landed on ``unit``."""
    number = context.get("number")
    for effect in context.get("effects", ()):
        target = d.state.units.get(unit)
        if not isinstance(target, CocUnit) or cond.DEAD in target.conditions:
            return
        _APPLY[effect["kind"]](d, attacker, target, effect, number, dice)


def _prone(d, attacker, unit, effect, number, dice) -> None:
    cond.add(d, unit.id, cond.PRONE, effect.get("cause", ""))


def _ko_check(d, attacker, unit, effect, number, dice) -> None:
    if unit.out_of_action:
        return
    if not cond.characteristic_roll(d, unit.id, "CON", "ノックアウト抵抗", dice, number):
        cond.add(d, unit.id, cond.KNOCKOUT, effect.get("cause", ""))


def _prone_check(d, attacker, unit, effect, number, dice) -> None:
    if unit.out_of_action:
        return
    if not cond.characteristic_roll(d, unit.id, "DEX", "転倒抵抗", dice, number):
        cond.add(d, unit.id, cond.PRONE, effect.get("cause", ""))


def _knockback(d, attacker, unit, effect, number, dice) -> None:
    knock_back(d, number or 0, unit.id, tuple(effect["delta"]), dice)


def _wound(d, attacker, unit, effect, number, dice) -> None:
    inflict(d, unit, effect["part"])


def _throat(d, attacker, unit, effect, number, dice) -> None:
    inflict(d, unit, "喉")
    cond.stun_one_turn(d, unit.id, "喉を射抜かれた（H-KYU-PREC-17）")


def _eye(d, attacker, unit, effect, number, dice) -> None:
    """H-KYU-PREC-08: shooter's Luck succeeds and the target's fails → instant death."""
    shooter = d.state.coc_unit(attacker)
    results = []
    for who in (shooter, unit):
        luck = who.character.stat("POW") * 5 if who.character else 0
        check = roll_check(luck, dice, bands(d.state))
        d.emit(ce.CheckRolled(unit=who.id, purpose="幸運（POW×5）", target=luck, roll=check.roll,
                              level=check.level.value, text=check.text(), attack=number))
        results.append(check.succeeded)
    if results[0] and not results[1]:
        cond.add(d, unit.id, cond.DEAD, "矢が眼球から脳に達した（H-KYU-PREC-08）")


def _drop(d, attacker, unit, effect, number, dice) -> None:
    """H-CALL-ARM-04: a special arm hit makes the target drop its weapon."""
    assert unit.character is not None
    held = [w for w in unit.character.weapons if not unit.weapons.get(w.name) or
            not unit.weapons[w.name].dropped]
    if held:
        d.emit(ce.WeaponReadied(unit=unit.id, weapon=held[0].name, dropped=True, nocked=False, cause="H-CALL-ARM-04",
                                note=f"{unit.id}は{held[0].name}を取り落とした（H-CALL-ARM-04）"))


def _rush(d, attacker, unit, effect, number, dice) -> None:
    """H-MA-RUSH-04/05: CON×5 or stunned 1 turn; the attacker attacks again at round end."""
    if not unit.out_of_action and not cond.characteristic_roll(d, unit.id, "CON", "ラッシュ", dice, number):
        cond.stun_one_turn(d, unit.id, "ラッシュの痛みで動きが止まった（H-MA-RUSH-04）")
    d.emit(ce.ExtraAttackQueued(unit=attacker, target=unit.id, weapon=effect["weapon"]))


def _grapple(d, attacker, unit, effect, number, dice) -> None:
    """X-GRAPPLE-01: both units are 組み付き中; the holder is recorded."""
    cond.add(d, attacker, cond.GRAPPLED, f"{unit.id}に組み付いた")
    cond.add(d, unit.id, cond.GRAPPLED, f"{attacker}に組み付かれた")
    d.emit(ce.UnitMarked(unit=attacker, key="holding", value=unit.id))


def _fall(d, attacker, unit, effect, number, dice) -> None:
    """H-MA-SALTO-10 / X-FALL-01: thrown from ``metres`` up, 1D6 per full 3 m."""
    count = int(effect["metres"]) // 3
    if count:
        amount = roll_damage(d, number or 0, unit.id, f"{count}D6", dice)
        take_damage(d, unit.id, amount, dice, cause=f"{effect['metres']}mの高さから落下（X-FALL-01）", armor=False)


_APPLY = {
    "prone": _prone, "ko_check": _ko_check, "prone_check": _prone_check,
    "knockback": _knockback, "wound": _wound, "throat": _throat, "eye": _eye,
    "drop": _drop, "rush": _rush, "grapple": _grapple, "fall": _fall,
}

