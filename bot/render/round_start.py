"""A round start as one message (issue 29, 「A round start sends one message」): the round's
line, its declaration window, the first turn's prompt and the status board, which were four
messages, become one: their texts in order, their buttons together, each user mentioned
once. Only public messages are joined (a private one stays as it is, in its place); when the
whole would pass Discord's limits (2,000 characters, 25 buttons) it is cut into as few
messages as fit. The board joined in is no longer a tagged board message: the older board
(``/battle status``) is marked out of date by an edit instead, which sends nothing new."""
from __future__ import annotations

from bot.render import buttons
from rules.battle.frozen import replaced
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
    group: list[Reply] = []  # the public replies of the message being filled, out[at]
    at = size = count = 0  # its index, text length and buttons
    data = None  # its data (the first given)
    for reply in replies:
        if not joinable(reply):
            out.append(reply)
            continue
        if reply.tag:
            tags.append(reply.tag)
        if group and (size + 1 + len(reply.text) <= MAX_TEXT and count + len(reply.buttons) <= buttons.MAX_CHOICES
                      and not (data and reply.data)):
            group.append(reply)
            size += 1 + len(reply.text)
            count += len(reply.buttons)
            data = data or reply.data
            continue
        if group:
            out[at] = _joined(group)
        group, at, size, count, data = [reply], len(out), len(reply.text), len(reply.buttons), reply.data
        out.append(reply)
    if group:
        out[at] = _joined(group)
    return out + [Reply(text=STALE, edit=tag) for tag in dict.fromkeys(tags)]


def _joined(group: list[Reply]) -> Reply:
    """One message of ``group`` (public replies that fit together): the first's fields, no
    tag, their texts line by line, their buttons, each mention once, the first data given."""
    first = group[0]
    if len(group) == 1:
        return replaced(first, tag=None) if first.tag else first
    texts, btns, mentions, data = [first.text], list(first.buttons), list(first.mentions), first.data
    for reply in group[1:]:
        texts.append(reply.text)
        btns += reply.buttons
        mentions += reply.mentions
        data = data or reply.data
    return replaced(first, tag=None, text="\n".join(texts), buttons=tuple(btns),
                   mentions=tuple(dict.fromkeys(mentions)), data=data)
