"""Dice rolls outside battle: ``/roll`` and chat messages whose first word is a command.

Secret rolls (``S`` prefix) reach only the roller and the channel's KP; the channel sees
that a secret roll was made and nothing of its command or result.
"""
from __future__ import annotations

import re

from bot.render.reply import Reply, clip, private, public
from rules.dice import Dice, DiceError, DiceExhausted, evaluate

MAX_COMMENT = 200
"""The longest comment echoed with a roll (characters); a longer one is shortened."""

_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def _comment(text: str) -> str:
    """A roll's comment as shown: bidirectional overrides removed, at most MAX_COMMENT."""
    text = _BIDI.sub("", text).strip()
    return text if len(text) <= MAX_COMMENT else text[:MAX_COMMENT] + "…"


def roll_replies(text: str, user: str, speaker: str, dice: Dice, keeper: str | None,
                 from_chat: bool) -> list[Reply]:
    """The replies to the dice command line ``text`` by ``user`` (shown as ``speaker``).

    Returns ``[]`` for chat that is not a command. A malformed command typed with ``/roll``
    gets a private error; in chat it stays silent unless it is recognisably a dice command.
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
    replies = [public(f"{speaker}がシークレットダイスを振りました。"), private(user, "🔒 " + line)]
    if keeper and keeper != user:
        replies.append(private(keeper, f"🔒 {speaker}のシークレットダイス\n{result.text}"))
    return replies
