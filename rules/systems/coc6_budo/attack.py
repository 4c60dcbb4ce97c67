"""``/attack`` in ``coc6-budo``: the counter attack of a unit whose counter succeeded
(B-COUNTER-03/07), the round-end rush attack (B-RUSH-02), the special actions サルト,
タックル, ラッシュ, フェイント (B-SALTO, B-TACKLE, B-RUSH, B-FEINT; one per attack), called
shots (B-CALL-*), and the ordinary attack with its 〈武道〉 combination (CF-17)."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import begin, check_limit, check_reach, check_weapon_usable, choose_weapon
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.rush import pending_rush
from rules.systems.coc6.specials import canonical_specials
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo import called_shot, counter, feint, rush, salto, tackle
from rules.systems.coc6_budo.strikes import budo_strike, strike_with_effects

SPECIALS = {salto.SALTO: None, tackle.TACKLE: tackle.tackle, rush.RUSH: rush.rush, feint.FEINT: feint.feint}
"""The special actions of seed 002 by name (サルト is handled apart: it needs a grapple)."""


def attack(rules: CocRules, d: Decision[CocState], cmd: Attack, dice: Dice) -> None:
    """Dispatch ``/attack``. Raises RuleViolation B-SPEC-01 for two specials at once and for
    a special combined with a called shot; InvalidInput for an unknown special."""
    state = d.state
    names = canonical_specials(cmd.special)
    if names == [rush.RUSH] and rush_after_hit(d, cmd):
        return
    if _counter_attack(rules, d, cmd, names, dice):
        return
    actor, target = begin(rules, d, cmd)
    if state.bonus and state.bonus.get("unit") == actor.id:
        rush.extra_attack(rules, d, cmd, actor, dice)
        return
    if len(names) > 1:
        raise RuleViolation("B-SPEC-01", "特殊行動は1回の攻撃に1つだけです。", allowable=False)
    if names and names[0] not in SPECIALS:
        raise InvalidInput(f"{rules.title}の特殊行動は {'、'.join(SPECIALS)} です（「{names[0]}」は使えません）。")
    if names and cmd.aim:
        raise RuleViolation("B-CALL-02", "部位狙いは通常の攻撃で宣言します（特殊行動とは組み合わせられません）。", allowable=False)
    if names == [salto.SALTO]:
        salto.salto(cmd, d, actor, target, dice)
    elif names:
        SPECIALS[names[0]](rules, d, cmd, actor, target, dice)
    else:
        ordinary(rules, d, cmd, actor, target, dice)


def ordinary(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
             dice: Dice) -> None:
    """An attack with the weapon's skill + ``modifier`` + the called shot's modifier
    (B-CALL-03, B-CALL-VITAL-01), the matching 〈武道〉 on the same die (X-COMB-01, ×2 on
    success, CF-17). A 〈組み付き〉 that lands starts a grapple (X-GRAPPLE-01); its 武道 part
    succeeding licenses a サルト this round (B-SALTO-01)."""
    state = d.state
    weapon = choose_weapon(actor, cmd.weapon)
    check_weapon_usable(rules, state, actor, weapon)
    if actor.weapons.get(weapon.name) and actor.weapons[weapon.name].dropped:  # the KP allowed it
        d.emit(ce.WeaponReadied(unit=actor.id, weapon=weapon.name, dropped=False, nocked=False,
                                note=f"KPの裁定で{actor.id}は{weapon.name}を拾い直した"))
    check_limit(rules, state, actor, weapon, 1)
    check_reach(state, actor, target, weapon)
    modifier, context = called_shot.aim(state, target, cmd.aim)
    assert actor.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier + modifier)
    if rush.rush_offer(state, actor, weapon):
        context["rush_offer"] = True  # [ラッシュ] after a 武道 success, before the damage roll (B-RUSH-01)
    plan = budo_strike(rules, state, actor, target, weapon, skill, aim=called_shot.canonical(cmd.aim),
                       context=context)
    strike_with_effects(rules, d, plan, dice)


def rush_after_hit(d: Decision[CocState], cmd) -> bool:
    """「ラッシュ！」 (``/attack special:ラッシュ``, the [ラッシュ] button) by a unit whose 武道
    attack hit and whose damage is not rolled yet: the rush is declared (B-RUSH-01). False when
    no hit of the issuer's waits for its damage."""
    state = d.state
    if not state.pending:
        return False
    actor = acting_unit(state, cmd, prefer=state.turn)
    pending = pending_rush(state, actor.id)
    if pending is None:
        return False
    assert isinstance(actor, CocUnit)
    rush.declare_after_hit(d, actor, pending)
    return True


def _counter_attack(rules: CocRules, d: Decision[CocState], cmd: Attack, names: list[str], dice: Dice) -> bool:
    """``/attack`` by a unit asked for its counter attack: made at once, out of turn
    (B-COUNTER-03); サルト allowed, タックル/ラッシュ/フェイント refused (B-COUNTER-07)."""
    state = d.state
    mine = [p for p in state.pending if p.context.get("followup") == counter.FOLLOWUP
            and (state.units[p.unit].owner == cmd.issuer or cmd.as_unit == p.unit)]
    if not mine:
        return False
    unit = acting_unit(state, cmd, prefer=mine[0].unit)
    pending = state.pending_for(unit.id)
    if pending is None or pending.context.get("followup") != counter.FOLLOWUP:
        return False
    assert isinstance(unit, CocUnit)
    inc = Incoming.of(pending)
    if cmd.target and find_unit(state, cmd.target).id != inc.attacker:
        raise InvalidInput(f"カウンター攻撃の相手は{inc.attacker}です。")
    if names and names[0] in counter.FORBIDDEN:
        raise RuleViolation("B-COUNTER-07", f"カウンター攻撃で{names[0]}は行えません。", allowable=False)
    if names == [salto.SALTO]:
        d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=counter.STRIKE_BACK, weapon=salto.SALTO))
        d.emit(ce.AttackResolved(attack=inc.number, outcome=f"{unit.id}のカウンター攻撃（サルト）"))
        salto.salto(cmd, d, d.state.coc_unit(unit.id), d.state.coc_unit(inc.attacker), dice, counts=False)
        return True
    counter.strike_back(rules, d, unit, inc, cmd.weapon, dice)
    return True
