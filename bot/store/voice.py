"""Repository methods for speaking as one's character (issue 31): portraits and the images
the bot keeps, proxy prefixes, voice modes per channel, and the posts made as characters.
Reached as ``store.voice`` (:class:`bot.store.Store`)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, delete, select, update

from bot.store.keeper import upsert
from bot.store.models import PortraitImageRow, PortraitRow, VoicedPostRow, VoiceModeRow, VoicePrefixRow


@dataclass(frozen=True)
class Portrait:
    """A character's portrait (``face`` "") or variant: ``image`` (the sha of an image the
    bot keeps) or ``url`` (external https, used as given); exactly one is set."""

    face: str
    image: str | None
    url: str | None


@dataclass(frozen=True)
class Mode:
    """``user`` speaks as ``character`` in a channel; ``npc``: a name the KP voices without
    a sheet."""

    user: str
    scope: str
    character: str
    npc: bool


@dataclass(frozen=True)
class Prefix:
    """``prefix`` makes a line of ``owner`` speak as ``character`` once."""

    character: str
    owner: str
    prefix: str


@dataclass(frozen=True)
class VoicedPost:
    """A post made as a character (see bot.store.models.VoicedPostRow)."""

    message_id: str
    channel: str
    said: str
    user: str
    character: str
    speech: str
    notes: str
    deleted: bool


_PORTRAITS = (select(PortraitRow.face, PortraitRow.image, PortraitRow.url)
              .where(PortraitRow.scope == bindparam("scope"), PortraitRow.character == bindparam("character"))
              .order_by(PortraitRow.face))
_IMAGE = select(PortraitImageRow.data).where(PortraitImageRow.sha == bindparam("sha"))
_MODES = select(VoiceModeRow.user, VoiceModeRow.scope, VoiceModeRow.character, VoiceModeRow.npc).where(
    VoiceModeRow.channel == bindparam("channel"))
_PREFIXES = select(VoicePrefixRow.character, VoicePrefixRow.owner, VoicePrefixRow.prefix).where(
    VoicePrefixRow.scope == bindparam("scope"))
_POST_COLUMNS = (VoicedPostRow.message_id, VoicedPostRow.channel, VoicedPostRow.said, VoicedPostRow.user,
                 VoicedPostRow.character, VoicedPostRow.speech, VoicedPostRow.notes, VoicedPostRow.deleted)
_POST = select(*_POST_COLUMNS).where(VoicedPostRow.message_id == bindparam("message_id"))
_POSTS_SAID = select(*_POST_COLUMNS).where(VoicedPostRow.said.in_(bindparam("said", expanding=True)))


def _post(row) -> VoicedPost:
    return VoicedPost(row.message_id, row.channel, row.said, row.user, row.character, row.speech, row.notes,
                      bool(row.deleted))


class VoiceTables:
    """The voice queries: writes over ``session`` (an async_sessionmaker), reads over
    ``reads`` (bot.store.reads.Reads)."""

    def __init__(self, session, reads) -> None:
        self._session = session
        self._reads = reads

    async def _write(self, *statements) -> None:
        async with self._session() as s:
            async with s.begin():
                for statement in statements:
                    await s.execute(statement(s.bind.dialect.name) if callable(statement) else statement)

    # --- portraits ------------------------------------------------------------------------

    async def put_portrait(self, scope: str, character: str, face: str, now: datetime,
                           url: str | None = None, image: tuple[str, bytes] | None = None) -> None:
        """Set ``character``'s portrait ``face`` ("" = the portrait itself) to the external
        ``url`` or to ``image = (sha, PNG bytes)``, kept once per sha; replaces the older one."""
        statements = []
        if image is not None:
            statements.append(lambda dialect: upsert(dialect, PortraitImageRow,
                                                     {"sha": image[0], "data": image[1], "created_at": now}))
        statements.append(lambda dialect: upsert(dialect, PortraitRow, {
            "scope": scope, "character": character, "face": face, "image": image[0] if image else None,
            "url": None if image else url, "updated_at": now}))
        await self._write(*statements)

    async def portraits(self, scope: str, character: str) -> list[Portrait]:
        """``character``'s portrait and variants, the portrait ("") first."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_PORTRAITS, {"scope": scope, "character": character})).all()
            return [Portrait(r.face, r.image, r.url) for r in rows]

    async def drop_portrait(self, scope: str, character: str, face: str | None = None) -> int:
        """Remove ``character``'s variant ``face`` (None: every one); how many went. The
        images stay (another portrait or an old post may show them)."""
        where = [PortraitRow.scope == scope, PortraitRow.character == character]
        if face is not None:
            where.append(PortraitRow.face == face)
        async with self._session() as s:
            async with s.begin():
                return (await s.execute(delete(PortraitRow).where(*where))).rowcount

    async def image(self, sha: str) -> bytes | None:
        """The PNG bytes of the kept image ``sha``, or None."""
        async with self._reads.connect() as conn:
            return (await conn.execute(_IMAGE, {"sha": sha})).scalar()

    async def renamed(self, scope: str, old: str, new: str) -> None:
        """A character was renamed: its portraits, prefix and voice modes follow it."""
        await self._write(
            update(PortraitRow).where(PortraitRow.scope == scope, PortraitRow.character == old).values(character=new),
            update(VoicePrefixRow).where(VoicePrefixRow.scope == scope, VoicePrefixRow.character == old)
            .values(character=new),
            update(VoiceModeRow).where(VoiceModeRow.scope == scope, VoiceModeRow.character == old,
                                       VoiceModeRow.npc.is_(False)).values(character=new))

    async def deleted(self, scope: str, name: str) -> None:
        """A character was deleted: its portraits, prefix and voice modes go with it."""
        await self._write(
            delete(PortraitRow).where(PortraitRow.scope == scope, PortraitRow.character == name),
            delete(VoicePrefixRow).where(VoicePrefixRow.scope == scope, VoicePrefixRow.character == name),
            delete(VoiceModeRow).where(VoiceModeRow.scope == scope, VoiceModeRow.character == name,
                                       VoiceModeRow.npc.is_(False)))

    # --- modes and prefixes ----------------------------------------------------------------

    async def modes(self, channel: str) -> dict[str, Mode]:
        """``{user: mode}`` of the channel (or thread)."""
        async with self._reads.connect() as conn:
            rows = (await conn.execute(_MODES, {"channel": channel})).all()
            return {r.user: Mode(r.user, r.scope, r.character, bool(r.npc)) for r in rows}

    async def put_mode(self, channel: str, mode: Mode) -> None:
        """``mode.user`` speaks as ``mode.character`` in ``channel`` from now on."""
        await self._write(lambda dialect: upsert(dialect, VoiceModeRow, {
            "channel": channel, "user": mode.user, "scope": mode.scope, "character": mode.character,
            "npc": mode.npc}))

    async def drop_mode(self, channel: str, user: str) -> bool:
        """``user`` speaks as themself again in ``channel``; whether a mode was on."""
        async with self._session() as s:
            async with s.begin():
                done = await s.execute(delete(VoiceModeRow).where(VoiceModeRow.channel == channel,
                                                                  VoiceModeRow.user == user))
                return done.rowcount > 0

    async def prefixes(self, scope: str) -> list[Prefix]:
        """Every proxy prefix of the server (or the console)."""
        async with self._reads.connect() as conn:
            return [Prefix(r.character, r.owner, r.prefix) for r in (await conn.execute(_PREFIXES, {"scope": scope})).all()]

    async def put_prefix(self, scope: str, character: str, owner: str, prefix: str | None) -> None:
        """Set ``character``'s prefix (None: remove it)."""
        if prefix is None:
            await self._write(delete(VoicePrefixRow).where(VoicePrefixRow.scope == scope,
                                                           VoicePrefixRow.character == character))
            return
        await self._write(lambda dialect: upsert(dialect, VoicePrefixRow, {
            "scope": scope, "character": character, "owner": owner, "prefix": prefix}))

    # --- posts -------------------------------------------------------------------------------

    async def put_post(self, post: VoicedPost, now: datetime) -> None:
        """Remember a post made as a character."""
        values = {**post.__dict__, "created_at": now}
        await self._write(lambda dialect: upsert(dialect, VoicedPostRow, values))

    async def post(self, message_id: str) -> VoicedPost | None:
        """The post made as a character that is message ``message_id``, or None."""
        async with self._reads.connect() as conn:
            row = (await conn.execute(_POST, {"message_id": message_id})).first()
            return _post(row) if row else None

    async def posts_said(self, said: list[str]) -> dict[str, VoicedPost]:
        """``{original message id: post}`` of the posts made for the lines ``said``."""
        if not said:
            return {}
        async with self._reads.connect() as conn:
            return {r.said: _post(r) for r in (await conn.execute(_POSTS_SAID, {"said": said})).all()}

    async def change_post(self, message_id: str, speech: str | None = None, deleted: bool = False) -> None:
        """Its owner edited the post to ``speech``, or deleted it."""
        values = {"deleted": True} if deleted else {"speech": speech}
        await self._write(update(VoicedPostRow).where(VoicedPostRow.message_id == message_id).values(**values))
