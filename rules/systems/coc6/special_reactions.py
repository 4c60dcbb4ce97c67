"""Answers to the house-rule specials that the ordinary defensive actions do not cover:
the 〈武道〉 ward-off of a サルト or タックル (H-MA-SALTO-05..07, H-MA-TACKLE-14..16), the
tackler's 組み付き／吹き飛ばし choice (H-MA-TACKLE-06), the feint's forced first answer and
undefendable second strike (H-MA-FEINT-04..06), the 〈武道〉 parry of a rush's extra attack
(H-MA-RUSH-06), the parry of a point-blank shot (H-FIRE-PB-03), the empty-handed parry of a
designated-weapon 〈武道〉 (H-MA-WPN-04), and a stunned unit's lack
of answers (X-STUN-01). reaction.py asks :func:`house_reaction` first."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.commands import React
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import feint, firearms, parrying, rush, salto, tackle
from rules.systems.coc6.budo import WEAPON, best
from rules.systems.coc6.options import refusal_of
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.state import CocState, CocUnit


def house_reaction(rules: CocRules, d: Decision[CocState], cmd: React, unit: CocUnit,
                   pending: Pending, dice: Dice) -> bool:
    """Handle ``cmd`` when it answers a special; returns False to leave it to reaction.py.

    Raises RuleViolation: X-STUN-01 (a stunned unit's answer other than those offered),
    H-MA-SALTO-05 / H-MA-TACKLE-14 (受け流し against a throw or tackle: ward off with 武道),
    H-MA-FEINT-05 (回避/受け流し against the feint's 2nd strike), H-MA-RUSH-06 (anything but
    a 〈武道〉 parry against the rush's extra attack).
    """
    action = (cmd.action or "").strip()
    special = pending.context.get("special")
    if "スタン" in unit.conditions and action not in pending.options:
        raise RuleViolation("X-STUN-01", f"{unit.id}はスタンしていて、{action}はできません。")
    if special == tackle.CHOICE:
        tackle.choose(rules, d, unit, pending, action, dice)
        return True
    if special in (salto.SALTO, tackle.TACKLE):
        if action == salto.WARD_OFF:
            salto.ward_off(rules, d, unit, Incoming.of(pending), dice)
            return True
        if action == "受け流し":
            clause = "H-MA-SALTO-05" if special == salto.SALTO else "H-MA-TACKLE-14"
            raise RuleViolation(clause, f"{special}は〈武道〉で防ぎます（/react action:武道）。")
        return False
    if special == feint.FIRST:
        feint.first_answer(rules, d, unit, pending, action, dice)
        return True
    if special == feint.SECOND and action in (feint.DODGE, feint.PARRY, feint.BUDO):
        raise RuleViolation("H-MA-FEINT-05", "フェイントの2撃目は回避も受け流しもできません。")
    if special == rush.EXTRA:
        if action == rush.PARRY:
            rush.budo_parry(rules, d, unit, Incoming.of(pending), dice)
            return True
        if action != "なし":
            raise RuleViolation("H-MA-RUSH-06", "ラッシュの追加攻撃に対してできるのは〈武道〉での受け流しだけです。")
        return False
    if action == "受け流し" and (cmd.weapon or "").startswith("武道") and special != firearms.POINT_BLANK:
        return _budo_weapon_parry(rules, d, cmd, unit, pending, dice)
    if special == firearms.POINT_BLANK and action == "受け流し":
        firearms.point_blank_parry(rules, d, unit, pending, cmd.weapon, dice)
        return True
    if pending.context.get("bullets") and action == "なし":
        d.emit(ce.ReactionChosen(attack=pending.id, unit=unit.id, action="なし"))
        firearms.land_bullets(d, Incoming.of(pending), dice)
        return True
    return False


def _budo_weapon_parry(rules: CocRules, d: Decision[CocState], cmd: React, unit: CocUnit,
                       pending: Pending, dice: Dice) -> bool:
    """H-MA-WPN-04: a designated-weapon 〈武道〉 parries whether or not the weapon is held;
    empty-handed (``weapon:武道``) it is rolled at the 武道 value and processed as the
    〈こぶし〉 parry class (H-DEF-PARRY-04/13). Returns False without such a 〈武道〉."""
    assert unit.character is not None
    budo = best(unit.character, WEAPON, d.state.settings)
    fist = unit.character.weapon("こぶし")
    if budo is None or fist is None:
        return False
    bare = replace(fist, skill=budo.skill, skill_value=budo.value)
    inc = Incoming.of(pending)
    refusal = refusal_of(rules, d.state, unit, inc, "受け流し", bare)
    if refusal is not None and refusal.clause not in cmd.allow:
        raise refusal
    parrying.parry(rules, d, unit, inc, bare, dice)
    return True
