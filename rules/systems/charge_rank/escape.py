"""Escape 「逃亡」 after its roll (C-ESC-01..04): the other participants may obstruct it as a
passive action, together (their achievement values summed, an automatic failure adding 0);
a sum at or above the escapee's achievement value stops it (C-CHECK-07). An intercept may
also stop it (C-ESC-04, in the interrupt step).

The GM (KP) is asked at most once per escape (issue 29): the first of their NPCs able to
answer, in the interrupt step or else in the obstruction, gets one question for them all —
インターセプト (that NPC, in the interrupt step), 妨害 (that NPC at the power rank chosen, and
every other NPC of the GM's with its whole charge rank, their achievement values summed,
C-ESC-03) or なし — and no NPC of the GM's is asked again about that escape (the strike's
``keeper``)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.charge_rank.checks import BASE_SAFETY
from rules.systems.charge_rank.events import ConditionChanged, StrikeEnded, StrikeUpdated
from rules.systems.charge_rank.spend import check
from rules.systems.charge_rank.state import ESCAPED, CrState, CrUnit


def may_obstruct(state: CrState, strike: dict, unit: CrUnit) -> bool:
    """Whether ``unit`` could obstruct the escape at all: another unit able to act with a
    charge rank of 1 or more (a passive action: acted units too, C-PASS-02), not asked yet."""
    return (unit.id != strike["attacker"] and not unit.out_of_action and unit.charge >= 1
            and unit.id not in strike["asked"])


def obstructors(state: CrState, strike: dict) -> list[CrUnit]:
    """Units still to be asked whether they obstruct, by reflex: the escapee's opponents
    (issue 22; its allies only through ``/kp allow``, C-ESC-02), but not the GM's NPCs once
    the GM answered for them (:data:`KEEPER`)."""
    escapee = state.units.get(strike["attacker"])
    able = [u for u in state.cr_units() if may_obstruct(state, strike, u)
            and (escapee is None or u.side != escapee.side)
            and not (strike.get("keeper") and u.owner is None)]
    return state.by_reflex(able)


KEEPER_OBSTRUCT = "obstruct"
"""The strike's ``keeper`` when the GM answered 妨害 for all their NPCs."""
KEEPER_DONE = "done"
"""The strike's ``keeper`` when the GM answered インターセプト or なし: no NPC is asked again."""


def keeper_question(state: CrState, strike: dict, unit: CrUnit) -> bool:
    """Whether ``unit``'s question about ``strike`` is the GM's one question of an escape
    (asked in the interrupt step, or in the obstruction when none came before)."""
    return strike["kind"] == "escape" and unit.owner is None and not strike.get("keeper")


def keeper_units(state: CrState, strike: dict) -> list[CrUnit]:
    """The GM's NPCs that could obstruct ``strike`` (the escapee's opponents), by reflex."""
    escapee = state.units.get(strike["attacker"])
    return state.by_reflex([u for u in state.cr_units() if u.owner is None and u.id != strike["attacker"]
                            and not u.out_of_action and u.charge >= 1
                            and (escapee is None or u.side != escapee.side)])


def keeper_obstruct(d: Decision[CrState], dice: Dice, strike: dict, done: str = "") -> None:
    """The GM's 妨害: each of their NPCs able to obstruct (but ``done``, which obstructed at
    the power rank the GM chose) rolls its whole charge rank, the achievement values summed
    into the strike's obstruction (C-ESC-02/03); the GM is not asked again (``keeper``
    becomes :data:`KEEPER_DONE`)."""
    strike = next((s for s in d.state.strikes if s["id"] == strike["id"]), strike)
    total = strike["obstruction"]
    for unit in keeper_units(d.state, strike):
        if unit.id == done:
            continue
        roll = check(d, dice, unit, "妨害", unit.charge, BASE_SAFETY, target_number=strike["achievement"])
        total += 0 if roll.auto_fail else roll.achievement
    d.emit(StrikeUpdated(strike=strike["id"], changes={"obstruction": total, "keeper": KEEPER_DONE}))


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
