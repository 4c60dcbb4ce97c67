"""What the sheet side asks of the table around it, as protocols: the channel's battle
(implemented by bot.battle.sheet_view over the battles), and the shared transaction that
keeps a command's replies under its request id (bot.battle.answers). The sheet side imports
neither: the service hands it the objects, so no import runs back up.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.commands.request import Request
from bot.render.reply import Reply
from bot.render.session_log import BattleSteps
from rules.coc6.character import Character
from rules.coc7.character import Investigator

Produce = Callable[[], Awaitable[list[Reply]]]
"""``await produce() -> replies``: what a command does the first time it is asked."""

Once = Callable[[Request, Produce], Awaitable[list[Reply]]]
"""``await once(request, produce)``: ``produce()`` once per request id; a retried request
gets the stored replies again (bot.battle.answers.Answers.once)."""

Dispatch = Callable[[Request], Awaitable[list[Reply]]]
"""Routes a request through the permission check to its handler (``Service.dispatch``)."""

Claim = Callable[..., Awaitable[bool]]
"""``await claim(request, note=None)``: take the chat message's delivery key
(``request.delivery``) once, durably, with the session record ``note`` in the same
transaction when given: False when another delivery of the message took it (nothing
written; bot.battle.answers.Answers.claim)."""


class BattleLookup(Protocol):
    """The channel's battle as the sheet side sees it (every method reads; none writes)."""

    async def in_battle(self, channel: str) -> bool:
        """Whether ``channel`` has an active battle."""

    async def battle_edition(self, channel: str) -> str | None:
        """The dice edition of ``channel``'s active battle (``coc6``/``coc7``), or None."""

    async def keeper(self, channel: str) -> str | None:
        """The KP of ``channel``'s active battle, or None."""

    async def latest_keeper(self, channel: str) -> str | None:
        """The KP of ``channel``'s active battle, else of its latest one, or None."""

    async def is_kp(self, req: Request, keeper: str | None) -> bool:
        """Whether ``req.user`` is a KP here (the keeper, Manage Channels, a KP role)."""

    async def units(self, channel: str) -> dict[str, str | None]:
        """``{unit: owner}`` of ``channel``'s active battle ({} without one; None = the KP's)."""

    async def mover(self, channel: str, unit: str) -> str | None:
        """Who moves ``unit`` in ``channel``'s active battle (read fresh): its owner, the KP
        for an NPC; None when no unit of that name is in a battle there."""

    async def shown_units(self, req: Request) -> tuple[dict[str, tuple[Character | Investigator, object]], bool] | None:
        """For ``/char show`` in a battle channel: ``({unit: (its sheet now, its status
        row)}, whether req.user is the battle's KP)``; None without a battle."""

    async def steps(self, battle_id: int) -> BattleSteps | None:
        """A battle with its steps and view, for a session's statistics and log."""
