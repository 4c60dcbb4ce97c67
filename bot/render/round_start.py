"""A round start as one message (issue 29, 「A round start sends one message」): the round's
line, its declaration window, the first turn's prompt and the status board, which were four
messages, become one: their texts in order, their buttons together, each user mentioned
once. Only public messages are joined (a private one stays as it is, in its place); when the
whole would pass Discord's limits (2,000 characters, 25 buttons) it is cut into as few
messages as fit. The board joined in is no longer a tagged board message: the older board
(``/battle status``) is marked out of date by an edit instead, which sends nothing new."""
from __future__ import annotations

from dataclasses import replace

from bot.render import buttons
from bot.render.reply import MAX_TEXT, Reply

STALE = "（この状況表は古くなりました。最新の状況は新しい表か /battle status で確認してください）"
"""What an older status board becomes when a newer one is posted."""


def joinable(reply: Reply) -> bool:
    """Whether ``reply`` can be part of the round start's one message: public, new (not an
    edit), here, with no file."""
    return not reply.ephemeral and reply.edit is None and reply.file is None and reply.channel is None


def one_message(replies: list[Reply]) -> list[Reply]:
    """``replies`` with their public messages joined into as few as fit (see the module);
    a board's tag becomes an edit marking the older board out of date (placed last)."""
    out: list[Reply] = []
    tags: list[str] = []
    current: int | None = None  # index in ``out`` of the message being filled
    for reply in replies:
        if not joinable(reply):
            out.append(reply)
            continue
        if reply.tag:
            tags.append(reply.tag)
            reply = replace(reply, tag=None)
        if current is not None and _fits(out[current], reply):
            out[current] = _joined(out[current], reply)
            continue
        out.append(reply)
        current = len(out) - 1
    return out + [Reply(text=STALE, edit=tag) for tag in dict.fromkeys(tags)]


def _fits(a: Reply, b: Reply) -> bool:
    return (len(a.text) + 1 + len(b.text) <= MAX_TEXT and len(a.buttons) + len(b.buttons) <= buttons.MAX_CHOICES
            and not (a.data and b.data))


def _joined(a: Reply, b: Reply) -> Reply:
    return replace(a, text=f"{a.text}\n{b.text}", buttons=a.buttons + b.buttons,
                   mentions=tuple(dict.fromkeys(a.mentions + b.mentions)), data=a.data or b.data)
