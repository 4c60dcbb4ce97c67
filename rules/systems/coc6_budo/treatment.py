"""〈応急手当〉/〈医学〉 in ``coc6-budo``: a success restores 1D3 HP (published CoC 6th) and
the same amount of the STR / DEX an arm or leg hit took; once STR / DEX is back at its
original value the halved skills return too (B-CALL-ARM-05, B-CALL-LEG-05). Other checks
are rolled as in the shared engine."""
from __future__ import annotations

from rules.battle.commands import SkillCheck
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.coc6.character import canonical_skill
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.systems.coc6.checks import bands
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import treatment as shared
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit

LIMBS = {"腕": "STR", "足": "DEX"}


def check(rules: CocRules, d: Decision[CocState], cmd: SkillCheck, dice: Dice) -> None:
    """``/check skill:応急手当|医学 [target:]`` heals 1D3 HP (:func:`shared.heal`) and gives
    back as much STR/DEX; else shared. Unlike the house rules, the same injury may be treated
    again until STR/DEX is back (B-CALL-ARM-05, B-CALL-LEG-05)."""
    skill = canonical_skill(cmd.skill or "")
    if skill not in shared.TREATMENT:
        shared.check(rules, d, cmd, dice)
        return
    state = d.state
    if state.phase != "active":
        raise InvalidInput("戦闘中の判定は /battle start のあとに行います（戦闘外は /roll を使ってください）。")
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, CocUnit) and unit.character is not None
    patient = shared.treatment_patient(state, cmd, unit)
    value = max(0, unit.character.skill(skill) + cmd.modifier)
    result = roll_check(value, dice, bands(state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=f"{skill}（{patient.id}）", target=value, roll=result.roll,
                          level=result.level.value, text=result.text()))
    if not result.succeeded:
        return
    gain = shared.heal(d, d.state.coc_unit(patient.id), skill, dice)
    for wound in list(d.state.coc_unit(patient.id).wounds):
        stat = LIMBS.get(wound["part"])
        if stat is None:
            continue
        loss = -int(wound["stats"].get(stat, 0))
        back = min(loss, gain)
        d.emit(ce.WoundsTreated(unit=patient.id, parts=[wound["part"]], by=unit.id))
        if back < loss:
            d.emit(ce.WoundTaken(unit=patient.id, part=wound["part"], stats={stat: back - loss},
                                 skills=dict(wound["skills"]),
                                 note=f"{stat}はまだ元の値に{loss - back}足りない（技能の半減は続く）"))
