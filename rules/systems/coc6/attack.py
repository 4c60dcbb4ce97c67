"""The attack action of CoC 6 (H-AP-04, H-ATK-01/02, H-FIRE-01, P-DMG-06 …)."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit
from rules.coc6.check import roll_check
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.parry import WEAR_CLASSES
from rules.systems.coc6.reaction import reaction_options, resolve_unopposed
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.checks import bands


def require_turn(state: CocState, unit: CocUnit) -> None:
    """Raise InvalidInput unless the battle is running and it is ``unit``'s turn."""
    if state.phase == "setup":
        raise InvalidInput("まだ戦闘が始まっていません。KPが /battle start で開始します。")
    if state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    if state.turn != unit.id:
        now = f"いまは{state.turn}の手番です。" if state.turn else "いまは誰の手番でもありません。"
        raise InvalidInput(f"{now}{unit.id}の手番になってから行動してください。")


def require_no_pending(state: CocState) -> None:
    if state.pending:
        p = state.pending[0]
        raise InvalidInput(f"{p.unit}の対応（{'／'.join(p.options)}）を待っています。")


def choose_weapon(unit: CocUnit, name: str | None) -> Weapon:
    """The named weapon, or the character's first own weapon, else こぶし."""
    assert unit.character is not None
    if name:
        weapon = unit.character.weapon(name)
        if weapon is None:
            names = "、".join(w.name for w in unit.character.all_weapons)
            raise InvalidInput(f"{unit.id}は「{name}」を持っていません。使える武器: {names}")
        return weapon
    return unit.character.weapons[0] if unit.character.weapons else unit.character.all_weapons[0]


def check_weapon_usable(rules: CocRules, state: CocState, unit: CocUnit, weapon: Weapon) -> None:
    """Refuse a broken weapon, a gun that cannot fire, or one that parried this round."""
    ws = unit.weapons.get(weapon.name)
    if ws is None:
        return
    if ws.broken:
        topic = "parry_wear" if weapon.parry_class in WEAR_CLASSES else "parry_hold"
        raise RuleViolation(rules.clause(topic), f"{weapon.name}は破壊されていて使えません。")
    if ws.cannot_fire and weapon.is_firearm:
        raise RuleViolation(rules.clause("cannot_fire"),
                            f"{weapon.name}は受け流しで損傷し、射撃できません（受け流しには使えます）。")
    if ws.parried_round == state.round:
        cls = weapon.parry_class
        if cls in (ParryClass.CLUB, ParryClass.KNIFE, ParryClass.SPEAR) and not _budo_exception(rules, unit):
            raise RuleViolation(rules.clause("parried_club"),
                                f"{weapon.name}はこのラウンドに受け流しに使ったので、同じラウンドには攻撃に使えません。")
        if cls in (ParryClass.RIFLE, ParryClass.SHOTGUN, ParryClass.BOW):
            raise RuleViolation(rules.clause("parried_gun" if cls is not ParryClass.BOW else "parried_bow"),
                                f"{weapon.name}はこのラウンドに受け流しに使ったので、同じラウンドには射撃できません。")


def _budo_exception(rules: CocRules, unit: CocUnit) -> bool:
    """H-DEF-PARRY-07: with 武道 at base + 10% or more the weapon may still attack."""
    if rules.rule_set != "H" or unit.character is None:
        return False
    return any(v >= 11 for v in unit.character.budo_skills().values())


def attack(rules: CocRules, d: Decision[CocState], cmd: Attack, dice: Dice) -> None:
    """``/attack``: spend 1 AP, roll to hit, and open the target's reaction on a hit."""
    state = d.state
    actor = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(actor, CocUnit)
    require_turn(state, actor)
    require_no_pending(state)
    if not cmd.target:
        raise InvalidInput("攻撃の対象を target: で指定してください。")
    target = find_unit(state, cmd.target)
    assert isinstance(target, CocUnit)
    if target.id == actor.id:
        raise InvalidInput("自分自身は攻撃できません。")
    if "死亡" in target.conditions:
        raise InvalidInput(f"{target.id}はすでに死亡しています。")
    weapon = choose_weapon(actor, cmd.weapon)
    check_weapon_usable(rules, state, actor, weapon)
    limit = 2 if weapon.is_firearm else 1
    if actor.attacks >= limit:
        clause = rules.clause("attack_limit_firearm" if weapon.is_firearm else "attack_limit")
        raise RuleViolation(clause, f"1ターンに攻撃できるのは{limit}回までです（{actor.id}はこのターンすでに攻撃しました）。")
    if rules.uses_ap and actor.ap < 1:
        raise RuleViolation("H-ATK-02", f"{actor.id}の行動ポイントが残っていません（攻撃には1ポイント必要）。")
    assert actor.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier)
    number = state.next_attack
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id, weapon=weapon.name,
                             skill=skill, ap=1 if rules.uses_ap else 0))
    check = roll_check(skill, dice, bands(state))
    d.emit(ce.CheckRolled(unit=actor.id, purpose=f"攻撃（{weapon.name}）", target=skill,
                          roll=check.roll, level=check.level.value, text=check.text(), attack=number))
    if not check.succeeded:
        d.emit(ce.AttackResolved(attack=number, outcome="攻撃は外れた"))
        return
    context = {"weapon": weapon.to_dict(), "level": check.level.value}
    if target.out_of_action:
        resolve_unopposed(rules, d, number, actor.id, target.id, weapon, dice, check.level.value)
        return
    options = reaction_options(rules, state, target, actor, weapon)
    d.emit(ce.ReactionRequested(attack=number, unit=target.id, attacker=actor.id,
                                options=options, context=context))
