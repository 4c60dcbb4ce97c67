"""Commands: what a player or the keeper asks the battle to do.

Every command names its ``issuer`` (a user id: the Discord user id, or the console NAME)
and optionally ``as_unit`` (the KP acting for a unit, ``as:`` in COMMANDS.md). Option
values arrive already parsed into Python types by the service.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    issuer: str
    as_unit: str | None = None


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
    """``/attack target: [weapon:] [special:] [aim:] [mode:] [shots:] [modifier:]``.

    ``modifier`` is a ±% added to the skill value.
    """

    target: str = ""
    weapon: str | None = None
    special: str | None = None
    aim: str | None = None
    mode: str | None = None
    shots: int | None = None
    modifier: int = 0


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
    """``/move to:C4``."""

    to: str = ""


@dataclass(frozen=True)
class SkillCheck(Command):
    """``/check skill: [modifier:]``."""

    skill: str = ""
    modifier: int = 0
