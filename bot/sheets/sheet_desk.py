"""The ``/char`` commands and the check on one's own sheet: each answered once per request
id (the shared transaction ``once``), each told when the sheet it changes is a unit of the
channel's battle (which keeps the sheet it joined with)."""
from __future__ import annotations

import dataclasses
import unicodedata

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, clip
from bot.sheets.characters import CURRENT_MAX_KEYS, CharacterBook
from bot.sheets.checks import SheetChecks
from bot.sheets import limits
from bot.sheets.edition import SYSTEM_WORDS, percent_note, sheet_edition, sixth_scale_note
from bot.sheets.growth import Growth
from bot.sheets.table import BattleLookup, Once
from bot.store import Store
from rules.errors import InvalidInput

SET_THEN = "次の戦闘から使えます。この戦闘の値はKPが /kp set で変えられます"
WEAPON_THEN = "次の戦闘から使えます"
WEAPON_DELETED = "次の戦闘から外れます。この戦闘ではまだ使えます"


class SheetDesk:
    """The sheets of ``characters`` (6th, 7th and charge-rank) as commands.

    Args:
        store: the repository (a new sheet's edition is the channel's setting).
        lookup: the channel's battle (its units' sheets, its KP).
        growth: ``/char growth``; checks: the check on one's own sheet.
        once: the shared transaction that answers a request id once.
    """

    def __init__(self, store: Store, characters: CharacterBook, growth: Growth, checks: SheetChecks,
                 lookup: BattleLookup, once: Once) -> None:
        self.store, self.characters, self.growth, self.checks = store, characters, growth, checks
        self.lookup, self.once = lookup, once
        self.madness = None
        """The states of sheets shown under a sheet (bot.sheets.madness.Madness), set by the service."""
        self.flow = None
        """The SAN flow (bot.sheets.san_flow.SanFlow), set by the service: SAN 0 set by hand is 永久的狂気."""

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        book = self.characters
        return {
            "char new": self.new, "char show": self.show, "char growth": self.grow,
            "char set": self._edit(self._limited(book.set), SET_THEN),
            "char weapon": self._edit(self._limited(book.weapon), WEAPON_THEN, deleted=WEAPON_DELETED),
            "char list": self._plain(book.list), "char delete": self._plain(book.delete),
            "char import": self._limited_plain(book.exchange.import_sheet), "char rename": self._plain(book.rename),
            "char export": self._plain(book.export),
        }

    async def check(self, req: Request) -> list[Reply]:
        """``/check`` on the user's saved sheet (outside a battle, and every SAN check)."""
        return await self.once(req, lambda: self.checks.check(req))

    async def confirm_import(self, req: Request, key: str, choice: str) -> list[Reply]:
        """[置き換える] / [やめる] of an import that would replace a sheet of the same name."""
        return await self.characters.exchange.confirm(req.scope, req.user, key, choice)

    async def new(self, req: Request) -> list[Reply]:
        """``/char new``: a 6th character, or a 7th investigator (``edition:7``, or by default
        in a channel the KP set to 7th, a battle there or not, or where a 7th battle is active);
        a 6th one typed in percentages, or a 7th one in the 6th scale (7-SHEET-02), gets a note."""
        chosen = opt.text(req.options, "edition")
        if chosen is not None:
            system = SYSTEM_WORDS.get(chosen.strip().lower())
            if system is None:
                raise InvalidInput("edition: は 6 か 7 です。")
        else:  # a 7th battle here makes its investigators 7th sheets too (issue 30)
            system = await self.lookup.battle_edition(req.channel)
            system = system if system == "coc7" else await sheet_edition(self.store.keeper, req.channel)
        if system == "coc7":
            return await self.once(req, lambda: self.characters.seventh.new(req.scope, req.user, req.options,
                                                                            sixth_scale_note))

        async def sixth() -> list[Reply]:
            replies = await self.characters.new(req.scope, req.user, req.options)
            note = percent_note(req.options)
            return [dataclasses.replace(replies[0], text=replies[0].text + note), *replies[1:]] if note else replies
        return await self.once(req, sixth)

    async def show(self, req: Request) -> list[Reply]:
        """``/char show``: the KP of the channel's battle sees every sheet in it; a sheet
        that is a unit of the battle shows the unit's HP and conditions there too."""
        found = await self.lookup.shown_units(req)
        if found is None:
            replies = await self.characters.show(req.scope, req.user, req.options)
        else:
            units, keeper = found
            replies = await self.characters.show(req.scope, req.user, req.options, units=units, keeper=keeper)
        return await self._badged(req, replies)

    async def _badged(self, req: Request, replies: list[Reply]) -> list[Reply]:
        """``/char show``'s sheet with its states (一時的狂気 …: bot.sheets.madness) under it:
        the sheet named, else the user's only one."""
        name = (opt.text(req.options, "name") or "").strip()
        if not name:
            owned = await self.store.owned_names(req.scope, req.user)
            name = owned[0] if len(owned) == 1 else ""
        badges = await self.madness.badges(req.scope, name) if name and self.madness and replies else ""
        if not badges:
            return replies
        return [dataclasses.replace(replies[0], text=clip(f"{replies[0].text}\n{badges}")), *replies[1:]]

    async def grow(self, req: Request) -> list[Reply]:
        """``/char growth`` (bot.sheets.growth): a KP here is the KP of the channel's latest
        battle, a KP role or Manage Channels."""
        is_kp = await self.lookup.is_kp(req, await self.lookup.latest_keeper(req.channel))
        return await self.once(req, lambda: self.growth.command(req, is_kp))

    def _limited(self, method):
        """``method(scope, user, options)`` told whether the channel's KP lets a 6th sheet hold
        a skill above 99 % (the setting 技能99超え, bot.sheets.limits, X-SHEET-01); the channel
        comes with the request."""
        async def call(scope: str, user: str, options: dict, channel: str = "") -> list[Reply]:
            allowed = bool((await self.store.keeper.channel_settings(channel)).get(limits.SETTING, False))
            return await method(scope, user, options, allow_over_99=allowed)
        return call

    def _limited_plain(self, method):
        """:meth:`_plain` of a :meth:`_limited` method (``/char import``)."""
        limited = self._limited(method)
        return lambda req: self.once(req, lambda: limited(req.scope, req.user, req.options, req.channel))

    def _plain(self, method):
        """The handler of a ``/char`` command that needs nothing of the battle."""
        async def handler(req: Request) -> list[Reply]:
            return await self.once(req, lambda: method(req.scope, req.user, req.options))
        return handler

    def _edit(self, method, then: str, deleted: str | None = None):
        """The handler of a ``/char`` command that changes a sheet: when a unit of the
        channel's battle is that character (the user's unit, or the KP's NPC, of its name),
        the answer says the battle keeps the sheet it joined with, and ``then`` (``deleted``
        instead for a ``delete:true``, which removes rather than adds)."""
        async def produce(req: Request) -> list[Reply]:
            replies = await method(req.scope, req.user, req.options, req.channel)
            name = (opt.text(req.options, "name") or "").strip()
            replies = [*replies, *await self._san_zero(req, name)]
            if not name or await self.lookup.mover(req.channel, name) != req.user:  # not the user's PC or KP's NPC
                return replies
            tail = deleted if deleted and opt.boolean(req.options, "delete") else then
            note = f"\n（進行中の戦闘の{name}には反映されません。{tail}）"
            return [dataclasses.replace(replies[0], text=replies[0].text + note), *replies[1:]]
        return lambda req: self.once(req, lambda: produce(req))

    async def _san_zero(self, req: Request, name: str) -> list[Reply]:
        """After ``/char set key:SAN``: a sheet now at SAN 0 is in 永久的狂気 (SAN-ZERO-01,
        bot.sheets.san_flow.SanFlow.zeroed); [] for any other key."""
        key = unicodedata.normalize("NFKC", opt.text(req.options, "key") or "").strip().casefold()
        if self.flow is None or not name or CURRENT_MAX_KEYS.get(key, ("",))[0] != "san_now":
            return []
        return await self.flow.zeroed(req, name)

    async def character_names(self, req: Request) -> list[str]:
        """The names of the characters ``req.user`` is offered (autocomplete): their own; a
        KP here (the channel's battle's, a KP role, Manage Channels) every one of the server,
        their own first."""
        records = await self.store.list_characters(req.scope)
        if await self.lookup.is_kp(req, await self.lookup.keeper(req.channel)):
            return [r.name for r in sorted(records, key=lambda r: r.owner != req.user)]
        return [r.name for r in records if r.owner == req.user]
