"""A table over the service: a fresh database (SQLite file, or PostgreSQL: the ``db_url``
fixture), dice fed by the test, a clock the test moves. ``restart()`` makes a new Service over
the same database (a process restart).

Test modules import from here (``from service_table import …``), never from ``conftest``:
pytest loads several conftest modules under that one name."""
from __future__ import annotations

import copy
import itertools
from datetime import datetime, timedelta

from bot.battle.reminders import Dispatcher
from bot.render.reply import Reply
from bot.service import Request, Service
from bot.store import Store
from rules.dice import DiceExhausted

KP, ALICE, BOB, EVE = "kp", "alice", "bob", "eve"

CHARACTERS = {
    # name: (owner, stats, skills)
    "アリス": (ALICE, dict(STR=12, CON=13, POW=11, DEX=14, APP=10, SIZ=13, INT=13, EDU=15), {"こぶし": 70}),
    "ボブ": (BOB, dict(STR=15, CON=12, POW=10, DEX=10, APP=9, SIZ=16, INT=11, EDU=12), {"こぶし": 60}),
    "ゾンビ": (KP, dict(STR=16, CON=16, POW=1, DEX=8, APP=1, SIZ=14, INT=1, EDU=1), {"こぶし": 30}),
}


class FeedDice:
    """Dice whose faces the test feeds (``feed(3, 45)``); running out raises DiceExhausted."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def feed(self, *faces: int) -> None:
        self.faces.extend(faces)

    def roll(self, sides: int) -> int:
        if not self.faces:
            raise DiceExhausted(sides)
        face = self.faces.pop(0)
        assert 1 <= face <= sides, (face, sides)
        return face


class Clock:
    """A controllable naive-UTC clock."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, 0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


class Outbox:
    """Collects what a reminder dispatcher posts: ``[(channel, reply)]``."""

    def __init__(self) -> None:
        self.sent = []

    async def __call__(self, channel, replies) -> None:
        self.sent.extend((channel, r) for r in replies)


class Table:
    """Drives the service as several users in one channel."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.dice = FeedDice()
        self.clock = Clock()
        self.channel = "room"
        self.store: Store | None = None
        self.service: Service | None = None

    async def start(self, **kwargs) -> None:
        self.store = Store(self.url)
        await self.store.migrate()
        self.service = Service(self.store, self.dice, clock=self.clock, **kwargs)

    async def restart(self, **kwargs) -> None:
        await self.store.close()
        await self.start(**kwargs)

    async def say(self, who: str, command: str, *rolls: int, admin: bool = False,
                  roles: tuple[str, ...] = (), **options) -> list[Reply]:
        """``who`` sends ``/command`` with ``options``; ``rolls`` are fed to the dice first."""
        self.dice.feed(*rolls)
        req = Request(channel=self.channel, user=who, name=who, command=command,
                      options={k: str(v) for k, v in options.items()}, is_admin=admin, roles=roles)
        return await self.service.handle(req)

    async def press(self, user: str, label: str, replies: list[Reply], *rolls: int) -> list[Reply]:
        button = next(b for r in replies for b in r.buttons if b.label == label)
        self.dice.feed(*rolls)
        req = Request(channel=self.channel, user=user, name=user, command="button",
                      options={"custom_id": button.custom_id})
        return await self.service.handle(req)

    def dispatcher(self) -> tuple[Dispatcher, Outbox]:
        """The service's deadline dispatcher posting into a new :class:`Outbox`."""
        out = Outbox()
        return Dispatcher(self.service.deadlines, out), out

    async def state(self):
        record = await self.store.active_battle(self.channel)
        _system, loaded = await self.service.battles.loaded(record)
        return copy.deepcopy(loaded.state)  # a copy: the kept state changes in place with every later command

    async def fight(self, system: str = "coc6-house", hidden: bool = False) -> list[Reply]:
        """アリス (DEX 14) and ボブ (DEX 10) against ゾンビ (DEX 8), round 1 started; the
        replies of ``/battle start``."""
        await self.say(KP, "battle new", system=system)
        return await self.fight_on(hidden)

    async def two_zombies(self, **alice_skills: int) -> list[Reply]:
        """アリス (こぶし 70, DEX 14; ``alice_skills`` besides) and ボブ (DEX 10) against ゾンビ1
        and ゾンビ2 (DEX 8) under the book rules, round 1 started: アリスの手番. The replies
        of ``/battle start``."""
        for name, (owner, stats, skills) in CHARACTERS.items():
            await self.say(owner, "char new", name=name, **{k.lower(): v for k, v in stats.items()})
            for skill, value in {**skills, **(alice_skills if owner == ALICE else {})}.items():
                await self.say(owner, "char set", name=name, key=skill, value=value)
        await self.say(KP, "battle new", system="coc6")
        await self.say(ALICE, "battle join", character="アリス")
        await self.say(BOB, "battle join", character="ボブ")
        await self.say(KP, "battle add", name="ゾンビ1", character="ゾンビ")
        await self.say(KP, "battle add", name="ゾンビ2", character="ゾンビ")
        return await self.say(KP, "battle start")

    async def fight_on(self, hidden: bool = False) -> list[Reply]:
        """Join アリス, ボブ and ゾンビ to the open battle and start round 1 (its replies)."""
        if not await self.store.list_characters("console"):
            for name, (owner, stats, skills) in CHARACTERS.items():
                await self.say(owner, "char new", name=name, **{k.lower(): v for k, v in stats.items()})
                for skill, value in skills.items():
                    await self.say(owner, "char set", name=name, key=skill, value=value)
        await self.say(ALICE, "battle join", character="アリス")
        await self.say(BOB, "battle join", character="ボブ")
        await self.say(KP, "battle add", name="ゾンビ", character="ゾンビ", hidden="true" if hidden else "false")
        return await self.say(KP, "battle start")


MESSAGES = itertools.count(10**17)
"""The ids of the gateway messages tests type (:func:`message`)."""


def message(table: Table, who: str, line: str, message_id: str | None = None) -> Request:
    """``who`` types ``line`` in the table's channel, as a gateway message with its own id."""
    return Request(channel=table.channel, user=who, name=who, command="chat", options={"text": line},
                   request_id=message_id or str(next(MESSAGES)))


async def chat(table: Table, who: str, line: str, *rolls: int, service: Service | None = None) -> list[Reply]:
    """``who`` types ``line`` (a new message; ``rolls`` fed to the dice first) to
    ``service`` (the table's by default): its replies."""
    table.dice.feed(*rolls)
    return await (service or table.service).handle(message(table, who, line))


def text(replies: list[Reply]) -> str:
    """Every reply's text joined (for assertions on what users saw)."""
    return "\n".join(r.text for r in replies)


def refused(replies: list[Reply]) -> bool:
    """A single private reply: the command was refused."""
    return len(replies) == 1 and replies[0].ephemeral
