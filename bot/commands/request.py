"""What a user did, as the service receives it: :class:`Request` (built by the Discord and
console transports)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Request:
    """One thing a user did.

    Attributes:
        channel: channel id; guild: guild id (None in DMs / console);
        user: user id (the console uses the speaker's NAME); name: display name;
        command: English command path (``"battle start"``, ``"attack"``), ``"chat"`` for a
            plain message (``options["text"]``) or ``"button"`` (``options["custom_id"]``);
        options: option values by English name (text or typed);
        request_id: the Discord interaction id (idempotency key), or None;
        is_admin: the user has Manage Channels here (counts as KP);
        roles: the user's role ids and names in the guild (a ``/kp role`` role makes a KP).
        said: the chat line a request was read from (a chat declaration, issue 9), or "".
        kept_die: the 1D100 face a palette roll already rolled and showed, which the
            command's first 1D100 uses (issue 21), or None.
        secret_for: the NPC whose answer was a KP's secret roll (``SCCB<=20 【回避】``): its
            lines are shown as a hidden unit's (🔒), or "".
        delivery: the key of the chat message a request was read from
            (``chat-<message id>``, :func:`delivery_key`), which the first durable write the
            line makes takes in its own transaction (a roll, a question, a battle step), so
            that a second delivery of the message posts nothing (issue 28); "" otherwise.
    """

    channel: str
    user: str
    command: str
    options: dict = field(default_factory=dict)
    guild: str | None = None
    name: str = ""
    request_id: str | None = None
    is_admin: bool = False
    roles: tuple[str, ...] = ()
    said: str = ""
    kept_die: int | None = None
    secret_for: str = ""
    delivery: str = ""

    @property
    def scope(self) -> str:
        """Where characters and KP roles are kept: the guild id, or ``console``."""
        return self.guild or "console"


def delivery_key(req: Request) -> str:
    """The delivery key of a chat message (``chat-<message id>``: a gateway message has an
    id; a console line has none), kept on the requests read from it; "" for anything else."""
    if req.delivery:
        return req.delivery
    return f"chat-{req.request_id}" if req.command == "chat" and req.request_id else ""
