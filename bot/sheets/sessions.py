"""Sessions (issue 19): ``/session start`` and ``/session end`` (KP) bound one evening's play
in a channel; between them every roll, check, SAN check and battle step of the channel is
kept (bot.sheets.session_notes). ``/session end`` posts each character's dice statistics
and SAN/HP change (bot.sheets.session_stats) and offers the growth rolls; ``/session log``
gives the session as text and HTML files in pages (bot.render.session_log).

Who is the session's KP: whoever starts it. Starting needs a KP of the channel when the
channel has one (:meth:`SessionDesk.keeper_here`: its open session's, its battle's, its
last session's or its last battle's KP, a KP role, Manage Channels); a channel nobody keeps
yet is anyone's to start.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render import log as battle_log
from bot.render import session as render
from bot.render.reply import Reply, clip, public
from bot.render.session_log import BattleSteps, page_portraits, session_entries
from bot.sheets.session_notes import SessionNotes
from bot.sheets.session_stats import tallies
from bot.sheets.table import BattleLookup, Once
from bot.store import Store
from bot.store.sessions import GameSession, SessionExists
from rules.battle.events import UnitJoined
from rules.errors import InvalidInput

PAGE_BYTES = 8_000_000
"""The largest log file sent (bytes): under Discord's smallest upload limit (10 MiB; 8 MiB
before 2024). A longer log comes in several pages, each a whole file."""

SpokenLog = Callable[[list], Awaitable[tuple[list, dict[str, str]]]]
"""``await spoken(records) -> (records, portraits)``: a session's records with its spoken lines
as their posts read now (edited, deleted), and the pictures they show (``{key: address}``)."""

MarkedHere = Callable[[str, str], Awaitable[list]]
"""``await marked_here(scope, channel)``: the saved characters with growth marks made in the
channel (bot.sheets.growth.Growth.marked_here: whom ``/char growth all:true`` rolls for)."""


class SessionDesk:
    """The ``/session`` commands over ``store`` and the open sessions ``notes``; ``routes()``
    gives ``{path: handler(request)}``. ``page_bytes``: the largest log file."""

    def __init__(self, store: Store, notes: SessionNotes, clock: Callable[[], datetime], lookup: BattleLookup,
                 once: Once, marked_here: MarkedHere, page_bytes: int = PAGE_BYTES) -> None:
        self.store = store
        self.notes = notes
        self.clock = clock
        self.lookup = lookup
        self.once = once
        self.marked_here = marked_here
        self.page_bytes = page_bytes
        self.spoken: SpokenLog | None = None
        """The lines spoken as characters as the log shows them (issue 31,
        bot.sheets.voice.voice_desk.VoiceDesk.for_log), set by the service."""

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here: start
        and end answered once per request id; the log read only (its files made anew on a retry)."""
        return {"session start": lambda req: self.once(req, lambda: self.start(req)),
                "session end": lambda req: self.once(req, lambda: self.end(req)),
                "session log": self.log}

    async def keeper_here(self, channel: str) -> str | None:
        """The KP the channel knows: its open session's, else its battle's (active, else
        latest), else its last session's; None when nobody keeps it yet."""
        session = await self.notes.open_in(channel)
        if session is not None:
            return session.keeper
        keeper = await self.lookup.latest_keeper(channel)
        if keeper is not None:
            return keeper
        latest = await self.store.sessions.latest(channel)
        return latest.keeper if latest else None

    async def start(self, req: Request) -> list[Reply]:
        """``/session start``: open the channel's session; its starter is its KP."""
        now = self.clock()
        try:
            session = await self.store.sessions.start(req.channel, req.scope, req.user, req.name or req.user, now)
        except SessionExists:
            running = await self.store.sessions.latest(req.channel)
            since = f"（{render.clock_time(running.started_at)} JSTから、KP: {running.keeper_name}）" if running else ""
            raise InvalidInput(f"このチャンネルではすでにセッションが進行中です{since}。"
                               "新しく始めるには、KPが /session end で今のセッションを終えてください。") from None
        self.notes.opened(session)
        return [public(f"📖 セッションを開始しました（{render.local(now).strftime('%m/%d %H:%M')} JST、"
                       f"KP: {session.keeper_name}）。\n/session end までのロール・判定・SANチェック・戦闘を"
                       "キャラクターごとに記録します。")]

    async def end(self, req: Request) -> list[Reply]:
        """``/session end``: close the session and post its summary (bot.render.session)."""
        session = await self._open(req.channel)
        now = self.clock()
        if not await self.store.sessions.end(session.id, now):
            raise InvalidInput("このセッションはもう終わっています。")
        self.notes.closed(session)
        records = await self.store.sessions.records(session.id)
        battles = await self._battles(records)
        found = tallies(records, {k: b.steps for k, b in battles.items()})
        head = f"📕 セッション終了（{render.span(session.started_at, now)}）。KP: {session.keeper_name}"
        present = _present(records, battles)  # the growth offer: only the PCs of this evening
        marked = [r.name for r in await self.marked_here(session.scope, session.channel) if r.name in present]
        return [public(text) for text in render.summary_texts(head, found, marked, _left_out(records, battles))]

    @staticmethod
    def _statistics(records, battles: dict[int, BattleSteps]) -> tuple[str, ...]:
        """The statistics lines a log starts with: what the summary shows (public rolls)."""
        found = tallies(records, {k: b.steps for k, b in battles.items()})
        lines = [render.tally_line(t) for t in found] or ["（公開されたロールはありません）"]
        if _left_out(records, battles):
            lines.append("（シークレットダイスと非公開NPCのロールは集計に含めていません）")
        return tuple(lines)

    async def log(self, req: Request) -> list[Reply]:
        """``/session log [number:]``: the channel's ``number``-th session (default: the open,
        else the latest one) as text and HTML files, in pages of at most ``page_bytes``; the
        KP's copy with the secret rolls."""
        number = opt.integer(req.options, "number", "number")
        if number is not None:
            session = await self.store.sessions.nth(req.channel, number) if number >= 1 else None
            if session is None:
                raise InvalidInput(f"このチャンネルに{number}回目のセッションはありません。"
                                   "number: を省くと最新のセッションのログを出します。")
        else:
            session = await self.notes.open_in(req.channel) or await self.store.sessions.latest(req.channel)
        if session is None:
            raise InvalidInput("このチャンネルにはまだセッションの記録がありません。KPが /session start で始めます。")
        reveal = await self.lookup.is_kp(req, session.keeper)
        records = await self.store.sessions.records(session.id)
        portraits: dict[str, str] = {}
        if self.spoken is not None:
            records, portraits = await self.spoken(records)
        battles = await self._battles(records)
        entries = session_entries(records, battles, reveal, portraits)
        end = session.ended_at or self.clock()
        title = f"セッションログ（{render.span(session.started_at, end)}、KP: {session.keeper_name}）"
        stats = self._statistics(records, battles)
        texts, pages = await asyncio.to_thread(_pages, entries, title, self.page_bytes, stats,  # CPU work off the loop
                                               page_portraits(portraits))
        copy = "KP用（シークレットを含む）" if reveal else "プレイヤー用（シークレットは伏せています）"
        stem = f"session-{session.id}" + ("-kp" if reveal else "")
        files = _named(stem, "txt", texts) + _named(stem, "html", pages)
        head = (f"📜 セッションログ {copy}: {len(entries)}件"
                + ("" if session.ended_at else "（進行中）")
                + (f"（テキスト{len(texts)}ページ、HTML{len(pages)}ページ）" if len(files) > 2 else ""))
        return [Reply(text=clip(head if n == 0 else f"📜 セッションログ（{file['name']}）"), ephemeral=True,
                      to=req.user, file=file) for n, file in enumerate(files)]

    async def _open(self, channel: str) -> GameSession:
        """The channel's open session read from the database; raises InvalidInput without one."""
        latest = await self.store.sessions.latest(channel)
        if latest is None or latest.ended_at is not None:
            raise InvalidInput("このチャンネルで進行中のセッションはありません。KPが /session start で始めます。")
        return latest

    async def _battles(self, records) -> dict[int, BattleSteps]:
        """The battles the records' steps belong to, with their steps."""
        found: dict[int, BattleSteps] = {}
        for battle_id in dict.fromkeys(int(r.payload["battle"]) for r in records if r.kind == "step"):
            battle = await self.lookup.steps(battle_id)
            if battle is not None:
                found[battle_id] = battle
        return found


def _present(records, battles: dict[int, BattleSteps]) -> set[str]:
    """The characters that were at the session: those its rolls and steps were made for,
    and the player characters (a unit with an owner, by the sheet it joined with) of its
    battles. The growth reminder names only these."""
    found = {r.character for r in records if r.character}
    for battle in battles.values():
        found |= {str(e.sheet.get("name") or e.unit) for s in battle.steps for e in s.events
                  if isinstance(e, UnitJoined) and e.owner is not None}
    return found


def _left_out(records, battles: dict[int, BattleSteps]) -> bool:
    """Whether the statistics leave something out: a secret roll, a hidden NPC."""
    return any(r.secret for r in records) or any(
        isinstance(e, UnitJoined) and e.hidden for b in battles.values() for s in b.steps for e in s.events)


def _pages(entries: list, title: str, limit: int, stats: tuple[str, ...],
           portraits: dict[str, str]) -> tuple[list[str], list[str]]:
    return (battle_log.text_pages(entries, title, limit, stats),
            battle_log.html_pages(entries, title, limit, stats, portraits))


def _named(stem: str, suffix: str, pages: list[str]) -> list[dict]:
    """The files of ``pages``: ``stem.suffix``, or ``stem-1.suffix`` … when several."""
    if len(pages) == 1:
        return [{"name": f"{stem}.{suffix}", "content": pages[0]}]
    return [{"name": f"{stem}-{n}.{suffix}", "content": page} for n, page in enumerate(pages, 1)]
