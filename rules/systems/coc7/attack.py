"""``/attack`` in a 7th-edition battle: after the checks every attack passes (acting.py), a
maneuver (maneuver.py, rolled as a melee attack), a firearm's shots (firearms.py) or a melee
or thrown attack (melee.py)."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc7.weapons import FIGHTING, UNARMED
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6.grid import MELEE_REACH, apart
from rules.systems.coc7 import firearms, maneuver
from rules.systems.coc7.acting import begin, choose_weapon, require_free, usable
from rules.systems.coc7.melee import Swing, melee_modifiers, strike
from rules.systems.coc7.specials import MANEUVER, POINT_BLANK, split
from rules.systems.coc7.state import Coc7State

NO_PERCENT = ("7版の戦闘では補正は%ではなく、ボーナス・ペナルティダイスで付けます"
              "（bonus:1 でボーナス・ダイス1個、bonus:-1 でペナルティ・ダイス1個）。")


def within_reach(state: Coc7State, actor, target, name: str | None, maneuvering: bool) -> None:
    """7-MELEE-09: on the map a melee attack or maneuver reaches the same or an adjacent
    square (as X-REACH-01); not checked when either unit has no square."""
    weapon = None if maneuvering else choose_weapon(actor, name)
    if weapon is not None and not weapon.is_melee:
        return
    gap = apart(state, actor, target)
    if gap is not None and gap > MELEE_REACH:
        what = "マヌーバー" if maneuvering else weapon.name
        forbid("7-MELEE-09", f"{what}は隣のマスまでしか届きません（{target.id}まで{gap}マス）。")


def attack(d: Decision[Coc7State], cmd: Attack, dice: Dice) -> None:
    """Decide ``/attack`` (see the module docstring). Raises InvalidInput for a % modifier
    (7th edition modifies by dice, 7-DICE-03), an ``aim:`` that is no maneuver's effect, a
    point-blank melee attack; RuleViolation from the checks and rules it applies."""
    if cmd.modifier:
        raise InvalidInput(NO_PERCENT)
    specials = split(cmd.special, also=tuple(maneuver.EFFECT_WORDS))
    actor, target = begin(d, cmd)
    effect = maneuver.effect_of(cmd, specials)
    if cmd.aim and effect is None:
        raise InvalidInput(f"aim:「{cmd.aim}」は7版では使いません（マヌーバーの狙いなら special:マヌーバー aim:"
                           f"{'／'.join(maneuver.EFFECTS)}）。")
    require_free(actor, target, effect is not None)
    assert actor.sheet is not None
    within_reach(d.state, actor, target, cmd.weapon, effect is not None)
    if effect is not None:
        if POINT_BLANK in specials:
            raise InvalidInput("至近距離は射撃の特殊です。マヌーバーには付けられません。")
        modifiers = melee_modifiers(target, cmd.bonus)
        build = maneuver.build_penalty(actor, target)
        swing = Swing(UNARMED, actor.sheet.skill(FIGHTING), effect,
                      tuple(modifiers + ([build] if build else [])), MANEUVER)
        strike(d, actor, target, swing, dice)
        return
    weapon = choose_weapon(actor, cmd.weapon)
    usable(actor, weapon)
    if weapon.is_firearm:
        firearms.shoot(d, cmd, actor, target, weapon, dice)
        return
    if POINT_BLANK in specials:
        raise InvalidInput(f"至近距離は射撃の特殊です（{weapon.name}は近接戦闘の武器です）。")
    if cmd.shots and cmd.shots > 1:
        raise InvalidInput(f"shots: は銃の複数発撃ちに使います（{weapon.name}は銃ではありません）。")
    value = actor.sheet.weapon_skill(weapon)
    strike(d, actor, target, Swing(weapon, value, None, tuple(melee_modifiers(target, cmd.bonus)),
                                   cmd.special), dice)
