"""The special action 「フェイント」 (feint, B-FEINT-01..04).

``/attack special:フェイント [weapon:こぶし|キック]``: a normal attack roll (with the
〈武道：立ち技系〉 on the same die). If it fails it is an ordinary miss; if it succeeds the
first attack fails whatever the result (B-FEINT-02) and the target may answer it only with
a budo parry (B-FEINT-03). Then the second attack is rolled normally (B-FEINT-02 default):
after a successful budo parry it may be defended as usual, a parry at one more penalty step
because the budo parry counted (B-FEINT-04); otherwise it cannot be defended (B-FEINT-03).
"""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.weapons import Weapon
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import check_limit, check_reach, check_weapon_usable, choose_weapon, roll_strike, strike
from rules.systems.coc6.budo import STRIKING
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.defense import BUDO, NONE, budo_parry_refusal
from rules.systems.coc6_budo.parry import roll_budo_parry
from rules.systems.coc6_budo.skills import require_style
from rules.systems.coc6_budo.strikes import budo_strike

FEINT = "フェイント"
FIRST, SECOND = "フェイント（1撃目）", "フェイント（2撃目）"
"""Distinct from the house rules' names, so the shared house answers never take them."""


def feint(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
          dice: Dice) -> None:
    """The feint. Raises RuleViolation B-FEINT-01 (no 〈武道：立ち技系〉), B-SPEC-01 (below 60%)."""
    state = d.state
    require_style(cmd, actor, state.settings, STRIKING, "B-FEINT-01", FEINT)
    weapon = choose_weapon(actor, cmd.weapon, "こぶし")
    check_weapon_usable(rules, state, actor, weapon)
    check_limit(rules, state, actor, weapon, 1)
    check_reach(state, actor, target, weapon)
    assert actor.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier)
    plan = budo_strike(rules, state, actor, target, weapon, skill, special=FEINT,
                       purpose=f"フェイント1撃目（{weapon.name}）")
    number, level, _ = roll_strike(rules, d, plan, dice)
    if level is None:
        d.emit(ce.AttackResolved(attack=number, outcome="フェイントの攻撃は外れた"))
        return
    inc = Incoming(number, actor.id, weapon, target.id, {})
    options = [BUDO, NONE] if budo_parry_refusal(rules, d.state, d.state.coc_unit(target.id), inc) is None else [NONE]
    context = {"special": FIRST, "number": number, "weapon": weapon.to_dict(), "parry_weapons": [],
               "modifier": cmd.modifier, "limit_clause": "B-FEINT-03",
               "prompt": f"{actor.id}のフェイント1撃目（攻撃自体は失敗扱い）。対応できるのは武道受け流しだけです。"
                         "受け流さないか失敗すると、2撃目は防げません。"}
    if options == [NONE] or d.state.coc_unit(target.id).out_of_action:
        d.emit(ce.AttackResolved(attack=number, outcome="1撃目は失敗扱い（武道受け流しできない）"))
        second(rules, d, actor.id, target.id, weapon, cmd.modifier, False, dice)
        return
    d.emit(ce.ReactionRequested(attack=number, unit=target.id, attacker=actor.id, options=options, context=context))


def first_answer(rules: CocRules, d: Decision[CocState], unit: CocUnit, pending: Pending, action: str,
                 dice: Dice) -> None:
    """The target's answer to the first attack: 武道 (a budo parry, counted) or なし.

    Raises RuleViolation B-FEINT-03 for any other answer.
    """
    if action not in pending.options:
        raise RuleViolation("B-FEINT-03", f"フェイントの1撃目に対応できるのは武道受け流しだけです（選べるのは: {'、'.join(pending.options)}）。", allowable=False)
    inc = Incoming.of(pending)
    parried = False
    if action == BUDO:
        parried = roll_budo_parry(d, unit, inc, dice).succeeded
    else:
        d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=NONE))
    outcome = "武道受け流しに成功：2撃目は防御できる" if parried else "1撃目は失敗扱い：2撃目は防御できない"
    d.emit(ce.AttackResolved(attack=inc.number, outcome=outcome))
    second(rules, d, inc.attacker, unit.id, inc.weapon, int(pending.context.get("modifier", 0)), parried, dice)


def second(rules: CocRules, d: Decision[CocState], actor_id: str, target_id: str, weapon: Weapon,
           modifier: int, defendable: bool, dice: Dice) -> None:
    """The second attack: a normal attack roll (B-FEINT-02 default), defendable only after a
    successful budo parry of the first (B-FEINT-03/04)."""
    actor, target = d.state.coc_unit(actor_id), d.state.coc_unit(target_id)
    assert actor.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + modifier)
    context = {} if defendable else {"limit_clause": "B-FEINT-03"}
    strike(rules, d, budo_strike(rules, d.state, actor, target, weapon, skill, defendable=defendable,
                                 ap=0, counts=False, special=SECOND, purpose=f"フェイント2撃目（{weapon.name}）",
                                 context=context), dice)
