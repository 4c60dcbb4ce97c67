"""The transport-neutral reply: what one bot message says and offers."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from rules.battle.frozen import quick_init, replaced

MAX_TEXT = 2000
"""Discord's limit on a message's content (characters)."""


@quick_init  # its fields stored straight (issue 27: a round start makes some twenty)
@dataclass(frozen=True)
class Button:
    """A button: ``label`` shown, ``custom_id`` encoding battle, question and choice
    (see :mod:`bot.render.buttons`); ``style`` is primary / secondary / success / danger."""

    label: str
    custom_id: str
    style: str = "secondary"


@quick_init
@dataclass(frozen=True)
class Reply:
    """One bot message.

    Attributes:
        text: the content (never empty, at most 2,000 characters: see :func:`clip`).
        ephemeral: shown only to ``to`` (a slash command's invoker, or a DM for chat).
        to: the user id the private message is for (None for a public message).
        mentions: user ids the message pings (allowed_mentions is limited to these).
        buttons: buttons under the message.
        data: structured content (``/battle status``: round, turn, combatants).
        secret_for: user ids allowed to see a secret roll's result (roller and KP).
        file: an attachment ``{"name", "content"}`` (text) or None.
        tag: the transport remembers the sent message under this tag in the channel
            (``board:<battle id>`` for the status board), replacing the older one.
        edit: instead of sending, edit the message remembered under this tag to ``text``
            (no new message, so no mention pings); nothing happens if none is remembered.
        channel: post this public message in that channel id rather than where the request
            came from (a secret roll published from a direct message); None = here.
        voice: a line spoken as a character (issue 31, bot.render.voice.Voice as a dict):
            a transport that can re-post it under the character's name and portrait in
            place of the speaker's message; ``text`` is how it reads elsewhere.
    """

    text: str
    ephemeral: bool = False
    to: str | None = None
    mentions: tuple[str, ...] = ()
    buttons: tuple[Button, ...] = ()
    data: dict | None = None
    file: dict | None = None
    tag: str | None = None
    edit: str | None = None
    channel: str | None = None
    voice: dict | None = None

    def to_dict(self) -> dict:
        """A JSON-friendly dict (stored with the request id for idempotent answers)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict) -> "Reply":
        """The reply of :meth:`to_dict`'s dict."""
        return cls(text=raw["text"], ephemeral=raw.get("ephemeral", False), to=raw.get("to"),
                   mentions=tuple(raw.get("mentions") or ()),
                   buttons=tuple(Button(**b) for b in raw.get("buttons") or ()),
                   data=raw.get("data"), file=raw.get("file"), tag=raw.get("tag"),
                   edit=raw.get("edit"), channel=raw.get("channel"), voice=raw.get("voice"))


CLIPPED = "\n…（長いため省略しました）"
"""The note of a clipped text that is kept nowhere else."""
IN_LOG = "\n…（長いため省略しました。全体は /battle log で確認できます）"
"""The note of clipped battle-log lines (bot.render.log renders the same lines): only text
that is in the log may point there (issue 28)."""


def clip(text: str, limit: int = MAX_TEXT, note: str = CLIPPED) -> str:
    """``text`` shortened to ``limit`` characters with a visible ``note`` (:data:`CLIPPED`;
    :data:`IN_LOG` only for lines the battle log holds), never empty."""
    text = text.strip() or "（内容がありません）"
    if len(text) <= limit:
        return text
    return text[: limit - len(note)].rstrip() + note


def pages(text: str, limit: int = MAX_TEXT) -> list[str]:
    """``text`` cut at line ends into pieces of at most ``limit`` characters (a line longer
    than ``limit`` is clipped); one piece when it fits, never an empty one."""
    out: list[str] = []
    for line in (text.strip() or "（内容がありません）").split("\n"):
        line = clip(line, limit)
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def posted_in(replies: list[Reply], channel: str) -> list[Reply]:
    """``replies`` of a request made outside ``channel`` (a button pressed in a direct
    message) with their public messages posted in ``channel``, the battle's."""
    return [r if r.ephemeral or r.edit else replaced(r, channel=channel) for r in replies]


def private(to: str, text: str) -> Reply:
    """An ephemeral message for ``to``."""
    return Reply(text=clip(text), ephemeral=True, to=to)


def public(text: str, **kwargs) -> Reply:
    """A public message (clipped to 2,000 characters); keyword arguments as in :class:`Reply`."""
    return Reply(text=clip(text), **kwargs)
