"""Magic points in a battle, shared by the CoC rule sets and the charge-rank system (X-MP-01,
X-MP-02; the CoC side: rules/systems/coc6/spells.py, the charge-rank side:
rules/systems/charge_rank/spells.py). Each system's evolve sets the unit's ``mp``."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.events import Event, event

MAX_SPELL_NAME = 40
"""The longest spell name kept (characters)."""


@event("mp_changed")
@dataclass(frozen=True)
class MpChanged(Event):
    """``unit``'s MP went from ``before`` to ``after`` (a spell, the KP's ruling: ``cause``)."""

    unit: str
    before: int
    after: int
    cause: str = ""


@event("spell_cast")
@dataclass(frozen=True)
class SpellCast(Event):
    """``unit`` cast ``spell`` for ``mp`` MP, on ``target`` ('' when none was named)."""

    unit: str
    spell: str
    mp: int
    target: str = ""


def spell_name(text: str | None) -> str:
    """A spell's name as kept: stripped, at most :data:`MAX_SPELL_NAME` characters ('' for none)."""
    return (text or "").strip()[:MAX_SPELL_NAME]


def shortfall(unit_id: str, mp: int, spell: str, cost: int) -> str:
    """The refusal of a spell costing ``cost`` MP by a unit with ``mp`` (X-MP-01)."""
    return f"{unit_id}のMPが足りません（MP {mp}、「{spell}」に{cost}）。"
