"""Commands: what a player or the keeper asks the battle to do.

Every command names its ``issuer`` (a user id: the Discord user id, or the console NAME)
and optionally ``as_unit`` (the KP acting for a unit, ``as:`` in COMMANDS.md). Option
values arrive already parsed into Python types by the service.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """Base of every command.

    Attributes:
        issuer: the user id; as_unit: the unit the KP acts for (``as:``) or None;
        allow: clause ids the KP lifted for this one command (``/kp allow``, H-GEN-01;
            checked by :func:`rules.errors.refuse`);
        keeper: the service vouches that the issuer is a KP of this channel (a KP role or
            Manage Channels, besides the battle's own keeper; rules.battle.permissions).
    """

    issuer: str
    as_unit: str | None = None
    allow: frozenset[str] = frozenset()
    keeper: bool = False


@dataclass(frozen=True)
class Open(Command):
    """``/battle new [system:]``: open a battle; the issuer becomes its keeper."""

    system: str = "coc6-house"


@dataclass(frozen=True)
class Join(Command):
    """``/battle join`` (a player's own unit) or ``/battle add`` (an NPC, KP only).

    ``sheet`` is the system's character data; ``npc`` marks a KP-run unit.
    """

    name: str = ""
    sheet: dict | None = None
    npc: bool = False
    hidden: bool = False


@dataclass(frozen=True)
class Start(Command):
    """``/battle start``: KP starts round 1."""


@dataclass(frozen=True)
class Remove(Command):
    """``/battle remove name:``."""

    name: str = ""


@dataclass(frozen=True)
class EndBattle(Command):
    """``/battle end``: only the KP ends a battle."""


@dataclass(frozen=True)
class Attack(Command):
    """``/attack target: [weapon:] [special:] [aim:] [mode:] [shots:] [modifier:] [power:]``.

    ``modifier`` is a ±% added to the skill value; ``power`` the power rank spent in the
    charge-rank system (C-CHECK-01); ``bonus`` bonus (> 0) or penalty (< 0) dice of a 7th
    edition attack (7-DICE-03).
    """

    target: str = ""
    weapon: str | None = None
    special: str | None = None
    aim: str | None = None
    mode: str | None = None
    shots: int | None = None
    modifier: int = 0
    power: int | None = None
    bonus: int = 0


@dataclass(frozen=True)
class React(Command):
    """``/react action: [weapon:] [target:] [object:] [power:]``: answer a pending attack."""

    action: str = ""
    weapon: str | None = None
    target: str | None = None
    object: str | None = None
    power: int | None = None


@dataclass(frozen=True)
class Declare(Command):
    """``/declare action: [target:] [amount:]``: a round-start declaration."""

    action: str = ""
    target: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class EndTurn(Command):
    """``/end``: end the acting unit's turn."""


@dataclass(frozen=True)
class Move(Command):
    """``/move to:C4`` (a square, house rules); ``/move power:2`` (charge rank: the power rank
    moved towards another combat area, C-OPT-OOA-04; None = the whole charge rank)."""

    to: str = ""
    power: int | None = None


@dataclass(frozen=True)
class SkillCheck(Command):
    """``/check skill: [target:] [modifier:] [bonus:] [difficulty:]``; ``target`` is the unit
    treated (応急手当); ``bonus`` and ``difficulty`` (``r``/``h``/``e``) are the 7th edition's."""

    skill: str = ""
    modifier: int = 0
    target: str | None = None
    bonus: int = 0
    difficulty: str | None = None


@dataclass(frozen=True)
class Cast(Command):
    """``/spell name: mp: [target:] [power:]``: cast the spell ``spell`` spending ``mp``
    magic points (X-MP-01/02); ``target`` the unit it is cast on (the KP rules its effect);
    ``power`` the power rank of its check in the charge-rank system (C-OTHER-02)."""

    spell: str = ""
    mp: int = 0
    target: str | None = None
    power: int | None = None


@dataclass(frozen=True)
class Place(Command):
    """``/kp place name: to:``: the KP puts a unit on a square (``to`` empty or なし: off the map)."""

    name: str = ""
    to: str = ""


@dataclass(frozen=True)
class PlaceObject(Command):
    """``/kp object name: [siz:] [at:] [kind:]``: a cover object (遮蔽物, with SIZ) or a wall
    (壁) on a square or a run of squares (``A1-A5``); without ``at`` it has no square."""

    name: str = ""
    siz: int | None = None
    at: str | None = None
    kind: str | None = None


@dataclass(frozen=True)
class Wait(Command):
    """``/wait``: the charge-rank system's 待機 (C-WAIT-01)."""


@dataclass(frozen=True)
class Escape(Command):
    """``/escape power:``: the charge-rank system's 逃亡 (C-ESC-01)."""

    power: int | None = None
