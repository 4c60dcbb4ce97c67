"""Helpers for charge-rank rules tests: a :class:`Table` drives one battle through
``SYSTEM.decide`` / ``SYSTEM.evolve`` with scripted d6 faces::

    def test_x(cr_table):
        t = cr_table()
        t.unit("桐生", reflex=6, attack=3)
        t.unit("刺客1", reflex=3, guard=3, stamina=20, npc=True)
        t.start()
        t.act(cmds.Attack, "桐生", [2, 3], target="刺客1", power=2)

Every command is issued by the KP acting ``as:`` the unit; ``act`` asserts that every
scripted face was used; ``refused`` asserts the clause and that nothing changed.
"""
from __future__ import annotations

import copy
import pytest

from rules.battle import commands as cmds
from rules.battle.events import Event
from rules.battle.keeper import ChangeSetting
from rules.dice import ScriptedDice
from rules.errors import RuleViolation
from rules.systems.charge_rank import SYSTEM
from rules.systems.charge_rank.state import CrState, CrUnit

KP = "kp"


def sheet(name: str, **numbers: int) -> dict:
    """A CoC-shaped sheet whose skills carry the charge-rank numbers (Japanese keys)."""
    keys = {"reflex": "リフレクス", "capacity": "キャパシティ", "guard": "ガード", "stamina": "スタミナ",
            "attack": "攻撃力"}
    return {"name": name, "stats": {k: 10 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")},
            "skills": {keys[k]: v for k, v in numbers.items() if v is not None}}


class Table:
    """One charge-rank battle at the rules level."""

    def __init__(self) -> None:
        self.state: CrState = SYSTEM.new_state()
        self.events: list[Event] = []
        self.apply(cmds.Open(issuer=KP, system="charge-rank"))

    def apply(self, command: cmds.Command, faces=()) -> list[Event]:
        """Decide ``command`` with ``faces`` (all must be used) and fold its events."""
        dice = ScriptedDice(list(faces))
        events = SYSTEM.decide(self.state, command, dice)
        assert dice.remaining == 0, f"unused faces: {dice.remaining}"
        for e in events:
            SYSTEM.evolve(self.state, e)
        self.events.extend(events)
        return events

    def unit(self, name: str, *, reflex: int | None = 3, capacity: int | None = None, guard: int | None = 0,
             stamina: int | None = 30, attack: int | None = 1, npc: bool = False) -> None:
        """Join a unit with these numbers (None leaves the sheet key out); PCs belong to ``pl-<name>``."""
        owner = KP if npc else f"pl-{name}"
        self.apply(cmds.Join(issuer=owner, name=name, npc=npc,
                             sheet=sheet(name, reflex=reflex, capacity=capacity, guard=guard, stamina=stamina,
                                         attack=attack)))

    def start(self) -> list[Event]:
        """``/battle start`` by the KP."""
        return self.apply(cmds.Start(issuer=KP))

    def setting(self, key: str, value: object) -> list[Event]:
        """``/kp setting key: value:``."""
        return self.apply(ChangeSetting(issuer=KP, key=key, value=value))

    def act(self, kind: type, who: str, faces=(), **options) -> list[Event]:
        """``who`` (KP ``as:``) issues ``kind(**options)``, rolling ``faces``."""
        return self.apply(kind(issuer=KP, as_unit=who, **options), faces)

    def react(self, who: str, action: str, faces=(), power: int | None = None, **options) -> list[Event]:
        """``/react action: power:`` for ``who``."""
        return self.act(cmds.React, who, faces, action=action, power=power, **options)

    def refused(self, clause: str, kind: type, who: str | None, faces=(), **options) -> RuleViolation:
        """Assert that the command is refused citing ``clause`` and changes nothing."""
        before = copy.deepcopy(self.state)
        command = kind(issuer=KP, as_unit=who, **options)
        with pytest.raises(RuleViolation) as info:
            SYSTEM.decide(self.state, command, ScriptedDice(list(faces)))
        assert info.value.clause == clause, info.value.text()
        assert self.state == before
        return info.value

    def u(self, name: str) -> CrUnit:
        """The unit called ``name``."""
        return self.state.unit(name)

    def charges(self) -> dict[str, int]:
        """Every unit's charge rank."""
        return {u.id: u.charge for u in self.state.cr_units()}

    def asked(self) -> tuple[str, str, tuple[str, ...]] | None:
        """``(unit, kind, options)`` of the open question, or None."""
        if not self.state.pending:
            return None
        p = self.state.pending[0]
        return p.unit, p.kind, tuple(p.options)

    def decline_interrupts(self) -> list[str]:
        """Answer なし to every open interrupt/obstruct question; the units asked, in order."""
        asked = []
        while self.state.pending and self.state.pending[0].kind in ("interrupt", "obstruct"):
            who = self.state.pending[0].unit
            asked.append(who)
            self.react(who, "なし")
        return asked

    def of(self, kind: type) -> list[Event]:
        """The events of class ``kind`` so far."""
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def cr_table():
    """``cr_table()`` → a fresh :class:`Table`."""
    return Table
