"""The database tables. Changes go through an Alembic revision in ``migrations/versions``."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import (JSON, Boolean, DateTime, ForeignKey, Index, Integer, LargeBinary, String, Text,
                        UniqueConstraint, text)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of every table."""
    pass


class BattleRow(Base):
    """One battle in a channel; at most one ``active`` per channel (partial unique index)."""

    __tablename__ = "battles"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    guild: Mapped[str | None] = mapped_column(String(64))
    system: Mapped[str] = mapped_column(String(32), nullable=False)
    keeper: Mapped[str] = mapped_column(String(64), nullable=False)
    status: Mapped[str] = mapped_column(String(16), nullable=False, default="active")
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    __table_args__ = (
        Index("uq_battles_active_channel", "channel", unique=True,
              sqlite_where=text("status = 'active'"), postgresql_where=text("status = 'active'")),
        Index("ix_battles_channel", "channel", "id"),  # a channel's latest battle (migration 0009)
    )


class EventRow(Base):
    """One event of a battle, in order (``seq`` = 1, 2, …)."""

    __tablename__ = "events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), nullable=False)
    seq: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(64), nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False)
    actor: Mapped[str] = mapped_column(String(64), nullable=False)
    request_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    __table_args__ = (UniqueConstraint("battle_id", "seq", name="uq_events_battle_seq"),
                      Index("uq_events_step_request", "request_id", unique=True,
                            sqlite_where=text("kind = 'step' AND request_id IS NOT NULL"),
                            postgresql_where=text("kind = 'step' AND request_id IS NOT NULL")))


class RequestRow(Base):
    """An accepted interaction id (idempotency key) and the replies that answered it; kept
    for a day (``Store.expire_requests``), long enough for Discord's retries."""

    __tablename__ = "requests"
    request_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    replies: Mapped[list] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False, index=True)


class SnapshotRow(Base):
    """A battle's folded state at ``version`` (pickled; only read back by the same rules
    code, ``fingerprint``), so that a restart folds only the events after it."""

    __tablename__ = "battle_snapshots"
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    fingerprint: Mapped[str] = mapped_column(String(64), nullable=False)
    state: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)


class CharacterRow(Base):
    """A saved character sheet, by name within a scope (a guild, or the console)."""

    __tablename__ = "characters"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    owner: Mapped[str] = mapped_column(String(64), nullable=False)
    data: Mapped[dict] = mapped_column(JSON, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    __table_args__ = (UniqueConstraint("scope", "name", name="uq_characters_scope_name"),)


class DeadlineRow(Base):
    """A turn deadline (reminder / auto-skip); the process that fires it deletes it
    (``store.keeper.claim_deadline``). The next one is found by the ``(due_at, id)`` index."""

    __tablename__ = "deadlines"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), nullable=False)
    key: Mapped[str] = mapped_column(String(100), nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    due_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False, default=dict)
    __table_args__ = (UniqueConstraint("battle_id", "key", "kind", name="uq_deadlines_key"),
                      Index("ix_deadlines_due", "due_at", "id"))


class ChannelSettingRow(Base):
    """A KP setting kept per channel (``/kp setting``)."""

    __tablename__ = "channel_settings"
    channel: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text, nullable=False)


class KeeperRoleRow(Base):
    """A server role whose members count as KP (``/kp role``)."""

    __tablename__ = "keeper_roles"
    guild: Mapped[str] = mapped_column(String(64), primary_key=True)
    role: Mapped[str] = mapped_column(String(100), primary_key=True)


class RefusalRow(Base):
    """The most recently refused command of a channel, for ``/kp allow`` (H-GEN-01)."""

    __tablename__ = "refusals"
    channel: Mapped[str] = mapped_column(String(64), primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), nullable=False)
    user: Mapped[str] = mapped_column(String(64), nullable=False)
    command: Mapped[dict] = mapped_column(JSON, nullable=False)
    clause: Mapped[str] = mapped_column(String(32), nullable=False)
    label: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)


class MessageRow(Base):
    """A message the transport sent under a tag (``board:<battle id>``), to edit it later."""

    __tablename__ = "messages"
    channel: Mapped[str] = mapped_column(String(64), primary_key=True)
    tag: Mapped[str] = mapped_column(String(64), primary_key=True)
    message_id: Mapped[str] = mapped_column(String(64), nullable=False)


class SecretRollRow(Base):
    """A secret roll's result, kept so that its roller can publish it later (issue 3)."""

    __tablename__ = "secret_rolls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    user: Mapped[str] = mapped_column(String(64), nullable=False)
    speaker: Mapped[str] = mapped_column(String(100), nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    published_at: Mapped[datetime | None] = mapped_column(DateTime)


class SheetCarryRow(Base):
    """What the end of battle ``battle_id`` wrote onto the sheet ``name`` of ``scope``:
    ``old_values`` and ``new_values`` hold the carried fields of the sheet dict (issue 19), so that
    ``/battle reopen`` can put ``old_values`` back."""

    __tablename__ = "sheet_carries"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), nullable=False)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    old_values: Mapped[dict] = mapped_column(JSON, nullable=False)
    new_values: Mapped[dict] = mapped_column(JSON, nullable=False)
    __table_args__ = (Index("ix_sheet_carries_battle", "battle_id"),)


class SessionRow(Base):
    """One evening's play in a channel (``/session start`` … ``/session end``), kept by its
    KP; at most one open (``ended_at`` NULL) per channel (partial unique index)."""

    __tablename__ = "sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    keeper: Mapped[str] = mapped_column(String(64), nullable=False)
    keeper_name: Mapped[str] = mapped_column(String(100), nullable=False)
    started_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    __table_args__ = (
        Index("uq_sessions_open_channel", "channel", unique=True,
              sqlite_where=text("ended_at IS NULL"), postgresql_where=text("ended_at IS NULL")),
    )


class SessionRecordRow(Base):
    """One thing that happened in a session, in order (``id``): a roll, a check, a SAN check,
    a battle step, a line spoken as a character or an aside (``kind``), by ``user`` as ``speaker`` for ``character``; ``secret`` rolls
    are the KP's copy only; ``payload`` holds its numbers (bot.sheets.session_notes)."""

    __tablename__ = "session_records"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    user: Mapped[str] = mapped_column(String(64), nullable=False)
    speaker: Mapped[str] = mapped_column(String(100), nullable=False)
    character: Mapped[str] = mapped_column(String(100), nullable=False)
    secret: Mapped[bool] = mapped_column(Boolean, nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    __table_args__ = (Index("ix_session_records_session", "session_id", "id"),)


class ChatQuestionRow(Base):
    """What the chat side keeps pending with a battle (issue 26, bot.store.questions): a
    question asked in chat (``kind`` ``asked``, ``key`` the user id), the die a palette roll
    showed (``shown``, the unit), a unit's last attack (``attack``, the unit), the KP's
    "told once" flag (``warned``, ""), the rest of a line for several units (``queued``, ""),
    the NPC a KP line put before a PC (``addressed``, the PC) and a player's secret palette
    roll (``secret``, ``<user>:<skill>``); ``version`` is the battle's version when written."""

    __tablename__ = "chat_questions"
    battle_id: Mapped[int] = mapped_column(ForeignKey("battles.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False)


class CustomTableRow(Base):
    """A table the table owns (``/table add``), in BCDice's custom-table text, by ``name``
    within a scope (a guild, or the console)."""

    __tablename__ = "custom_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    owner: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    __table_args__ = (UniqueConstraint("scope", "name", name="uq_custom_tables_scope_name"),)


class SanPendingRow(Base):
    """A palette SAN roll (``CCB<=55 【正気度ロール】``) waiting for its loss: the roll's
    reading in ``payload``; ``resolved_at`` is set once, by the loss that takes it."""

    __tablename__ = "san_pending"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    user: Mapped[str] = mapped_column(String(64), nullable=False)
    character: Mapped[str] = mapped_column(String(100), nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime)
    __table_args__ = (Index("ix_san_pending_channel_user", "channel", "user"),)


class SheetStateRow(Base):
    """A state of a saved sheet shown as a badge (一時的狂気, 不定の狂気, a KP's 気絶 …), kept in
    the channel where it started: its timer ends at game clock ``ends_at`` (``unit`` round or
    minute) or after ``left`` lines of ``owner`` (unit line); no unit: until it is ended."""

    __tablename__ = "sheet_states"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    character: Mapped[str] = mapped_column(String(100), nullable=False)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    owner: Mapped[str] = mapped_column(String(64), nullable=False)
    name: Mapped[str] = mapped_column(String(50), nullable=False)
    unit: Mapped[str | None] = mapped_column(String(16))
    ends_at: Mapped[int | None] = mapped_column(Integer)
    left: Mapped[int | None] = mapped_column(Integer)
    detail: Mapped[str] = mapped_column(Text, nullable=False, default="")
    started_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    __table_args__ = (Index("ix_sheet_states_character", "scope", "character"),
                      Index("ix_sheet_states_channel", "channel"))


class GameClockRow(Base):
    """A channel's game time as the KP moves it (「1時間経過」) and its battles' rounds."""

    __tablename__ = "game_clocks"
    channel: Mapped[str] = mapped_column(String(64), primary_key=True)
    minutes: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    rounds: Mapped[int] = mapped_column(Integer, nullable=False, default=0)


class PortraitImageRow(Base):
    """An image the bot keeps itself (issue 31): a portrait uploaded to it, normalised to a
    square PNG (bot.sheets.voice.images), by the SHA-256 of its bytes (one row per image
    however many portraits show it)."""

    __tablename__ = "portrait_images"
    sha: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)


class PortraitRow(Base):
    """A character's portrait (``face`` "") or one of its variants (笑顔, 怒り …): an image
    the bot keeps (``image``, a portrait_images sha) or an external https ``url`` used as given."""

    __tablename__ = "portraits"
    scope: Mapped[str] = mapped_column(String(64), primary_key=True)
    character: Mapped[str] = mapped_column(String(100), primary_key=True)
    face: Mapped[str] = mapped_column(String(32), primary_key=True)
    image: Mapped[str | None] = mapped_column(String(64))
    url: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)


class VoicePrefixRow(Base):
    """A character's proxy prefix (``アリス:``): a line starting with it speaks as the
    character once (issue 31)."""

    __tablename__ = "voice_prefixes"
    scope: Mapped[str] = mapped_column(String(64), primary_key=True)
    character: Mapped[str] = mapped_column(String(100), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), nullable=False)
    prefix: Mapped[str] = mapped_column(String(32), nullable=False)


class VoiceModeRow(Base):
    """Whose lines speak as which character in a channel or thread (``/char voice``,
    ``/kp voice``); ``npc``: a name the KP voices without a sheet."""

    __tablename__ = "voice_modes"
    channel: Mapped[str] = mapped_column(String(64), primary_key=True)
    user: Mapped[str] = mapped_column(String(64), primary_key=True)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    character: Mapped[str] = mapped_column(String(100), nullable=False)
    npc: Mapped[bool] = mapped_column(Boolean, nullable=False)


class VoicedPostRow(Base):
    """A line re-posted as a character (the webhook's message ``message_id``): who said it
    (``user``, the original message ``said``), as whom, its ``speech`` and the bot's
    ``notes`` under it (roll results, kept so that an edit cannot change them); ``deleted``
    once its owner removed it."""

    __tablename__ = "voiced_posts"
    message_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    said: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    user: Mapped[str] = mapped_column(String(64), nullable=False)
    character: Mapped[str] = mapped_column(String(100), nullable=False)
    speech: Mapped[str] = mapped_column(Text, nullable=False)
    notes: Mapped[str] = mapped_column(Text, nullable=False)
    deleted: Mapped[bool] = mapped_column(Boolean, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)


class KeptCheckRow(Base):
    """A 7th skill roll kept after it was shown (rules.coc7.rolled: ``payload``), for a push
    or Luck spent on it: ``state`` ``open`` (may be pushed or have Luck spent), ``asked`` (a
    push waits for the KP's word, 7-PUSH-06) or ``closed`` (done, or replaced by a later
    roll of the character in the channel)."""

    __tablename__ = "kept_checks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(64), nullable=False)
    scope: Mapped[str] = mapped_column(String(64), nullable=False)
    user: Mapped[str] = mapped_column(String(64), nullable=False)
    character: Mapped[str] = mapped_column(String(100), nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False)
    state: Mapped[str] = mapped_column(String(8), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)
    __table_args__ = (Index("ix_kept_checks_channel_user", "channel", "user"),)
