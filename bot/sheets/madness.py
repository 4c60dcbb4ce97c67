"""The states a sheet shows as badges (issue 32; docs/sanity.md SAN-TIME-01): madness that a
SAN loss starts (一時的狂気, 不定の狂気, 永久的狂気, 7th's 狂気の発作) and the KP's conditions
(``/san state``, ``:状態+気絶``), each with its timer:

- in rounds: the channel's battles count each new round (the step that begins it moves the
  clock on in its own transaction: bot.battle.battles ``round_clock``, told here by
  :meth:`Madness.rounds_passed`) and the KP may say 「1ラウンド経過」 outside a battle;
- in game minutes: the KP says time passed (「30分経過」「1時間経過」, ``/san time``);
- in the player's lines (テキセ 「1D10行動」): each line its owner writes in the channel.

The bot says when a timer ends. When a state starts, the preset's table is rolled
(bot.sheets.custom_tables) and its row shown to the player and the KP — privately to them
when the KP's preset says so.

The chat path asks :meth:`Madness.counts_lines` for every line: from memory (who has a line
timer in which channel is read in one query for every channel, again every
:data:`REFRESH_SECONDS`), so talk costs no query.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from bot.commands.request import Request
from bot.render.reply import Reply, clip, private, public
from bot.sheets.custom_tables import KeeperHere, TableDesk
from bot.store import Store
from bot.store.sanity import SheetState, SheetWrite, TimePassed
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.sanity.preset import BOUT, INDEFINITE, TEMPORARY, Duration, Preset

REFRESH_SECONDS = 10.0
"""How old the kept set of line timers may grow before it is read again (seconds)."""
MAX_TIMER = 100000
"""The longest timer (units): a typo's 1D100000 does not keep a badge for ever."""


def remaining(state: SheetState, clock: tuple[int, int]) -> str:
    """What is left of ``state``'s timer as a badge says it (``残り3ラウンド``, ``残り1時間30分``,
    ``残り4行動``), or '' without a timer."""
    if state.unit == "line":
        return f"残り{state.left}行動"
    if state.unit not in ("round", "minute") or state.ends_at is None:
        return ""
    left = max(0, state.ends_at - (clock[1] if state.unit == "round" else clock[0]))
    if state.unit == "round":
        return f"残り{left}ラウンド"
    return "残り" + minutes_text(left)


def minutes_text(minutes: int) -> str:
    """``90`` → ``1時間30分``, ``60`` → ``1時間``, ``45`` → ``45分``."""
    hours, rest = divmod(minutes, 60)
    return (f"{hours}時間" if hours else "") + (f"{rest}分" if rest or not hours else "")


def badge(state: SheetState, clock: tuple[int, int]) -> str:
    """``🌀一時的狂気（残り5ラウンド）``: one state as a badge."""
    left = remaining(state, clock)
    mark = "🌀" if state.name in (TEMPORARY, INDEFINITE, BOUT) or "狂気" in state.name else "⚠"
    return f"{mark}{state.name}" + (f"（{left}）" if left else "")


@dataclass
class Begun:
    """States about to start with a loss: the ``states`` rows, the ``lines`` told to the
    channel, the ``private`` lines told only to the player and the KP (a table's row when the
    preset keeps it secret) and the ids of older states of the same names they replace (``end``)."""

    states: list[SheetState] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    private: list[str] = field(default_factory=list)
    end: list[int] = field(default_factory=list)


class Madness:
    """The states of sheets over ``store``, rolling timers and tables with ``dice``."""

    def __init__(self, store: Store, dice: Dice, tables: TableDesk, keeper_here: KeeperHere) -> None:
        self.store, self.dice, self.tables, self.keeper_here = store, dice, tables, keeper_here
        self._lines: set[tuple[str, str]] = set()
        self._read_at: float | None = None

    # --- starting -------------------------------------------------------------------------

    async def begin(self, channel: str, scope: str, character: str, owner: str, names: list[str],
                    preset: Preset, seventh_tables: bool) -> Begun:
        """Roll what the states ``names`` need as they start for ``character`` (its timer,
        and the preset's table): nothing is written yet (the caller's transaction does).
        ``seventh_tables``: BCDice's 7th tables may be named."""
        begun = Begun()
        clock = await self.store.sanity.clock(channel)
        running = await self.store.sanity.states(scope, character)
        table_of_bout = next((preset.tables[n] for n in names if n in preset.tables), None)
        for name in names:
            table = table_of_bout if name == BOUT else (preset.tables.get(name) if preset.edition == "coc6" else None)
            rolled = await self.tables.roll_named(scope, table, seventh_tables) if table else None
            timer = rolled.time if rolled and name == BOUT else None
            if timer is None and (duration := preset.durations.get(name)) is not None:
                length, text = duration.roll(self.dice)
                timer = (length, duration.unit, text)
            state = self.state(channel, scope, character, owner, name, timer, clock, rolled.line if rolled else "")
            begun.states.append(state)
            begun.end += [s.id for s in running if s.name == name]
            begun.lines.append(f"🌀 {character}は{name}に陥った" + (f"（{timer[2]}）" if timer else ""))
            if table and rolled is None:
                begun.lines.append(f"（表「{table}」が見つかりません。/table add で登録するか、KPが /kp setting で表を選び直してください）")
            elif rolled is not None:
                (begun.private if preset.private else begun.lines).append(f"📋 {rolled.line}")
        if begun.private:
            begun.lines.append("（表の結果は本人とKPにだけ送りました）")
        return begun

    @staticmethod
    def state(channel: str, scope: str, character: str, owner: str, name: str,
              timer: tuple[int, str, str] | None, clock: tuple[int, int], detail: str = "") -> SheetState:
        """The row of ``name`` starting now with ``timer`` = (length, unit, text) or None."""
        if timer is None:
            return SheetState(0, scope, character, channel, owner, name, detail=detail)
        length, unit = min(timer[0], MAX_TIMER), timer[1]
        if unit == "line":
            return SheetState(0, scope, character, channel, owner, name, "line", left=length, detail=detail)
        now = clock[1] if unit == "round" else clock[0]
        return SheetState(0, scope, character, channel, owner, name, unit, ends_at=now + length, detail=detail)

    def started(self, states: list[SheetState]) -> None:
        """``states`` were written: a line timer among them counts from the next line."""
        self._lines |= {(s.channel, s.owner) for s in states if s.unit == "line"}

    async def tell(self, channel: str, owner: str, lines: list[str]) -> list[Reply]:
        """The private copies of ``lines`` (a secret table row) for ``owner`` and the KP."""
        if not lines:
            return []
        text = clip("🔒 " + "\n".join(lines))
        keeper = await self.keeper_here(channel)
        return [private(owner, text), *([private(keeper, text)] if keeper and keeper != owner else [])]

    # --- badges ---------------------------------------------------------------------------

    async def badges(self, scope: str, character: str) -> str:
        """``状態: 🌀一時的狂気（残り5ラウンド）・⚠気絶`` for ``character``, or ''."""
        states = await self.store.sanity.states(scope, character)
        if not states:
            return ""
        clocks: dict[str, tuple[int, int]] = {}
        for state in states:
            if state.channel not in clocks:
                clocks[state.channel] = await self.store.sanity.clock(state.channel)
        return "状態: " + "・".join(badge(s, clocks[s.channel]) for s in states)

    async def badges_in(self, channel: str) -> list[str]:
        """``🌀 アリス: 一時的狂気（残り3ラウンド）`` for each character with states from
        ``channel`` (for ``/battle status``)."""
        states = await self.store.sanity.states_in(channel)
        if not states:
            return []
        clock = await self.store.sanity.clock(channel)
        names: dict[str, list[str]] = {}
        for state in states:
            names.setdefault(state.character, []).append(badge(state, clock))
        return [f"{name}: {'・'.join(shown)}" for name, shown in names.items()]

    # --- time passing ---------------------------------------------------------------------

    async def pass_time(self, channel: str, minutes: int, rounds: int) -> tuple[tuple[int, int], list[str]]:
        """Game time passes in ``channel``: the clock moves on and the timers it passes end
        (one transaction). Returns ``(clock, lines saying which states ended)``."""
        passed = await self.store.sanity.pass_time(channel, minutes, rounds)
        return passed.clock, [ended(s) for s in passed.ended]

    @staticmethod
    def rounds_passed(passed: TimePassed) -> list[Reply]:
        """A battle's step began ``passed.rounds`` new rounds and, in its own transaction,
        moved the clock on and ended the round timers it passed (``passed.ended``): the reply
        saying which ended, if any."""
        return [public("\n".join(ended(s) for s in passed.ended))] if passed.ended else []

    async def counts_lines(self, req: Request) -> bool:
        """Whether ``req.user`` has a timer counting their lines in ``req.channel`` (memory)."""
        if self._read_at is None or time.monotonic() - self._read_at > REFRESH_SECONDS:
            self._lines = await self.store.sanity.line_timers()
            self._read_at = time.monotonic()
        return (req.channel, req.user) in self._lines

    async def line(self, req: Request) -> list[Reply]:
        """One line of ``req.user`` in the channel: their line timers count it (call once per
        message: the caller's delivery check); the replies saying which ended."""
        done = await self.store.sanity.tick_lines(req.channel, req.user)
        if done:
            self._read_at = None  # read again: another timer may still be running
        return [public("\n".join(ended(s) for s in done))] if done else []

    # --- the KP's word ----------------------------------------------------------------------

    async def set_state(self, req: Request, scope: str, character: str, owner: str, name: str, added: bool,
                        length: str | None, note: dict | None) -> list[Reply]:
        """Start (``added``) or end the state ``name`` of ``character`` (the KP's
        ``/san state`` or ``:状態+気絶``), with a timer ``length`` (「1D10ラウンド」) or none;
        written with the session ``note``."""
        running = [s for s in await self.store.sanity.states(scope, character) if s.name == name]
        if not added:
            if not running:
                raise InvalidInput(f"{character}は今「{name}」ではありません。")
            await self.store.sanity.commit(SheetWrite(note=note, end=[s.id for s in running]))
            self._read_at = None
            return [public(f"🌀 {character}の{name}を終えました（{req.name or req.user}）。")]
        duration = Duration.parse(length) if length else None
        shown = None
        if duration is not None:
            count, text = duration.roll(self.dice)
            shown = (count, duration.unit, text)
        clock = await self.store.sanity.clock(req.channel)
        state = self.state(req.channel, scope, character, owner, name, shown, clock)
        await self.store.sanity.commit(SheetWrite(note=note, start=[state], end=[s.id for s in running]))
        self.started([state])
        left = f"（{shown[2]}）" if shown else "（KPが終えるまで）"
        return [public(f"🌀 {character}は{name}になりました{left}（{req.name or req.user}）。")]


def ended(state: SheetState) -> str:
    """``🌀 アリスの一時的狂気が終わりました（時間切れ）。``: a timer ran out."""
    return f"🌀 {state.character}の{state.name}が終わりました（時間切れ）。"

