"""What the chat side keeps pending in a battle, stored with it (issue 26), so that a restart
loses none of it:

- the question a player was asked in chat (a clarification, a palette roll's target or
  weapon), per battle and user: answered by typing a button's name or number while the
  battle is still at the version it was asked at, whatever other people said in between;
- the die a palette roll showed, per battle and unit: the unit's next rolled action takes
  it (never a new die);
- each unit's last attack, for 「もう一発」: kept by the attack step itself, in its transaction;
- the KP's "told once" flag of a battle whose channel refused a post (bot.battle.places);
- the rest of a line for several units, made when each unit's turn comes, the NPC a KP's
  narration put before a PC (bot.battle.chat_play) and a player's secret palette roll kept
  as the roll (bot.battle.secret_palette): rows of :data:`OWN_KINDS`, whose payloads their
  modules read (:meth:`Questions.rows`).

The rows (bot.store.questions) are the truth. Each battle's rows are kept in memory as well,
read once per process the first time the battle's chat needs them: table talk then reads
and writes nothing (but a KP's narration that puts a new NPC before a PC: its one row). When this process sees another one write to the battle (a version
conflict, a message another process took first, a stale fold), the rows are read again; a
question another process asks while this one only reads talk is not seen until then (that
process, which receives the same messages, answers it). A row remembers the battle version it was written at, so a question of
an older version is stale by construction: nothing is deleted when the battle moves on.

A question is stored before it is shown, with the chat message's delivery key (issue 28)
taken in the same transaction: a second delivery of the message asks nothing and rolls no
die to show (:meth:`Questions.ask` returns False). Rows that go with a step (the queue of a
line for several units) are handed over first (:meth:`Questions.along`) and written in the
step's own transaction, or alone when no step comes (:meth:`Questions.settle`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from bot.battle.fold_cache import LRU
from bot.commands.request import Request
from bot.render.log import acting_for
from bot.store import Store
from bot.store.questions import ChatWrite, Kept
from rules.battle.events import Event
from rules.battle.steps import StepStarted
from rules.chat import Ambiguous, Declaration

ASKED, SHOWN, ATTACK, WARNED = "asked", "shown", "attack", "warned"
"""The kinds of kept rows (bot.store.questions)."""

QUEUED, ADDRESSED, SECRET, ENDING = "queued", "addressed", "secret", "ending"
"""Kinds whose payloads their own modules read: the rest of a line for several units (key
"", bot.battle.chat_play), the NPC a KP line put before a PC (key: the PC unit), a
player's secret palette roll (key: ``<user>:<skill>``, bot.battle.secret_palette.secret_key)
and the end of a turn a line asked for after its action (「こぶしで殴ってターン終了」, key: the
unit; made once what the action opened is settled, bot.battle.chat_play)."""

OWN_KINDS = frozenset({QUEUED, ADDRESSED, SECRET, ENDING})

MAX_BATTLES = 1024
"""How many battles' rows a process keeps in memory (least recently used go first)."""


@dataclass(frozen=True)
class Die:
    """A palette roll's die, shown and kept (issue 21): the ``unit`` it was rolled for, its
    ``face`` (1–100), the ``typed`` target number and whether it was ``secret`` (the KP's)."""

    unit: str
    face: int
    typed: int
    secret: bool = False


@dataclass(frozen=True)
class Asked:
    """A question asked in chat at battle ``version``: ``outcome`` (its readings, in the
    order of its buttons) and the palette ``die`` it keeps, or None."""

    version: int
    outcome: Ambiguous
    die: Die | None = None


@dataclass
class _Kept:
    """One battle's rows in memory."""

    asked: dict[str, Asked] = field(default_factory=dict)
    shown: dict[str, tuple[int, Die]] = field(default_factory=dict)
    attacks: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    attacked_at: dict[str, int] = field(default_factory=dict)
    """``unit → the battle version of its last attack``."""
    warned: bool = False
    own: dict[tuple[str, str], Kept] = field(default_factory=dict)
    """``(kind, key) → row`` of the :data:`OWN_KINDS`."""

    def apply(self, write: ChatWrite) -> None:
        for kind, key in write.drops:
            if kind == ASKED:
                self.asked.pop(key, None)
            elif kind == WARNED:
                self.warned = False
            elif kind in OWN_KINDS:
                self.own.pop((kind, key), None)
        for row in write.rows:
            if row.kind in OWN_KINDS:
                self.own[(row.kind, row.key)] = row
            elif row.kind == ASKED:
                self.asked[row.key] = _asked(row)
            elif row.kind == SHOWN:
                self.shown[row.key] = (row.version, Die(**row.payload))
            elif row.kind == ATTACK:
                self.attacks[row.key] = (row.payload["target"], row.payload.get("weapon"))
                self.attacked_at[row.key] = row.version
            elif row.kind == WARNED:
                self.warned = True


class Questions:
    """The kept rows of ``store``'s battles. ``answered`` is the service's memory of request
    ids taken (bot.battle.battles.Battles.answered): a chat message whose key a write took is
    marked there, so a later write of the same line does not take it again."""

    def __init__(self, store: Store, answered: LRU, size: int = MAX_BATTLES) -> None:
        self.store = store
        self.answered = answered
        self._kept: LRU[_Kept] = LRU(size)
        self._warned: dict[str, int] | None = None
        self._along: dict[int, ChatWrite] = {}
        """``battle → rows handed to its next write`` (:meth:`along`)."""

    async def _of(self, battle: int) -> _Kept:
        kept = self._kept.get(battle)
        if kept is None:
            rows = await self.store.questions.of_battle(battle)
            kept = self._kept.get(battle)  # read meanwhile by another command (PostgreSQL awaits)
            if kept is None:
                kept = _Kept()
                kept.apply(ChatWrite(rows=tuple(rows)))
                self._kept.put(battle, kept)
        return kept

    def forget(self, battle: int) -> None:
        """Drop the battle's rows from memory (another process was seen writing to it): they
        are read again when next needed."""
        self._kept.pop(battle)

    # --- reading ------------------------------------------------------------------------

    async def asked(self, battle: int, user: str) -> Asked | None:
        """The last question ``user`` was asked in chat in ``battle`` (of any version; the
        caller compares it with the battle's), or None."""
        return (await self._of(battle)).asked.get(user)

    async def shown(self, battle: int, unit: str, version: int) -> Die | None:
        """The die a palette roll showed for ``unit`` while ``battle`` is at ``version``, or
        None (none shown, or the battle moved on since: the die was used or is stale)."""
        kept = (await self._of(battle)).shown.get(unit)
        return kept[1] if kept is not None and kept[0] == version else None

    async def rows(self, battle: int, kind: str) -> dict[str, Kept]:
        """``{key: row}`` of ``kind`` (one of :data:`OWN_KINDS`) kept for ``battle``, of any
        version (the caller compares it with the battle's when that matters)."""
        return {key: row for (of, key), row in (await self._of(battle)).own.items() if of == kind}

    async def last_attacks(self, battle: int) -> tuple[tuple[str, str, str | None], ...]:
        """``(unit, target, weapon)`` of each unit's last attack in ``battle`` (「もう一発」)."""
        return tuple((unit, *attack) for unit, attack in (await self._of(battle)).attacks.items())

    async def attacked_by(self, battle: int) -> dict[str, str]:
        """``{target: the unit whose attack on it came last}`` in ``battle``: the unit that
        has just attacked a speaker's unit, a chat context's preferred target (issue 26)."""
        kept = await self._of(battle)
        latest: dict[str, str] = {}
        for unit, (target, _weapon) in sorted(kept.attacks.items(), key=lambda i: kept.attacked_at.get(i[0], 0)):
            latest[target] = unit
        return latest

    # --- writing ------------------------------------------------------------------------

    async def ask(self, req: Request, battle: int, version: int, outcome: Ambiguous, die: Die | None = None) -> bool:
        """Keep the question ``req.user`` is asked at ``version`` (and the ``die`` it shows,
        as its unit's), durably, taking ``req``'s delivery key in the same transaction. False
        when the key was taken already (the message came again: nothing is asked)."""
        rows = [Kept(ASKED, req.user, version, _asked_payload(outcome, die))]
        if die is not None:
            rows.append(Kept(SHOWN, die.unit, version, dataclasses.asdict(die)))
        return await self.write(battle, ChatWrite(rows=tuple(rows)), req)

    async def write(self, battle: int, write: ChatWrite, req: Request | None = None) -> bool:
        """Write ``write`` for ``battle`` alone, durably, with the rows handed over for its
        next write (:meth:`along`) and ``req``'s delivery key taken in the same transaction
        while it is still to be taken (:meth:`delivery`); memory follows. False when the key
        was taken already (the message came again: nothing is written). Without ``req`` no
        key is taken (the line's own write takes it: a roll, a step)."""
        pending = self._along.pop(battle, None)
        write = ChatWrite(self.delivery(req) if req is not None else "", write.rows, write.drops)
        if pending is not None:
            write = merged(pending, write)
        if not await self.store.questions.put(battle, write):
            self.forget(battle)  # another process took the message: what it keeps is read anew
            return False
        if req is not None:
            self.taken(req)
        (await self._of(battle)).apply(write)
        return True

    async def along(self, battle: int, write: ChatWrite, now: bool = False) -> None:
        """Hand ``write`` (no delivery key) to the next write of ``battle`` in this process:
        a step commits it in its own transaction (:meth:`step_write`), a chat write with its
        rows (:meth:`write`), else :meth:`settle` alone. ``now``: memory shows it at once (it
        stands whatever the step does); else from that write on. Rows handed over already
        and not yet written are merged (the later row of a kind and key wins)."""
        pending = self._along.get(battle)
        self._along[battle] = merged(pending, write) if pending is not None else write
        if now:
            (await self._of(battle)).apply(write)

    async def settle(self, battle: int, req: Request | None = None) -> bool:
        """Write alone what :meth:`along` handed over and no write carried (taking ``req``'s
        delivery key, as :meth:`write`). True when nothing was left or it is written; False
        when the key was taken already (nothing is written)."""
        return battle not in self._along or await self.write(battle, ChatWrite(), req)

    def withdraw(self, battle: int, kind: str, key: str) -> None:
        """Take the row ``(kind, key)`` back from what :meth:`along` handed over for
        ``battle`` and no write carried yet (the step it was to go with was not made)."""
        pending = self._along.get(battle)
        if pending is None:
            return
        rows = tuple(r for r in pending.rows if (r.kind, r.key) != (kind, key))
        if rows or pending.drops or pending.delivery:
            self._along[battle] = ChatWrite(pending.delivery, rows, pending.drops)
        else:
            self._along.pop(battle, None)

    def discard(self, battle: int) -> None:
        """Forget what :meth:`along` handed over for ``battle`` (the step it went with was not
        made: there is nothing to keep)."""
        self._along.pop(battle, None)

    async def forget_asked(self, battle: int, user: str) -> None:
        """Forget the question ``user`` was last asked in ``battle`` (told that it is stale)."""
        await self.store.questions.drop(battle, ASKED, user)
        (await self._of(battle)).asked.pop(user, None)

    def delivery(self, req: Request) -> str:
        """``req``'s delivery key while it is still to be taken by this line's first write
        (issue 28), else ""."""
        if not req.delivery or (req.request_id and self.answered.get(req.request_id) is not None):
            return ""
        return req.delivery

    def taken(self, req: Request) -> None:
        """Mark ``req``'s message as taken (its key was written) in this process's memory."""
        if req.request_id and self.answered.get(req.request_id) is None:
            self.answered.put(req.request_id, [])

    def step_write(self, req: Request, battle: int, events: list[Event], version: int) -> ChatWrite | None:
        """What the step ``events`` of ``req`` (the battle at ``version`` after it) writes for
        the chat side in its own transaction: the delivery key of the chat line it was read
        from, each attacking unit's attack (「もう一発」), the end of the question its issuer
        was asked (answered, or left for another action: never told stale) and the rows
        handed over for the step (:meth:`along`). None when there is nothing."""
        rows = tuple(Kept(ATTACK, unit, version, {"target": target, "weapon": weapon})
                     for unit, target, weapon in _attacks(events))
        kept = self._kept.get(battle)
        drops = ((ASKED, req.user),) if kept is not None and req.user in kept.asked else ()
        write = ChatWrite(self.delivery(req), rows, drops)
        pending = self._along.get(battle)
        if pending is not None:
            write = merged(pending, write)
        return write if write.delivery or write.rows or write.drops else None

    def stepped(self, battle: int, write: ChatWrite | None) -> None:
        """The step that carried ``write`` is committed: memory follows (the rows handed over
        for it are written)."""
        if write is None:
            return
        self._along.pop(battle, None)
        kept = self._kept.get(battle)
        if kept is not None:
            kept.apply(write)

    # --- the KP told once -----------------------------------------------------------------

    async def warn_once(self, channel: str, battle: int) -> bool:
        """Whether the KP of ``battle`` (in ``channel``) is to be told now that posting there
        was refused: True the first time (the flag is then kept, durably), False until
        :meth:`posting_works` clears it."""
        warned = await self._warned_channels()
        if warned.get(channel) == battle:
            return False
        write = ChatWrite(rows=(Kept(WARNED, "", 0, {}),))
        await self.store.questions.put(battle, write)
        warned[channel] = battle
        return True

    async def posting_works(self, channel: str) -> None:
        """A post in ``channel`` went through: a later refusal is told again. Costs nothing
        unless the flag is set (the flagged channels are read once per process)."""
        warned = await self._warned_channels()
        battle = warned.pop(channel, None)
        if battle is not None:
            await self.store.questions.drop(battle, WARNED, "")

    async def _warned_channels(self) -> dict[str, int]:
        if self._warned is None:
            self._warned = await self.store.questions.warned_channels()
        return self._warned


def _attacks(events: list[Event]) -> list[tuple[str, str, str | None]]:
    """``(unit, target, weapon)`` of each attack command decided in ``events`` (by its step
    marker), the unit being the one its events act for."""
    found = []
    for i, event in enumerate(events):
        command = event.command if isinstance(event, StepStarted) else None
        if command and command.get("type") == "Attack" and command.get("target"):
            after = events[i + 1:]
            end = next((n for n, e in enumerate(after) if isinstance(e, StepStarted)), len(after))
            unit = acting_for(after[:end])
            if unit:
                found.append((unit, command["target"], command.get("weapon")))
    return found


def merged(first: ChatWrite, then: ChatWrite) -> ChatWrite:
    """``first`` and then ``then`` as one write: ``then``'s delivery key (else ``first``'s),
    and of the rows and drops of one kind and key, ``then``'s."""
    later = {(r.kind, r.key) for r in then.rows} | set(then.drops)
    return ChatWrite(then.delivery or first.delivery,
                     tuple(r for r in first.rows if (r.kind, r.key) not in later) + then.rows,
                     tuple(d for d in first.drops if d not in later) + then.drops)


def _asked_payload(outcome: Ambiguous, die: Die | None) -> dict:
    return {"question": outcome.question, "choices": [dataclasses.asdict(c) for c in outcome.choices],
            "die": dataclasses.asdict(die) if die is not None else None}


_DECLARATION_FIELDS = frozenset(f.name for f in dataclasses.fields(Declaration))


def declaration_of(payload: dict) -> Declaration:
    """The declaration a row's payload keeps (``dataclasses.asdict`` of it; a field it does
    not know is left out)."""
    return Declaration(**{k: v for k, v in payload.items() if k in _DECLARATION_FIELDS})


def _asked(row: Kept) -> Asked:
    payload = row.payload
    choices = tuple(declaration_of(c) for c in payload["choices"])
    die = payload.get("die")
    return Asked(row.version, Ambiguous(payload["question"], choices), Die(**die) if die else None)
