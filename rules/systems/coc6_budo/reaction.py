"""``/react`` in ``coc6-budo``: the answers seed 002 adds (武道, カウンター, 回避カウンター,
B-PARRY-01, B-COUNTER-01), the feint's first attack (B-FEINT-03), the counter follow-up
(B-COUNTER-03), the tackler's choice (B-TACKLE-03); 回避 and 受け流し go to the shared
engine at the round's escalating penalty (B-PARRY-02); anything else as in ``coc6``."""
from __future__ import annotations

from rules.battle.commands import React
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.reaction import react as shared_react
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo import counter, feint, rush, tackle
from rules.systems.coc6_budo.attack import rush_after_hit
from rules.systems.coc6_budo.defense import (BUDO, COUNTER, DODGE, DODGE_COUNTER, NONE, PARRY,
                                             budo_parry_refusal, counter_refusal, set_penalty)
from rules.systems.coc6_budo.parry import budo_parry


def _raise(cmd: React, refusal: RuleViolation | None) -> None:
    if refusal is not None and not (refusal.clause and refusal.clause in cmd.allow):
        raise refusal


def react(rules: CocRules, d: Decision[CocState], cmd: React, dice: Dice) -> None:
    """Answer the question pending for the issuer's unit."""
    state = d.state
    action = (cmd.action or "").strip()
    owned = [p.unit for p in state.pending if state.units[p.unit].owner == cmd.issuer]
    prefer = owned[0] if owned else (state.pending[0].unit if state.pending else None)
    if action == rush.RUSH:  # the attacker's [ラッシュ] on its own hit (B-RUSH-01)
        if not rush_after_hit(d, cmd):
            raise RuleViolation("B-RUSH-01", "ラッシュは武道に成功した攻撃のダメージロールの前までに宣言します"
                                             "（いまダメージを待っている攻撃はありません）。", allowable=False)
        return
    unit = acting_unit(state, cmd, prefer=prefer) if state.pending else None
    pending = state.pending_for(unit.id) if isinstance(unit, CocUnit) else None
    if pending is None or action == "かばう":
        shared_react(rules, d, cmd, dice)
        return
    assert isinstance(unit, CocUnit)
    ctx = pending.context
    if ctx.get("special") == tackle.CHOICE:
        tackle.choose(rules, d, unit, pending, action, cmd.object, dice)
        return
    if ctx.get("special") == feint.FIRST:
        feint.first_answer(rules, d, unit, pending, action, dice)
        return
    inc = Incoming.of(pending)
    if ctx.get("followup") == counter.FOLLOWUP:
        if action == counter.STRIKE_BACK:
            counter.strike_back(rules, d, unit, inc, cmd.weapon, dice)
        elif action == NONE:
            counter.decline(d, unit, inc)
        else:
            raise InvalidInput(f"選べるのは {'／'.join(pending.options)} です。")
        return
    if action in (BUDO, COUNTER, DODGE_COUNTER):
        if action not in pending.options and ctx.get("limit_clause"):
            _raise(cmd, RuleViolation(str(ctx["limit_clause"]),
                                      f"この攻撃には{action}で対応できません（選べるのは: {'、'.join(pending.options)}）"))
        if action == BUDO:
            _raise(cmd, budo_parry_refusal(rules, state, unit, inc))
            budo_parry(rules, d, unit, inc, dice)
        else:
            _raise(cmd, counter_refusal(rules, state, unit, inc, action))
            counter.counter(rules, d, unit, inc, action, dice)
        return
    if action in (DODGE, PARRY) or action.startswith(PARRY):
        set_penalty(state, pending, unit, PARRY if action.startswith(PARRY) else DODGE)
    shared_react(rules, d, cmd, dice)
