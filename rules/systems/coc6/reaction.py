"""The defender's answer to a hit: 回避, 受け流し or なし (H-DEF-01/02, H-DEF-DODGE-01/02,
H-DEF-PARRY-01..21, P-PARRY-01..08, P-CLASS, P-DMG)."""
from __future__ import annotations

from rules.battle.commands import React
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.coc6.check import roll_check
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import parry as parry_rules
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.damage import damage_expression, roll_damage, take_damage
from rules.systems.coc6.state import CocState, CocUnit

DODGE, PARRY, NONE = "回避", "受け流し", "なし"


def needs_parry_declaration(rules: CocRules, state: CocState, unit: CocUnit) -> bool:
    """H-DEF-PARRY-01/03: 〈マーシャルアーツ〉 and every 〈武道〉 below base + 10% (setting
    ``parry_free_at`` = 11). P-PARRY-05/07/08: without 〈マーシャルアーツ〉, i.e. below 1%."""
    assert unit.character is not None
    threshold = int(state.settings.get("parry_free_at", rules.defaults.get("parry_free_at", 11)))
    best = max([unit.character.skill("マーシャルアーツ"), *unit.character.budo_skills().values()])
    return best < threshold


def parry_weapons(rules: CocRules, unit: CocUnit, attack: Weapon) -> list[Weapon]:
    """The defender's weapons that can parry ``attack`` now (not broken, class allows it)."""
    assert unit.character is not None
    usable = []
    for weapon in unit.character.all_weapons:
        ws = unit.weapons.get(weapon.name)
        if ws is not None and ws.broken:
            continue
        if parry_rules.refusal_clause(rules.rule_set, weapon, attack) is None:
            usable.append(weapon)
    return usable


def parry_refusal(rules: CocRules, state: CocState, unit: CocUnit, attacker: str,
                  attack: Weapon, weapon: Weapon | None) -> RuleViolation | None:
    """Why ``unit`` may not parry this attack (with ``weapon``), or None if it may."""
    if unit.uses_left(PARRY) <= 0:
        return RuleViolation(rules.clause("parry_once"), f"{unit.id}はこのラウンドすでに受け流しを使いました。")
    if needs_parry_declaration(rules, state, unit):
        if not unit.declared(PARRY):
            return RuleViolation(rules.clause("parry_declare"),
                                 f"{unit.id}の〈マーシャルアーツ〉／〈武道〉は受け流しの宣言なしで受け流せる値に届きません。"
                                 "ラウンドのはじめに /declare action:受け流し target:相手 で宣言が必要です")
        if not unit.declared(PARRY, attacker):
            return RuleViolation(rules.clause("parry_other"),
                                 f"{unit.id}が受け流しを宣言した相手は{attacker}ではありません")
    if weapon is not None:
        ws = unit.weapons.get(weapon.name)
        if ws is not None and ws.broken:
            return RuleViolation(rules.clause("parry_hold"), f"{weapon.name}は破壊されています")
        clause = parry_rules.refusal_clause(rules.rule_set, weapon, attack)
        if clause is not None:
            return RuleViolation(clause, f"{weapon.name}ではこの攻撃（{attack.name}）を受け流せません")
    elif not parry_weapons(rules, unit, attack):
        clause = parry_rules.refusal_clause(rules.rule_set, unit.character.all_weapons[0], attack) \
            if unit.character else ""
        return RuleViolation(clause or rules.clause("parry_hold"),
                             f"{unit.id}にはこの攻撃（{attack.name}）を受け流せる武器がありません")
    return None


def dodge_refusal(rules: CocRules, unit: CocUnit, attack: Weapon) -> RuleViolation | None:
    """Why ``unit`` may not dodge this attack, or None (H-DEF-DODGE-02, H-DEF-01)."""
    if attack.is_firearm:
        return RuleViolation(rules.clause("dodge_firearm"), "銃器による攻撃は回避できません")
    if unit.uses_left(DODGE) <= 0:
        return RuleViolation(rules.clause("dodge_once"), f"{unit.id}はこのラウンドすでに回避を使いました")
    return None


def reaction_options(rules: CocRules, state: CocState, unit: CocUnit, attacker: CocUnit,
                     attack: Weapon) -> list[str]:
    """The reactions legal now, in button order; なし is always last."""
    options = []
    if dodge_refusal(rules, unit, attack) is None:
        options.append(DODGE)
    if parry_refusal(rules, state, unit, attacker.id, attack, None) is None:
        options.append(PARRY)
    options.append(NONE)
    return options


def react(rules: CocRules, d: Decision[CocState], cmd: React, dice: Dice) -> None:
    """``/react``: answer the pending attack against the issuer's unit."""
    state = d.state
    mine = [p for p in state.pending if p.kind == "reaction"]
    prefer = mine[0].unit if mine else None
    unit = acting_unit(state, cmd, prefer=prefer)
    assert isinstance(unit, CocUnit)
    pending = state.pending_for(unit.id)
    if pending is None:
        raise InvalidInput(f"{unit.id}が対応すべき攻撃はいまありません。")
    attacker = pending.context["attacker"]
    attack = Weapon.from_dict(pending.context["weapon"])
    action = (cmd.action or "").strip()
    number = pending.id
    if action == NONE:
        d.emit(ce.ReactionChosen(attack=number, unit=unit.id, action=NONE))
        _hit(rules, d, number, attacker, unit.id, attack, dice)
    elif action == DODGE:
        refusal = dodge_refusal(rules, unit, attack)
        if refusal:
            raise refusal
        d.emit(ce.ReactionChosen(attack=number, unit=unit.id, action=DODGE))
        d.emit(ce.ReactionUsed(unit=unit.id, action=DODGE))
        assert unit.character is not None
        target = unit.character.skill("回避")
        check = roll_check(target, dice, bands(state))
        d.emit(ce.CheckRolled(unit=unit.id, purpose="回避", target=target, roll=check.roll,
                              level=check.level.value, text=check.text(), attack=number))
        if check.succeeded:
            d.emit(ce.AttackResolved(attack=number, outcome=f"{unit.id}は攻撃を回避した"))
        else:
            _hit(rules, d, number, attacker, unit.id, attack, dice)
    elif action == PARRY:
        weapon = None
        if cmd.weapon:
            assert unit.character is not None
            weapon = unit.character.weapon(cmd.weapon)
            if weapon is None:
                raise InvalidInput(f"{unit.id}は「{cmd.weapon}」を持っていません。")
        refusal = parry_refusal(rules, state, unit, attacker, attack, weapon)
        if refusal:
            raise refusal
        weapon = weapon or parry_weapons(rules, unit, attack)[0]
        _parry(rules, d, number, attacker, unit, attack, weapon, dice)
    else:
        options = "、".join(pending.options)
        raise InvalidInput(f"「{action}」はこの攻撃への対応に使えません。選べるのは: {options}")


def _parry(rules: CocRules, d: Decision[CocState], number: int, attacker: str, unit: CocUnit,
           attack: Weapon, weapon: Weapon, dice: Dice) -> None:
    assert unit.character is not None
    d.emit(ce.ReactionChosen(attack=number, unit=unit.id, action=PARRY, weapon=weapon.name))
    d.emit(ce.ReactionUsed(unit=unit.id, action=PARRY, weapon=weapon.name))
    target = unit.character.weapon_skill(weapon)
    rolls = 2 if weapon.parry_class is ParryClass.GRAPPLE else 1
    succeeded = True
    for _ in range(rolls):
        check = roll_check(target, dice, bands(d.state))
        d.emit(ce.CheckRolled(unit=unit.id, purpose=f"受け流し（{weapon.name}）", target=target,
                              roll=check.roll, level=check.level.value, text=check.text(), attack=number))
        if not check.succeeded:
            succeeded = False
            break
    if not succeeded:
        _hit(rules, d, number, attacker, unit.id, attack, dice)
        return
    damage = roll_damage(d, number, unit.id, _expression(d.state, attacker, attack), dice)
    ws = unit.weapons[weapon.name]
    outcome = parry_rules.process(rules.rule_set, weapon, ws.hp, ws.cannot_fire, damage, attack)
    if (outcome.hp, outcome.broken, outcome.cannot_fire) != (ws.hp, ws.broken, ws.cannot_fire):
        d.emit(ce.WeaponChanged(unit=unit.id, weapon=weapon.name, hp=outcome.hp, broken=outcome.broken,
                                cannot_fire=outcome.cannot_fire, note=outcome.note))
    take_damage(d, unit.id, outcome.taken, dice, cause=f"{attacker}の{attack.name}")
    summary = outcome.note + (f"、{outcome.taken}ダメージが通った" if outcome.taken else "、ダメージなし")
    d.emit(ce.AttackResolved(attack=number, outcome=summary))


def _expression(state: CocState, attacker: str, attack: Weapon) -> str:
    unit = state.units.get(attacker)
    db = unit.character.damage_bonus if isinstance(unit, CocUnit) and unit.character else ""
    return damage_expression(attack, db)


def _hit(rules: CocRules, d: Decision[CocState], number: int, attacker: str, target: str,
         attack: Weapon, dice: Dice) -> None:
    damage = roll_damage(d, number, target, _expression(d.state, attacker, attack), dice)
    take_damage(d, target, damage, dice, cause=f"{attacker}の{attack.name}")
    d.emit(ce.AttackResolved(attack=number, outcome=f"{target}に{damage}ダメージ"))


def resolve_unopposed(rules: CocRules, d: Decision[CocState], number: int, attacker: str,
                      target: str, attack: Weapon, dice: Dice, level: str) -> None:
    """A hit on a unit that cannot react (out of action): the damage lands at once."""
    _hit(rules, d, number, attacker, target, attack, dice)
