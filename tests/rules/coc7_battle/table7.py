"""Helpers for rules-level tests of the 7th-edition battle system (``coc7``).

A :class:`Table7` drives one battle through ``SYSTEM.decide`` / ``SYSTEM.evolve`` with
scripted dice (a 7th check takes the tens die then the units die: ``[4, 5]`` is 45, ``[0, 1]``
is 01, ``[0, 0]`` is 100)::

    def test_x(table):
        table.join("alice", investigator("アリス", DEX=60, skills={"近接戦闘（格闘）": 70}))
        table.npc(investigator("信者", DEX=50))
        table.start()
        table.attack("アリス", "信者", [4, 5])
        table.react("信者", "回避", [8, 0])
"""
from __future__ import annotations

from collections.abc import Iterable

import pytest

from rules.battle import commands as cmds
from rules.battle.events import Event
from rules.coc7.character import Investigator
from rules.coc7.weapons import make_weapon7
from rules.dice import ScriptedDice
from rules.errors import RuleViolation
from rules.systems.coc7 import SYSTEM
from rules.systems.coc7.state import Coc7State, Coc7Unit

KP = "kp"


def investigator(name: str, *, skills: dict | None = None, weapons: Iterable = (), attacks: int = 1,
                 **stats: int) -> dict:
    """A 7th sheet dict; every characteristic defaults to 50 (HP 10, build 0, db none)."""
    base = {k: 50 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")}
    base.update(stats)
    return Investigator(name=name, stats=base, skills=dict(skills or {}), weapons=tuple(weapons),
                        attacks=attacks).to_dict()


def d(*rolls: int) -> list[int]:
    """The d10 faces of percentile rolls without bonus dice, as BCDice rolls them: the tens
    die then the units die (``d(45)`` → ``[4, 5]``, ``d(100)`` → ``[0, 0]``, ``d(1)`` → ``[0, 1]``)."""
    faces = []
    for roll in rolls:
        faces += [roll // 10 % 10, roll % 10]
    return faces


def gun(name: str = ".38リボルバー", **fields):
    """A built-in weapon with ``fields`` changed (``make_weapon7``)."""
    return make_weapon7(name, **fields)


class Table7:
    """One 7th-edition battle driven through decide/evolve with scripted dice."""

    def __init__(self) -> None:
        self.state: Coc7State = SYSTEM.new_state()
        self.log: list[Event] = []
        self.run(KP, cmds.Open, system="coc7")

    def run(self, issuer: str, command: type, dice: Iterable[int] = (), **options) -> list[Event]:
        """Decide ``command(issuer=issuer, **options)`` with ``dice``, fold the events and
        return them; fails when a scripted die is left unused."""
        scripted = ScriptedDice(list(dice))
        events = SYSTEM.decide(self.state, command(issuer=issuer, **options), scripted)
        for event in events:
            SYSTEM.evolve(self.state, event)
        self.log.extend(events)
        assert scripted.remaining == 0, f"{scripted.remaining} scripted dice left unused"
        return events

    def refused(self, clause: str, issuer: str, command: type, dice: Iterable[int] = (), **options) -> RuleViolation:
        """Assert ``command`` is refused citing ``clause`` and changes nothing."""
        before, snapshot = self.state.version, repr(self.state)
        with pytest.raises(RuleViolation) as info:
            SYSTEM.decide(self.state, command(issuer=issuer, **options), ScriptedDice(list(dice)))
        assert info.value.clause == clause, info.value.text()
        assert self.state.version == before and repr(self.state) == snapshot
        return info.value

    def join(self, owner: str, data: dict) -> None:
        self.run(owner, cmds.Join, name=data["name"], sheet=data)

    def npc(self, data: dict, name: str | None = None) -> None:
        self.run(KP, cmds.Join, name=name or data["name"], sheet={**data, "name": name or data["name"]}, npc=True)

    def start(self, dice: Iterable[int] = ()) -> None:
        self.run(KP, cmds.Start, dice)

    def unit(self, name: str) -> Coc7Unit:
        return self.state.unit7(name)

    def hp(self, name: str) -> int:
        return self.unit(name).hp

    def conditions(self, name: str) -> list[str]:
        return list(self.unit(name).conditions)

    def issuer(self, name: str) -> tuple[str, str | None]:
        unit = self.unit(name)
        return (unit.owner, None) if unit.owner else (KP, name)

    def end_turns_until(self, name: str, dice: Iterable[int] = ()) -> None:
        """End turns (as their owners or the KP) until it is ``name``'s turn; ``dice`` feed
        a round's end (the dying units' CON rolls)."""
        dice = list(dice)
        for _ in range(60):
            if self.state.turn == name:
                return
            issuer, as_unit = self.issuer(self.state.turn)
            scripted = ScriptedDice(dice)
            events = SYSTEM.decide(self.state, cmds.EndTurn(issuer=issuer, as_unit=as_unit), scripted)
            for event in events:
                SYSTEM.evolve(self.state, event)
            self.log.extend(events)
            dice = dice[len(scripted.used):]
        raise AssertionError(f"{name} never got a turn")

    def attack(self, attacker: str, target: str, dice: Iterable[int], **options) -> list[Event]:
        """``attacker`` (on its turn, reached first) attacks ``target``."""
        self.end_turns_until(attacker)
        issuer, as_unit = self.issuer(attacker)
        return self.run(issuer, cmds.Attack, dice, target=target, as_unit=as_unit, **options)

    def react(self, defender: str, action: str, dice: Iterable[int] = (), **options) -> list[Event]:
        issuer, as_unit = self.issuer(defender)
        return self.run(issuer, cmds.React, dice, action=action, as_unit=as_unit, **options)

    def declare(self, name: str, action: str, dice: Iterable[int] = (), **options) -> list[Event]:
        issuer, as_unit = self.issuer(name)
        return self.run(issuer, cmds.Declare, dice, action=action, as_unit=as_unit, **options)

    def end(self, name: str, dice: Iterable[int] = ()) -> list[Event]:
        issuer, as_unit = self.issuer(name)
        return self.run(issuer, cmds.EndTurn, dice, as_unit=as_unit)

    def events_of(self, kind: type) -> list:
        return [e for e in self.log if isinstance(e, kind)]

    def last(self, kind: type):
        found = self.events_of(kind)
        assert found, f"no {kind.__name__}"
        return found[-1]

