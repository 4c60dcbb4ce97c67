"""Interrupt actions (C-INT-01..03): intercept 「インターセプト」 (C-ICPT-01..05) and covering
「カバーリング」 (C-COVER-01..04). Only not-yet-acted or waiting units interrupt, and they are
acted afterwards (C-INT-02)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.charge_rank.checks import BASE_SAFETY, GUARD_SAFETY, beats
from rules.systems.charge_rank.events import StatusChanged, StrikeEnded, StrikeQueued, StrikeUpdated
from rules.systems.charge_rank.spend import check
from rules.systems.charge_rank.state import ACTED, CrState, CrUnit
from rules.systems.charge_rank.strike import new_strike


def intercept(d: Decision[CrState], dice: Dice, unit: CrUnit, strike: dict, power: int) -> None:
    """C-ICPT-02/03/05: roll like an attack against the strike's achievement value; at or above
    it the strike is nullified and the interceptor's own attack (PR = its power rank) hits the
    attacker, who may take a passive action against it (C-ICPT-04) — except against an
    out-of-area attack, where no damage reaches the attacker (C-OPT-OOA-03)."""
    roll = check(d, dice, unit, "インターセプト", power, BASE_SAFETY, target_number=strike["achievement"])
    d.emit(StatusChanged(unit=unit.id, status=ACTED, cause="割り込みをした（C-INT-02）"))
    if roll.auto_fail or not beats(roll.achievement, strike["achievement"]):
        return
    d.emit(StrikeEnded(strike=strike["id"],
                       outcome=f"{unit.id}のインターセプト成功（{roll.achievement} ≥ {strike['achievement']}）：無効化"))
    if strike["out_of_area"]:
        return
    sid = d.state.next_strike
    d.emit(StrikeQueued(strike=new_strike(sid, "intercept", unit.id, strike["attacker"], power,
                                          roll.achievement, interrupt=False, stage="passive")))


def cover(d: Decision[CrState], dice: Dice, unit: CrUnit, strike: dict, power: int) -> None:
    """C-COVER-02..04: roll at safety rank 2; unless it fails automatically the coverer becomes
    the target and the damage is reduced by PR × its guard (no passive step follows)."""
    roll = check(d, dice, unit, "カバーリング", power, GUARD_SAFETY)
    d.emit(StatusChanged(unit=unit.id, status=ACTED, cause="割り込みをした（C-INT-02）"))
    if roll.auto_fail:
        return
    d.emit(StrikeUpdated(strike=strike["id"], changes={
        "target": unit.id, "cover": {"unit": unit.id, "power": power}, "passive": False}))
