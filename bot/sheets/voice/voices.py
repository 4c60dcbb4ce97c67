"""Who speaks as whom (issue 31): ``/char voice`` (a player's lines in this channel or thread
speak as their character, and a character's proxy prefix ``アリス:`` speaks as it once),
``/kp voice`` (the KP speaks as an NPC, with a sheet or by name alone), and the reading of a
chat line against them.

Chat is the hot path: the modes of a channel and the prefixes of a server are kept in
memory, read once and again every :data:`REFRESH_SECONDS` (for another process's changes);
a line in a channel where nobody speaks as a character costs no query after the first.
"""
from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, private
from bot.sheets.names import check_name
from bot.sheets.voice.speech import check_prefix, folded, is_ooc, strip_prefix
from bot.store import Store
from bot.store.voice import Mode, Prefix
from rules.errors import InvalidInput

REFRESH_SECONDS = 10.0
"""How old the kept modes and prefixes may grow before they are read again (seconds)."""

MAX_KEPT = 4096
"""How many channels' modes and servers' prefixes are kept (then all are read again)."""

Owned = Callable[[Request, str | None], Awaitable[str]]
"""``await owned(req, name)``: the name of ``req.user``'s own character ``name`` (their only
one when None); raises InvalidInput."""


@dataclass(frozen=True)
class Speaking:
    """A line to post as ``character`` (``npc``: a name the KP voices, no sheet); ``rest``:
    the line after the prefix that asked for it (``by_prefix``), else the whole line."""

    character: str
    npc: bool
    rest: str
    by_prefix: bool


class VoiceBook:
    """The voice modes and prefixes over ``store`` (kept, see the module text)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._modes: dict[str, tuple[float, dict[str, Mode]]] = {}
        self._prefixes: dict[str, tuple[float, list[Prefix]]] = {}

    async def modes(self, channel: str) -> dict[str, Mode]:
        """``{user: mode}`` of ``channel`` (kept)."""
        return await self._kept(self._modes, channel, self.store.voice.modes)

    async def prefixes(self, scope: str) -> list[Prefix]:
        """The proxy prefixes of ``scope`` (kept)."""
        return await self._kept(self._prefixes, scope, self.store.voice.prefixes)

    async def _kept(self, kept: dict, key: str, read: Callable[[str], Awaitable]):
        """``kept[key]``'s value, read with ``read(key)`` when missing or older than
        :data:`REFRESH_SECONDS`."""
        found = kept.get(key)
        if found is None or self.clock() - found[0] > REFRESH_SECONDS:
            if len(kept) >= MAX_KEPT:
                kept.clear()
            found = (self.clock(), await read(key))
            kept[key] = found
        return found[1]

    async def speaking(self, req: Request) -> Speaking | None:
        """How ``req``'s chat line speaks: as the character of one of the speaker's prefixes it
        starts with (the longest), else as their mode's character here, else None (their own
        voice, and every out-of-character line)."""
        line = opt.text(req.options, "text") or ""
        if not line or is_ooc(line):
            return None
        mine = sorted((p for p in await self.prefixes(req.scope) if p.owner == req.user),
                      key=lambda p: -len(p.prefix))
        for prefix in mine:
            rest = strip_prefix(line, prefix.prefix)
            if rest is not None:
                return Speaking(prefix.character, False, rest, True)
        mode = (await self.modes(req.channel)).get(req.user)
        return Speaking(mode.character, mode.npc, line, False) if mode else None

    async def in_use(self, channel: str) -> bool:
        """Whether anyone speaks as a character in ``channel`` (its out-of-character lines are
        then kept in a session's log, set apart)."""
        return bool(await self.modes(channel))

    async def command(self, req: Request, owned: Owned) -> list[Reply]:
        """``/char voice [name:] [on:] [prefix:]``: speak as one's character here (the
        default: ``/char voice`` alone speaks as one's only character), stop (``on:false``),
        set the character's prefix (``なし`` removes it; a prefix alone leaves the mode as it
        is). The answer ends with what is set."""
        prefix, name = opt.text(req.options, "prefix"), opt.text(req.options, "name")
        on = opt.boolean(req.options, "on") if req.options.get("on") is not None else (prefix is None or name is not None)
        if not on and prefix is None:
            return [private(req.user, await self._off(req))]
        name = await owned(req, name)
        lines = []
        if prefix is not None:
            lines.append(await self._prefix(req, name, prefix))
        if on:
            await self._on(req, Mode(req.user, req.scope, name, False))
            lines.append(f"🎭 このチャンネルでは、あなたの発言を{name}として投稿します。"
                         "「(」「（」「//」で始めた行は本人の発言のままです。やめるときは /char voice on:false。")
        elif req.options.get("on") is not None:
            lines.append(await self._off(req))
        return [private(req.user, "\n".join([*lines, *([] if prefix is not None else [await self.status(req)])]))]

    async def keeper_command(self, req: Request, sheet_owner: Callable[[str, str], Awaitable[str | None]]) -> list[Reply]:
        """``/kp voice npc: [on:] [prefix:]``: the KP speaks as the NPC ``npc`` here: its sheet
        when the server has one of that name (the KP's own; another user's PC is refused),
        else the name alone; ``on:false`` stops; ``prefix`` sets the NPC's prefix (alone, it
        leaves the mode as it is). ``sheet_owner(scope, name)`` is a sheet's owner or None."""
        prefix = opt.text(req.options, "prefix")
        on = opt.boolean(req.options, "on") if req.options.get("on") is not None else prefix is None
        npc = opt.text(req.options, "npc")
        if not on and prefix is None:
            return [private(req.user, await self._off(req))]
        if npc is None:
            raise InvalidInput("npc: に発言させるNPCの名前を指定してください（シートがなくても名前だけで話せます）。")
        check_name(npc)
        owner = await sheet_owner(req.scope, npc)
        if owner is not None and owner != req.user:
            raise InvalidInput(f"「{npc}」は他のユーザーのキャラクターです。KPが話せるのは自分のNPCか、シートのない名前です。")
        lines = [await self._prefix(req, npc, prefix)] if prefix is not None else []
        if on:
            await self._on(req, Mode(req.user, req.scope, npc, owner is None))
            sheet = "シートの値と立ち絵を使います" if owner else "シートのない名前だけのNPCです"
            lines.append(f"🎭 このチャンネルでは、あなたの発言をNPC「{npc}」として投稿します（{sheet}）。"
                         "「(」「（」「//」で始めた行はKP本人の発言です。やめるときは /kp voice on:false。")
        return [private(req.user, "\n".join(lines))]

    async def status(self, req: Request) -> str:
        """What is set for the speaker: their prefixes (the answer's last lines)."""
        mine = [p for p in await self.prefixes(req.scope) if p.owner == req.user]
        lines = [f"・「{p.prefix}」で始めた行は{p.character}の発言" for p in mine] or \
                ["・接頭辞: なし（/char voice prefix:ア: で、その行だけキャラクターとして話せます）"]
        return "\n".join(lines)

    async def renamed(self, scope: str, old: str, new: str) -> None:
        """A sheet was renamed: its portraits, prefix and modes follow it (read again here)."""
        await self.store.voice.renamed(scope, old, new)
        self._forget(scope)

    async def deleted(self, scope: str, name: str) -> None:
        """A sheet was deleted: its portraits, prefix and modes go with it."""
        await self.store.voice.deleted(scope, name)
        self._forget(scope)

    def _forget(self, scope: str) -> None:
        """Read the server's prefixes and every channel's modes again at their next line."""
        self._prefixes.pop(scope, None)
        self._modes.clear()

    async def _on(self, req: Request, mode: Mode) -> None:
        await self.store.voice.put_mode(req.channel, mode)
        self._modes.pop(req.channel, None)

    async def _off(self, req: Request) -> str:
        was = await self.store.voice.drop_mode(req.channel, req.user)
        self._modes.pop(req.channel, None)
        return ("🎭 このチャンネルでのなりきり発言をやめました（本人の発言に戻ります）。" if was else
                "🎭 このチャンネルではもともと本人として発言しています。")

    async def _prefix(self, req: Request, name: str, raw: str) -> str:
        """Set (or with ``なし`` remove) ``name``'s prefix; the line saying so."""
        if folded(raw) in ("なし", "none", "off"):
            await self.store.voice.put_prefix(req.scope, name, req.user, None)
            self._prefixes.pop(req.scope, None)
            return f"🎭 {name}の接頭辞を外しました。"
        try:
            prefix = check_prefix(raw)
        except ValueError as exc:
            raise InvalidInput(str(exc)) from None
        taken = [p for p in await self.store.voice.prefixes(req.scope)
                 if p.owner == req.user and p.character != name and folded(p.prefix) == folded(prefix)]
        if taken:
            raise InvalidInput(f"「{prefix}」はすでに{taken[0].character}の接頭辞です。別の接頭辞にしてください。")
        await self.store.voice.put_prefix(req.scope, name, req.user, prefix)
        self._prefixes.pop(req.scope, None)
        return f"🎭 「{prefix}」で始めた行は{name}として投稿します（その行だけ。例: {prefix} こんにちは）。"
