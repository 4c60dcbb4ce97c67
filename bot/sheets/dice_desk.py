"""Dice outside the rules of a battle: ``/roll``, a chat line that is a dice command or a SAN
check (「SANチェック 1/1D6」), and [結果を公開] of a secret roll. A roll is kept in the
channel's open session (bot.sheets.session_notes) before it is shown, and ticks growth
(bot.sheets.growth) when it is a palette roll of a skill."""
from __future__ import annotations

import dataclasses
import logging

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, private
from bot.sheets.edition import SYSTEM_WORDS, Edition, channel_edition
from bot.sheets.growth import Growth
from bot.sheets.rolls import published_reply, roll_replies
from bot.sheets.session_notes import Delivered, SessionNotes
from bot.sheets.table import BattleLookup, Dispatch, Once
from bot.store import Store
from rules.chat import sanity_loss, sanity_loss_named
from rules.chat.normalize import fold
from rules.dice import Dice
from rules.dice.editions import is_dice
from rules.errors import InvalidInput

log = logging.getLogger(__name__)


class DiceDesk:
    """Rolls over ``store`` with ``dice``.

    Args:
        lookup: the channel's battle (its KP sees secret rolls; its units own session rolls).
        notes: the open sessions a roll is kept in.
        growth: ticks a palette roll's skill.
        once: the shared transaction that answers a request id once.
        dispatch: routes a chat SAN check as ``/check`` (permission check included).
    """

    def __init__(self, store: Store, dice: Dice, lookup: BattleLookup, notes: SessionNotes, growth: Growth,
                 once: Once, dispatch: Dispatch) -> None:
        self.store, self.dice, self.lookup, self.notes = store, dice, lookup, notes
        self.growth, self.once, self.dispatch = growth, once, dispatch

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        return {"roll": self.roll}

    async def roll(self, req: Request) -> list[Reply]:
        """``/roll``: rolled once per interaction id (a repeated one gets the same result)."""
        text = opt.text(req.options, "command")
        if not text:
            raise InvalidInput("command: にダイスコマンドを指定してください（例: CCB<=70）。")
        chosen = opt.text(req.options, "system")
        here = await self.edition(req.channel)
        if chosen is not None:
            system = SYSTEM_WORDS.get(chosen.strip().lower())
            if system is None:
                raise InvalidInput(f"system: は coc6（6版）か coc7（7版）です（「{chosen[:20]}」は選べません）。")
            here = Edition(system)
        keeper = await self.keeper(req.channel)
        record = await self.notes.roll_recorder(req, lambda: self.lookup.units(req.channel))
        return await self.once(req, lambda: roll_replies(  # once per interaction id, also after a restart
            text, req.user, req.name or req.user, self.dice, keeper, from_chat=False,
            keep_secret=self._secret_keeper(req), edition=here.system, in_battle=here.in_battle,
            forced=chosen is not None, on_result=lambda result: self.growth.palette(req, text, result),
            record=record))

    async def chat(self, req: Request, in_battle: bool) -> list[Reply]:
        """A chat line that is no declaration: a SAN check (the ``/check`` of a SAN roll, in
        any channel), a dice command (rolled once per message id), else silence."""
        text = opt.text(req.options, "text") or ""
        loss, named = sanity_loss(text), None
        if loss is None:
            loss, named = await self._san_check_named(req, text)
        if loss is not None:  # 「SANチェック 1/1D6」: the /check of a SAN roll, in any channel
            if not await self.first_delivery(req):
                return []
            return await self.dispatch(dataclasses.replace(
                req, command="check", said=text,
                options={"skill": "SAN", "loss": loss, **({"character": named} if named else {})}))
        if not is_dice(text):  # ordinary chat: silent, without reading the channel's settings
            return []
        key = f"chat-{req.request_id}" if req.request_id else None
        record = await self.notes.roll_recorder(req, lambda: self.lookup.units(req.channel), claim=key)
        if record is None and not await self.first_delivery(req):  # in a session the record takes the key
            return []
        here = await self.edition(req.channel, in_battle)
        recorded = []

        async def kept(result, line: str, typed: str) -> None:
            await record(result, line, typed)
            recorded.append(True)
        try:
            replies = await roll_replies(text, req.user, req.name or req.user, self.dice,
                                         await self.keeper(req.channel), from_chat=True,
                                         keep_secret=self._secret_keeper(req), edition=here.system,
                                         in_battle=here.in_battle,
                                         on_result=lambda result: self.growth.palette(req, text, result),
                                         record=kept if record is not None else None)
        except Delivered:
            log.info("message %s seen before (a RESUME, another process): not answered again", req.request_id)
            return []
        if record is not None and not recorded and replies and not await self.first_delivery(req):
            return []  # no roll was kept (a refusal, an error): the key is taken for its answer alone
        return replies

    async def first_delivery(self, req: Request) -> bool:
        """Whether the chat line ``req`` (its request id is the message id) comes for the first
        time: a MESSAGE_CREATE repeated after a RESUME, or seen by two processes, rolls once.
        Only a line that rolls or writes a sheet asks (one insert, key ``chat-<id>``); table
        talk costs nothing, and a declaration is kept once by its battle step's request id.
        In a channel with an open session a roll's record takes the key in its own
        transaction instead (bot.sheets.session_notes: one durable commit, issue 27)."""
        if not req.request_id:
            return True
        if await self.store.claim_request(f"chat-{req.request_id}"):
            return True
        log.info("message %s seen before (a RESUME, another process): not answered again", req.request_id)
        return False

    async def publish(self, req: Request, key: str) -> list[Reply]:
        """[結果を公開]: the roller shows a kept secret roll to the channel, once."""
        roll_id = int(key[1:]) if key[1:].isdigit() else 0
        kept = await self.store.secret_rolls.publish_secret_roll(roll_id, req.user)
        if kept is None:
            raise InvalidInput("このシークレットダイスは公開済みか、あなたが振ったものではありません。")
        shown = published_reply(kept.speaker, kept.text)
        try:
            await self.notes.published(req, kept.channel, shown.text, lambda: self.lookup.units(kept.channel))
        except Exception:  # noqa: BLE001 - published (committed): the roll must be shown all the same
            log.exception("the published secret roll %s could not be kept in the session", roll_id)
        if kept.channel == req.channel:
            return [shown]
        return [dataclasses.replace(shown, channel=kept.channel),
                private(req.user, "元のチャンネルに結果を公開しました。")]

    async def edition(self, channel: str, in_battle: bool | None = None) -> Edition:
        """The channel's dice edition (bot.sheets.edition); ``in_battle`` when read already."""
        if in_battle is None:
            in_battle = await self.lookup.in_battle(channel)
        return await channel_edition(self.store.keeper, channel, in_battle)

    async def keeper(self, channel: str) -> str | None:
        """Who sees secret rolls besides the roller: the KP of the channel's battle, else of
        its open session (from memory, no query), or None."""
        keeper = await self.lookup.keeper(channel)
        if keeper is None and (session := await self.notes.open_in(channel)) is not None:
            keeper = session.keeper
        return keeper

    async def _san_check_named(self, req: Request, text: str) -> tuple[str | None, str | None]:
        """A chat SAN check naming one of the speaker's own characters (「田中 太郎：SANチェック
        1/1D6」, 「SANチェック 1/1D6 田中 太郎」): ``(loss, character name)``; ``(None, None)``
        when the rest of the line is not exactly the name of one of them (talk stays silent)."""
        found = sanity_loss_named(text)
        if found is None or not found[1]:
            return None, None
        owned = await self.store.owned_characters(req.scope, req.user)
        names = [r.name for r in owned if fold(r.name) == found[1]]
        return (found[0], names[0]) if len(names) == 1 else (None, None)

    def _secret_keeper(self, req: Request):
        """Stores a secret roll of ``req``'s user in this channel; returns its id."""
        async def keep(speaker: str, text: str) -> int:
            return await self.store.secret_rolls.keep_secret_roll(req.channel, req.user, speaker, text)
        return keep
