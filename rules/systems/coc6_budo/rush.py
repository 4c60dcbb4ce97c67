"""The special action 「ラッシュ」 (rush, B-RUSH-01..03).

``/attack special:ラッシュ [weapon:こぶし|キック|頭突き]``: the attack rolls its 〈武道：立ち技系〉
on the same die (X-COMB-01); the rush counts as declared after that 武道 success and before
the damage roll (B-RUSH-01), so a 武道 success queues one extra attack at the end of the
round, whatever the defence does. The extra attack always hits (B-RUSH-02), deals the same
attack's damage rolled afresh (doubled as after a 武道 success, X-DBL-01), and counts as
one attack: every defensive action may meet it and it counts toward the parry penalty
(B-RUSH-03)."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.dice import Dice
from rules.battle.state import Pending
from rules.coc6.weapons import ParryClass, Weapon
from rules.errors import RuleViolation, forbid, refuse
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import (check_limit, check_reach, check_weapon_usable, choose_weapon, open_reaction,
                                       roll_strike)
from rules.systems.coc6.budo import STRIKING, for_weapon, multiply_damage
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.rules import SPECIAL_MINIMUM
from rules.systems.coc6_budo.skills import require_style
from rules.systems.coc6_budo.strikes import budo_strike

RUSH = "ラッシュ"
EXTRA = "ラッシュ追加攻撃"
RUSH_WEAPONS = (ParryClass.FIST, ParryClass.KICK, ParryClass.HEAD_BUTT)
"""The strikes a rush is made with (〈こぶし〉〈キック〉〈頭突き〉 with 〈武道：立ち技系〉)."""


def rush_offer(state: CocState, actor: CocUnit, weapon: Weapon) -> bool:
    """Whether an ordinary ``weapon`` attack by ``actor`` may become a rush after it hits
    (B-RUSH-01: 「武道に成功した場合、ダメージロールの前までに」): a 〈こぶし〉〈キック〉〈頭突き〉 rolled
    with 〈武道：立ち技系〉 at 60% or more (B-SPEC-01)."""
    if actor.character is None or weapon.parry_class not in RUSH_WEAPONS:
        return False
    budo = for_weapon(actor.character, weapon, state.settings)
    return budo is not None and budo.style == STRIKING and budo.value >= SPECIAL_MINIMUM


def declare_after_hit(d: Decision[CocState], actor: CocUnit, pending: Pending) -> None:
    """[ラッシュ] (「ラッシュ！」, ``/attack special:ラッシュ``) after ``actor``'s 武道 attack hit and
    before its damage is rolled (B-RUSH-01): the round-end extra attack is queued (B-RUSH-02);
    the target's question stays open, and the rush is not offered again.

    Raises RuleViolation B-RUSH-01 when the 武道 part of the roll failed (the KP may allow it)."""
    if not pending.context.get("budo"):
        forbid("B-RUSH-01", "武道の部分が失敗したので、この攻撃ではラッシュを宣言できません（武道に成功したときだけ）。")
    weapon = str(pending.context["weapon"]["name"])
    d.emit(ce.UnitMarked(unit=actor.id, key="rush_declared", value=None,
                         note=f"{actor.id}は武道に成功した攻撃のダメージロールの前にラッシュを宣言した（B-RUSH-01）"))
    d.emit(ce.ExtraAttackQueued(unit=actor.id, target=pending.unit, weapon=weapon))
    context = {k: v for k, v in pending.context.items() if k != "rush_offer"}
    d.emit(ce.PendingHandedOver(attack=pending.id, unit=pending.unit, options=list(pending.options),
                                context={**context, "special": RUSH}))


def rush(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
         dice: Dice) -> None:
    """The rush attack. Raises RuleViolation B-RUSH-01 (no 〈武道：立ち技系〉 attack),
    B-SPEC-01 (below 60%)."""
    state = d.state
    require_style(cmd, actor, state.settings, STRIKING, "B-RUSH-01", RUSH)
    weapon = choose_weapon(actor, cmd.weapon, "こぶし")
    assert actor.character is not None
    budo = for_weapon(actor.character, weapon, state.settings)
    if budo is None or budo.style != STRIKING:
        refuse(cmd, "B-RUSH-01", "ラッシュは〈武道：立ち技系〉を使う〈こぶし〉〈キック〉〈頭突き〉の攻撃で宣言します。")
    check_weapon_usable(rules, state, actor, weapon)
    check_limit(rules, state, actor, weapon, 1)
    check_reach(state, actor, target, weapon)
    skill = max(0, actor.character.weapon_skill(weapon) + cmd.modifier)
    plan = budo_strike(rules, state, actor, target, weapon, skill, special=RUSH)
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if budo_ok:
        d.emit(ce.ExtraAttackQueued(unit=actor.id, target=target.id, weapon=weapon.name))
    if level is None:
        d.emit(ce.AttackResolved(attack=number, outcome="攻撃は外れた" + ("（ラッシュの追加攻撃はラウンドの最後に）" if budo_ok else "")))
        return
    open_reaction(rules, d, plan, number, level, budo_ok, dice)


def extra_attack(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, dice: Dice) -> None:
    """The round-end rush attack: hits without a roll (B-RUSH-02), defended as any attack
    and counted (B-RUSH-03). Raises RuleViolation B-RUSH-02 for another target or a second
    extra attack."""
    state = d.state
    bonus = state.bonus
    assert bonus is not None and actor.character is not None
    if actor.attacks:
        raise RuleViolation("B-RUSH-02", "ラッシュの追加攻撃は1回だけです。/end で終えてください。", allowable=False)
    if cmd.target and cmd.target != bonus["target"]:
        raise RuleViolation("B-RUSH-02", f"ラッシュの追加攻撃の相手は{bonus['target']}です。", allowable=False)
    target = state.coc_unit(bonus["target"])
    weapon = choose_weapon(actor, bonus["weapon"])
    doubled = replace(weapon, damage=multiply_damage(weapon.damage, 2)) \
        if state.settings.get("budo_double", True) else weapon
    plan = budo_strike(rules, state, actor, target, doubled, actor.character.weapon_skill(weapon),
                       combine=False, double=False, ap=0, special=EXTRA, automatic=True,
                       purpose=f"ラッシュ追加攻撃（{weapon.name}、自動命中）")
    number, level, _ = roll_strike(rules, d, plan, dice)
    assert level is not None
    open_reaction(rules, d, plan, number, level, False, dice)
