"""The SAN flow's commands and chat lines (issue 32; docs/sanity.md): ``/san loss`` (the loss of
a palette SAN roll), ``/san time`` (game time passes), ``/san state`` (the KP starts or ends
a state on a sheet), the ``/table`` commands (bot.sheets.custom_tables), and the chat lines
read before dice: status lines (``:HP-3``, ``.st hp-1``), a table pasted after 「表登録」, and
the KP's 「1時間経過」.

It holds the parts: the tables, the madness states and their timers, the loss on a sheet,
the palette SAN rolls, the status lines.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, public
from bot.sheets.custom_tables import KeeperHere, TableDesk, pasted
from bot.sheets.growth import Growth
from bot.sheets.madness import Madness, minutes_text
from bot.sheets.san_flow import SanFlow
from bot.sheets.san_palette import PaletteSan
from bot.sheets.session_notes import SessionNotes
from bot.sheets.status_lines import StatusLines
from bot.sheets.table import BattleLookup, Dispatch, Once
from bot.store import Store
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.sheet_lines import status_line, time_passed

MAX_MINUTES = 60 * 24 * 365
"""The most game time one word moves the clock (a year, in minutes)."""


class SanityDesk:
    """The SAN flow of the sheet side (see the module docstring).

    Args:
        lookup: the channel's battle; notes: the open sessions; growth: the sheet a roll is for;
        once: answers a request id once; dispatch: a battle's ``/kp set`` through the
        permission check; keeper_here: the KP the channel knows.
    """

    def __init__(self, store: Store, dice: Dice, clock: Callable[[], datetime], lookup: BattleLookup,
                 notes: SessionNotes, growth: Growth, once: Once, dispatch: Dispatch, keeper_here: KeeperHere) -> None:
        self.store, self.lookup, self.once, self.keeper_here = store, lookup, once, keeper_here
        self.tables = TableDesk(store, dice, lookup, keeper_here, once)
        self.madness = Madness(store, dice, self.tables, keeper_here)
        self.flow = SanFlow(store, dice, clock, notes, self.madness)
        self.palette = PaletteSan(store, dice, self.flow, growth, lookup, keeper_here)
        self.status = StatusLines(store, dice, lookup, keeper_here, notes, growth, self.palette, self.madness, dispatch)

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        return {**self.tables.routes(), "san loss": self.loss, "san time": self.time, "san state": self.state}

    @staticmethod
    def reads(text: str) -> bool:
        """Whether the chat line ``text`` is one of this desk's (a status line, a pasted table,
        a time word): pure, so that talk costs nothing."""
        return status_line(text) is not None or pasted(text) is not None or time_passed(text) is not None

    async def line(self, req: Request, text: str) -> list[Reply]:
        """A chat line :meth:`reads` took (its delivery checked by the caller)."""
        change = status_line(text)
        if change is not None:
            return await self.status.handle(req, change, text)
        paste = pasted(text)
        if paste is not None:
            return await self.tables.keep(req, *paste)
        if not await self._is_kp(req):
            return []  # a player's 「1時間経過」 is talk
        minutes, rounds = time_passed(text)
        return await self._passed(req, minutes, rounds)

    async def loss(self, req: Request) -> list[Reply]:
        """``/san loss value: [character:] [source:]``."""
        return await self.once(req, lambda: self.palette.command(req))

    async def time(self, req: Request) -> list[Reply]:
        """``/san time [minutes:] [hours:] [rounds:]``: the KP says game time passed (the
        permission table lets only the channel's KP here)."""
        minutes = (opt.integer(req.options, "minutes", "minutes") or 0) + 60 * (opt.integer(req.options, "hours", "hours") or 0)
        rounds = opt.integer(req.options, "rounds", "rounds") or 0
        if minutes <= 0 and rounds <= 0:
            raise InvalidInput("minutes:（分）、hours:（時間）か rounds:（ラウンド）で経過した時間を指定してください"
                               "（チャットで「1時間経過」「1ラウンド経過」とも書けます）。")
        return await self.once(req, lambda: self._passed(req, minutes, rounds))

    async def _passed(self, req: Request, minutes: int, rounds: int) -> list[Reply]:
        """Move the channel's clock; say how far and which states ended."""
        if minutes > MAX_MINUTES or rounds > MAX_MINUTES:
            raise InvalidInput("一度に進められるのは1年分までです。")
        clock, ended = await self.madness.pass_time(req.channel, minutes, rounds)
        moved = "・".join(part for part in (minutes_text(minutes) if minutes else "", f"{rounds}ラウンド" if rounds else "") if part)
        head = f"⏱ ゲーム内で{moved}が経過しました（このチャンネルの経過: {minutes_text(clock[0])}・{clock[1]}ラウンド）。"
        return [public("\n".join([head, *ended]))]

    async def state(self, req: Request) -> list[Reply]:
        """``/san state character: state: [time:] [end:]``: the KP starts or ends a state
        (a badge) on a sheet; a PC's own player may end their sheet's."""
        name = (opt.text(req.options, "character") or "").strip()
        state = (opt.text(req.options, "state") or "").strip()
        if not (name and state):
            raise InvalidInput("character: にキャラクター、state: に状態（一時的狂気、気絶 など）を指定してください。")
        if len(state) > 30:
            raise InvalidInput("状態の名前は30文字までです。")
        record = await self.store.get_character(req.scope, name)
        if record is None:
            raise InvalidInput(f"キャラクター「{name}」は登録されていません。")
        ending = opt.boolean(req.options, "end")
        if not (ending and record.owner == req.user):
            await self._require_kp(req, "シートの状態を変える")
        length = opt.text(req.options, "time")

        async def produce() -> list[Reply]:
            note = await self.status.note(req, record.name, f"/san state {state}", {"state": state, "added": not ending})
            return await self.madness.set_state(req, req.scope, record.name, record.owner, state, not ending, length, note)
        return await self.once(req, produce)

    async def _is_kp(self, req: Request) -> bool:
        return await self.lookup.is_kp(req, await self.keeper_here(req.channel))

    async def _require_kp(self, req: Request, what: str) -> None:
        if not await self._is_kp(req):
            raise InvalidInput(f"{what}のはKPだけです（権限: KP）。")
