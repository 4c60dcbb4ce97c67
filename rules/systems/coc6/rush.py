"""The special attack 「ラッシュ」 (H-MA-RUSH-01..07): a 〈武道：立ち技系〉 or
〈マーシャルアーツ〉 attack that, when it hits, stuns on a failed CON×5 and earns one more
attack at the end of the round, which only a 〈武道〉 parry (not counted) can stop."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.weapons import ParryClass, Weapon
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.errors import RuleViolation, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import (Strike, check_limit, check_reach, check_weapon_usable,
                                       choose_weapon, open_reaction, roll_strike, strike)
from rules.systems.coc6.budo import STRIKING, budo_of, for_weapon, has_budo
from rules.systems.coc6.called_shot import KNOCKOUT, aim_context, called_shot, canonical_aim
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, finish, hit
from rules.systems.coc6.state import CocState, CocUnit

RUSH = "ラッシュ"
EXTRA = "ラッシュ追撃"
PARRY = "武道"
MINIMUM = 60
"""H-MA-RUSH-01: the 立ち技系 / マーシャルアーツ used at 60%+."""


def rush(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
         dice: Dice) -> None:
    """``/attack special:ラッシュ [weapon:こぶし|キック|頭突き]``: the rush is declared for the
    moment the attack hits (H-MA-RUSH-03): when both parts of the combination roll succeed and
    the defence does not negate it, the target rolls CON×5 or is stunned 1 turn, and the
    attacker attacks once more at the end of the round for 0 AP (H-MA-RUSH-04/05).

    Raises RuleViolation: H-MA-RUSH-03 (not a 立ち技系/マーシャルアーツ attack), H-MA-RUSH-01
    (that skill under 60%), H-MA-RUSH-07 (knockout only).
    """
    state = d.state
    weapon = choose_weapon(actor, cmd.weapon, "こぶし")
    assert actor.character is not None
    budo = for_weapon(actor.character, weapon, state.settings)
    if budo is None or budo.style != STRIKING:
        raise RuleViolation("H-MA-RUSH-03", "ラッシュは〈武道：立ち技系〉か〈マーシャルアーツ〉を使う〈こぶし〉〈キック〉〈頭突き〉の攻撃でだけ宣言できます。",
                            allowable=False)
    if budo.value < MINIMUM:
        forbid("H-MA-RUSH-01", f"ラッシュは〈{budo.skill}〉が{MINIMUM}%以上で使えます（{budo.value}%）。")
    if canonical_aim(cmd.aim) == KNOCKOUT:
        forbid("H-MA-RUSH-07", "ノックアウト効果のみを狙ったラッシュはできません。")
    aim = called_shot(state, target, cmd.aim)
    check_weapon_usable(rules, state, actor, weapon)
    check_limit(rules, state, actor, weapon, 1)
    check_reach(state, actor, target, weapon)
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier + aim.modifier)
    context = aim_context(aim)
    plan = Strike(actor, target, weapon, skill, budo=budo, special=RUSH, aim=canonical_aim(cmd.aim),
                  context={**context, "effects": context.get("effects", []) +
                           [{"kind": "rush", "weapon": weapon.name}]})
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if level is None:
        d.emit(ce.AttackResolved(attack=number, outcome="攻撃は外れた（ラッシュならず）"))
        return
    if not budo_ok:
        plain = Strike(actor, target, weapon, skill, special=None, aim=plan.aim,
                       context={**context, "note": "武道の部分が失敗したのでラッシュにならない"})
        open_reaction(rules, d, plain, number, level, False, dice)
        return
    open_reaction(rules, d, plan, number, level, True, dice)


RUSH_WEAPONS = (ParryClass.FIST, ParryClass.KICK, ParryClass.HEAD_BUTT)
"""The strikes a rush comes with (H-MA-RUSH-03)."""


def rush_offer(actor: CocUnit, weapon: Weapon, aim: str | None, settings: dict) -> bool:
    """Whether an ordinary ``weapon`` attack by ``actor`` that hits may be turned into a rush
    at that moment (H-MA-RUSH-03): 〈こぶし〉〈キック〉〈頭突き〉 with 〈武道：立ち技系〉 or
    〈マーシャルアーツ〉 at 60%+ (H-MA-RUSH-01), not aimed at a knockout only (H-MA-RUSH-07)."""
    if actor.character is None or weapon.parry_class not in RUSH_WEAPONS or canonical_aim(aim) == KNOCKOUT:
        return False
    budo = for_weapon(actor.character, weapon, settings)
    return budo is not None and budo.style == STRIKING and budo.value >= MINIMUM


def pending_rush(state: CocState, actor_id: str) -> Pending | None:
    """The open question about ``actor_id``'s hit that a rush may still be declared on."""
    return next((p for p in state.pending if p.context.get("rush_offer") and p.context.get("attacker") == actor_id
                 and not p.context.get("followup")), None)


def declare_on_hit(rules: CocRules, d: Decision[CocState], actor: CocUnit, pending: Pending) -> None:
    """``/attack special:ラッシュ`` (chat 「ラッシュ！」) right after ``actor``'s hit lands and
    before the target answers: the hit becomes a rush (H-MA-RUSH-03 「命中した時点にのみ宣言
    可能」): if it is not negated, CON×5 or a 1-turn stun and the round-end extra attack
    (H-MA-RUSH-04/05). No AP, not another attack.

    Raises RuleViolation H-MA-RUSH-03 when the 武道 part of the roll failed."""
    if not pending.context.get("budo"):
        forbid("H-MA-RUSH-03", "武道の部分が失敗したので、この命中はラッシュにできません（組み合わせロールの両方の成功が必要）。")
    weapon = Weapon.from_dict(pending.context["weapon"])
    context = {k: v for k, v in pending.context.items() if k not in ("rush_offer", "attacker")}
    context.update(special=RUSH, effects=list(context.get("effects", [])) + [{"kind": "rush", "weapon": weapon.name}])
    d.emit(ce.UnitMarked(unit=actor.id, key="rush_declared", value=None,
                         note=f"{actor.id}は命中した時点でラッシュを宣言した（H-MA-RUSH-03）"))
    d.emit(ce.PendingHandedOver(attack=pending.id, unit=pending.unit, options=list(pending.options),
                                context={**context, "attacker": actor.id}))


def extra_attack(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, dice: Dice) -> None:
    """The round-end extra attack (H-MA-RUSH-05): 0 AP, against the rushed target, a normal
    attack roll (with the 武道 combination); the defender may only parry it with 〈武道〉,
    not counted toward its limits (H-MA-RUSH-06).

    Raises RuleViolation H-MA-RUSH-05 for another target or a second extra attack.
    """
    state = d.state
    bonus = state.bonus
    assert bonus is not None
    if actor.attacks:
        forbid("H-MA-RUSH-05", "ラッシュの追加攻撃は1回だけです。/end で終えてください。")
    if cmd.target and cmd.target != bonus["target"]:
        raise RuleViolation("H-MA-RUSH-05", f"ラッシュの追加攻撃の相手は{bonus['target']}です。")
    target = state.coc_unit(bonus["target"])
    weapon = choose_weapon(actor, bonus["weapon"])
    assert actor.character is not None and target.character is not None
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier)
    add = (PARRY,) if has_budo(target.character) else ()
    strike(rules, d, Strike(actor, target, weapon, skill, ap=0, budo=for_weapon(actor.character, weapon, state.settings),
                            special=EXTRA, among=(), add=add, context={"stun_exempt": True}), dice)


def budo_parry(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice) -> None:
    """``/react action:武道`` against the extra attack: the best 〈武道〉, not counted toward
    the per-round limit (H-MA-RUSH-06); success negates it."""
    assert unit.character is not None
    budo = budo_of(unit.character, d.state.settings)
    if not budo or not has_budo(unit.character):
        raise RuleViolation("H-MA-RUSH-06", f"{unit.id}には〈武道〉がないので、追加攻撃は受け流せません。")
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action=PARRY))
    check = roll_check(budo[0].value, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=f"受け流し（〈{budo[0].skill}〉、回数に数えない）",
                          target=budo[0].value, roll=check.roll, level=check.level.value,
                          text=check.text(), attack=inc.number))
    if check.succeeded:
        finish(d, inc, f"{unit.id}は〈武道〉で追加攻撃を受け流した")
    else:
        hit(d, inc, dice)
