"""The special attack 「フェイント」 (H-MA-FEINT-01..07): a first strike that fails by
itself but draws the target's parry or dodge, then a second one that cannot be dodged or
parried; a 〈武道〉 parry of the first sees through both."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.check import roll_check
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import (Strike, check_limit, check_reach, check_weapon_usable,
                                       choose_weapon, strike)
from rules.systems.coc6.budo import STRIKING, budo_of, for_weapon, has_budo
from rules.systems.coc6.called_shot import KNOCKOUT, aim_context, called_shot, canonical_aim
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.options import BLOCK, HIDE
from rules.systems.coc6.state import CocState, CocUnit

FEINT = "フェイント"
FIRST, SECOND = "フェイント1撃目", "フェイント2撃目"
DODGE, PARRY, BUDO = "回避", "受け流し", "武道"
MINIMUM = 60
"""H-MA-FEINT-01: the 立ち技系 / マーシャルアーツ used at 60%+."""


def feint(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
          dice: Dice) -> None:
    """``/attack special:フェイント [weapon:こぶし|キック] [aim:ノックアウト]``: 1 AP, one
    attack of the turn. The first strike fails automatically and the target must answer it
    with 〈回避〉 or 〈受け流し〉 (used up for the round, no roll) or a 〈武道〉 parry (rolled);
    then the second strike is rolled (H-MA-FEINT-04..06). Knockout only is allowed
    (H-MA-FEINT-07).

    Raises RuleViolation H-MA-FEINT-01 (not こぶし/キック with 立ち技系 or マーシャルアーツ
    at 60%+), H-MA-02 (a called shot as well).
    """
    state = d.state
    weapon = choose_weapon(actor, cmd.weapon, "こぶし")
    assert actor.character is not None
    budo = for_weapon(actor.character, weapon, state.settings)
    if weapon.parry_class not in (ParryClass.FIST, ParryClass.KICK) or budo is None \
            or budo.style != STRIKING or budo.value < MINIMUM:
        raise RuleViolation("H-MA-FEINT-01", "フェイントは〈武道：立ち技系〉か〈マーシャルアーツ〉60%以上で、〈こぶし〉か〈キック〉で行います。")
    aim = canonical_aim(cmd.aim)
    called_shot(state, target, aim)  # refuses a part that cannot be aimed at (H-CALL-01/02)
    check_weapon_usable(rules, state, actor, weapon)
    check_limit(rules, state, actor, weapon, 1)
    check_reach(state, actor, target, weapon)
    number = state.next_attack
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id, weapon=weapon.name,
                             skill=0, ap=1 if rules.uses_ap else 0, special=FEINT, aim=aim))
    context = {"special": FIRST, "number": number, "weapon": weapon.to_dict(), "parry_weapons": [],
               "modifier": cmd.modifier, "knockout_only": aim == KNOCKOUT, "aim": aim}
    options = answers(target)
    if not options:
        d.emit(ce.AttackResolved(attack=number, outcome="1撃目は空振り（対応できる行動が残っていない）"))
        second(rules, d, actor, target, context, dice)
        return
    d.emit(ce.ReactionRequested(attack=number, unit=target.id, attacker=actor.id, options=options,
                                context={**context, "prompt": f"{actor.id}のフェイント1撃目です。"
                                         "回避か受け流し（〈武道〉なら見切りの判定）を選んでください。"}))


def answers(target: CocUnit) -> list[str]:
    """What the target may answer the first strike with (H-MA-FEINT-04/06)."""
    if target.out_of_action or "スタン" in target.conditions:
        return []
    options = [a for a in (DODGE, PARRY) if target.uses_left(a) > 0]
    if PARRY in options and target.character is not None and has_budo(target.character):
        options.append(BUDO)
    return options


def first_answer(rules: CocRules, d: Decision[CocState], unit: CocUnit, pending: Pending,
                 action: str, dice: Dice) -> None:
    """The target's answer to the first strike. 回避/受け流し: used up, no roll; 武道: the
    round's parry rolled on its best 〈武道〉, a success sees through the feint and the second
    strike fails too (H-MA-FEINT-06).

    Raises RuleViolation H-MA-FEINT-04 for any other answer.
    """
    if action not in pending.options:
        raise RuleViolation("H-MA-FEINT-04", f"フェイントの1撃目には {'／'.join(pending.options)} で反応します。")
    number = pending.id
    d.emit(ce.ReactionChosen(attack=number, unit=unit.id, action=action))
    d.emit(ce.ReactionUsed(unit=unit.id, action=PARRY if action == BUDO else action))
    attacker = d.state.coc_unit(pending.context["attacker"])
    if action == BUDO:
        assert unit.character is not None
        best = budo_of(unit.character, d.state.settings)[0]
        check = roll_check(best.value, dice, bands(d.state))
        d.emit(ce.CheckRolled(unit=unit.id, purpose=f"フェイントを見切る（〈{best.skill}〉）", target=best.value,
                              roll=check.roll, level=check.level.value, text=check.text(), attack=number))
        if check.succeeded:
            d.emit(ce.AttackResolved(attack=number, outcome=f"{unit.id}はフェイントを見切った。2撃目も失敗"))
            return
    d.emit(ce.AttackResolved(attack=number, outcome=f"1撃目は自動失敗（{unit.id}は{action}を使った）"))
    second(rules, d, attacker, d.state.coc_unit(unit.id), pending.context, dice)


def second(rules: CocRules, d: Decision[CocState], actor: CocUnit, target: CocUnit, context: dict,
           dice: Dice) -> None:
    """The second strike: a normal attack roll (H-MA-FEINT-05 default), not dodgeable or
    parryable; 防御 and 隠れる stay open."""
    weapon = Weapon.from_dict(context["weapon"])
    assert actor.character is not None
    aim = called_shot(d.state, target, context.get("aim"))  # H-MA-02: the aim is the 2nd strike's
    skill = max(0, actor.character.weapon_skill(weapon) + int(context.get("modifier", 0)) + aim.modifier)
    strike(rules, d, Strike(actor, target, weapon, skill, ap=0, counts=False,
                            budo=for_weapon(actor.character, weapon, d.state.settings),
                            special=SECOND, aim=canonical_aim(context.get("aim")), among=(BLOCK, HIDE),
                            context=aim_context(aim)), dice)
