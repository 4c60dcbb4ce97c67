"""The permission table (bot.commands.permissions) applied before anything is decided:
who is the KP of the channel (its battle's, its session's), who owns a unit there, and
whether a ``/check`` rolls on the user's own sheet (no battle rights needed)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.battle.battles import Battles
from bot.commands import options as opt
from bot.commands import permissions
from bot.commands.request import Request
from bot.sheets.checks import is_san
from rules.errors import InvalidInput

EXTRA_ROUTES = ("chat", "button")
"""Requests that are not commands of the spec: a plain message and a button press. Each
is checked by what it turns into (a chat declaration's command, a button's prompt)."""

SessionKeeper = Callable[[str], Awaitable[str | None]]
"""``await keeper_here(channel)``: the KP a channel's session knows (bot.sheets.sessions)."""


async def on_sheet(battles: Battles, req: Request) -> bool:
    """Whether ``/check`` rolls on the user's saved sheet (bot.sheets.checks): a SAN check,
    or no battle here in which the user has a unit (and no ``as:``)."""
    if is_san(opt.text(req.options, "skill")):
        return True
    found = await battles.active_loaded(req.channel)
    if found is None:
        return True
    if opt.text(req.options, "as"):
        return False
    return not any(u.owner == req.user for u in found[1].state.units.values())


class Access:
    """Checks a request against the permission table, on ``battles`` and the channel's
    session keeper (``session_keeper``)."""

    def __init__(self, battles: Battles, session_keeper: SessionKeeper) -> None:
        self.battles = battles
        self.session_keeper = session_keeper

    async def check(self, req: Request) -> None:
        """Raise InvalidInput (the table's Japanese refusal) when ``req.user`` may not use
        ``req.command`` here; return when they may."""
        path = req.command
        if path in EXTRA_ROUTES or permissions.access(path) == permissions.ANYONE:
            return
        if path.startswith("session ") or path in ("san time", "kp voice"):  # the channel's KP, a session's too
            keeper = await self.session_keeper(req.channel)
            if keeper is None and path in ("session start", "kp voice"):  # nobody keeps this channel yet
                return
            text = permissions.refusal(path, await self.battles.is_kp(req, keeper), False, False)
            if text:
                raise InvalidInput(text)
            return
        if path == "check" and await on_sheet(self.battles, req):  # one's own sheet: no battle rights needed
            return
        found = await self.battles.active_loaded(req.channel)
        state = found[1].state if found else None
        if state is None and path in permissions.WITHOUT_BATTLE:  # the last battle's KP still counts
            latest = await self.battles.latest(req.channel)  # read with the active battle
            state = (await self.battles.loaded(latest))[1].state if latest else None
        keeper = state.keeper if state else None
        owns = bool(state) and any(u.owner == req.user for u in state.units.values())
        text = permissions.refusal(path, await self.battles.is_kp(req, keeper), owns,
                                   bool(opt.text(req.options, "as")), has_battle=found is not None)
        if text:
            raise InvalidInput(text)
