"""Called shots 「部位狙い」 of seed 002 (B-CALL-01..03, B-CALL-VITAL-*, B-CALL-ARM-*,
B-CALL-WPN-*, B-CALL-LEG-*): ``/attack aim:急所|腕|足|武器`` declared with the attack
(B-CALL-02) at −30% (B-CALL-03); a vital spot at −50% when the attacker has the same kind of
vital spot (B-CALL-VITAL-01; KP setting ``same_vital``, default on: human against human).

What a hit does is worked out by the landers below (hit.py's ``LANDERS``), instead of the
plain armour-and-HP step:

- 急所: (damage − armour) × 2 (B-CALL-VITAL-02); if anything got through, every skill is
  halved for 1d6 rounds (B-CALL-VITAL-03) and a resistance roll of that damage against CON
  makes the target faint 「気絶」 (B-CALL-VITAL-04); after a −50% shot the attacker makes a
  SAN check 1/1d4 (B-CALL-VITAL-05: rolled and shown, SAN itself is kept on the sheet).
- 腕 / 足: no damage modifier, but HP never falls below −2 and the unit is 気絶, not dead,
  at HP ≤ 0 (B-CALL-ARM-01 / B-CALL-LEG-01 default); STR / DEX fall by the damage to no
  less than half of what they were, rounded up (B-CALL-ARM-03 / B-CALL-LEG-03, X-ROUND-01);
  the arm / leg skills are halved, or unusable (0) at STR ≤ 2, and at DEX ≤ 2 the unit cannot
  stand (B-CALL-ARM-04 / B-CALL-LEG-04); then damage against the new STR drops a held
  weapon (B-CALL-ARM-02), damage against the new DEX makes it fall (B-CALL-LEG-02).
- 武器: the weapon's durability falls by the damage, the wielder takes none, at 0 it is
  destroyed (B-CALL-WPN-01); 2 × damage against STR drops it (B-CALL-WPN-02), and then the
  hand holds nothing and STR is halved for 1d4 rounds (B-CALL-WPN-03).
"""
from __future__ import annotations

import math

from rules.battle.decision import Decision
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.errors import RuleViolation
from rules.systems.coc6 import conditions as cond
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.damage import Blow, Dealt, announce_defeat, take_damage
from rules.systems.coc6.hit import LANDERS, Incoming
from rules.systems.coc6.holding import HOLD_UNTIL, PARRY, bare, usable
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.wounds import lowered, weapon_skills
from rules.systems.coc6_budo.resist import resist

VITAL, ARM, LEG, WEAPON = "急所", "腕", "足", "武器"
BASIC = -30
"""B-CALL-03: the basic hit penalty of a called shot (%)."""
HESITATION = -20
"""B-CALL-VITAL-01: a further −20% when the attacker shares the vital spot (−50% in all)."""
HP_FLOOR = -2
"""B-CALL-ARM-01 / B-CALL-LEG-01: an arm or leg hit never brings HP to −3 or lower."""
ALIASES = {"頭": VITAL, "頭部": VITAL, "腕部": ARM, "脚": LEG, "脚部": LEG, "武器狙い": WEAPON}
ELAPSED = "時間経過"
"""``WoundsTreated.by`` when the rounds of a called shot's effect are over (not a treatment)."""
VITAL_UNTIL = "vital_until"
"""Unit mark: the round in which the 急所 halving (B-CALL-VITAL-03) ends; the empty hand and
halved STR after a dropped weapon (B-CALL-WPN-03) end with holding.HOLD_UNTIL."""


def canonical(aim: str | None) -> str | None:
    """The part named by ``aim:`` (``頭`` → ``急所``), or None."""
    if not aim:
        return None
    name = aim.strip().removesuffix("狙い")
    return ALIASES.get(name, name)


def held_weapon(unit: CocUnit) -> str | None:
    """The first weapon ``unit`` holds (own weapons it can use: holding.py), or None."""
    assert unit.character is not None
    return next((w.name for w in unit.character.weapons if not bare(w) and usable(unit, w, PARRY)), None)


def aim(state: CocState, target: CocUnit, text: str | None) -> tuple[int, dict]:
    """``(hit modifier %, pending context)`` of the called shot ``text`` on ``target``.

    Raises RuleViolation B-CALL-01 for an unknown part, B-CALL-WPN-01 for a weapon shot at a
    unit holding no weapon.
    """
    part = canonical(text)
    if part is None:
        return 0, {}
    if part not in (VITAL, ARM, LEG, WEAPON):
        raise RuleViolation("B-CALL-01", f"「{part}」は狙える部位ではありません。選べるのは: 急所、腕、足、武器", allowable=False)
    context: dict = {"lander": "b_call", "part": part}
    modifier = BASIC
    if part == VITAL and state.settings.get("same_vital", True):
        modifier += HESITATION
        context["hesitation"] = True
    if part == WEAPON:
        weapon = held_weapon(target)
        if weapon is None:
            raise RuleViolation("B-CALL-WPN-01", f"{target.id}は武器を持っていません。", allowable=False)
        context["aimed_weapon"] = weapon
    return modifier, context


def _land(d: Decision[CocState], inc: Incoming, unit: str, blow: Blow, dice: Dice) -> Dealt:
    """The called shot's own damage step; returns what the target's HP lost and how."""
    target = d.state.coc_unit(unit)
    part = inc.context["part"]
    return {VITAL: _vital, ARM: _limb, LEG: _limb, WEAPON: _weapon}[part](d, inc, target, blow, dice)


LANDERS["b_call"] = _land


def _vital(d: Decision[CocState], inc: Incoming, target: CocUnit, blow: Blow, dice: Dice) -> Dealt:
    assert target.character is not None
    doubled = blow.minus("装甲", target.character.armor).times(2)
    damage = doubled.amount
    number = inc.number
    dealt = Dealt(target.id, 0, doubled.text)
    if damage > 0:
        dealt = take_damage(d, target.id, doubled, dice, cause=f"{inc.attacker}の急所狙い（(ダメージ−装甲)×2）", armor=False)
        target = d.state.coc_unit(target.id)
        rounds = dice.roll(6)
        sheet = target.character
        skills = lowered(sheet, sheet.skill_values(), lambda value: value // 2)
        d.emit(ce.WoundTaken(unit=target.id, part=VITAL, skills=skills,
                             note=f"急所への一撃：{rounds}ラウンドの間、すべての技能値が半減（1D6={rounds}）"))
        d.emit(ce.UnitMarked(unit=target.id, key=VITAL_UNTIL, value=d.state.round + rounds))
        if not target.out_of_action and resist(d, inc.attacker, damage, target.character.stat("CON"),
                                               "急所（ダメージ対CON）", dice, number):
            cond.add(d, target.id, cond.UNCONSCIOUS, "急所への一撃（B-CALL-VITAL-04）")
    if inc.context.get("hesitation"):
        _san(d, inc.attacker, dice, number)
    return dealt


def _san(d: Decision[CocState], attacker: str, dice: Dice, number: int) -> None:
    """B-CALL-VITAL-05: SAN 1/1d4 for the attacker (roll shown; the KP updates the sheet)."""
    unit = d.state.coc_unit(attacker)
    san = unit.character.san if unit.character else 0
    check = roll_check(san, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=attacker, purpose="SANチェック（1/1d4、急所狙い）", target=san, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=number))
    lost = 1 if check.succeeded else dice.roll(4)
    d.emit(ce.UnitMarked(unit=attacker, key="san_lost", value=int(unit.marks.get("san_lost", 0)) + lost,
                         note=f"{attacker}の正気度 −{lost}（B-CALL-VITAL-05）"))


def _limb(d: Decision[CocState], inc: Incoming, target: CocUnit, blow: Blow, dice: Dice) -> Dealt:
    assert target.character is not None
    part = inc.context["part"]
    blow = blow.minus("装甲", target.character.armor)
    damage = blow.amount
    if damage <= 0:
        return Dealt(target.id, 0, blow.text)
    before = target.hp
    after = max(before - damage, min(before, HP_FLOOR))
    dealt = Dealt(target.id, before - after, blow.capped(before - after, "耐久力は−2まで").text)
    d.emit(ce.HpChanged(unit=target.id, before=before, after=after,
                        cause=f"{inc.attacker}の{part}狙い（耐久力は−2まで）"))
    if after <= 2:
        cond.add(d, target.id, cond.UNCONSCIOUS, f"{part}への一撃で耐久力{after}（死亡はしない、B-CALL-{'ARM' if part == ARM else 'LEG'}-01）")
    elif d.state.settings.get("shock", True) and damage >= math.ceil(before / 2):
        if not cond.characteristic_roll(d, target.id, "CON", "ショック", dice, inc.number):
            cond.add(d, target.id, cond.UNCONSCIOUS, "ショック（X-HP-03）")
    stat = "STR" if part == ARM else "DEX"
    old = target.character.stat(stat)
    new = max(old - damage, math.ceil(old / 2))
    listed = str(d.state.settings.get("arm_skills" if part == ARM else "leg_skills", ""))
    names = [n.strip() for n in listed.split(",") if n.strip()]
    if part == ARM:  # 「腕を使う技能」: the list, every weapon held in the hands and every 〈武道〉 (issue 29)
        names = sorted(weapon_skills(target.character, names, hands_only=True))
    unusable = part == ARM and new <= 2
    skills = lowered(target.character, names, (lambda value: 0) if unusable else (lambda value: value // 2))
    clause = "B-CALL-ARM-03/04" if part == ARM else "B-CALL-LEG-03/04"
    note = (f"{target.id}の{stat} {old}→{new}、"
            f"{'腕を使う技能は使えない' if unusable else ('足' if part == LEG else '腕') + 'を使う技能は半減'}（{clause}）")
    d.emit(ce.WoundTaken(unit=target.id, part=part, stats={stat: new - old}, skills=skills, note=note))
    if part == LEG and new <= 2:
        d.emit(ce.UnitMarked(unit=target.id, key="cannot_stand", value=True,
                             note=f"DEX {new}：立ち上がれない（B-CALL-LEG-04）"))
    target = d.state.coc_unit(target.id)
    if part == ARM:  # B-CALL-ARM-02: a held weapon may drop even when the blow knocked it out
        weapon = held_weapon(target)
        if weapon and resist(d, inc.attacker, damage, new, "武器を落とす（ダメージ対STR）", dice, inc.number):
            d.emit(ce.WeaponReadied(unit=target.id, weapon=weapon, dropped=True, nocked=False, cause="B-CALL-ARM-02",
                                    note=f"{target.id}は{weapon}を取り落とした（B-CALL-ARM-02）"))
    elif not target.out_of_action and resist(d, inc.attacker, damage, new, "転倒（ダメージ対DEX）", dice, inc.number):
        cond.add(d, target.id, cond.PRONE, "脚への一撃（B-CALL-LEG-02）")
    if d.state.coc_unit(target.id).out_of_action:
        announce_defeat(d)
    return dealt


def _weapon(d: Decision[CocState], inc: Incoming, target: CocUnit, blow: Blow, dice: Dice) -> Dealt:
    assert target.character is not None
    amount = blow.amount
    name = inc.context["aimed_weapon"]
    dealt = Dealt(target.id, 0, f"{blow.text}は{name}が受けた、B-CALL-WPN-01")
    ws = target.weapons[name]
    if ws.hp is not None:
        left = max(0, ws.hp - amount)
        d.emit(ce.WeaponChanged(unit=target.id, weapon=name, hp=left, broken=left <= 0, cannot_fire=ws.cannot_fire,
                                note=f"{name}の耐久度 {ws.hp}→{left}" + ("、破壊された" if left <= 0 else "") + "（B-CALL-WPN-01）"))
    strength = target.character.stat("STR")
    if amount <= 0 or not resist(d, inc.attacker, 2 * amount, strength, "武器を落とす（ダメージ×2対STR）", dice, inc.number):
        return dealt
    rounds = dice.roll(4)
    d.emit(ce.WeaponReadied(unit=target.id, weapon=name, dropped=True, nocked=False, cause="B-CALL-WPN-02",
                            note=f"{target.id}は{name}を落とした（B-CALL-WPN-02）"))
    d.emit(ce.WoundTaken(unit=target.id, part=WEAPON, stats={"STR": math.ceil(strength / 2) - strength},
                         note=f"{rounds}ラウンドの間、物を持てずSTR半減（1D4={rounds}、B-CALL-WPN-03）"))
    d.emit(ce.UnitMarked(unit=target.id, key=HOLD_UNTIL, value=d.state.round + rounds))
    return dealt


def expire(d: Decision[CocState]) -> None:
    """At a new round: end the 急所 halving (B-CALL-VITAL-03) and the empty hand after a
    dropped weapon (B-CALL-WPN-03) whose rounds are over."""
    for unit in list(d.state.units.values()):
        assert isinstance(unit, CocUnit)
        for key, part in ((VITAL_UNTIL, VITAL), (HOLD_UNTIL, WEAPON)):
            until = unit.marks.get(key)
            if until is not None and d.state.round >= int(until):
                d.emit(ce.WoundsTreated(unit=unit.id, parts=[part], by=ELAPSED))
                d.emit(ce.UnitMarked(unit=unit.id, key=key, value=None))
