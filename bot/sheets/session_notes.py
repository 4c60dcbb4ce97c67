"""What a session keeps (issue 19), as the hot paths see it: whether a channel has an open
session, and the record of a roll, a check, a SAN check or a battle step made in it.

Which channels have an open session is kept in memory (:class:`SessionNotes`): a roll in a
channel without one reads nothing and writes nothing for sessions. The set is read once
(all channels in one query), changed by this process's ``/session start`` and ``/session
end``, and read again every :data:`REFRESH_SECONDS` for sessions another process started or
ended (one query for every channel, never one per command).

A record (a dict of the ``session_records`` columns, bot.store.sessions) carries the
character it was made for (:meth:`SessionNotes.character_of`) and its numbers in
``payload``:

- ``roll``: ``{"command": typed text, "rolls": n, "levels": [level of each percentile check],
  "d100": [each check's 1D100 result (7th: after bonus dice), each bare ``1D100``'s face]}``;
- ``check``: ``{"skill", "target", "roll", "level"}``;
- ``san``: ``{"loss", "roll", "level", "before", "after", "lost"}``;
- ``step``: ``{"battle": battle id, "step": step number}`` (its events are the battle's);
- ``publish``: ``{}``, a secret roll its roller showed the channel later ([結果を公開]; the
  roll itself was counted, or not, as a secret one);
- ``note``: ``{}``, what the channel was shown of a 7th investigator's check (not counted);
- ``say``: ``{"said": the player's message id, "face", "image": a kept picture's sha, "url"}``,
  a line spoken as the character (issue 31; its text is the line as posted);
- ``ooc``: ``{}``, a player's out-of-character aside in a channel where characters speak.
"""
from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.commands.request import Request
from bot.render.log import acting_for
from bot.store import Store
from bot.sheets.table import Claim
from bot.store.sessions import GameSession
from rules.battle.steps import StepStarted
from rules.dice import DiceResult

REFRESH_SECONDS = 10.0
"""How old the kept set of open sessions may grow before it is read again (seconds): how long
another process's ``/session start`` may go unseen here."""

class Delivered(Exception):
    """A chat line's delivery key was taken before (the line came again after a RESUME, or to
    another process): its roll is neither kept nor shown."""


RecordRoll = Callable[[DiceResult, str, str], Awaitable[None]]
"""``await record(result, line shown, typed text)``: keep one roll in the open session."""


def roll_payload(result: DiceResult, typed: str) -> dict:
    """A roll's numbers (module text): how many rolls (``x3`` is three), the level of each
    percentile check among them, and the 1D100 results: a check's (its face; 7th, the one
    its bonus or penalty dice kept; none for an automatic result) and a bare ``1D100``'s
    (not ``2D100`` or ``1D100+1D6``)."""
    parts = result.parts or (result,)
    return {"command": typed, "rolls": len(parts), "levels": [p.level.value for p in parts if p.level is not None],
            "d100": [p.total if p.level is not None else p.rolls[0][1] for p in parts
                     if (p.level is not None and p.total is not None and p.rolls)
                     or (p.level is None and len(p.rolls) == 1 and p.rolls[0][0] == 100)]}


def check_payload(skill: str, target: int, roll: int, level: str) -> dict:
    """A check's numbers as its ``check`` record keeps them (the module text)."""
    return {"skill": skill, "target": target, "roll": roll, "level": level}


def spoke_as(label: str, unit: str | None) -> bool:
    """Whether the step typed as ``label`` was said as ``unit``: a chat line that starts with
    its name as the speaker (「ゾンビ：アリスを攻撃」「ゾンビ「うおお」」; a chat step's label is
    the line in 「」), not a command, a button or the KP's own line."""
    if not unit or label.startswith(("/", "[")):
        return False
    said = label[1:] if label.startswith("「") else label
    return said.startswith(tuple(f"{unit}{mark}" for mark in ("：", ":", "「", "『")))


class SessionNotes:
    """The open sessions of the channels (kept, see the module text) and their records,
    written through ``store`` with times from ``clock`` (naive UTC)."""

    def __init__(self, store: Store, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.clock = clock
        self._open: dict[str, GameSession] = {}
        self._read_at: float | None = None
        self._characters: dict[tuple[int, str], str] = {}

    async def open_in(self, channel: str) -> GameSession | None:
        """The channel's open session, or None (from memory; see the module text)."""
        if self._read_at is None or time.monotonic() - self._read_at > REFRESH_SECONDS:
            self._open = await self.store.sessions.open_sessions()
            self._read_at = time.monotonic()
            self._characters = {k: v for k, v in self._characters.items()
                                if any(s.id == k[0] for s in self._open.values())}
        return self._open.get(channel)

    def opened(self, session: GameSession) -> None:
        """This process opened ``session``."""
        self._open[session.channel] = session

    def closed(self, session: GameSession) -> None:
        """``session`` ended."""
        if (kept := self._open.get(session.channel)) is not None and kept.id == session.id:
            del self._open[session.channel]
        self._characters = {k: v for k, v in self._characters.items() if k[0] != session.id}

    def note(self, session: GameSession, req: Request, kind: str, character: str, text: str,
             payload: dict, secret: bool = False) -> dict:
        """A record of ``session`` (the ``session_records`` columns, time ``now``)."""
        return {"session_id": session.id, "kind": kind, "user": req.user, "speaker": req.name or req.user,
                "character": character, "secret": secret, "text": text, "payload": payload, "now": self.clock()}

    def played(self, session: GameSession, user: str, character: str) -> None:
        """``user`` made a check as ``character``: their later rolls count for it."""
        if user != session.keeper:
            self._characters[(session.id, user)] = character

    async def character_of(self, session: GameSession, req: Request,
                           units: Callable[[], Awaitable[dict[str, str | None]]]) -> str:
        """The character a roll of ``req.user`` is made for: none for the KP (their rolls
        are the KP's); else the one they last checked with in this session; else their only
        unit in the channel's battle (``await units()``: ``{unit: owner}``); else their only
        character of the server (read once per session and process); else none ("")."""
        if req.user == session.keeper:
            return ""
        key = (session.id, req.user)
        if key in self._characters:
            return self._characters[key]
        units = await units()
        mine = [unit for unit, owner in units.items() if owner == req.user]
        if len(mine) != 1:
            mine = [r.name for r in await self.store.list_characters(req.scope) if r.owner == req.user]
        found = mine[0] if len(mine) == 1 else ""
        if not units:  # a battle's units come and go: remember only what the sheets said
            self._characters[key] = found
        return found

    async def roll_recorder(self, req: Request, units: Callable[[], Awaitable[dict[str, str | None]]],
                            character: str | None = None, claim: Claim | None = None) -> RecordRoll | None:
        """How a roll of ``req`` is kept: None when its channel has no open session (no
        query); else ``record(result, line, typed)``, which writes the roll durably (await it
        before the roll is shown). ``units()``: the channel's battle units ``{unit: owner}``;
        ``character``: the character it is rolled as (a line spoken as one), else found by
        :meth:`character_of`. ``claim``: takes the chat line's delivery key in the record's
        transaction (bot.battle.answers.Answers.claim, one durable commit, issue 27);
        ``record`` then raises :class:`Delivered` (nothing written) when it was taken before."""
        session = await self.open_in(req.channel)
        if session is None:
            return None

        async def record(result: DiceResult, line: str, typed: str) -> None:
            made_for = character if character is not None else await self.character_of(session, req, units)
            note = self.note(session, req, "roll", made_for, line, roll_payload(result, typed), secret=result.secret)
            if claim is None:
                await self.store.sessions.record(note)
            elif not await claim(req, note):
                raise Delivered(req.delivery)
        return record

    async def published(self, req: Request, channel: str, text: str,
                        units: Callable[[], Awaitable[dict[str, str | None]]]) -> None:
        """Keep ``text``, a secret roll shown to ``channel`` by its roller, in the channel's
        open session (nothing without one)."""
        session = await self.open_in(channel)
        if session is not None:
            character = await self.character_of(session, req, units)
            await self.store.sessions.record(self.note(session, req, "publish", character, text, {}))

    async def step_note(self, req: Request, battle_id: int, events: list, units: dict[str, str | None],
                        keeper: str | None) -> dict | None:
        """The record of a battle step (``events`` starting with its marker) in the channel's
        open session, written with the step (bot.store.Store.append); None without one. Its
        character: the unit the step acts for (bot.render.log.acting_for) when the issuer
        plays it (their own unit; an NPC for the battle's ``keeper`` only when the KP spoke
        as it, :func:`spoke_as`; ``units``: ``{unit: owner}``), else none: the KP's commands,
        buttons and /battle add show under the KP's own name (issue 29)."""
        session = await self.open_in(req.channel)
        if session is None or not events or not isinstance(events[0], StepStarted):
            return None
        actor = acting_for(events)
        owner = units.get(actor, "") if actor else ""
        plays = owner == req.user or (owner is None and req.user == keeper and spoke_as(events[0].label, actor))
        return self.note(session, req, "step", actor if plays else "", events[0].label,
                         {"battle": battle_id, "step": events[0].step})
