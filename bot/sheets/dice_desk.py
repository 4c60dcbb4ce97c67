"""Dice outside the rules of a battle: ``/roll``, a chat line that is a dice command or a SAN
check (「SANチェック 1/1D6」, sealdice's ``.sc 1/1d6``), the SAN flow's chat lines (status lines
``:HP-3``, a pasted table, the KP's 「1時間経過」, a loss roll after a palette SAN roll:
bot.sheets.sanity_desk), the 7th lines around a check (「プッシュ」「幸運を消費」, the KP's
「失敗したら…」, 「対抗ロール STR 警備員」: bot.sheets.after_roll7), and [結果を公開] of a secret
roll. A roll is kept in the channel's open session (bot.sheets.session_notes) before it is
shown, ticks growth (bot.sheets.growth) when it is a palette roll of a skill, is kept for a
push or Luck when it is a 7th one, and waits for its loss when it is a palette SAN roll."""
from __future__ import annotations

import dataclasses
import logging
import re
import unicodedata

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render.reply import Reply, private
from bot.sheets.edition import SYSTEM_WORDS, Edition, channel_edition
from bot.sheets.growth import Growth
from bot.sheets.rolls import published_reply, roll_replies
from bot.sheets.session_notes import Delivered, SessionNotes
from bot.sheets.table import BattleLookup, Claim, Dispatch, Once
from bot.store import Store
from rules.chat import sanity_loss, sanity_loss_named
from rules.chat.normalize import fold
from rules.coc7.chat_lines import opposed_line, reads as reads7
from rules.dice import Dice
from rules.dice.editions import COC7, is_dice
from rules.dice.malformed import looks_like_palette, malformed, placeholders
from rules.errors import InvalidInput
from rules.sheet_lines import sealdice_san_check

log = logging.getLogger(__name__)

_CAUSE = re.compile(r"[(\[【「]([^()\[\]【】「」]{1,30})[)\]】」]$")
"""The source of a SAN check typed in brackets at the end of its line (「（深きもの）」)."""


class DiceDesk:
    """Rolls over ``store`` with ``dice``.

    Args:
        lookup: the channel's battle (its KP sees secret rolls; its units own session rolls).
        notes: the open sessions a roll is kept in.
        growth: ticks a palette roll's skill.
        once: the shared transaction that answers a request id once.
        dispatch: routes a chat SAN check as ``/check`` (permission check included).
        claim: takes a chat message's delivery key (``req.delivery``) once, durably.
    """

    def __init__(self, store: Store, dice: Dice, lookup: BattleLookup, notes: SessionNotes, growth: Growth,
                 once: Once, dispatch: Dispatch, claim: Claim) -> None:
        self.store, self.dice, self.lookup, self.notes = store, dice, lookup, notes
        self.growth, self.once, self.dispatch, self.claim = growth, once, dispatch, claim
        self.sanity = None
        """The SAN flow's chat lines (bot.sheets.sanity_desk.SanityDesk), set by the service."""
        self.seventh = None
        """What follows a 7th roll (bot.sheets.after_roll7.AfterRoll7), set by the service."""

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

    async def chat(self, req: Request, battle: str | None) -> list[Reply]:
        """A chat line that is no declaration: a SAN check (the ``/check`` of a SAN roll, in
        any channel), a line of the SAN flow, a dice command (rolled once per message id, by
        ``battle``'s edition when a battle is active here), else silence; a line of a player
        whose state counts their lines counts one."""
        text = opt.text(req.options, "text") or ""
        if reads7(text):  # 「プッシュ」「幸運を消費」「対抗ロール …」, the KP's 「失敗したら…」
            followed = await self._seventh(req, text, battle)
            if followed is not None:
                return followed
        sanity = self.sanity.reads(text)
        loss, named = (None, None) if sanity else (sanity_loss(text) or sealdice_san_check(text), None)
        if loss is None and not sanity:
            loss, named = await self._san_check_named(req, text)
        if "{" in text and not sanity:  # a palette line's {SAN}, {目星}: the speaker's sheet fills it
            text, san_filled = await self.sanity.palette.fill(req, text)
        else:
            san_filled = False
        counts = await self.sanity.madness.counts_lines(req)
        claimed = bool(sanity or loss is not None or counts)  # lines that write a sheet take the key first
        if claimed and not await self.first_delivery(req):
            return []
        counted = await self.sanity.madness.line(req) if counts else []
        if sanity:
            return counted + await self.sanity.line(req, text)
        if loss is not None:  # 「SANチェック 1/1D6」: the /check of a SAN roll, in any channel
            return counted + await self.dispatch(dataclasses.replace(
                req, command="check", said=text,
                options={"skill": "SAN", "loss": loss, **(named or {})}))
        if not is_dice(text):  # ordinary chat: silent, without reading the channel's settings
            why = await self._unrollable(req, text)
            if why is None or not (claimed or await self.first_delivery(req)):
                return counted
            return counted + [private(req.user, f"ダイスを振れませんでした: {why}")]
        waiting = await self.sanity.palette.waiting(req, text)
        if waiting is not None:  # a loss roll (1d3) after a palette SAN roll: it writes the sheet
            if not claimed and not await self.first_delivery(req):
                return []
            return counted + await self.sanity.palette.typed(req, text, waiting)
        record = await self.notes.roll_recorder(req, lambda: self.lookup.units(req.channel),
                                                claim=None if claimed else self.claim)
        if record is None and not claimed and not await self.first_delivery(req):  # in a session the record takes it
            return []
        here = await self.edition(req.channel, battle)
        recorded: list[bool] = []

        async def kept(result, line: str, typed: str) -> None:
            await record(result, line, typed)
            recorded.append(True)

        async def after(result) -> list[Reply]:
            return [*await self.growth.palette(req, text, result),
                    *await self.sanity.palette.after_roll(req, result, san_filled),
                    *await self.sanity.palette.rolled_after(req, text, result),
                    *await self.seventh.palette(req, result, san_filled)]
        try:
            replies = await roll_replies(text, req.user, req.name or req.user, self.dice,
                                         await self.keeper(req.channel), from_chat=True,
                                         keep_secret=self._secret_keeper(req), edition=here.system,
                                         in_battle=here.in_battle, on_result=after,
                                         record=kept if record is not None else None)
        except Delivered:
            log.info("message %s seen before (a RESUME, another process): not answered again", req.request_id)
            return []
        if record is not None and not claimed and not recorded and replies and not await self.first_delivery(req):
            return []  # no roll was kept (a refusal, an error): the key is taken for its answer alone
        return counted + replies

    async def _unrollable(self, req: Request, text: str) -> str | None:
        """Why the chat line ``text``, recognisably a dice command that no edition reads, was
        not rolled (rules.dice.malformed: no target, a sum cut short, an empty choice, an open
        ``{``), or why a palette ``{名前}`` stayed unfilled (no character, no such skill on
        the speaker's sheet); None for talk, which stays silent (trial 9, G11)."""
        reason = malformed(text)
        if reason is not None or not looks_like_palette(text):
            return reason
        names = placeholders(text)
        if not names:
            return None
        record = await self.growth.speaker_record(req, text)
        if record is None:
            return (f"{{{names[0]}}} に値を入れるキャラクターがいません"
                    "（/char new か /char import でシートを作ると、{技能名} にシートの値が入ります）")
        return f"「{names[0]}」という技能は{record.name}のシートにありません（/char show {record.name} で技能名を確かめてください）"

    async def _seventh(self, req: Request, text: str, battle: str | None) -> list[Reply] | None:
        """A line of the 7th rolls (rules.coc7.chat_lines): an opposed roll in a 7th channel
        (the ``/check`` of it), a push, Luck, the KP's word before a push
        (bot.sheets.after_roll7); None for talk."""
        opposed = opposed_line(text)
        if opposed is None:
            return await self.seventh.line(req, text, self.first_delivery)
        if (await self.edition(req.channel, battle)).system != COC7:
            return None
        if not await self.first_delivery(req):
            return []
        options = {"skill": opposed.skill, "opposed": opposed.opponent}
        options.update({"against": opposed.against} if opposed.against else {})
        return await self.dispatch(dataclasses.replace(req, command="check", said=text, options=options))

    async def first_delivery(self, req: Request) -> bool:
        """Whether the chat line ``req`` comes for the first time: a MESSAGE_CREATE repeated
        after a RESUME, or seen by two processes, rolls once. Only a line that rolls or writes
        a sheet asks (one insert of its delivery key ``chat-<id>``, ``req.delivery``); table
        talk costs nothing, and a declaration takes the key with its battle step. In a
        channel with an open session a roll's record takes the key in its own transaction
        instead (bot.sheets.session_notes: one durable commit, issue 27)."""
        return await self.claim(req)

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

    async def edition(self, channel: str, battle: str | None | bool = False) -> Edition:
        """The channel's dice edition (bot.sheets.edition); ``battle``: the active battle's
        edition (None: no battle) when read already, else read here."""
        if battle is False:
            battle = await self.lookup.battle_edition(channel)
        return await channel_edition(self.store.keeper, channel, battle or None)

    async def keeper(self, channel: str) -> str | None:
        """Who sees secret rolls besides the roller: the KP of the channel's battle, else of
        its open session (from memory, no query), or None."""
        keeper = await self.lookup.keeper(channel)
        if keeper is None and (session := await self.notes.open_in(channel)) is not None:
            keeper = session.keeper
        return keeper

    async def _san_check_named(self, req: Request, text: str) -> tuple[str | None, dict | None]:
        """A chat SAN check naming one of the speaker's own characters (「田中 太郎：SANチェック
        1/1D6」, 「SANチェック 1/1D6 田中 太郎」) or its source in brackets (「SANチェック 1/1D6
        （深きもの）」): ``(loss, {"character": name} or {"source": cause})``; ``(None, None)``
        when the rest of the line is neither (talk stays silent)."""
        found = sanity_loss_named(text)
        if found is None or not found[1]:
            return None, None
        cause = _CAUSE.search(unicodedata.normalize("NFKC", text).strip())
        if cause and fold(cause[1]) == found[1]:
            return found[0], {"source": cause[1].strip()}
        owned = await self.store.owned_characters(req.scope, req.user)
        names = [r.name for r in owned if fold(r.name) == found[1]]
        return (found[0], {"character": names[0]}) if len(names) == 1 else (None, None)

    def _secret_keeper(self, req: Request):
        """Stores a secret roll of ``req``'s user in this channel; returns its id."""
        async def keep(speaker: str, text: str) -> int:
            return await self.store.secret_rolls.keep_secret_roll(req.channel, req.user, speaker, text)
        return keep
