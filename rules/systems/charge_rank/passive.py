"""Passive actions of the targeted unit (C-PASS-01/02): defence/evasion 「防御・回避」
(C-DEF-01..05) and counter 「カウンター」 (C-COUNTER-01..06). Passive actions are allowed
in the acted state and change nobody's state."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.charge_rank.checks import BASE_SAFETY, GUARD_SAFETY, beats
from rules.systems.charge_rank.events import StrikeEnded, StrikeQueued, StrikeUpdated
from rules.systems.charge_rank.spend import check
from rules.systems.charge_rank.state import CrState, CrUnit
from rules.systems.charge_rank.strike import new_strike


def defend(d: Decision[CrState], dice: Dice, unit: CrUnit, strike: dict, action: str, power: int,
           pulled: bool = False) -> None:
    """C-DEF-02..05: at safety rank 2 (C-OPT-PULL-01 +1, C-OPT-SURP-02 −1); at or above the
    attacker's achievement the strike is nullified; below it, the damage step reduces by
    (PR + 1) × guard, PR being 0 on an automatic failure (C-DEF-04) and halved when pulled
    (C-OPT-PULL-02/03)."""
    roll = check(d, dice, unit, action, power, GUARD_SAFETY, pulled=pulled, surprised=strike["surprise"],
                 target_number=strike["achievement"])
    if not roll.auto_fail and beats(roll.achievement, strike["achievement"]):
        d.emit(StrikeEnded(strike=strike["id"],
                           outcome=f"{unit.id}の{action}成功（{roll.achievement} ≥ {strike['achievement']}）：攻撃を無効化"))
        return
    effect = 0 if roll.auto_fail else (power // 2 if pulled else power)
    d.emit(StrikeUpdated(strike=strike["id"], changes={
        "stage": "damage", "reaction": {"action": "防御", "power": effect}}))


def counter(d: Decision[CrState], dice: Dice, unit: CrUnit, strike: dict, power: int) -> None:
    """C-COUNTER-02..06: roll like an attack (safety rank 1). At or above the attacker's
    achievement the strike is nullified and a counter strike with PR_c + PR_a and the counter's
    achievement goes to the attacker (interrupts and passive actions allowed against it,
    C-COUNTER-04; after the whole group attack, C-OPT-GROUP-04). Below it, the damage step uses
    PR_a + PR_c (the PR decided, even on an automatic failure)."""
    roll = check(d, dice, unit, "カウンター", power, BASE_SAFETY, target_number=strike["achievement"])
    if roll.auto_fail or not beats(roll.achievement, strike["achievement"]):
        d.emit(StrikeUpdated(strike=strike["id"], changes={
            "stage": "damage", "reaction": {"action": "カウンター", "power": power}}))
        return
    d.emit(StrikeEnded(strike=strike["id"],
                       outcome=f"{unit.id}のカウンター成功（{roll.achievement} ≥ {strike['achievement']}）：攻撃を無効化"))
    sid = d.state.next_strike
    d.emit(StrikeQueued(strike=new_strike(sid, "counter", unit.id, strike["attacker"], power + strike["power"],
                                          roll.achievement), front=not strike["group"]))
