"""Playing one fight twice through ``python -m bot console`` (issue 9): once with slash
commands, once typed as chat, with the same dice, and comparing what the bot said.

A fight is a setup script (slash commands) and a list of ``(slash line, chat line)`` pairs,
one per declaration; both scripts end with the KP's ``/battle status``.
"""
from __future__ import annotations

from dataclasses import dataclass

SHOWN = ("to", "ephemeral", "text", "buttons", "mentions", "data")
"""The fields of a console JSON message that must agree between the two versions."""


@dataclass
class Fought:
    """Both runs of a fight: ``slash`` and ``chat`` (``Played`` lists); ``first`` is the input
    line number of the first declaration."""

    slash: list
    chat: list
    first: int
    pairs: list[tuple[str, str]]

    def said(self, chat_line: str) -> str:
        """The texts the chat line ``chat_line`` (as written in ``pairs``) caused."""
        index = [c for _, c in self.pairs].index(chat_line)
        return self.chat.said(self.first + index)

    def refusal(self, chat_line: str) -> str:
        """The text of the one message ``chat_line`` caused, asserted to be private to its
        speaker (a refused declaration)."""
        index = [c for _, c in self.pairs].index(chat_line)
        messages = [m for m in self.chat if m["line"] == self.first + index]
        speaker = chat_line.split(": ", 1)[0]
        assert [(m["to"], m["ephemeral"]) for m in messages] == [(speaker, True)], messages
        return messages[0]["text"]

    def status(self) -> dict:
        """The final ``/battle status`` data of the chat run."""
        return next(m for m in reversed(self.chat) if m["line"] == self.first + len(self.pairs))["data"]


def setup_of(script: str) -> str:
    """The lines of ``script`` up to its last ``/battle start`` (a transcript's setup)."""
    start = "kp: /battle start\n"
    return script[: script.rindex(start) + len(start)]


def fight(play, setup: str, pairs: list[tuple[str, str]], rolls: str) -> Fought:
    """Run ``setup`` + the slash lines and ``setup`` + the chat lines with ``rolls``; assert
    that every line made the same messages in both runs (texts, buttons, addressees and the
    final status data) and that the chat lines hold no command or button."""
    for _, chat in pairs:
        spoken = chat.split(": ", 1)[1]
        assert not spoken.startswith(("/", "[")), chat
    status = "kp: /battle status\n"
    slash = play(setup + "".join(s + "\n" for s, _ in pairs) + status, rolls)
    chat = play(setup + "".join(c + "\n" for _, c in pairs) + status, rolls)
    first = len([x for x in setup.splitlines() if x.strip() and not x.startswith("#")]) + 1
    for n in range(first, first + len(pairs) + 1):
        by_slash = [{k: m[k] for k in SHOWN} for m in slash if m["line"] == n]
        by_chat = [{k: m[k] for k in SHOWN} for m in chat if m["line"] == n]
        label = pairs[n - first] if n - first < len(pairs) else status
        assert by_chat == by_slash, label
    return Fought(slash, chat, first, pairs)
