"""The SAN flow on a saved sheet (issue 32; docs/sanity.md), however the check was typed:

- :meth:`SanFlow.check`: a whole SAN check (``/check skill:SAN loss:1/1D6``, 「SANチェック
  1/1D6」, ``.sc 1/1d6``), rolled by the sheet's edition, 7th with its bonus or penalty dice;
- :meth:`SanFlow.settle`: the loss of a palette SAN roll already rolled and shown
  (``CCB<=55 【正気度ロール】``), given after it: the KP's button (``1/1D6``: the roll's
  reading decides the side), the player's own loss roll (``1d3``) or ``:SAN-1D3``;
- :meth:`SanFlow.lose`: ``:SAN-3`` with no roll waiting: a loss all the same.

Each takes the loss as the channel's preset says (rules.sanity.preset: fumble, a named
source's cap, no loss during a bout, the window of 不定の狂気), rolls the understanding roll
(6th アイデア, 7th INT), starts the madness that follows (bot.sheets.madness: its timer and
table), and writes all of it in one transaction (bot.store.sanity) before anything is said.

The window of 不定の狂気 is kept on the sheet (``san_window``): one game hour of the channel's
clock (which the KP moves: 「1時間経過」), the channel's open session, or the real day in
Japan time, as the preset says.
"""
from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from bot.commands.request import Request
from bot.render.reply import Reply, clip, public
from bot.sheets.madness import Madness
from bot.sheets.session_notes import SessionNotes
from bot.sheets.exchange import sheet_of
from bot.store import Store
from bot.store.sanity import Pending, SheetWrite, TakenAlready
from rules.coc6.character import Character
from rules.coc6.sanity import after_check, san_check, san_lines
from rules.coc7.character import Investigator
from rules.coc7.sanity import after_roll7, san_lines7, san_roll
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.sanity.loss import Amount, SanLoss, Standing, rolled_amount, source_cap, typed_amount
from rules.sanity.preset import BOUT, INDEFINITE, PERMANENT, TEMPORARY, Preset, preset, starts

TABLE_TIME = timezone(timedelta(hours=9))
"""The real day of 不定の狂気 (window ``day``) is the table's calendar day in Japan time."""
HOUR = 60
"""The game-hour window's length (game minutes)."""
TAKEN = "この正気度ロールの減少はもう適用されています（二度は減りません）。"
ECHO_WINDOW = timedelta(minutes=10)
"""How long after a SAN check whose loss was applied a ``:SAN-…`` equal to it is read as the
table's habitual echo (the player copying the loss onto their ココフォリア piece)."""

Sheet = Character | Investigator


def edition_of(sheet: Sheet) -> str:
    """``coc7`` for a 7th investigator, else ``coc6``."""
    return "coc7" if isinstance(sheet, Investigator) else "coc6"


@dataclass(frozen=True)
class Situation:
    """Where a loss lands: the channel's ``preset`` for the sheet's edition, what the sheet
    holds (``standing``) and the ``window`` key the loss counts in."""

    preset: Preset
    standing: Standing
    window: dict


def window_open(stored: dict | None, key: dict) -> bool:
    """Whether the window ``stored`` on the sheet is the one ``key`` names: the same game
    hour of the same channel (less than 60 game minutes since it opened), the same session,
    the same day."""
    if not stored or stored.get("kind") != key["kind"]:
        return False
    if key["kind"] == "hour":
        return stored.get("channel") == key["channel"] and 0 <= key["from"] - int(stored.get("from", 0)) < HOUR
    field = "session" if key["kind"] == "session" else "day"
    return stored.get(field) == key[field]


class SanFlow:
    """SAN losses on saved sheets over ``store``, rolled with ``dice``; ``clock`` (naive UTC)
    reads the real day; ``notes`` keep a loss in the channel's open session."""

    def __init__(self, store: Store, dice: Dice, clock: Callable[[], datetime], notes: SessionNotes,
                 madness: Madness) -> None:
        self.store, self.dice, self.clock, self.notes, self.madness = store, dice, clock, notes, madness

    async def situation(self, channel: str, scope: str, sheet: Sheet, source: str | None) -> Situation:
        """The preset, standing and window of a loss of ``sheet`` in ``channel``."""
        edition = edition_of(sheet)
        found = preset(edition, await self.store.keeper.channel_settings(channel))
        key = await self._window_key(found.window, channel)
        stored = sheet.san_window if window_open(sheet.san_window, key) else None
        states = {s.name for s in await self.store.sanity.states(scope, sheet.name)}
        standing = Standing(sheet.san, int(stored["san"]) if stored else None, int(stored["lost"]) if stored else 0,
                            sheet.san_sources.get(source, 0) if source else 0,
                            in_bout=(BOUT if edition == "coc7" else TEMPORARY) in states, insane=INDEFINITE in states)
        return Situation(found, standing, key)

    async def _window_key(self, kind: str, channel: str) -> dict:
        if kind == "hour":
            return {"kind": "hour", "channel": channel, "from": (await self.store.sanity.clock(channel))[0]}
        if kind == "session":
            session = await self.notes.open_in(channel)
            return {"kind": "session", "session": session.id if session else None}
        day = self.clock().replace(tzinfo=timezone.utc).astimezone(TABLE_TIME).date().isoformat()
        return {"kind": "day", "day": day}

    # --- the three ways a loss comes ---------------------------------------------------------

    async def check(self, req: Request, sheet: Sheet, owner: str, loss: SanLoss, bonus: int = 0,
                    source: str | None = None) -> list[Reply]:
        """A whole SAN check of ``sheet`` (saved under ``owner``) for ``loss``; 7th with
        ``bonus`` dice; ``source``: the named cause (SAN-CAP-01)."""
        sit = await self.situation(req.channel, req.scope, sheet, source)
        rules, named = sit.preset.rules, source is not None
        if isinstance(sheet, Investigator):
            result = san_roll(sit.standing, loss, sheet.stat("INT"), self.dice, bonus, rules, named)
            lines = san_lines7(sheet.name, loss, result, sit.preset.window, source)
        else:
            if bonus:
                raise InvalidInput("bonus: は7版の探索者の判定で使えます（6版のSANチェックにはボーナス・ダイスはありません）。")
            result = san_check(sit.standing, loss, sheet.skill("アイデア"), self.dice, rules=rules, named=named)
            lines = san_lines(sheet.name, loss, result, sit.preset.window, source)
        payload = {"loss": loss.text(), "roll": result.check.roll, "level": result.check.level.value}
        echo = (loss.text(), loss.success, loss.failure)
        return await self._commit(req, sheet, owner, sit, result, lines, "san", payload, None, source,
                                  Echo(req.user, echo))

    async def settle(self, req: Request, pending: Pending, sheet: Sheet, owner: str, loss: SanLoss | None = None,
                     typed: tuple[str, int] | None = None, source: str | None = None) -> list[Reply]:
        """The loss of the palette roll ``pending``: ``loss`` (the side the roll's reading
        chooses is rolled) or ``typed`` = (expression, total) the player rolled. Raises
        InvalidInput when another answer took the roll first (a doubled press or line)."""
        sit = await self.situation(req.channel, req.scope, sheet, source)
        rules, read = sit.preset.rules, pending.payload
        check = _check_of(read)
        fumble = bool(read.get("fumble"))
        if loss is not None:
            amount = rolled_amount(loss.side(bool(read.get("succeeded"))), fumble, rules, self.dice)
            cap_from = loss.failure
            echo: tuple[str, ...] = (loss.text(), loss.side(bool(read.get("succeeded"))))
        else:
            expr, total = typed
            amount = typed_amount(expr, total, fumble, rules)
            cap_from = expr
            echo = (expr,)
        cap = source_cap(cap_from, sit.standing.source_lost) if source else None
        result, lines = self._follow(sheet, check, amount, sit, cap, loss, source)
        return await self._commit(req, sheet, owner, sit, result, lines, "sheet", {"key": "SAN"}, pending.id, source,
                                  Echo(pending.user, echo))

    async def lose(self, req: Request, sheet: Sheet, owner: str, expr: str, total: int) -> list[Reply]:
        """A loss with no roll waiting (``:SAN-3``): taken and followed all the same."""
        sit = await self.situation(req.channel, req.scope, sheet, None)
        amount = Amount(max(0, total), expr if expr.isdigit() else f"{expr} ＞ {total}")
        result, lines = self._follow(sheet, None, amount, sit, None, None, None)
        return await self._commit(req, sheet, owner, sit, result, lines, "sheet", {"key": "SAN"}, None, None)

    def _follow(self, sheet: Sheet, check, amount: Amount, sit: Situation, cap: int | None,
                loss: SanLoss | None, source: str | None):
        """The edition's rest of a loss whose roll (or None) and amount are known: ``(result, lines)``."""
        rules, window = sit.preset.rules, sit.preset.window
        if isinstance(sheet, Investigator):
            result = after_roll7(check, amount, sit.standing, sheet.stat("INT"), self.dice, rules, cap)
            return result, san_lines7(sheet.name, loss, result, window, source)
        result = after_check(check, amount, sit.standing, sheet.skill("アイデア"), self.dice, rules=rules, cap=cap)
        return result, san_lines(sheet.name, loss, result, window, source)

    # --- the one write ----------------------------------------------------------------------

    async def _commit(self, req: Request, sheet: Sheet, owner: str, sit: Situation, result, lines: list[str],
                      kind: str, payload: dict, claim: int | None, source: str | None,
                      echo: "Echo | None" = None) -> list[Reply]:
        """Write the loss, its session record and the madness it starts in one transaction
        (taking the pending roll ``claim``), then say it. ``echo``: the check's player and
        loss, kept on the sheet so that their ``:SAN-…`` copy of it right after is not taken
        again (:meth:`echoed`)."""
        loss = result.loss
        edition = edition_of(sheet)
        names = starts(edition, result.temporary, loss.indefinite, loss.permanent, getattr(result, "bout", False))
        seventh = edition == "coc7"
        begun = await self.madness.begin(req.channel, req.scope, sheet.name, owner, names, sit.preset, seventh)
        window = sheet.san_window if window_open(sheet.san_window, sit.window) else {**sit.window, "san": loss.window_san}
        sources = dict(sheet.san_sources)
        if source and loss.lost:
            sources[source] = sources.get(source, 0) + loss.lost
        kept = {**window, "lost": loss.window_lost}
        kept.pop(ECHO, None)
        if echo is not None and loss.lost:
            kept[ECHO] = {"channel": req.channel, "user": echo.user, "at": self.clock().isoformat(),
                          "said": sorted({_folded(e) for e in (*echo.said, str(loss.lost)) if e})}
        updated = dataclasses.replace(sheet, san_now=loss.after, san_window=kept, san_sources=sources)
        text = clip("\n".join([*lines, *begun.lines]))
        note = await self._note(req, sheet.name, kind, text, {**payload, "before": loss.before, "after": loss.after,
                                                               "lost": loss.lost})
        try:
            await self.store.sanity.commit(SheetWrite(sheet=(req.scope, owner, sheet.name, updated.to_dict()), note=note,
                                                      claim=claim, start=begun.states, end=begun.end))
        except TakenAlready:
            raise InvalidInput(TAKEN) from None
        self.madness.started(begun.states)
        return [public(text), *await self.madness.tell(req.channel, owner, begun.private)]

    async def zero_begun(self, channel: str, scope: str, sheet: Sheet, owner: str):
        """The 永久的狂気 a sheet set to SAN 0 by hand starts (SAN-ZERO-01: SAN 0 is permanent
        insanity however it was reached): its :class:`bot.sheets.madness.Begun`, not yet
        written, or None when SAN is above 0 or the state is on already."""
        if sheet.san > 0 or any(s.name == PERMANENT for s in await self.store.sanity.states(scope, sheet.name)):
            return None
        found = preset(edition_of(sheet), await self.store.keeper.channel_settings(channel))
        begun = await self.madness.begin(channel, scope, sheet.name, owner, [PERMANENT], found, edition_of(sheet) == "coc7")
        begun.lines.insert(0, "SANが0になった：永久的狂気")
        return begun

    async def zeroed(self, req: Request, name: str) -> list[Reply]:
        """After ``/char set`` of ``name``'s SAN: at 0, its 永久的狂気 is written, then told
        (:meth:`zero_begun`); [] otherwise."""
        record = await self.store.get_character(req.scope, name)
        if record is None:
            return []
        sheet = sheet_of(record.data)
        begun = await self.zero_begun(req.channel, req.scope, sheet, record.owner)
        if begun is None:
            return []
        await self.store.sanity.commit(SheetWrite(start=begun.states, end=begun.end))
        self.madness.started(begun.states)
        return [public(clip("\n".join(begun.lines))), *await self.madness.tell(req.channel, record.owner, begun.private)]

    def fresh_mark(self, req: Request, sheet: Sheet, owner: str) -> dict | None:
        """The mark of the loss last applied to ``sheet`` when ``req.user`` (its player or
        owner) writes in its channel within :data:`ECHO_WINDOW`; else None."""
        mark = (sheet.san_window or {}).get(ECHO)
        if not mark or mark.get("channel") != req.channel or req.user not in (mark.get("user"), owner):
            return None
        try:
            at = datetime.fromisoformat(str(mark.get("at")))
        except ValueError:
            return None
        return mark if timedelta(0) <= self.clock() - at <= ECHO_WINDOW else None

    async def rolled_after(self, req: Request, sheet: Sheet, owner: str, expr: str) -> list[Reply]:
        """A loss-shaped plain roll (``1d3``) by the player right after their check's loss was
        applied (nothing waits for it): the roll is not used, and said so; its expression is
        added to the mark, so that their ``:SAN-1D3`` copying it is not taken either."""
        mark = self.fresh_mark(req, sheet, owner)
        if mark is None:
            return []
        said = sorted({*mark.get("said", ()), _folded(expr)})
        window = {**sheet.san_window, ECHO: {**mark, "said": said}}
        await self.store.sanity.commit(SheetWrite(sheet=(req.scope, owner, sheet.name,
                                                         dataclasses.replace(sheet, san_window=window).to_dict())))
        return [public(f"（{sheet.name}の正気度ロールの減少はもう入っています（SAN {sheet.san}/{sheet.san_max}）。"
                       "この出目はSANには使いません）")]

    async def echoed(self, req: Request, sheet: Sheet, owner: str, expr: str) -> list[Reply] | None:
        """``:SAN-{expr}`` of ``sheet`` by ``req.user`` right after a SAN check whose loss was
        already applied (SAN-PEND-01): when the same player (or the sheet's owner) types, in
        the same channel within :data:`ECHO_WINDOW`, the check's loss expression (``1D3``,
        ``0/1D3``) or the amount it took (``1``), the line is the table's habitual copy of the
        loss onto its piece: acknowledged, not applied (the mark is used up, so the same line
        again is a new loss). None: a loss to apply."""
        mark = self.fresh_mark(req, sheet, owner)
        if mark is None or _folded(expr) not in mark.get("said", ()):
            return None
        updated = dataclasses.replace(sheet, san_window=without_echo(sheet.san_window))
        await self.store.sanity.commit(SheetWrite(sheet=(req.scope, owner, sheet.name, updated.to_dict())))
        return [public(f"🧠 {sheet.name}の「:SAN-{expr}」は直前の正気度ロールの減少として、もう入っています"
                       f"（SAN {sheet.san}/{sheet.san_max}）。二度は減らしません。"
                       f"別の減少なら、もう一度 :SAN-{expr} と書いてください。")]

    async def _note(self, req: Request, character: str, kind: str, text: str, payload: dict) -> dict | None:
        """The session record of a loss (None: no open session here)."""
        session = await self.notes.open_in(req.channel)
        if session is None:
            return None
        self.notes.played(session, req.user, character)
        return self.notes.note(session, req, kind, character, text, payload)


ECHO = "echo"
"""The key, in the sheet's ``san_window``, of the last applied check's loss (:meth:`SanFlow.echoed`)."""


@dataclass(frozen=True)
class Echo:
    """The ``user`` whose SAN check's loss was applied, and the ways it may be copied
    (``said``: the loss ``0/1D3``, its side ``1D3``)."""

    user: str
    said: tuple[str, ...]


def _folded(expr: str) -> str:
    """A loss expression as compared: NFKC, upper-case, no spaces."""
    return unicodedata.normalize("NFKC", expr or "").upper().replace(" ", "")


def without_echo(window: dict | None) -> dict | None:
    """``window`` without the mark of the last applied loss (a SAN change by hand ends it)."""
    if not window or ECHO not in window:
        return window
    return {k: v for k, v in window.items() if k != ECHO}


@dataclass(frozen=True)
class ShownRoll:
    """A palette SAN roll as it was shown (its BCDice ``line``, ``roll`` and reading): what
    the lines of its loss repeat, so the table sees which side applied."""

    line: str
    roll: int
    succeeded: bool

    def text(self) -> str:
        return self.line


def _check_of(read: dict) -> ShownRoll:
    """The roll a pending palette SAN roll showed, from its kept reading."""
    return ShownRoll(str(read.get("text") or ""), int(read["roll"]), bool(read.get("succeeded")))
