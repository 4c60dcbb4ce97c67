"""``/react``: the defender's answer to a hit (回避, 防御, 受け流し, 隠れる, なし, a
follow-up 反撃／継続回避) and the protector's かばう (H-DEF-01/02, P-PARRY-01..04).

A refused answer raises with its clause and changes nothing, so the question stays open
for another choice; the KP may lift the refusal (``/kp allow``: the clause in ``cmd.allow``).
"""
from __future__ import annotations

import dataclasses

import re

from rules.battle.commands import React
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit
from rules.coc6.weapons import Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6.prompts import PARRY_WITH
from rules.systems.coc6 import block, counterattack, cover, dodge, hide, parrying, rush
from rules.systems.coc6 import events as ce
from rules.systems.coc6.concentrate import all_at_once_refusal
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, hit
from rules.systems.coc6.options import (BLOCK, DODGE, HIDE, NONE, PARRY, reaction_options,
                                        refusal_of, request_reaction)
from rules.systems.coc6.special_reactions import house_reaction
from rules.systems.coc6.state import CocState, CocUnit

__all__ = ["react", "reaction_options", "request_reaction", "resolve_unopposed"]

ALL_AT_ONCE = re.compile(r"(?P<action>.+?)\s*[（(]\s*[+＋]30\s*[%％]\s*[)）]")


def _check(cmd: React, refusal: RuleViolation | None) -> None:
    """Raise ``refusal`` unless the KP lifted its clause for this command (H-GEN-01)."""
    if refusal is not None and not (refusal.clause and refusal.clause in getattr(cmd, "allow", ())):
        raise refusal


def react(rules: CocRules, d: Decision[CocState], cmd: React, dice: Dice) -> None:
    """Answer the question pending for the issuer's unit, or (かばう) an ally's."""
    state = d.state
    action = (cmd.action or "").strip()
    if action.startswith(PARRY_WITH):  # a weapon's own parry button: 受け流し：<weapon>
        cmd = dataclasses.replace(cmd, action=PARRY, weapon=action[len(PARRY_WITH):].strip())
        action = PARRY
    if action == cover.COVER:
        _protect(rules, d, cmd, dice)
        return
    if action == rush.RUSH and rules.rule_set == "H":  # the attacker's [ラッシュ] on its own hit (H-MA-RUSH-03)
        attacker = acting_unit(state, cmd, prefer=state.turn)
        offered = rush.pending_rush(state, attacker.id)
        if offered is not None:
            rush.declare_on_hit(rules, d, state.coc_unit(attacker.id), offered)
            return
    if action == PARRY and cmd.target:
        _substitute(rules, d, cmd, dice)
        return
    owned = [p.unit for p in state.pending if state.units[p.unit].owner == cmd.issuer]
    prefer = owned[0] if owned else (state.pending[0].unit if state.pending else None)
    unit = acting_unit(state, cmd, prefer=prefer)
    assert isinstance(unit, CocUnit)
    pending = state.pending_for(unit.id)
    if pending is None:
        raise InvalidInput(f"{unit.id}が対応すべき攻撃はいまありません。")
    inc = Incoming.of(pending)
    if house_reaction(rules, d, cmd, unit, pending, dice):  # 武道 ward-off, feint, rush … (issue 5)
        return
    if pending.context.get("followup"):
        counterattack.answer(rules, d, unit, inc, action, cmd.weapon, dice)
        return
    match = ALL_AT_ONCE.fullmatch(action)
    all_at_once = match is not None
    base = match["action"] if match else action
    if all_at_once:
        _check(cmd, all_at_once_refusal(unit, base))
    if base == NONE:
        d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=NONE))
        hit(d, inc, dice)
        return
    if base not in (DODGE, BLOCK, PARRY, HIDE):
        raise InvalidInput(f"「{action}」はこの攻撃への対応に使えません。選べるのは: {'、'.join(pending.options)}")
    weapon = _weapon(unit, cmd.weapon) if base == PARRY else None
    _check(cmd, refusal_of(rules, state, unit, inc, base, weapon, cmd.object))
    if base not in pending.options and (inc.context.get("covered") or inc.context.get("limit_clause")):
        _check(cmd, _not_offered(inc, base, pending.options))
    if base == DODGE:
        dodge.dodge(rules, d, unit, inc, dice, all_at_once)
    elif base == BLOCK:
        block.block(rules, d, unit, inc, dice, all_at_once)
    elif base == HIDE:
        hide.hide(rules, d, unit, inc, dice, cmd.object)
    else:
        legal = parrying.parry_weapons(rules, state, unit, inc.weapon)
        assert unit.character is not None
        chosen = weapon or (legal[0] if legal else unit.character.all_weapons[0])
        parrying.parry(rules, d, unit, inc, chosen, dice, all_at_once)


def _not_offered(inc: Incoming, action: str, options: list[str]) -> RuleViolation:
    """The refusal of an answer a narrowed question does not offer: after a failed かばう
    only 防御／受け流し (H-DEF-COVER-11); else the clause the attack named when it narrowed
    the answers (context ``limit_clause``, e.g. a special attack)."""
    offered = "、".join(options)
    if inc.context.get("covered"):
        return RuleViolation("H-DEF-COVER-11", f"かばうに失敗した後に選べるのは「防御」か〈受け流し〉だけです（選べるのは: {offered}）")
    return RuleViolation(str(inc.context["limit_clause"]),
                         f"この攻撃には{action}で対応できません。選べるのは: {offered}")


def _weapon(unit: CocUnit, name: str | None) -> Weapon | None:
    if not name:
        return None
    assert unit.character is not None
    weapon = unit.character.weapon(name)
    if weapon is None:
        names = "、".join(w.name for w in unit.character.all_weapons)
        raise InvalidInput(f"{unit.id}は「{name}」を持っていません。持っている武器: {names}")
    return weapon


def _protect(rules: CocRules, d: Decision[CocState], cmd: React, dice: Dice) -> None:
    """``/react action:かばう target:<ally>[、<ally>…]`` sent by the protector."""
    state = d.state
    names = [n for n in re.split(r"[、,，\s]+", cmd.target or "") if n]
    if not names:
        attacked = [p.unit for p in state.pending if cover.coverable(state, p.unit) is not None]
        if len(attacked) != 1:
            raise InvalidInput("かばう味方を target: で指定してください。")
        names = attacked
    allies = [find_unit(state, n) for n in names]
    protector = acting_unit(state, cmd)
    assert isinstance(protector, CocUnit) and all(isinstance(a, CocUnit) for a in allies)
    _check(cmd, cover.refusal(rules, state, protector, allies))  # type: ignore[arg-type]
    cover.protect(rules, d, protector, allies, dice)  # type: ignore[arg-type]


def _substitute(rules: CocRules, d: Decision[CocState], cmd: React, dice: Dice) -> None:
    """``/react action:受け流し target:<unit>``: parry an attack aimed at ``target`` and become
    its substitute 「身代わり」 (P-NOTE-01; book rule set with the setting ``substitute_parry``).
    Naming oneself is an ordinary parry."""
    state = d.state
    target = find_unit(state, cmd.target or "")
    parrier = acting_unit(state, cmd, prefer=target.id)
    assert isinstance(parrier, CocUnit)
    if parrier.id == target.id:
        react(rules, d, React(issuer=cmd.issuer, as_unit=cmd.as_unit, action=PARRY, weapon=cmd.weapon,
                              allow=getattr(cmd, "allow", frozenset())), dice)
        return
    pending = state.pending_for(target.id)
    if pending is None or pending.context.get("followup"):
        raise InvalidInput(f"{target.id}がいま受けている攻撃はありません。")
    if rules.rule_set != "P":
        raise InvalidInput(f"味方への攻撃を受けるには「かばう」を使います（/react action:かばう target:{target.id}）。")
    if not state.settings.get("substitute_parry", False):
        _check(cmd, RuleViolation("P-NOTE-01", "ほかの人への攻撃を受け流して身代わりになるのは、KPが有効にしたとき"
                                                "（/kp setting key:substitute_parry value:on）だけです"))
    inc = Incoming.of(pending)
    inc = Incoming(inc.number, inc.attacker, inc.weapon, parrier.id, {**inc.context, "substitute": True})
    weapon = _weapon(parrier, cmd.weapon)
    _check(cmd, refusal_of(rules, state, parrier, inc, PARRY, weapon))
    legal = parrying.parry_weapons(rules, state, parrier, inc.weapon, substitute=True)
    assert parrier.character is not None
    d.emit(ce.PendingClosed(attack=inc.number, unit=target.id, outcome=f"{parrier.id}が{target.id}の身代わりに受け流す"))
    parrying.parry(rules, d, parrier, inc, weapon or (legal[0] if legal else parrier.character.all_weapons[0]), dice)


def resolve_unopposed(rules: CocRules, d: Decision[CocState], number: int, attacker: str,
                      target: str, attack: Weapon, dice: Dice, level: str) -> None:
    """A hit on a unit that cannot react (out of action): the damage lands at once."""
    hit(d, Incoming(number, attacker, attack, target, {"attacker": attacker, "level": level}), dice)
