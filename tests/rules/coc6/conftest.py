"""Helpers for rules-level CoC 6 tests: build sheets, open a battle, apply commands.

A :class:`Table` drives one battle through ``SYSTEM.decide`` / ``SYSTEM.evolve`` with
scripted dice::

    def test_x(table_of):
        table = table_of("coc6-house")
        table.join("alice", table.sheet("アリス", DEX=14, skills={"こぶし": 70}))
        table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット")]))
        table.start()
        table.attack("ゾンビ", "アリス", [45])
        table.refused("H-DEF-PARRY-01", "alice", cmds.React, action="受け流し")

Test modules use the fixtures (``table_of``, ``house_table``, ``book_table``) rather than
importing this file; ``Table.sheet`` and ``Table.weapon`` build characters and weapons.
"""
from __future__ import annotations

from collections.abc import Iterable

import pytest

from rules.battle import commands as cmds
from rules.battle.events import Event
from rules.coc6.character import Character
from rules.coc6.weapons import ParryClass, make_weapon
from rules.dice import ScriptedDice
from rules.errors import RuleViolation
from rules.systems.coc6 import book, house
from rules.systems.coc6 import events as ce
from rules.systems.coc6.state import CocState, CocUnit

KP = "kp"
SYSTEMS = {"coc6-house": house.SYSTEM, "coc6": book.SYSTEM}


def weapon(name: str, **fields):
    """A weapon as ``/char weapon`` builds it; ``cls`` is the parry class's Japanese name."""
    cls = fields.pop("cls", None)
    return make_weapon(name, parry_class=ParryClass.parse(cls) if cls else None, **fields)


def sheet(name: str, *, skills: dict | None = None, weapons: Iterable = (), armor: int = 0,
          **stats: int) -> dict:
    """A character sheet dict; every characteristic defaults to 10 (HP 10, db none)."""
    base = {k: 10 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")}
    base.update(stats)
    return Character(name=name, stats=base, skills=dict(skills or {}), weapons=tuple(weapons),
                     armor=armor).to_dict()


class Table:
    """One battle driven through a system's decide/evolve with scripted dice."""

    sheet = staticmethod(sheet)
    weapon = staticmethod(weapon)

    def __init__(self, system_name: str) -> None:
        self.system = SYSTEMS[system_name]
        self.state: CocState = self.system.new_state()
        self.log: list[Event] = []

    @classmethod
    def open(cls, system_name: str = "coc6-house", **settings) -> "Table":
        """A new battle opened by ``kp``; ``settings`` overwrite the defaults."""
        table = cls(system_name)
        table.run(KP, cmds.Open, system=system_name)
        table.state.settings.update(settings)
        return table

    def run(self, issuer: str, command: type, dice: Iterable[int] = (), **options) -> list[Event]:
        """Decide ``command(issuer=issuer, **options)`` with ``dice``, fold the events and
        return them. Fails the test if a scripted die is left unused."""
        scripted = ScriptedDice(list(dice))
        events = self.system.decide(self.state, command(issuer=issuer, **options), scripted)
        for event in events:
            self.system.evolve(self.state, event)
        self.log.extend(events)
        assert scripted.remaining == 0, f"{scripted.remaining} scripted dice left unused"
        return events

    def refused(self, clause: str, issuer: str, command: type, dice: Iterable[int] = (),
                **options) -> RuleViolation:
        """Assert ``command`` is refused citing ``clause`` and changes nothing."""
        before = self.state.version
        snapshot = repr(self.state)
        with pytest.raises(RuleViolation) as info:
            self.system.decide(self.state, command(issuer=issuer, **options), ScriptedDice(list(dice)))
        assert info.value.clause == clause, info.value.text()
        assert self.state.version == before and repr(self.state) == snapshot
        return info.value

    def join(self, owner: str, data: dict) -> None:
        """A player's unit (named as the sheet)."""
        self.run(owner, cmds.Join, name=data["name"], sheet=data)

    def npc(self, data: dict) -> None:
        """A KP-run NPC (named as the sheet)."""
        self.run(KP, cmds.Join, name=data["name"], sheet=data, npc=True)

    def start(self) -> None:
        self.run(KP, cmds.Start)

    def unit(self, name: str) -> CocUnit:
        return self.state.coc_unit(name)

    def hp(self, name: str) -> int:
        return self.unit(name).hp

    def options(self, name: str) -> list[str]:
        """The options of the pending question for ``name`` (fails if none)."""
        pending = self.state.pending_for(name)
        assert pending is not None, f"nothing pending for {name}"
        return list(pending.options)

    def end_turns_until(self, name: str) -> None:
        """End turns (as their owners or the KP) until it is ``name``'s turn."""
        for _ in range(50):
            if self.state.turn == name:
                return
            current = self.unit(self.state.turn)
            self.run(current.owner or KP, cmds.EndTurn, as_unit=None if current.owner else current.id)
        raise AssertionError(f"{name} never got a turn")

    def attack(self, attacker: str, target: str, dice: Iterable[int], **options) -> list[Event]:
        """``attacker`` (on its turn, which is reached first) attacks ``target``. A player's
        target still called for its round-start declaration first answers 「宣言しない」 (an
        attack waits for that answer, declarations.py; tests declare before attacking)."""
        self.end_turns_until(attacker)
        if target in self.state.declaring and self.unit(target).owner is not None:
            self.declare(target, "なし")
        unit = self.unit(attacker)
        issuer = unit.owner or KP
        return self.run(issuer, cmds.Attack, dice, target=target,
                        as_unit=None if unit.owner else attacker, **options)

    def react(self, defender: str, action: str, dice: Iterable[int] = (), **options) -> list[Event]:
        """``defender`` (as its owner or the KP) answers the pending attack."""
        unit = self.unit(defender)
        return self.run(unit.owner or KP, cmds.React, dice, action=action,
                        as_unit=None if unit.owner else defender, **options)

    def declare(self, unit_name: str, action: str, **options) -> list[Event]:
        unit = self.unit(unit_name)
        return self.run(unit.owner or KP, cmds.Declare, action=action,
                        as_unit=None if unit.owner else unit_name, **options)

    def place(self, name: str, siz: int | None = None, square: str | None = None,
              kind: str = "遮蔽物") -> None:
        """Put an object on the field, as ``/kp object`` records it (coc.object_placed)."""
        event = ce.ObjectPlaced(name=name, object_kind=kind, siz=siz, square=square)
        self.system.evolve(self.state, event)
        self.log.append(event)

    def events_of(self, kind: type) -> list:
        return [e for e in self.log if isinstance(e, kind)]


@pytest.fixture
def table_of():
    """A factory: ``table_of("coc6", shock=False)`` opens a battle of that system."""
    return Table.open


@pytest.fixture
def house_table() -> Table:
    """An open ``coc6-house`` battle with nobody in it yet."""
    return Table.open("coc6-house")


@pytest.fixture
def book_table() -> Table:
    """An open ``coc6`` (book parry) battle with nobody in it yet."""
    return Table.open("coc6")
