"""Escape 「逃亡」 after its roll (C-ESC-01..04): the other participants may obstruct it as a
passive action, together (their achievement values summed, an automatic failure adding 0);
a sum at or above the escapee's achievement value stops it (C-CHECK-07). An intercept may
also stop it (C-ESC-04, in the interrupt step)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.systems.charge_rank.events import ConditionChanged, StrikeEnded
from rules.systems.charge_rank.state import ESCAPED, CrState, CrUnit


def may_obstruct(state: CrState, strike: dict, unit: CrUnit) -> bool:
    """Whether ``unit`` could obstruct the escape at all: another unit able to act with a
    charge rank of 1 or more (a passive action: acted units too, C-PASS-02), not asked yet."""
    return (unit.id != strike["attacker"] and not unit.out_of_action and unit.charge >= 1
            and unit.id not in strike["asked"])


def obstructors(state: CrState, strike: dict) -> list[CrUnit]:
    """Units still to be asked whether they obstruct, by reflex: the escapee's opponents
    (issue 22; its allies only through ``/kp allow``, C-ESC-02)."""
    escapee = state.units.get(strike["attacker"])
    able = [u for u in state.cr_units() if may_obstruct(state, strike, u)
            and (escapee is None or u.side != escapee.side)]
    return state.by_reflex(able)


def stopped(achievement: int, obstruction: int) -> bool:
    """C-ESC-02/03: the escape fails when the obstructors' sum is at least its achievement."""
    return obstruction > 0 and obstruction >= achievement


def resolve(d: Decision[CrState], strike: dict) -> None:
    """End the escape: the escapee leaves the battle unless obstructed."""
    unit = strike["attacker"]
    if stopped(strike["achievement"], strike["obstruction"]):
        d.emit(StrikeEnded(strike=strike["id"],
                           outcome=f"妨害の合計{strike['obstruction']}が達成値{strike['achievement']}以上：逃亡失敗（C-ESC-02）"))
        return
    d.emit(ConditionChanged(unit=unit, condition=ESCAPED, cause="戦闘区域から離脱、C-ESC-01"))
    d.emit(StrikeEnded(strike=strike["id"], outcome=f"{unit}は逃げ切った"))
