"""Events of a 7th-edition battle. The CoC events every CoC system records (an attack
declared, a question asked and answered, damage, HP, moves, marks: rules.systems.coc6.events)
are used as they are, so that the battle log, the session statistics and the map read a 7th
battle as any other; the events here are the 7th edition's own."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.battle.events import Event, event
from rules.systems.coc6.events import CheckRolled


@event("coc7.check_rolled")
@dataclass(frozen=True)
class Check7Rolled(CheckRolled):
    """A 7th-edition percentile roll (a :class:`CheckRolled` with its dice): ``faces`` are
    ``[[10, tens], …, [10, units]]`` in BCDice's order (7-DICE-02), ``bonus`` the net bonus
    (> 0) or penalty (< 0) dice, ``skill`` the skill rolled (canonical name; '' for a
    characteristic), for the growth tick (7-GROW-01)."""

    faces: list = field(default_factory=list)
    bonus: int = 0
    skill: str = ""


@event("coc7.response_used")
@dataclass(frozen=True)
class ResponseUsed(Event):
    """``unit`` dodged or fought back (``action``) this round: counted for 多勢に無勢 (7-OUTN-01)."""

    unit: str
    action: str


@event("coc7.arm_changed")
@dataclass(frozen=True)
class ArmChanged(Event):
    """A weapon's condition in battle: ``ammo`` left (None: no ammunition), ``jammed``
    (7-FIRE-07), ``dropped`` (7-MAN-10); ``note`` says why in Japanese."""

    unit: str
    weapon: str
    ammo: int | None = None
    jammed: bool = False
    dropped: bool = False
    note: str = ""


@event("coc7.in_hand")
@dataclass(frozen=True)
class InHand(Event):
    """``unit`` now holds ``weapon`` (its attack's weapon, or 銃を構える / 銃をしまう)."""

    unit: str
    weapon: str
    note: str = ""


@event("coc7.firearms_readied")
@dataclass(frozen=True)
class FirearmsReadied(Event):
    """Round ``round`` begins with these firearms readied: ``units`` ``[[unit, weapon, dex]]``
    act at DEX+50 (7-ORDER-02); said before the round's order."""

    round: int
    units: list = field(default_factory=list)


@event("coc7.sheet_set")
@dataclass(frozen=True)
class SheetSet(Event):
    """The KP set ``unit``'s characteristic, skill or 攻撃回数 ``key`` to ``value``."""

    unit: str
    key: str
    value: int
