"""A line spoken as a character (issue 31) as each place shows it: the post under the
character's name and portrait (its speech, then the bot's notes: roll results, a secret
roll's notice), the console's 「アリス（alice）: …」, the bot's reply under the player's own
message when the channel cannot show posts as characters, and the quote a reply to a post
is rebuilt with."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from bot.render.reply import MAX_TEXT, Reply

QUOTE_CHARS = 60
"""How much of the replied-to line a rebuilt reply quotes (characters)."""


@dataclass(frozen=True)
class Voice:
    """A line spoken as ``character`` by ``user`` (``player``: their display name), shown as
    ``name`` (the channel's name format); ``speech`` as posted (a secret roll's command cut
    out), ``notes`` the bot's lines under it; the portrait: ``avatar_url`` (an external
    https URL, or the bot's own address of a kept image) and ``image`` (the sha of a kept
    image, for a transport that must hand over the bytes) of variant ``face``."""

    character: str
    name: str
    user: str
    player: str
    speech: str
    notes: tuple[str, ...] = ()
    avatar_url: str | None = None
    image: str | None = None
    face: str = ""

    @classmethod
    def from_dict(cls, raw: dict) -> "Voice":
        """The voice of :meth:`Reply.voice <bot.render.reply.Reply>`'s dict."""
        return cls(**{**raw, "notes": tuple(raw.get("notes") or ())})

    def content(self) -> str:
        """The post's text: the speech, then the notes, each on a line of its own."""
        return "\n".join(part for part in (self.speech, *self.notes) if part)

    def reply(self) -> Reply:
        """The transport-neutral reply: its text reads 「アリス（alice）: …」 (see :func:`line`)."""
        return Reply(text=line(self), voice=asdict(self))


def line(voice: Voice) -> str:
    """The line as a transport without posts as characters shows it: 「{name}: {speech}」,
    then the notes indented; "name" alone never (a post always has speech or a note)."""
    head = f"{voice.name}: {voice.speech}" if voice.speech else f"{voice.name}:"
    return "\n".join([head, *(f"  {note}" for note in voice.notes)])


def fitting(speech: str, notes: list[str]) -> tuple[list[str], list[str]]:
    """``(notes that fit one post after speech, the rest)``: a post is one message of at
    most 2,000 characters; the notes that do not fit are posted by the bot under it."""
    used = len(speech)
    kept: list[str] = []
    for n, note in enumerate(notes):
        if used + 1 + len(note) > MAX_TEXT:
            return kept, notes[n:]
        kept.append(note)
        used += 1 + len(note)
    return kept, []


def fallback_text(voice: Voice) -> str | None:
    """The bot's reply under the player's own message when the line cannot be posted as the
    character (a permission missing): 「【アリス】」 and the notes; None without notes (the
    player's message says it all)."""
    if not voice.notes:
        return None
    return "\n".join([f"【{voice.character}】", *voice.notes])[:MAX_TEXT]


def quoted(author: str, text: str, link: str = "") -> str:
    """The quote a rebuilt reply starts with: 「> **アリス**: 最初の60文字…」 and the jump
    link to the replied-to message when given."""
    first = " ".join(text.split())
    first = first if len(first) <= QUOTE_CHARS else first[:QUOTE_CHARS - 1] + "…"
    tail = f" （{link}）" if link else ""
    return f"> **{author}**: {first}{tail}"


def with_quote(quote: str, speech: str) -> str:
    """``speech`` under the quote ``quote``, within one message."""
    return f"{quote}\n{speech}"[:MAX_TEXT]
