"""The attack action of CoC 6 (H-AP-04, H-ATK-01/02, H-FIRE-01, P-DMG-06 …): the checks
every attack passes, one rolled strike (:class:`Strike`, :func:`strike`) with its 武道
combination roll (X-COMB-01) and ×2 damage (X-DBL-01), and ``/attack``'s dispatch to the
special attacks of the house rules (salto.py, tackle.py, rush.py, feint.py, kyudo.py,
firearms.py, dual.py; the dispatch is specials.py)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit
from rules.coc6.check import SuccessLevel, roll_check, roll_combination
from rules.coc6.weapons import ParryClass, Weapon, weapon_kinds
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import ammo, turn_action
from rules.systems.coc6 import holding
from rules.systems.coc6.budo import Budo, multiply_damage
from rules.systems.coc6.checks import bands
from rules.systems.coc6.concentrate import active_refusal
from rules.systems.coc6.conditions import STUN, require_active
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.grid import MELEE_REACH, apart, wall_between
from rules.systems.coc6.waiting import TargetAwaited, awaited
from rules.systems.coc6.hide import hidden_divisor
from rules.systems.coc6.hit import Incoming, hit
from rules.systems.coc6.impale import impale_mode
from rules.systems.coc6.options import ORDER, available
from rules.systems.coc6.state import CocState, CocUnit

NONE = "なし"


OUT_OF_ACTION_WORDS = {"死亡": "死亡している", "気絶": "気絶している", "ノックアウト": "ノックアウトされている"}
"""How a refusal says why a unit out of action cannot act (OUT_OF_ACTION, COMMANDS.md)."""


def require_turn(state: CocState, unit: CocUnit) -> None:
    """Raise InvalidInput unless the battle is running and it is ``unit``'s turn; a unit
    out of action (死亡, 気絶, ノックアウト: no turn, COMMANDS.md, X-HP-02) is told so rather
    than to wait for a turn that will not come."""
    if state.phase == "setup":
        raise InvalidInput("まだ戦闘が始まっていません。KPが /battle start で開始します。")
    if state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    if state.turn != unit.id and unit.out_of_action:
        why = next((OUT_OF_ACTION_WORDS[c] for c in OUT_OF_ACTION_WORDS if c in unit.conditions), "行動不能の")
        raise InvalidInput(f"{unit.id}は{why}ため行動できません（行動不能のユニットには手番が来ません）。"
                           "KPは /kp set で状態を変えられます。")
    if state.turn != unit.id:
        now = f"いまは{state.turn}の手番です。" if state.turn else "いまは誰の手番でもありません。"
        raise InvalidInput(f"{now}{unit.id}の手番になってから行動してください。")


def require_no_pending(state: CocState) -> None:
    """Raise InvalidInput while a question (a reaction, a choice) is still open, naming its
    options unless it is a hidden NPC's (H-GEN-01: they are the KP's secret)."""
    if state.pending:
        p = state.pending[0]
        hidden = getattr(state.units.get(p.unit), "hidden", False)
        options = "" if hidden else f"（{'／'.join(p.options)}）"
        raise InvalidInput(f"{p.unit}の対応{options}を待っています。")


def choose_weapon(unit: CocUnit, name: str | None, default: str | None = None) -> Weapon:
    """The named weapon, or the one weapon of that skill (``weapon:拳銃`` for a .38リボルバー,
    as chat reads 【拳銃】: :func:`by_kind`); else ``default`` (the weapon a special needs);
    else the character's first own weapon, else こぶし. Raises InvalidInput for an unknown
    name, or a skill several weapons share (naming them)."""
    assert unit.character is not None
    wanted = name or default
    if wanted:
        weapon = unit.character.weapon(wanted) or by_kind(unit, wanted)
        if weapon is None:
            names = "、".join(w.name for w in unit.character.all_weapons)
            raise InvalidInput(f"{unit.id}は「{wanted}」を持っていません。使える武器: {names}")
        return weapon
    return unit.character.weapons[0] if unit.character.weapons else unit.character.all_weapons[0]


def by_kind(unit: CocUnit, kind: str) -> Weapon | None:
    """The unit's one weapon named by its skill or kind ``kind`` (拳銃, 銃: weapon_kinds),
    the usable one when only one of them is; None when it has none. Raises InvalidInput
    when several fit (the player names one)."""
    assert unit.character is not None
    fits = [w for w in unit.character.all_weapons if kind in weapon_kinds(w)]
    usable = [w for w in fits if holding.usable(unit, w)]
    if len(usable) == 1 or (len(fits) == 1 and not usable):
        return (usable or fits)[0]
    if fits:
        names = "、".join(w.name for w in (usable or fits))
        raise InvalidInput(f"{unit.id}には〈{kind}〉の武器が複数あります（{names}）。weapon: に武器の名前を指定してください。")
    return None


def first_of_class(unit: CocUnit, cls: ParryClass) -> str | None:
    """The name of the unit's first weapon of class ``cls`` (the bow for 精密射撃 …)."""
    assert unit.character is not None
    return next((w.name for w in unit.character.weapons if w.parry_class is cls), None)


def check_weapon_usable(rules: CocRules, state: CocState, unit: CocUnit, weapon: Weapon) -> None:
    """Refuse an attack with a weapon ``unit`` cannot use now (holding.py: destroyed,
    dropped, an empty hand after a weapon shot, a gun that cannot fire, a weapon that parried
    this round, a gun with no round left, X-AMMO-02); the KP may allow it (H-GEN-01)."""
    refusal = holding.use_refusal(rules, state, unit, weapon, holding.ATTACK)
    if refusal is not None:
        forbid(refusal.clause, refusal.message)
    if (empty := ammo.empty_refusal(unit, weapon, rules.uses_ap)) is not None:  # names 「リロード」
        forbid("X-AMMO-02", empty)


MIXED_SETTING = "separate_attack_counts"
"""H-AP-04's KP setting: a turn may hold one non-firearm attack and up to two firings."""


def check_limit(rules: CocRules, state: CocState, actor: CocUnit, weapon: Weapon, ap: int,
                ap_clause: str = "H-ATK-02") -> None:
    """Refuse a second attack this turn (H-AP-04/H-ATK-01; firearms twice, H-FIRE-01) and an
    attack costing more than the AP left (``ap`` AP; ``ap_clause`` names the cost).

    A turn that mixes a firing and another attack (a punch, a knife, a bow) is refused
    whichever comes first (H-AP-04 default: the second attack of a turn is the firearms'
    privilege); with the KP setting ``separate_attack_counts`` each kind counts on its own
    (one non-firearm attack and up to two firings). The order never decides.
    """
    turn_action.refuse_attack_after(rules.uses_ap, actor)  # a reload or a spell was the turn's (X-AMMO-03, X-MP-02)
    firing = weapon.is_firearm
    others = actor.attacks - actor.firings
    mixed = actor.firings if not firing else others
    limit_clause = rules.clause("attack_limit") or "H-AP-04"
    if mixed and not state.settings.get(MIXED_SETTING, False):
        done, doing = ("射撃", "射撃以外の攻撃") if not firing else ("射撃以外の攻撃", "射撃")
        forbid(limit_clause, f"{actor.id}はこのターンすでに{done}をしたので、{doing}はできません"
                             "（1ターンに2回攻撃できるのは2回とも射撃のときだけです）。")
    limit = 2 if firing else 1
    if (actor.firings if firing else others) >= limit:
        clause = rules.clause("attack_limit_firearm" if firing else "attack_limit")
        forbid(clause, f"1ターンに攻撃できるのは{limit}回までです（{actor.id}はこのターンすでに攻撃しました）。")
    if rules.uses_ap and actor.ap < ap:
        forbid(ap_clause, f"{actor.id}の行動ポイントが足りません（残り{actor.ap}、この攻撃には{ap}ポイント必要）。")


LINE_OF_FIRE = "X-LOF-01"
"""Our own clause (not a seed rule): no attack's line passes through a wall square. Seed 000
gives 遮蔽物 (cover, −20%, H-FIRE-02) and 壁 apart; the KP may allow a shot through a window or
a thin wall (H-GEN-01)."""


def check_reach(state: CocState, actor: CocUnit, target: CocUnit, weapon: Weapon, factor: int = 1) -> int | None:
    """X-REACH-01 on a map: melee reaches ≤ 1 square, ranged weapons their range in metres
    (× ``factor``, e.g. 剛の型's ×2); no attack passes through a wall square (X-LOF-01, the
    refusal names the wall's square). Returns the distance (squares) or None without a map."""
    gap = apart(state, actor, target)
    if gap is None:
        return None
    if weapon.range_m is None and not weapon.parry_class.is_ranged:
        if gap > MELEE_REACH:
            forbid("X-REACH-01", f"{weapon.name}は隣のマスまでしか届きません（{target.id}まで{gap}マス）。")
    elif weapon.range_m is not None and gap > weapon.range_m * factor:
        forbid("X-REACH-01", f"{target.id}は{weapon.name}の射程{weapon.range_m * factor}mの外です（{gap}マス）。")
    wall = wall_between(state, actor.square or "", target.square or "")
    if wall is not None:  # a wall is not cover: nothing passes through it (the KP may allow a window)
        forbid(LINE_OF_FIRE, f"{actor.id}から{target.id}までの間の{wall[1]}に壁「{wall[0]}」があり、"
                             "攻撃は通りません（壁は遮蔽物ではありません。窓や薄い壁ならKPが /kp allow で認められます）。")
    return gap



@dataclass
class Strike:
    """One attack roll about to be made.

    Attributes:
        actor, target: the units; weapon: the attacking weapon (its damage may already be
        multiplied); skill: the attack skill % after modifiers; ap: AP it costs;
        counts: whether it uses the turn's attack (H-AP-04); budo: the 武道 rolled with it
        (X-COMB-01) or None; double: ×2 damage when both parts succeed (X-DBL-01);
        special, aim: as declared; purpose: the roll's label; automatic: hits without a
        roll (point-blank, H-FIRE-PB-02); context: extra pending context (``extra`` dice,
        ``effects`` …); among: the defensive actions offered; add: extra answers (武道).
    """

    actor: CocUnit
    target: CocUnit
    weapon: Weapon
    skill: int
    ap: int = 1
    counts: bool = True
    budo: Budo | None = None
    double: bool = True
    special: str | None = None
    aim: str | None = None
    purpose: str = ""
    automatic: bool = False
    context: dict = field(default_factory=dict)
    among: tuple[str, ...] = ORDER
    add: tuple[str, ...] = ()


def roll_strike(rules: CocRules, d: Decision[CocState], plan: Strike, dice: Dice) -> tuple[int, str | None, bool]:
    """Declare and roll ``plan``. Returns ``(attack number, level or None if it missed,
    whether the 武道 part succeeded too)``."""
    number = d.state.next_attack
    divisor = hidden_divisor(plan.actor, plan.target)  # H-DEF-HIDE-05: halved while hidden
    if divisor > 1:
        plan = replace(plan, skill=plan.skill // divisor,
                       budo=replace(plan.budo, value=plan.budo.value // divisor) if plan.budo else None)
    d.emit(ce.AttackDeclared(attack=number, attacker=plan.actor.id, target=plan.target.id,
                             weapon=plan.weapon.name, skill=plan.skill, ap=plan.ap if rules.uses_ap else 0,
                             counts=plan.counts, special=plan.special, aim=plan.aim))
    purpose = (plan.purpose or f"攻撃（{plan.weapon.name}）") + ("［隠れている: 1/2］" if divisor > 1 else "")
    used = ammo.spent(plan.actor, plan.weapon, 1) if plan.weapon.is_firearm else None
    if plan.automatic:
        if used is not None:
            d.emit(used)
        return number, SuccessLevel.SUCCESS.value, False
    if plan.budo is not None:
        comb = roll_combination((plan.budo.value, plan.skill), dice, bands(d.state))
        level = comb.levels[1]
        both = f"〈{plan.budo.skill}〉{plan.budo.value}＋{plan.weapon.name}{plan.skill}"  # in the order of the numbers
        assert plan.actor.character is not None
        parts = {plan.budo.skill: comb.levels[0].value,  # each part marks its own skill (X-GROW-01)
                 plan.actor.character.skill_key(plan.weapon): comb.levels[1].value}
        d.emit(ce.CheckRolled(unit=plan.actor.id, purpose=f"{purpose}（{both}の組み合わせ）",
                              target=plan.skill, roll=comb.roll, level=level.value, text=comb.text(),
                              attack=number, skills=parts))
        return number, (level.value if level.succeeded else None), comb.all_succeeded
    check = roll_check(plan.skill, dice, bands(d.state))
    if plan.weapon.is_firearm:  # X-JAM-01: the gun's 故障ナンバー, with the KP's setting
        shot = ammo.shot(check, plan.weapon, ammo.jams_on(d.state))
        d.emit(ce.CheckRolled(unit=plan.actor.id, purpose=purpose, target=plan.skill, roll=shot.roll,
                              level=shot.level.value, text=shot.text, attack=number))
        if used is not None:  # a gun's attack outside the house firing rules is one shot (X-AMMO-01)
            d.emit(used)
        if shot.jammed:
            d.emit(ammo.GunJammed(unit=plan.actor.id, weapon=plan.weapon.name, jammed=True, roll=shot.roll,
                                  number=shot.number))
        return number, (shot.level.value if shot.hit else None), False
    d.emit(ce.CheckRolled(unit=plan.actor.id, purpose=purpose, target=plan.skill, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=number))
    return number, (check.level.value if check.succeeded else None), False


def open_reaction(rules: CocRules, d: Decision[CocState], plan: Strike, number: int, level: str,
                  budo_ok: bool, dice: Dice) -> None:
    """After a hit: ask the target to answer (or land it at once on a unit out of action)."""
    weapon = plan.weapon
    if budo_ok and plan.double:
        weapon = replace(weapon, damage=multiply_damage(weapon.damage, 2))
    context = {"level": level, "number": number, "special": plan.special, "aim": plan.aim,
               "budo": budo_ok, **plan.context}
    rolled = next((e for e in reversed(d.events) if isinstance(e, ce.CheckRolled) and e.attack == number), None)
    if rolled is not None and (impale := impale_mode(d.state, weapon, level, rolled.roll, rolled.target)):
        context["impale"] = impale  # X-IMPALE-01: the weapon's dice twice
    if level in (SuccessLevel.SPECIAL.value, SuccessLevel.CRITICAL.value):
        context["effects"] = list(context.get("effects", [])) + list(context.pop("effects_on_special", []))
    target = d.state.coc_unit(plan.target.id)
    if target.out_of_action:
        inc = Incoming(number, plan.actor.id, weapon, target.id,
                       {**context, "attacker": plan.actor.id, "weapon": weapon.to_dict()})
        hit(d, inc, dice)
        return
    inc = Incoming(number, plan.actor.id, weapon, target.id, context)
    options = available(rules, d.state, target, inc, plan.among)
    options = options[:-1] + [a for a in plan.add if a not in options] + [NONE]
    if STUN in target.conditions:
        options = [a for a in plan.add if context.get("stun_exempt")] + [NONE]
    d.emit(ce.ReactionRequested(attack=number, unit=target.id, attacker=plan.actor.id, options=options,
                                context={**context, "weapon": weapon.to_dict(), "parry_weapons": []}))


def strike(rules: CocRules, d: Decision[CocState], plan: Strike, dice: Dice) -> int | None:
    """Roll ``plan`` and, on a hit, open the target's reaction. Returns the attack number
    on a hit, None on a miss (the miss is resolved)."""
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if level is None:
        d.emit(ce.AttackResolved(attack=number, outcome="攻撃は外れた"))
        return None
    open_reaction(rules, d, plan, number, level, budo_ok, dice)
    return number


def attacker_and_target(state, cmd: Attack) -> tuple:
    """The unit ``cmd`` attacks with and its target, after the checks every CoC attack
    passes (either edition's units: they are read by their id, turn and conditions): the
    actor's turn, nothing pending, a target named, not itself, not dead. Raises InvalidInput."""
    actor = acting_unit(state, cmd, prefer=state.turn)
    require_turn(state, actor)
    require_no_pending(state)
    if not cmd.target:
        raise InvalidInput("攻撃の対象を target: で指定してください。")
    target = find_unit(state, cmd.target)
    if target.id == actor.id:
        raise InvalidInput("自分自身は攻撃できません。")
    if "死亡" in target.conditions:
        raise InvalidInput(f"{target.id}はすでに死亡しています。")
    return actor, target


def begin(rules: CocRules, d: Decision[CocState], cmd: Attack) -> tuple[CocUnit, CocUnit]:
    """The acting unit and its target, after the checks every attack passes: the actor's
    turn, nothing pending, a living target other than itself, no stun (X-STUN-01) or
    restringing (H-KYU-STRING-02), no all-out move this turn (H-AP-03); then raises
    TargetAwaited when the target's round-start declaration is awaited (waiting.py: the
    attack is kept, not refused)."""
    state = d.state
    actor, target = attacker_and_target(state, cmd)
    assert isinstance(actor, CocUnit) and isinstance(target, CocUnit)
    require_active(actor)
    refusal = active_refusal(actor)
    if refusal is not None:
        forbid(refusal.clause, refusal.message)
    if actor.all_out:
        forbid("H-AP-03", f"{actor.id}はこのターン全力移動したので、ほかの行動はできません。")
    if awaited(state, target):  # the attack waits for the target's answer (waiting.py)
        raise TargetAwaited(actor.id, target.id)
    return actor, target

