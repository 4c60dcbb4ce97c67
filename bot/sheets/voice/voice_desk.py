"""Speaking as one's character (issue 31), the sheet side's desk: the commands ``/char voice``,
``/char portrait`` and ``/kp voice``, and a chat line spoken as a character.

A spoken line (bot.sheets.voice.voices: a mode here or a prefix) is answered with a
:class:`~bot.render.voice.Voice` reply first, which a transport posts under the character's
name and portrait in place of the player's message, then whatever the line did: a battle
declaration's replies (the battle side reads it, ``declare``), a SAN check's, rolls that did
not fit the post. Its dice are rolled as the character (bot.sheets.voice.spoken), and the
line is kept in the channel's open session (``say``, with its portrait) before anything is
shown. Out-of-character lines are not spoken; in a channel where someone speaks as a
character they are kept in the session set apart (``ooc``).

The transports tell the desk about the posts they made (:meth:`VoiceDesk.posted`) and ask
it before their owner edits or deletes one.
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render import voice as render
from bot.render.reply import Reply, private, public
from bot.sheets.characters import CharacterBook
from bot.sheets.exchange import sheet_of
from bot.sheets.session_notes import SessionNotes
from bot.sheets.table import BattleLookup, Dispatch, Once
from bot.sheets.voice.portraits import PortraitBook
from bot.sheets.voice.speech import asked_face, face_of, is_ooc, shown_name
from bot.sheets.voice.spoken import SpokenRolls, sheet_value
from bot.sheets.voice.voices import Speaking, VoiceBook
from bot.store import Store
from bot.store.sessions import SessionRecord
from bot.store.voice import VoicedPost
from rules.chat import sanity_loss
from rules.dice.speech import fill
from rules.errors import InvalidInput

log = logging.getLogger(__name__)

NAME_SETTING = "voice_name"
"""The KP setting of the name a post shows (bot.sheets.voice.speech.NAME_FORMATS)."""

Declare = Callable[[Request, str | None], Awaitable[list[Reply] | None]]
"""``await declare(req, unit)``: the replies of ``req``'s line read as a battle declaration
(``unit``: the NPC the KP speaks as, when it is a unit of the battle), or None."""

FirstDelivery = Callable[[Request], Awaitable[bool]]
"""Whether a chat line comes for the first time (bot.sheets.dice_desk.DiceDesk.first_delivery)."""


class VoiceDesk:
    """The voice of the characters over ``store``.

    Args:
        characters: the saved sheets; notes: the open sessions; lookup: the channel's battle;
        portraits: the portraits; voices: the modes and prefixes; rolls: dice in speech;
        dispatch: routes a spoken SAN check as ``/check``; once: answers a request id once;
        first_delivery: a repeated chat message is spoken once; clock: naive UTC.
    """

    def __init__(self, store: Store, characters: CharacterBook, notes: SessionNotes, lookup: BattleLookup,
                 portraits: PortraitBook, voices: VoiceBook, rolls: SpokenRolls, dispatch: Dispatch, once: Once,
                 first_delivery: FirstDelivery, clock: Callable[[], datetime]) -> None:
        self.store, self.characters, self.notes, self.lookup = store, characters, notes, lookup
        self.portraits, self.voices, self.rolls = portraits, voices, rolls
        self.dispatch, self.once, self.first_delivery, self.clock = dispatch, once, first_delivery, clock

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        return {"char voice": lambda req: self.once(req, lambda: self.voices.command(req, self.owned)),
                "char portrait": lambda req: self.once(req, lambda: self.portraits.command(req, self.owned)),
                "kp voice": lambda req: self.once(req, lambda: self.voices.keeper_command(req, self._owner))}

    async def owned(self, req: Request, name: str | None) -> str:
        """The name of ``req.user``'s own character ``name`` (their only one when None);
        raises InvalidInput naming the reason."""
        if name is None:
            mine = await self.characters.owned(req.scope, req.user)
            if len(mine) == 1:
                return mine[0]
            if not mine:
                raise InvalidInput("あなたのキャラクターがまだありません。/char new で作るか /char import で取り込んでください。")
            raise InvalidInput(f"キャラクターが複数あります（{'、'.join(mine)}）。name: で指定してください。")
        record = await self.store.get_character(req.scope, name.strip())
        if record is None:
            await self.characters.load(req.scope, name, req.user)  # raises, naming the user's own
        if record.owner != req.user:
            raise InvalidInput(f"「{record.name}」は他のユーザーのキャラクターです。設定できるのは自分のキャラクターだけです。")
        return record.name

    async def _owner(self, scope: str, name: str) -> str | None:
        record = await self.store.get_character(scope, name.strip())
        return record.owner if record else None

    async def speaking(self, req: Request) -> Speaking | None:
        """How ``req``'s chat line is spoken (bot.sheets.voice.voices), or None; an
        out-of-character line in a channel where someone speaks as a character is kept in
        the open session first (``ooc``)."""
        found = await self.voices.speaking(req)
        if found is None:
            await self._keep_aside(req)
        return found

    async def speak(self, req: Request, speaking: Speaking, battle: str | None, declare: Declare) -> list[Reply]:
        """The replies of a line spoken as ``speaking.character`` (see the module text): the
        post first; [] for a message seen before, or a line with nothing left to post.
        ``battle``: the edition of the channel's active battle (``coc6``/``coc7``), None without one."""
        if not await self.first_delivery(req):
            return []
        character = speaking.character
        sheet = await self._sheet(req.scope, character, req.user)
        faces = await self.portraits.faces(req.scope, character) if sheet is not None else set()
        speech, face = face_of(speaking.rest, faces)
        after: list[Reply] = []
        if sheet is not None and not face and (asked := asked_face(speech)) is not None:
            after.append(private(req.user, _no_face(character, asked, faces)))
        if "{" in speech or "｛" in speech:
            speech, unknown = fill(speech, (lambda n: sheet_value(sheet, n)) if sheet is not None else (lambda n: None))
            if unknown:
                after.append(private(req.user, _unfilled(character, unknown, sheet is not None)))
        spans, shown = self.rolls.found(speech)
        if not shown and not spans:
            return after
        portrait = await self.portraits.chosen(req.scope, character, face) if sheet is not None else None
        voice = render.Voice(character, shown_name(character, req.name or req.user, await self._name_form(req.channel)),
                             req.user, req.name or req.user, shown, (),
                             self.portraits.address(portrait) if portrait else None,
                             portrait.image if portrait else None, face)
        await self._keep_said(req, voice)
        declared = await self._declared(req, character, speech, spans, declare) if battle else None
        notes: list[str] = []
        if declared is not None:
            after += declared
        elif (loss := _san_loss(speech, character)) is not None and sheet is not None:
            after += await self.dispatch(dataclasses.replace(
                req, command="check", said=speech, options={"skill": "SAN", "loss": loss, "character": character}))
        else:
            notes, rolled = await self.rolls.roll(req, character, spans, battle)
            after += rolled
        kept, spilled = render.fitting(shown, notes)
        post = dataclasses.replace(voice, notes=tuple(kept))
        spilled_replies = [public(f"【{character}】\n{note}") for note in spilled]
        return [post.reply(), *spilled_replies, *after] if post.content() else [*spilled_replies, *after]

    async def _declared(self, req: Request, character: str, speech: str, spans: list, declare: Declare
                        ) -> list[Reply] | None:
        """The replies of a spoken line read as a battle declaration, or None: the whole line
        as plain chat reads it, else its one palette roll (「CCB<=28 【回避】 よけて！」: the
        roll is the declaration, the rest is speech)."""
        unit = character if await self._npc_unit(req, character) else None
        declared = await declare(dataclasses.replace(req, options={**req.options, "text": speech}), unit)
        if declared is None and len(spans) == 1 and spans[0].label and spans[0].typed != speech.strip():
            declared = await declare(dataclasses.replace(req, options={**req.options, "text": spans[0].typed}), unit)
        return declared

    async def _sheet(self, scope: str, name: str, user: str):
        """The sheet ``name`` when ``user`` owns it (a PC, the KP's NPC made after the KP began
        to voice it), else None (a name alone)."""
        record = await self.store.get_character(scope, name)
        return sheet_of(record.data) if record is not None and record.owner == user else None

    async def _npc_unit(self, req: Request, character: str) -> bool:
        """Whether ``character`` is an NPC (the KP's) unit of the channel's battle."""
        units = await self.lookup.units(req.channel)
        return character in units and units[character] is None

    async def _name_form(self, channel: str) -> str:
        return str((await self.store.keeper.channel_settings(channel)).get(NAME_SETTING, "PC"))

    async def _keep_said(self, req: Request, voice: render.Voice) -> None:
        """Keep the spoken line in the channel's open session (nothing without one)."""
        session = await self.notes.open_in(req.channel)
        if session is None or not voice.speech:
            return
        payload = {"said": req.request_id or "", "face": voice.face, "image": voice.image or "",
                   "url": voice.avatar_url if voice.avatar_url and not voice.image else ""}
        await self.store.sessions.record(self.notes.note(session, req, "say", voice.character, voice.speech, payload))

    async def _keep_aside(self, req: Request) -> None:
        """Keep an out-of-character line in the open session of a channel where someone
        speaks as a character."""
        line = opt.text(req.options, "text") or ""
        if not is_ooc(line):
            return
        session = await self.notes.open_in(req.channel)
        if session is None or not await self.voices.in_use(req.channel):
            return
        await self.store.sessions.record(self.notes.note(session, req, "ooc", "", line, {}))

    # --- the posts a transport made -------------------------------------------------------------

    async def posted(self, channel: str, said: str, message_id: str, voice: render.Voice) -> None:
        """A transport posted ``voice`` as message ``message_id`` for the line ``said``."""
        post = VoicedPost(message_id, channel, said, voice.user, voice.character, voice.speech,
                          "\n".join(voice.notes), False)
        await self.store.voice.put_post(post, self.clock())

    async def post(self, message_id: str) -> VoicedPost | None:
        """The post made as a character that is ``message_id`` (not deleted), or None."""
        found = await self.store.voice.post(message_id)
        return found if found is not None and not found.deleted else None

    async def editable(self, message_id: str, user: str) -> VoicedPost:
        """The post ``message_id`` when ``user`` made it; raises InvalidInput otherwise."""
        found = await self.post(message_id)
        if found is None:
            raise InvalidInput("このメッセージはボットがキャラクターとして投稿した発言ではありません（または削除済みです）。")
        if found.user != user:
            raise InvalidInput("編集・削除できるのは、自分がキャラクターとして投稿した発言だけです。")
        return found

    async def edited(self, post: VoicedPost, speech: str) -> str:
        """Keep ``post``'s new ``speech``; returns the post's new text (its notes kept as they
        were: a roll's result cannot be edited away)."""
        speech = speech.strip()
        if not speech and not post.notes:
            raise InvalidInput("発言が空になります。消すときは「発言を削除」を使ってください。")
        await self.store.voice.change_post(post.message_id, speech=speech)
        return "\n".join(part for part in (speech, post.notes) if part)

    async def deleted(self, post: VoicedPost) -> None:
        """``post`` was deleted by its owner (it leaves the session's log too)."""
        await self.store.voice.change_post(post.message_id, deleted=True)

    async def for_log(self, records: list[SessionRecord]) -> tuple[list[SessionRecord], dict[str, str]]:
        """A session's ``records`` with each spoken line as its post reads now (an edit kept,
        a deleted one left out), and ``{portrait key: address}`` of the pictures they show
        (bot.render.session_log.portrait_key): a kept picture as a ``data:`` thumbnail, inside
        the log file itself; a URL as given."""
        said = [str(r.payload.get("said")) for r in records if r.kind == "say" and r.payload.get("said")]
        posts = await self.store.voice.posts_said(said)
        shown: list[SessionRecord] = []
        for record in records:
            post = posts.get(str(record.payload.get("said"))) if record.kind == "say" else None
            if post is not None and post.deleted:
                continue
            shown.append(dataclasses.replace(record, text=post.speech) if post is not None else record)
        spoken = [r for r in shown if r.kind == "say"]
        pictures = await self.portraits.thumbnails({str(r.payload["image"]) for r in spoken if r.payload.get("image")})
        pictures.update({str(r.payload["url"]): str(r.payload["url"]) for r in spoken if r.payload.get("url")})
        return shown, pictures

    async def image(self, sha: str) -> bytes | None:
        """The kept picture ``sha`` (PNG), or None."""
        return await self.store.voice.image(sha)


def _san_loss(speech: str, character: str) -> str | None:
    """The loss of a SAN check spoken as ``character``: the line is the check alone, or the
    check and the character's name (「SANチェック 1/1D6」)."""
    loss = sanity_loss(speech)
    if loss is None and speech.startswith(character):
        loss = sanity_loss(speech[len(character):].lstrip(":：、 "))
    return loss


def _no_face(character: str, asked: str, faces: set[str]) -> str:
    """The speaker's hint when their line ends with an expression the character lacks."""
    known = f"あるもの: {'、'.join(sorted(faces))}" if faces else "まだ表情の差分はありません"
    return (f"「@{asked}」という表情は{character}にないので、そのまま発言しました（{known}。"
            f"/char portrait face:{asked} file:（画像）で追加できます）。")


def _unfilled(character: str, names: list[str], has_sheet: bool) -> str:
    shown = "、".join(f"{{{n}}}" for n in dict.fromkeys(names))
    if not has_sheet:
        return f"{character}にはシートがないので {shown} は埋められませんでした（そのまま投稿しました）。"
    return f"{shown} は{character}のシートにない値なので、そのまま投稿しました（技能名・SAN・HP・能力値が使えます）。"
