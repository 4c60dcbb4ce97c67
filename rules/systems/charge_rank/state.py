"""The folded state of a charge-rank battle: units with their charge rank, reflex and
stamina, and the queue of strikes being resolved in the main phase (C-MAIN-01)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.battle.state import OUT_OF_ACTION, BattleState, Unit

READY, ACTED, WAITING = "未行動", "行動済み", "待機"
"""Unit states in a round: not yet acted (C-PHASE-05), acted (C-PHASE-09), waiting (C-WAIT-01)."""

ESCAPED = "逃亡"
"""The condition of a unit that left the combat area (C-ESC-01)."""
_GONE = frozenset((*OUT_OF_ACTION, ESCAPED))


@dataclass
class CrUnit(Unit):
    """A unit of the charge-rank system.

    Attributes (besides :class:`Unit`'s): reflex, capacity, guard, attack (攻撃力), stamina
    and stamina_max (〔スタミナ〕), charge (the current charge rank, 0 at the start,
    C-PHASE-04), status (READY/ACTED/WAITING), injuries (degrees recorded, C-INJ-03),
    travel (power ranks moved towards another combat area, C-OPT-OOA-04), missing
    (required sheet numbers not set).
    """

    reflex: int = 0
    capacity: int = 0
    guard: int = 0
    attack: int = 1
    stamina: int = 0
    stamina_max: int = 0
    charge: int = 0
    status: str = READY
    why: str = ""
    """What put it in its ``status`` this round (「攻撃（C-MAIN-02）」, 「割り込みをした（C-INT-02）」):
    a refusal says the unit's actual state, not a bare 「行動済み」 (issue 29)."""
    injuries: list[str] = field(default_factory=list)
    treated: list[str] = field(default_factory=list)
    """Injuries successfully treated this battle (C-INJ-REC-02), one entry per treatment."""
    travel: int = 0
    missing: tuple[str, ...] = ()
    mp: int = 0
    """Magic points now (X-MP-01): the sheet's 〔MP〕 (or its current MP), spent by spells."""
    mp_max: int = 0
    """The sheet's 〔MP〕 (0: the unit has none)."""
    unrested: bool = False
    """It joined with the stamina a former battle left, not rested since (C-INJ-05); the
    status says so until the KP rests it (``/kp rest``)."""

    @property
    def because(self) -> str:
        """:attr:`why` without its clause (「攻撃」, 「割り込みをした」), '' when unknown."""
        return re.sub(r"（[A-Z]-[A-Z0-9-]+）$", "", self.why)

    @property
    def out_of_action(self) -> bool:
        """Fainted, dead or escaped: no initiative, no questions."""
        return not _GONE.isdisjoint(self.conditions)


@dataclass
class CrState(BattleState):
    """A charge-rank battle.

    Attributes (besides :class:`BattleState`'s): strikes (the queue of strikes being
    resolved, ``strikes[0]`` current; each a dict, see :mod:`rules.systems.charge_rank.strike`),
    next_strike / next_question (the next ids to hand out).
    """

    strikes: list[dict] = field(default_factory=list)
    next_strike: int = 1
    next_question: int = 1

    def unit(self, unit_id: str) -> CrUnit:
        """The :class:`CrUnit` called ``unit_id`` (KeyError if absent)."""
        unit = self.units[unit_id]
        assert isinstance(unit, CrUnit)
        return unit

    def cr_units(self) -> list[CrUnit]:
        """Every unit, in joining order."""
        return [u for u in self.units.values() if isinstance(u, CrUnit)]

    def seat(self, unit_id: str) -> int:
        """The tie order of ``unit_id`` (C-PHASE-06): its place in the KP's ``seating``
        list, else after all seated units in joining order."""
        seating = list(self.settings.get("seating") or [])
        unit = self.units.get(unit_id)
        join = unit.join_seq if unit else 0
        return seating.index(unit_id) if unit_id in seating else len(seating) + join

    def by_reflex(self, units: list[CrUnit]) -> list[CrUnit]:
        """``units`` highest reflex first, ties by seat (C-PHASE-05/06, C-INT-03)."""
        return sorted(units, key=lambda u: (-u.reflex, self.seat(u.id)))
