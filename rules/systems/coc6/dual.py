"""Two-weapon attacks with 〈武器・双撃〉 (H-DUAL-01..09, H-DUAL-SEQ-01..05, H-DUAL-SIM-01..05):
the 双撃 roll first (optionally a combination roll with 〈武道〉, ``mode:武道``), then two hit
rolls (連続攻撃) or one hit roll with doubled damage (同時攻撃). One attack action, 1 AP."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc6.character import BASE_SKILLS, Character
from rules.coc6.check import roll_check, roll_combination
from rules.coc6.weapons import Weapon, skill_kind
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import Strike, check_limit, check_reach, check_weapon_usable, strike
from rules.systems.coc6.budo import WEAPON, budo_of, multiply_damage
from rules.systems.coc6.called_shot import aim_context, called_shot, canonical_aim
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.firearms import split_names
from rules.systems.coc6.state import CocState, CocUnit

SKILL = "武器・双撃"
SEQUENTIAL, SIMULTANEOUS = "連続攻撃", "同時攻撃"
BASE_HIGH = 30
"""H-DUAL-02: base 30% with a weapon-related 武道 or skill at 40%+ (else 0%)."""
LOW_SKILL = 30
"""H-DUAL-07: −30% when a weapon's skill is below its base value + 20."""
MIXED = 40
"""H-DUAL-08: −40% when the two weapons differ in attribute (default: in weapon skill)."""


def dual_skill(character: Character, weapons: list[Weapon], settings: dict) -> int:
    """〈武器・双撃〉 %: the sheet's value, else 30 when a designated-weapon 武道 or a melee
    weapon skill is at 40%+, else 0 (H-DUAL-02)."""
    if SKILL in character.skills:
        return character.skills[SKILL]
    budo = any(b.style == WEAPON and b.value >= 40 for b in budo_of(character, settings))
    armed = [w for w in character.weapons if not w.parry_class.is_ranged and not w.parry_class.is_unarmed]
    skilled = any(character.weapon_skill(w) >= 40 for w in armed)
    return BASE_HIGH if budo or skilled else 0


def penalties(character: Character, weapons: list[Weapon]) -> tuple[int, list[str]]:
    """``(total −%, reasons)``: −30 once if either weapon's skill < its base + 20
    (H-DUAL-07), −40 if the two weapons use different skills (H-DUAL-08); cumulative. A
    weapon's skill is its kind (:func:`rules.coc6.weapons.skill_kind`), not its name."""
    total, why = 0, []
    if any(character.weapon_skill(w) < BASE_SKILLS.get(skill_kind(w), 0) + 20 for w in weapons):
        total += LOW_SKILL
        why.append(f"技能値が初期値+20未満 −{LOW_SKILL}%")
    if skill_kind(weapons[0]) != skill_kind(weapons[1]):
        total += MIXED
        why.append(f"属性の違う武器 −{MIXED}%")
    return total, why


def dual(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
         dice: Dice) -> None:
    """``/attack special:連続攻撃|同時攻撃 weapon:A,B [mode:武道] [aim:] [modifier:]``: ``modifier:``
    and a called shot's −% apply to each hit roll, not to the 〈武器・双撃〉 roll; the called
    shot's damage and effects go with each hit (H-MA-02).

    Raises RuleViolation: H-DUAL-04 (a ranged weapon), H-DUAL-03 (not two weapons),
    H-DUAL-09 (either weapon out of reach), H-DUAL-SEQ-02 / H-DUAL-SIM-02 (``mode:武道``
    without a 〈武道〉).
    """
    state = d.state
    simultaneous = cmd.special == SIMULTANEOUS
    sim_or_seq = "SIM" if simultaneous else "SEQ"
    assert actor.character is not None
    names = split_names(cmd.weapon)
    if len(names) != 2:
        raise RuleViolation("H-DUAL-03", "〈武器・双撃〉では両手の武器を weapon:武器A,武器B で2つ指定してください。")
    weapons = []
    for name in names:
        weapon = actor.character.weapon(name)
        if weapon is None:
            raise InvalidInput(f"{actor.id}は「{name}」を持っていません。")
        weapons.append(weapon)
    if any(w.parry_class.is_ranged for w in weapons):
        raise RuleViolation("H-DUAL-04", "〈武器・双撃〉は射撃武器では宣言できません。")
    for weapon in weapons:
        check_weapon_usable(rules, state, actor, weapon)
        try:
            check_reach(state, actor, target, weapon)
        except RuleViolation as exc:
            raise RuleViolation("H-DUAL-09", f"両方の武器が届かないと双撃は宣言できません（{exc.message}）") from None
    check_limit(rules, state, actor, weapons[0], 1)
    with_budo = (cmd.mode or "").strip() == "武道"
    budo = budo_of(actor.character, state.settings)[0] if with_budo and budo_of(actor.character, state.settings) else None
    if with_budo and budo is None:
        raise RuleViolation(f"H-DUAL-{sim_or_seq}-02", f"{actor.id}には組み合わせる〈武道〉がありません。")
    minus, why = penalties(actor.character, weapons)
    aim_name = canonical_aim(cmd.aim)
    aim = called_shot(state, target, aim_name)  # H-MA-02: a called shot combines with a dual attack
    value = max(0, dual_skill(actor.character, weapons, state.settings) - minus)
    number = state.next_attack
    special = SIMULTANEOUS if simultaneous else SEQUENTIAL
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id,
                             weapon="・".join(names), skill=value, ap=1 if rules.uses_ap else 0, special=special,
                             aim=aim_name))
    note = f"（{'、'.join(why)}）" if why else ""
    parts: dict[str, str] = {}
    if budo is not None:
        comb = roll_combination((budo.value, value), dice, bands(state))
        ok, text = comb.all_succeeded, comb.text()
        parts = {budo.skill: comb.levels[0].value, SKILL: comb.levels[1].value}  # X-GROW-01: each part
    else:
        check = roll_check(value, dice, bands(state))
        ok, text = check.succeeded, check.text()
    d.emit(ce.CheckRolled(unit=actor.id, purpose=f"〈{SKILL}〉{special}{note}" + (f"＋〈{budo.skill}〉" if budo else ""),
                          target=value, roll=comb.roll if budo else check.roll,
                          level="成功" if ok else "失敗", text=text, attack=number, skills=parts))
    if not ok:
        d.emit(ce.AttackResolved(attack=number, outcome=f"〈{SKILL}〉に失敗し、攻撃は失敗した"))
        return
    d.emit(ce.AttackResolved(attack=number, outcome=f"〈{SKILL}〉成功: {special}"))
    shift = cmd.modifier + aim.modifier  # the hit rolls', not the 双撃 roll's (H-MA-02)
    if simultaneous:
        low = min(weapons, key=actor.character.weapon_skill)
        doubled = replace(low, damage=multiply_damage(low.damage, 2))
        strike(rules, d, Strike(actor, target, doubled, max(0, actor.character.weapon_skill(low) + shift), ap=0,
                                counts=False, special=SIMULTANEOUS, aim=aim_name, double=False,
                                context=aim_context(aim)), dice)
        return
    for weapon in weapons:
        if budo is not None:
            weapon = replace(weapon, damage=multiply_damage(weapon.damage, 2))
        strike(rules, d, Strike(actor, target, weapon, max(0, actor.character.weapon_skill(weapon) + shift), ap=0,
                                counts=False, special=SEQUENTIAL, aim=aim_name, double=False,
                                context=aim_context(aim)), dice)
