"""Dice rolls outside battle: ``/roll`` and chat messages whose first word is a command.

Secret rolls (``S`` prefix) reach only the roller and the channel's KP; the channel sees
that a secret roll was made and nothing of its command or result.
"""
from __future__ import annotations

import re

from collections.abc import Awaitable, Callable

from bot.render import buttons
from bot.render.reply import Button, Reply, clip, private, public
from rules.dice import Dice, DiceError, DiceExhausted, evaluate

KeepSecret = Callable[[str, str], Awaitable[int]]
"""Stores a secret roll ``(speaker, text)`` and returns its id."""
PUBLISH = "結果を公開"

MAX_COMMENT = 200
"""The longest comment echoed with a roll (characters); a longer one is shortened."""

_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def _comment(text: str) -> str:
    """A roll's comment as shown: bidirectional overrides removed, at most MAX_COMMENT."""
    text = _BIDI.sub("", text).strip()
    return text if len(text) <= MAX_COMMENT else text[:MAX_COMMENT] + "…"


async def roll_replies(text: str, user: str, speaker: str, dice: Dice, keeper: str | None,
                       from_chat: bool, keep_secret: KeepSecret | None = None) -> list[Reply]:
    """The replies to the dice command line ``text`` by ``user`` (shown as ``speaker``).

    Returns ``[]`` for chat that is not a command. A malformed command typed with ``/roll``
    gets a private error; in chat it stays silent unless it is recognisably a dice command.
    A secret roll's result goes privately to the roller (and the KP); with ``keep_secret``
    (stores ``(speaker, text)`` and returns an id) the roller's copy carries a
    [結果を公開] button (:func:`publish_button`).
    """
    try:
        result = evaluate(text, dice)
    except DiceExhausted:
        raise
    except DiceError as exc:
        return [private(user, f"ダイスを振れませんでした: {exc}")]
    if result is None:
        if from_chat:
            return []
        return [private(user, f"「{text[:50]}」はダイスコマンドとして読めませんでした。例: CCB<=70、2D6+1D4、RES(12-10)")]
    comment = f"　{_comment(result.comment)}" if result.comment else ""
    line = clip(f"{speaker}{comment}\n{result.text}")
    if not result.secret:
        return [public(line)]
    mine = private(user, "🔒 " + line)
    if keep_secret is not None:
        roll_id = await keep_secret(speaker, line)
        mine = Reply(text=mine.text, ephemeral=True, to=user, buttons=(publish_button(roll_id),))
    replies = [public(f"{speaker}がシークレットダイスを振りました。"), mine]
    if keeper and keeper != user:
        replies.append(private(keeper, f"🔒 {speaker}のシークレットダイス\n{result.text}"))
    return replies


def publish_button(roll_id: int) -> Button:
    """The [結果を公開] button of kept secret roll ``roll_id`` (battle 0 = no battle)."""
    return Button(PUBLISH, buttons.encode(0, f"s{roll_id}", PUBLISH), "primary")


def published_reply(speaker: str, text: str) -> Reply:
    """The public message of a secret roll its roller chose to show."""
    return public(f"🔓 {speaker}がシークレットダイスの結果を公開しました。\n{text}")
