"""Firearms of the 7th edition (7-FIRE-01..08): a shot is rolled at ``/attack`` and cannot
be dodged or fought back. Point-blank (``special:至近距離``, or on the map within a fifth of
the shooter's DEX in feet) gives a bonus die; several handgun shots in a round
(``shots:2``) a penalty die on each; beyond the base range the shot needs a hard success,
beyond twice it an extreme one, beyond four times it is impossible; a target that dived for
cover this round gives a penalty die. Each shot uses a round of the magazine; an attack roll
at or above the weapon's malfunction number jams the gun (the shot does not fire)."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc7.check import Level7
from rules.coc7.weapons import Weapon7
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.grid import apart
from rules.systems.coc7.damage import deal
from rules.systems.coc7.events import ArmChanged, InHand
from rules.systems.coc7.rolls import Modifier, roll_check
from rules.systems.coc7.specials import POINT_BLANK, split
from rules.systems.coc7.state import DEAD, Coc7State, Coc7Unit
from rules.systems.coc7.wounds import take

FEET_PER_METRE_X10000 = 3048
"""1 foot = 0.3048 m (squares are metres, H-UNIT-01)."""


def point_blank_squares(dex: int) -> int:
    """7-FIRE-02: the squares (1 m each) within a fifth of ``dex`` in feet, rounded down:
    DEX 60 → 12 ft = 3.66 m → 3; DEX 40 → 8 ft = 2.44 m → 2."""
    return max(0, dex) * FEET_PER_METRE_X10000 // 50000


def range_band(weapon: Weapon7, gap: int | None) -> tuple[Level7, str]:
    """7-FIRE-04: the lowest success level that hits at ``gap`` squares, and a note: within
    the base range any success; up to twice it a hard success (長距離); up to four times an
    extreme success (超長距離); beyond, impossible (RuleViolation 7-FIRE-04). Without a map
    (``gap`` None) or a range, any success."""
    if gap is None or weapon.range_m is None or gap <= weapon.range_m:
        return Level7.REGULAR, ""
    if gap <= 2 * weapon.range_m:
        return Level7.HARD, f"（長距離 {gap}m：ハード成功以上で命中、7-FIRE-04）"
    if gap <= 4 * weapon.range_m:
        return Level7.EXTREME, f"（超長距離 {gap}m：イクストリーム成功以上で命中、7-FIRE-04）"
    forbid("7-FIRE-04", f"{weapon.name}の射程{weapon.range_m}mの4倍を超えています（{gap}m）。")
    return Level7.CRITICAL, ""


def shot_modifiers(actor: Coc7Unit, target: Coc7Unit, weapon: Weapon7, cmd: Attack, shots: int,
                   gap: int | None, round_: int) -> list[Modifier]:
    """The dice of each shot: point-blank (7-FIRE-02), several shots (7-FIRE-03), a target
    that dived for cover this round (7-FIRE-05), the declared ``bonus:`` (cover, aim …,
    7-DICE-03). ``special:至近距離`` on the map beyond point-blank is refused (7-FIRE-02)."""
    found = []
    near = point_blank_squares(actor.dex)
    declared = POINT_BLANK in split(cmd.special)
    if declared and gap is not None and gap > near:
        forbid("7-FIRE-02", f"{target.id}は{gap}マス先で、至近距離（DEX{actor.dex}の1/5フィート＝{near}マス以内）ではありません。")
    if declared or (gap is not None and gap <= near):
        found.append(Modifier(1, POINT_BLANK))
    if shots > 1:
        found.append(Modifier(-1, f"{shots}発撃ち"))
    if target.marks.get("dived") == round_:
        found.append(Modifier(-1, "身を投げ出した相手"))
    if cmd.bonus:
        found.append(Modifier(cmd.bonus, "宣言した補正"))
    return found


def shoot(d: Decision[Coc7State], cmd: Attack, actor: Coc7Unit, target: Coc7Unit, weapon: Weapon7,
          dice: Dice) -> None:
    """Fire ``weapon`` at ``target`` ``cmd.shots`` times (7-FIRE-01..08): each shot rolled
    (attack roll, then damage: weapon dice, then CON if any), no answer asked.

    Raises RuleViolation 7-FIRE-03 (more shots than the weapon fires a round), 7-FIRE-08
    (not enough rounds left), 7-FIRE-04 (out of range), 7-FIRE-02 (not point-blank)."""
    shots = cmd.shots or 1
    if shots > weapon.shots:
        forbid("7-FIRE-03", f"{weapon.name}は1ラウンドに{weapon.shots}発までです（shots:{shots}）。")
    arm = actor.arms.get(weapon.name)
    if arm is not None and arm.ammo is not None and arm.ammo < shots:
        forbid("7-FIRE-08", f"{weapon.name}の弾が足りません（残り{arm.ammo}発、{shots}発撃とうとした）。「装填」で込め直せます。")
    if cmd.mode and cmd.mode not in ("単発",):
        raise InvalidInput(f"7版の戦闘では射撃モード「{cmd.mode}」はまだ扱えません（単発の shots:1〜{weapon.shots}）。")
    gap = apart(d.state, actor, target)
    needed, band = range_band(weapon, gap)
    modifiers = shot_modifiers(actor, target, weapon, cmd, shots, gap, d.state.round)
    number = d.state.next_attack
    value = actor.sheet.weapon_skill(weapon) if actor.sheet else 0
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id, weapon=weapon.name,
                             skill=value, ap=0, special=cmd.special))
    if actor.in_hand != weapon.name:
        d.emit(InHand(unit=actor.id, weapon=weapon.name))
    results = []
    for shot in range(1, shots + 1):
        if DEAD in d.state.unit7(target.id).conditions:
            results.append(f"{shot}発目以降は撃たない（{target.id}は死亡）")
            break
        purpose = f"射撃（{weapon.name}）" + (f"{shot}発目" if shots > 1 else "")
        check = roll_check(d, actor.id, purpose, value, dice, modifiers, skill=weapon.skill, attack=number, extra=band)
        arm = d.state.unit7(actor.id).arms.get(weapon.name)
        if weapon.malfunction is not None and check.roll >= weapon.malfunction:
            d.emit(ArmChanged(unit=actor.id, weapon=weapon.name, ammo=arm.ammo if arm else None, jammed=True,
                              note=f"{weapon.name}が故障した（出目{check.roll} ≧ 故障ナンバー{weapon.malfunction}、7-FIRE-07）"))
            results.append(f"{shot}発目：故障して撃てなかった")
            break
        if arm is not None and arm.ammo is not None:
            d.emit(ArmChanged(unit=actor.id, weapon=weapon.name, ammo=arm.ammo - 1))
        if check.succeeded and check.level.rank >= needed.rank:
            amount = deal(d, number, actor.id, target.id, weapon, check.level, dice)
            take(d, target.id, amount, dice, cause=f"{actor.id}の{weapon.name}")
            results.append(f"{shot}発目が命中：{target.id}に{amount}ダメージ" if shots > 1
                           else f"命中：{target.id}に{amount}ダメージ")
        else:
            results.append(f"{shot}発目は外れた" if shots > 1 else "外れた")
    d.emit(ce.AttackResolved(attack=number, outcome="、".join(results)))
