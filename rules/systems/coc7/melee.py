"""Close combat of the 7th edition (7-MELEE-01..08, 7-OUTN-01/02): the attacker rolls at
``/attack``; the defender is asked — always, even when the attack roll failed — to fight
back (応戦), dodge (回避) or not respond (なし), and rolls; the success levels decide
(rules.systems.coc7.outcome). A defender who has already dodged or fought back this round
as often as it has attacks is outnumbered: each further attacker gets a bonus die."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.commands import React
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.battle.state import Pending
from rules.coc7.check import Level7
from rules.coc7.weapons import UNARMED, Weapon7
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc7 import maneuver
from rules.systems.coc7.damage import deal
from rules.systems.coc7.events import InHand, ResponseUsed
from rules.systems.coc7.outcome import ATTACKER, DEFENDER, DODGE, FIGHT_BACK, NO_RESPONSE, winner
from rules.systems.coc7.rolls import Modifier, roll_check
from rules.systems.coc7.state import Coc7State, Coc7Unit
from rules.systems.coc7.wounds import take

ANSWERS = (FIGHT_BACK, DODGE, NO_RESPONSE)
"""What a melee attack's target is asked (7-MELEE-02)."""
THROWN_ANSWERS = (DODGE, NO_RESPONSE)
"""A thrown weapon is dodged, never fought back (7-MELEE-08)."""


def outnumbered(target: Coc7Unit) -> Modifier | None:
    """7-OUTN-01/02: a bonus die once ``target`` has dodged or fought back this round as
    many times as it has attacks a round (a monster with 2 attacks is outnumbered from its
    third response on); None otherwise."""
    attacks = max(1, target.sheet.attacks if target.sheet else 1)
    if target.responses >= attacks:
        return Modifier(1, "多勢に無勢")
    return None


def melee_modifiers(target: Coc7Unit, declared: int) -> list[Modifier]:
    """The dice every melee attack on ``target`` gets: outnumbered (7-OUTN-01) and the
    ``bonus:`` the attacker declared (surprise, a target on the ground … as the KP rules,
    7-DICE-03)."""
    found = [m for m in (outnumbered(target),) if m is not None]
    if declared:
        found.append(Modifier(declared, "宣言した補正"))
    return found


@dataclass(frozen=True)
class Swing:
    """A melee attack about to be rolled: ``weapon`` (a maneuver's stands-in: こぶし),
    ``value`` (%), ``effect`` (a maneuver's, else None), ``modifiers``, ``special``."""

    weapon: Weapon7
    value: int
    effect: str | None
    modifiers: tuple[Modifier, ...]
    special: str | None = None


def strike(d: Decision[Coc7State], actor: Coc7Unit, target: Coc7Unit, swing: Swing, dice: Dice) -> None:
    """Declare and roll ``swing`` (7-MELEE-01), then ask ``target`` (7-MELEE-02); a target
    out of action cannot answer: the attack is resolved as unanswered."""
    number = d.state.next_attack
    label = swing.effect or swing.weapon.name
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id, weapon=label,
                             skill=swing.value, ap=0, special=swing.special))
    if swing.effect is None and actor.in_hand != swing.weapon.name:
        d.emit(InHand(unit=actor.id, weapon=swing.weapon.name))
    purpose = f"マヌーバー（{swing.effect}）" if swing.effect else f"攻撃（{swing.weapon.name}）"
    check = roll_check(d, actor.id, purpose, swing.value, dice, swing.modifiers, skill=swing.weapon.skill,
                       attack=number)
    context = {"level": check.level.value, "weapon": swing.weapon.to_dict(), "effect": swing.effect}
    target = d.state.unit7(target.id)
    if target.out_of_action:
        resolve(d, Pending(number, "reaction", target.id, [NO_RESPONSE], {"attacker": actor.id, **context}),
                NO_RESPONSE, None, None, dice)
        return
    options = list(THROWN_ANSWERS if swing.weapon.is_thrown else ANSWERS)
    d.emit(ce.ReactionRequested(attack=number, unit=target.id, attacker=actor.id, options=options, context=context))


def react(d: Decision[Coc7State], cmd: React, dice: Dice) -> None:
    """``/react action:応戦|回避|なし [weapon:]``: the answer to the attack pending for the
    acting unit; 応戦 rolls the weapon's skill (``weapon:``, else the melee weapon in hand,
    else the first melee weapon, else こぶし), 回避 rolls 〈回避〉; either counts for 多勢に無勢
    (7-OUTN-01). Then the exchange is resolved.

    Raises InvalidInput: nothing pending, an answer not offered, a weapon that cannot fight
    back; RuleViolation 7-MELEE-07 (fighting back with a firearm or thrown weapon)."""
    state = d.state
    pending_units = [p.unit for p in state.pending]
    unit = acting_unit(state, cmd, prefer=pending_units[0] if pending_units else None)
    pending = state.pending_for(unit.id)
    if pending is None:
        raise InvalidInput(f"{unit.id}が答える攻撃はありません（対応は攻撃されたときに選びます）。")
    assert isinstance(unit, Coc7Unit) and unit.sheet is not None
    action = (cmd.action or "").strip()
    if action not in pending.options:
        raise InvalidInput(f"「{action}」はこの攻撃への対応に選べません。選べる対応: {'／'.join(pending.options)}")
    weapon = _fighting_weapon(unit, cmd.weapon) if action == FIGHT_BACK else None
    d.emit(ce.ReactionChosen(attack=pending.id, unit=unit.id, action=action, weapon=weapon.name if weapon else None))
    level = None
    if action == FIGHT_BACK:
        assert weapon is not None
        level = roll_check(d, unit.id, f"応戦（{weapon.name}）", unit.sheet.weapon_skill(weapon), dice,
                           skill=weapon.skill, attack=pending.id).level
    elif action == DODGE:
        level = roll_check(d, unit.id, "回避", unit.sheet.skill("回避"), dice, skill="回避", attack=pending.id).level
    if action != NO_RESPONSE:
        d.emit(ResponseUsed(unit=unit.id, action=action))
    resolve(d, pending, action, level, weapon, dice)


def _fighting_weapon(unit: Coc7Unit, name: str | None) -> Weapon7:
    """The weapon ``unit`` fights back with (see :func:`react`)."""
    assert unit.sheet is not None
    if name:
        weapon = unit.sheet.weapon(name)
        if weapon is None:
            names = "、".join(w.name for w in unit.sheet.all_weapons if w.is_melee)
            raise InvalidInput(f"{unit.id}は「{name}」を持っていません。応戦に使える武器: {names}")
        if not weapon.is_melee:
            forbid("7-MELEE-07", f"{weapon.name}では応戦できません（応戦は近接戦闘の武器か素手で行います）。")
        return weapon
    choices = [w for w in (unit.held_weapon, *unit.sheet.all_weapons) if w is not None and w.is_melee
               and not (unit.arms.get(w.name) and unit.arms[w.name].dropped)]
    return choices[0] if choices else UNARMED


def resolve(d: Decision[Coc7State], pending: Pending, answer: str, defence: Level7 | None,
            defence_weapon: Weapon7 | None, dice: Dice) -> None:
    """Settle the exchange of ``pending`` (7-MELEE-03..06): the attack's blow or maneuver,
    the fighting-back defender's blow on the attacker, or nothing; then close it."""
    ctx = pending.context
    attacker, defender = ctx["attacker"], pending.unit
    attack_level = Level7(ctx["level"])
    won = winner(attack_level, answer, defence)
    effect = ctx.get("effect")
    if won == ATTACKER and effect:
        outcome = maneuver.succeed(d, attacker, defender, effect)
    elif won == ATTACKER:
        weapon = Weapon7.from_dict(ctx["weapon"])
        amount = deal(d, pending.id, attacker, defender, weapon, attack_level, dice)
        take(d, defender, amount, dice, cause=f"{attacker}の{weapon.name}")
        outcome = f"{attacker}の攻撃が命中：{defender}に{amount}ダメージ"
    elif won == DEFENDER:
        assert defence is not None and defence_weapon is not None
        amount = deal(d, pending.id, defender, attacker, defence_weapon, defence, dice)
        take(d, attacker, amount, dice, cause=f"{defender}の応戦（{defence_weapon.name}）")
        outcome = f"{defender}の応戦が勝った：{attacker}に{amount}ダメージ"
    elif not attack_level.succeeded and (defence is None or not defence.succeeded):
        outcome = "双方とも失敗：何も起こらない" if defence is not None else "攻撃は外れた"
    elif answer == DODGE:
        outcome = f"{defender}は回避した"
    else:
        outcome = "攻撃は防がれた"
    d.emit(ce.AttackResolved(attack=pending.id, outcome=outcome))
