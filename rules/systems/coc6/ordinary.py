"""The ordinary attack: one roll with the weapon's skill, combined with the matching 武道
(X-COMB-01, H-MA-GRAP-01/02, H-MA-STRIKE-01/02, H-MA-WPN-02/03), with an optional called
shot (called_shot.py), on a map only within reach (X-REACH-01). Under the book rules
(``coc6``) it is the plain attack roll."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc6.weapons import Weapon
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.systems.coc6.attack import Strike, check_limit, check_reach, check_weapon_usable, strike
from rules.systems.coc6.budo import for_weapon
from rules.systems.coc6.called_shot import aim_context, called_shot, canonical_aim
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.rush import rush_offer
from rules.systems.coc6.state import CocState, CocUnit


def ordinary(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
             weapon: Weapon, dice: Dice) -> None:
    """``/attack`` without a special: 1 AP (H-ATK-02), once per turn (H-AP-04), skill
    + ``modifier`` + the aim's modifier; ×2 damage when the 武道 part succeeds too."""
    state = d.state
    house = rules.rule_set == "H"
    if not house and (cmd.aim or cmd.mode):
        raise InvalidInput(f"{rules.title}では部位狙いや射撃モードは使えません。")
    if cmd.mode:
        raise InvalidInput(f"{weapon.name}は銃ではないので、射撃モード（{cmd.mode}）は使えません。"
                           "銃を持っていれば weapon: で指定してください。")
    check_weapon_usable(rules, state, actor, weapon)
    check_limit(rules, state, actor, weapon, 1)
    aim = called_shot(state, target, cmd.aim) if house else called_shot(state, target, None)
    if house:
        check_reach(state, actor, target, weapon)
    assert actor.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier + aim.modifier)
    budo = for_weapon(actor.character, weapon, state.settings) if house else None
    context = aim_context(aim)
    if house and rush_offer(actor, weapon, cmd.aim, state.settings):
        context["rush_offer"] = True  # a rush may be declared when it hits (H-MA-RUSH-03)
    strike(rules, d, Strike(actor, target, weapon, skill, budo=budo, aim=canonical_aim(cmd.aim),
                            context=context), dice)
