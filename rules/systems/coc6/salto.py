"""The special attack 「サルト」 (throw, H-MA-SALTO-01..11) and the 〈武道〉 ward-off that
answers it and the tackle (H-MA-SALTO-05..07, H-MA-TACKLE-14..16)."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc6.check import roll_check
from rules.coc6.weapons import ParryClass
from rules.dice import Dice
from rules.errors import RuleViolation, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import (Strike, check_limit, check_reach, check_weapon_usable,
                                       choose_weapon, open_reaction, roll_strike)
from rules.systems.coc6.budo import BUDO_BASE, GRAPPLING, STRIKING, best
from rules.systems.coc6.called_shot import KNOCKOUT, called_shot, canonical_aim, merged_context
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, finish, hit
from rules.systems.coc6.options import BLOCK, DODGE, HIDE
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.traits import UNTHROWABLE, has, height

SALTO = "サルト"
WARD_OFF = "武道"
"""The answer ``/react action:武道`` that wards off a サルト or タックル."""

MINIMUM = 60
"""H-MA-03: every special needs its skill at 60% or more."""

THROW_DAMAGE = "1D6"
"""H-MA-SALTO-08: the thrown target takes 1D6+db (not doubled by H-MA-GRAP-01)."""

WARD_OFF_PENALTY = 30
"""H-MA-SALTO-06 / H-MA-TACKLE-15: warding off with 立ち技系 or マーシャルアーツ is −30%."""


def require_grappling(actor: CocUnit, settings: dict, clause: str, name: str):
    """The actor's 〈武道：組み技系〉 if it is at 60%+; else RuleViolation(``clause``)."""
    assert actor.character is not None
    budo = best(actor.character, GRAPPLING, settings)
    if budo is None:  # nothing to roll with: not even the KP can allow it
        raise RuleViolation(clause, f"{name}は〈武道：組み技系〉が{MINIMUM}%以上で使えます（{actor.id}は持っていません）。",
                            allowable=False)
    if budo.value < MINIMUM:
        forbid(clause, f"{name}は〈武道：組み技系〉が{MINIMUM}%以上で使えます（{actor.id}は{budo.value}%）。")
    return budo


def salto(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
          dice: Dice) -> None:
    """``/attack special:サルト``: 〈武道：組み技系〉＋〈組み付き〉 on one die (H-MA-SALTO-04,
    X-COMB-01), 1 AP. On success the target may ward off (武道) or dodge; else it takes
    1D6+db, falls prone and rolls CON×5 against a knockout (H-MA-SALTO-08/09), and from a
    height the KP set (trait ``高所6``) also takes falling damage (H-MA-SALTO-10). If only the
    武道 part fails, it is an ordinary 〈組み付き〉.

    Raises RuleViolation: H-MA-SALTO-01 (組み技系 under 60%), H-MA-SALTO-02 (target marked
    投げられない), H-MA-SALTO-11 (knockout only), H-MA-SALTO-04 (not with 〈組み付き〉).
    """
    state = d.state
    budo = require_grappling(actor, state.settings, "H-MA-SALTO-01", SALTO)
    if has(state.settings, target.id, UNTHROWABLE):
        forbid("H-MA-SALTO-02", f"{target.id}は投げられる体型ではありません（二足歩行か小型の四足歩行のみ）。")
    aim = canonical_aim(cmd.aim)
    if aim == KNOCKOUT:
        forbid("H-MA-SALTO-11", "ノックアウト効果のみを狙ったサルトはできません。")
    called = called_shot(state, target, aim)  # H-MA-02: a called shot combines with サルト
    weapon = choose_weapon(actor, cmd.weapon, "組み付き")
    if weapon.parry_class is not ParryClass.GRAPPLE:
        raise RuleViolation("H-MA-SALTO-04", "サルトは〈組み付き〉で行います（weapon:組み付き）。")
    check_weapon_usable(rules, state, actor, weapon)
    check_limit(rules, state, actor, weapon, 1)
    check_reach(state, actor, target, weapon)
    assert actor.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier + called.modifier)
    throw = replace(weapon, damage=THROW_DAMAGE, add_db="full")
    plan = Strike(actor, target, throw, skill, budo=budo, double=False, special=SALTO, aim=aim,
                  purpose="サルト（組み付き）", among=(DODGE, BLOCK, HIDE),
                  add=(WARD_OFF,) if target.uses_left("受け流し") > 0 else (),
                  context=merged_context({"effects": [{"kind": "prone", "cause": "サルトで投げられた（H-MA-SALTO-08）"},
                                                      {"kind": "ko_check", "cause": "サルト（H-MA-SALTO-09）"},
                                                      {"kind": "fall", "metres": height(state.settings, target.id)}]},
                                         called))
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if level is None:
        d.emit(ce.AttackResolved(attack=number, outcome="サルトは失敗した"))
        return
    if not budo_ok:
        plain = Strike(actor, target, weapon, skill, special=None, aim=aim,
                       context=merged_context({"note": "武道の部分だけ失敗"}, called))
        open_reaction(rules, d, plain, number, level, False, dice)
        return
    open_reaction(rules, d, plan, number, level, True, dice)


def ward_off_skill(unit: CocUnit, settings: dict, special: str) -> tuple[int, str, str]:
    """``(target %, skill label, clause)`` of ``unit``'s ward-off against ``special``:
    〈武道：組み技系〉 (H-MA-SALTO-05 / H-MA-TACKLE-14), else 〈武道：立ち技系〉 or
    〈マーシャルアーツ〉 −30% (…-06 / …-15), else the 武道 base value (…-07 / …-16);
    the best of what the unit has."""
    assert unit.character is not None
    tackle = special != SALTO
    ids = ("H-MA-TACKLE-14", "H-MA-TACKLE-15", "H-MA-TACKLE-16") if tackle else \
        ("H-MA-SALTO-05", "H-MA-SALTO-06", "H-MA-SALTO-07")
    options = [(BUDO_BASE, "武道（初期値）", ids[2])]
    grappling = best(unit.character, GRAPPLING, settings)
    if grappling:
        options.append((grappling.value, grappling.skill, ids[0]))
    striking = best(unit.character, STRIKING, settings)
    if striking:
        options.append((max(0, striking.value - WARD_OFF_PENALTY), f"{striking.skill}−{WARD_OFF_PENALTY}%", ids[1]))
    return max(options, key=lambda o: o[0])


def ward_off(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice) -> None:
    """``/react action:武道`` against a サルト or タックル: the round's parry (H-DEF-01,
    H-DEF-02) rolled on the ward-off skill; success negates the whole special.

    Raises RuleViolation H-DEF-01 when the parry was already used this round.
    """
    if unit.uses_left("受け流し") <= 0:
        forbid("H-DEF-01", f"{unit.id}はこのラウンドすでに受け流し（武道で防ぐ）を使いました。")
    special = inc.context.get("special") or SALTO
    target, label, _clause = ward_off_skill(unit, d.state.settings, special)
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=WARD_OFF))
    d.emit(ce.ReactionUsed(unit=unit.id, action="受け流し"))
    check = roll_check(target, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=f"{special}を防ぐ（{label}）", target=target,
                          roll=check.roll, level=check.level.value, text=check.text(), attack=inc.number))
    if check.succeeded:
        finish(d, inc, f"{unit.id}は〈武道〉で{special}を防いだ")
    else:
        hit(d, inc, dice)
