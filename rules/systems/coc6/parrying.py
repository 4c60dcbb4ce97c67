"""The parry action 〈受け流し〉: who may parry whom (the declaration, H-DEF-PARRY-01..03,
P-PARRY-01..08), with which weapons, the roll(s), and what a critical or a fumble does
(H-DEF-PARRY-20/21). The class tables and the damage processing are in parry.py."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.check import SuccessLevel
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import holding
from rules.systems.coc6 import parry as parry_rules
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, ask, attack_blow, attack_damage, finish, hit, land
from rules.systems.coc6.limits import common_refusal, roll_defense, target_working, use
from rules.systems.coc6.state import CocState, CocUnit

PARRY = "受け流し"
COUNTER, NONE = "反撃", "なし"
CRITICAL_EXTRA = "+1D4"
"""H-DEF-PARRY-20: the counterattack after a critical parry adds +1D4 to its damage."""


def needs_parry_declaration(rules: CocRules, state: CocState, unit: CocUnit) -> bool:
    """H-DEF-PARRY-01/03: 〈マーシャルアーツ〉 and every 〈武道〉 below base + 10% (setting
    ``parry_free_at`` = 11). P-PARRY-05/07/08: without 〈マーシャルアーツ〉, i.e. below 1%."""
    assert unit.character is not None
    threshold = int(state.settings.get("parry_free_at", rules.defaults.get("parry_free_at", 11)))
    best = max([unit.character.skill("マーシャルアーツ"), *unit.character.budo_skills().values()])
    return best < threshold


def free_parry_text(rules: CocRules, unit: CocUnit) -> str:
    """Why ``unit`` needs no parry declaration, in Japanese: its 〈マーシャルアーツ〉/〈武道〉
    reaches ``parry_free_at`` (H-DEF-PARRY-03; P-PARRY-07/08: every CoC character has
    〈マーシャルアーツ〉 1%)."""
    assert unit.character is not None
    skills = {"マーシャルアーツ": unit.character.skill("マーシャルアーツ"), **unit.character.budo_skills()}
    name, value = max(skills.items(), key=lambda item: item[1])
    clause = "H-DEF-PARRY-03" if rules.rule_set == "H" else "P-PARRY-07"
    return (f"{unit.id}は〈{name}〉{value}%があるので、受け流しの宣言は要りません。宣言しなくても、"
            f"攻撃を受けたときに[受け流し]を選べます（{clause}）。")


def declaration_refusal(rules: CocRules, state: CocState, unit: CocUnit, attacker: str) -> RuleViolation | None:
    """H-DEF-PARRY-01/02 (P-PARRY-05/02): a unit whose 〈マーシャルアーツ〉/〈武道〉 is below
    ``parry_free_at`` parries only an opponent it declared at the start of the round."""
    if not needs_parry_declaration(rules, state, unit):
        return None
    if not unit.declared(PARRY):
        return RuleViolation(rules.clause("parry_declare"),
                             f"{unit.id}の〈マーシャルアーツ〉／〈武道〉は宣言なしで受け流せる値に届きません。"
                             "ラウンドのはじめに /declare action:受け流し target:相手 で宣言が必要です")
    if not unit.declared(PARRY, attacker):
        return RuleViolation(rules.clause("parry_other"),
                             f"{unit.id}が受け流しを宣言した相手は{attacker}ではありません")
    return None


def shield_chance(state: CocState) -> int:
    """The KP's chance (%) for a shield to stop a missile (H-DEF-PARRY-08, P-CLASS-05); 0 = no."""
    return int(state.settings.get("shield_missile_chance", 0))


def weapon_refusal(rules: CocRules, state: CocState, unit: CocUnit, weapon: Weapon,
                   attack: Weapon, substitute: bool = False) -> RuleViolation | None:
    """Why ``weapon`` cannot parry ``attack``: the unit cannot use it now (holding.py:
    destroyed, dropped, an empty hand after a weapon shot), or its class does not stop it. A
    fist or kick may meet a melee weapon aimed at someone else: the parrier becomes the
    substitute 「身代わり」 and takes the damage (``substitute``, P-NOTE-01)."""
    unusable = holding.use_refusal(rules, state, unit, weapon, holding.PARRY)
    if unusable is not None:
        return unusable
    if _shield_missile(state, weapon, attack):
        return None
    clause = parry_rules.refusal_clause(rules.rule_set, weapon, attack)
    if clause == "P-CLASS-01" and substitute:
        return None
    if clause is not None:
        return RuleViolation(clause, f"{weapon.name}ではこの攻撃（{attack.name}）を受け流せません")
    return None


def _shield_missile(state: CocState, weapon: Weapon, attack: Weapon) -> bool:
    return (weapon.parry_class is ParryClass.SHIELD and attack.parry_class.is_ranged
            and not attack.is_firearm and shield_chance(state) > 0)


def parry_weapons(rules: CocRules, state: CocState, unit: CocUnit, attack: Weapon,
                  substitute: bool = False) -> list[Weapon]:
    """The defender's weapons that can parry ``attack`` now, own weapons first."""
    assert unit.character is not None
    return [w for w in unit.character.all_weapons
            if weapon_refusal(rules, state, unit, w, attack, substitute) is None]


def refusal(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming,
            weapon: Weapon | None = None) -> RuleViolation | None:
    """Why ``unit`` may not parry ``inc`` (with ``weapon``), or None if it may.

    Order: stun/集中/once a round (H-DEF-01, P-PARRY-01; a shield twice with the setting
    ``invictus_shields``, P-NOTE-04), the declaration (H-DEF-PARRY-01/02, P-PARRY-05/02),
    then the weapon (broken; class, H-DEF-PARRY-04..12, P-CLASS-01..08, P-NOTE-02).
    """
    assert unit.character is not None
    general = common_refusal(rules, unit, PARRY, inc)
    if general is not None and not _second_shield_parry(state, unit, weapon, general):
        return general
    undeclared = declaration_refusal(rules, state, unit, inc.attacker)
    if undeclared is not None:
        return undeclared
    if weapon is not None:
        return weapon_refusal(rules, state, unit, weapon, inc.weapon, bool(inc.context.get("substitute")))
    if not parry_weapons(rules, state, unit, inc.weapon, bool(inc.context.get("substitute"))):
        first = unit.character.all_weapons[0]
        found = weapon_refusal(rules, state, unit, first, inc.weapon)
        clause = found.clause if found else rules.clause("parry_hold")
        return RuleViolation(clause, f"{unit.id}にはこの攻撃（{inc.weapon.name}）を受け流せる武器がありません")
    return None


def _second_shield_parry(state: CocState, unit: CocUnit, weapon: Weapon | None,
                         general: RuleViolation) -> bool:
    """P-NOTE-04 (Cthulhu Invictus, setting ``invictus_shields``): a shield parries twice."""
    return (bool(state.settings.get("invictus_shields")) and general.clause == "P-PARRY-01"
            and weapon is not None and weapon.parry_class is ParryClass.SHIELD
            and unit.used.get(PARRY, 0) < 2)


def parry(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, weapon: Weapon,
          dice: Dice, all_at_once: bool = False) -> None:
    """Roll the parry with ``weapon``'s attack skill (P-PARRY-03; a shield against a missile:
    the KP's chance, H-DEF-PARRY-08) — twice for 〈組み付き〉 (H-DEF-PARRY-05, P-CLASS-02) —
    then process the damage by class (parry.py).

    House rules: a critical parries beyond the weapon's HP without HP loss and offers a
    counterattack with +1D4 (H-DEF-PARRY-20); a fumble destroys the weapon and no damage is
    taken, or, with nothing to destroy, counts as a failure (H-DEF-PARRY-21). Book rule: a
    failure (fumble included) takes all the damage (P-PARRY-04). After a かばう critical
    the damage is already cancelled and a successful parry offers a half-damage
    counterattack (H-DEF-COVER-12).
    """
    assert unit.character is not None
    use(d, unit, PARRY, inc, weapon=weapon.name, all_at_once=all_at_once)
    base = shield_chance(d.state) if _shield_missile(d.state, weapon, inc.weapon) \
        else unit.character.weapon_skill(weapon)
    target, working = target_working(unit, PARRY, base, inc, all_at_once)
    levels = []
    for _ in range(2 if weapon.parry_class is ParryClass.GRAPPLE else 1):
        check = roll_defense(d, unit, PARRY, f"受け流し（{weapon.name}）", target, inc, dice, working)
        levels.append(check.level)
        if not check.succeeded:
            break
    house = rules.rule_set == "H"
    succeeded = all(level.succeeded for level in levels)
    critical = house and succeeded and SuccessLevel.CRITICAL in levels
    if inc.context.get("cancelled"):
        _after_cover_critical(d, unit, inc, weapon, succeeded)
    elif not succeeded:
        _failed(d, unit, inc, weapon, house and levels[-1] is SuccessLevel.FUMBLE, dice)
    elif critical:
        _critical(d, unit, inc, weapon, dice)
    else:
        _processed(rules, d, unit, inc, weapon, dice)


def _after_cover_critical(d: Decision[CocState], unit: CocUnit, inc: Incoming, weapon: Weapon,
                          succeeded: bool) -> None:
    if succeeded:
        ask(d, inc, unit.id, [COUNTER, NONE], outcome="受け流し成功：反撃できます（ダメージ1/2）",
            followup="counter", counter_weapon=weapon.name, counter_half=True)
    else:
        finish(d, inc, "ダメージは打ち消されている")


def _failed(d: Decision[CocState], unit: CocUnit, inc: Incoming, weapon: Weapon, fumble: bool,
            dice: Dice) -> None:
    ws = unit.weapons.get(weapon.name)
    if fumble and ws is not None and ws.hp is not None:
        d.emit(ce.WeaponChanged(unit=unit.id, weapon=weapon.name, hp=ws.hp, broken=True,
                                cannot_fire=ws.cannot_fire, note=f"{weapon.name}は受け流しのファンブルで破壊された"))
        if d.state.settings.get("parry_fumble_damage", False):
            hit(d, inc, dice)
        else:
            finish(d, inc, "受け流しファンブル：武器は壊れたがダメージはない")
        return
    hit(d, inc, dice)


def _critical(d: Decision[CocState], unit: CocUnit, inc: Incoming, weapon: Weapon, dice: Dice) -> None:
    damage = attack_damage(d, inc, dice)
    ask(d, inc, unit.id, [COUNTER, NONE],
        outcome=f"受け流し決定的成功：{damage}ダメージをすべて受け流し、{weapon.name}は無傷。反撃できます（+1D4）",
        followup="counter", counter_weapon=weapon.name, counter_extra=CRITICAL_EXTRA)


def _processed(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, weapon: Weapon,
               dice: Dice) -> None:
    blow = attack_blow(d, inc, dice)
    damage = blow.amount
    ws = unit.weapons[weapon.name]
    outcome = parry_rules.process(rules.rule_set, weapon, ws.hp, ws.cannot_fire, damage, inc.weapon)
    changed = (outcome.hp, outcome.broken, outcome.cannot_fire) != (ws.hp, ws.broken, ws.cannot_fire)
    if changed:
        d.emit(ce.WeaponChanged(unit=unit.id, weapon=weapon.name, hp=outcome.hp, broken=outcome.broken,
                                cannot_fire=outcome.cannot_fire, note=outcome.note))
    if outcome.taken:
        passed = land(d, inc, unit.id, blow.minus(f"{weapon.name}が受けた", damage - outcome.taken), dice).phrase()
    else:  # parried in full: nothing lands, not even what lands with the blow (a tackle, B-TACKLE-02)
        passed = "ダメージなし"
    summary = f"受け流し成功：{passed}" if changed else f"{outcome.note}、{passed}"
    finish(d, inc, summary)
