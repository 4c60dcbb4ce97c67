"""Treatment 「治療」 of an injury in a charge-rank battle (C-INJ-REC-01..04) and the lower
maximum stamina applied when the battle ends (C-INJ-04/05). The seed's tables are missing:
the stamina loss per degree is the KP's ``injury_stamina_loss`` (injury.py)."""
from __future__ import annotations

from rules.battle.commands import SkillCheck
from rules.battle.decision import Decision
from rules.battle.permissions import find_unit
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation, refuse
from rules.systems.charge_rank.active import actor, take_action
from rules.systems.charge_rank.checks import BASE_SAFETY
from rules.systems.charge_rank.events import InjuryTreated, StaminaMaxLowered
from rules.systems.charge_rank.injury import rank, stamina_after_battle
from rules.systems.charge_rank.phases import finish_action
from rules.systems.charge_rank.spend import check, choose_power
from rules.systems.charge_rank.state import CrState, CrUnit

WORDS = ("治療", "手当て", "手当", "応急手当", "医療")
"""``/check skill:`` names read as a treatment (``/check skill:治療 target:ゲンヤ modifier:3``)."""


def untreated(unit: CrUnit) -> str | None:
    """The worst of ``unit``'s injuries not treated yet this battle (one treatment per
    injury, C-INJ-REC-02), or None."""
    left = list(unit.injuries)
    for degree in unit.treated:
        if degree in left:
            left.remove(degree)
    return max(left, key=rank, default=None)


def treat(d: Decision[CrState], cmd: SkillCheck, dice: Dice) -> None:
    """``/check skill:治療 target:<unit> [modifier:<power rank>]``, an active action: the
    power rank must be at least the injury's rank (C-INJ-REC-03, liftable by the KP); the
    check succeeds unless it fails automatically (C-INJ-REC-02: the injury heals one stage
    faster, recorded). Raises RuleViolation C-INJ-REC-04 for 死亡, InvalidInput without a
    target or an injury to treat."""
    unit = actor(d, cmd)
    if not cmd.target:
        raise InvalidInput("治療する相手を target: で指定してください（例: /check skill:治療 target:ゲンヤ modifier:3）。")
    patient = find_unit(d.state, cmd.target)
    assert isinstance(patient, CrUnit)
    degree = untreated(patient)
    if degree is None:
        raise InvalidInput(f"{patient.id}には治療できる負傷がありません。")
    if degree == "死亡":
        raise RuleViolation("C-INJ-REC-04", "死亡はどんな手段でも治せません", allowable=False)
    power = choose_power(cmd, unit, cmd.modifier or None)
    if power < rank(degree):
        refuse(cmd, "C-INJ-REC-03", f"{degree}（負傷ランク{rank(degree)}）の治療にはパワーランク{rank(degree)}以上が必要です"
                                    f"（いまはパワーランク{power}）")
    take_action(d, unit, "治療")
    roll = check(d, dice, d.state.unit(unit.id), f"治療（{patient.id}の{degree}）", power, BASE_SAFETY)
    d.emit(InjuryTreated(unit=patient.id, degree=degree, by=unit.id, power=power, success=not roll.auto_fail))
    finish_action(d)


def lower_stamina(d: Decision[CrState]) -> None:
    """At the battle's end (C-INJ-04: no effect during it): each injured unit's maximum
    stamina becomes :func:`stamina_after_battle` when that is lower (C-INJ-05)."""
    for unit in d.state.cr_units():
        after = stamina_after_battle(d.state.settings, unit.stamina_max, unit.injuries)
        if after < unit.stamina_max:
            d.emit(StaminaMaxLowered(unit=unit.id, before=unit.stamina_max, after=after, injuries=list(unit.injuries)))

