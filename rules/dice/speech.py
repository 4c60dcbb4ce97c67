"""Dice commands inside a line of speech (issue 31): a character's line may hold BCDice
commands anywhere (「CCB<=70 【目星】 何かないかな」, 「じゃあ 1d100<=55 で」), and sheet values
written in braces (``{目星}``, ``{SAN}``), as ココフォリア fills them in.

Pure text work: :func:`fill` puts values in, :func:`rolls_in` finds each command with its
label; nothing is rolled here. A command is a whole word (between spaces, ASCII or the
ideographic space) that either edition reads as a dice command (``rules.dice.editions``),
with a repetition (``x3 CCB<=50``) taking the word after it; a word in brackets right after
it (``【目星】``, ``〈聞き耳〉``, ``《図書館》``, ``[幸運]``) is its label.

Japanese is written without spaces, so a word is also cut where the script changes: in
「店の奥が気になるな。SCCB<=60【聞き耳】」 the command is ``SCCB<=60`` (a word of the letters,
digits and signs a command is written in, full-width ones too) and its label ``【聞き耳】``.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from rules.dice.editions import is_dice
from rules.dice.normalize import normalize_command

PLACEHOLDER = re.compile(r"[{｛]\s*([^{}｛｝\s]{1,24})\s*[}｝]")
"""A sheet value written in braces, half- or full-width: ``{目星}``, ``｛SAN｝``."""

_COMMAND_SIGNS = frozenset("≦≤≧≥≠×÷−–—")
"""Signs a command may be typed with besides ASCII and full-width forms (normalize_command)."""
_REPEAT = re.compile(r"S?(?:REPEAT|REP|X)\d+", re.IGNORECASE)
_LABEL = re.compile(r"【[^】\n]{1,30}】|〈[^〉\n]{1,30}〉|《[^》\n]{1,30}》|\[[^\]\n]{1,30}\]|「[^」\n]{1,30}」"
                    r"|『[^』\n]{1,30}』")
_SECRET = re.compile(r"S(?=[A-Z0-9(])", re.IGNORECASE)


@dataclass(frozen=True)
class Spoken:
    """One dice command in a line: ``start``/``end`` (character offsets of the command and
    its label in the line), ``command`` (as typed, a repetition's two words joined by one
    space), ``label`` (the bracketed word after it, or "") and ``secret`` (``S`` prefix:
    shown to the roller and the KP alone)."""

    start: int
    end: int
    command: str
    label: str
    secret: bool

    @property
    def typed(self) -> str:
        """The command with its label, as a palette line writes it (``CCB<=70 【目星】``)."""
        return f"{self.command} {self.label}" if self.label else self.command


def fill(text: str, value: Callable[[str], int | None]) -> tuple[str, list[str]]:
    """``(text with each known {name} replaced by value(name), the names value() did not
    know)``; an unknown ``{name}`` stays as typed. ``value`` returns an int (a skill %, SAN,
    HP …) or None."""
    unknown: list[str] = []

    def put(match: re.Match) -> str:
        found = value(match.group(1))
        if found is None:
            unknown.append(match.group(1))
            return match.group(0)
        return str(found)
    return PLACEHOLDER.sub(put, text), unknown


def rolls_in(text: str) -> list[Spoken]:
    """Every dice command of ``text`` in order (see the module text); [] for plain speech."""
    words = _words(text)
    lead = len(text) - len(text.lstrip())
    found: list[Spoken] = []
    i = 0
    while i < len(words):
        start, end, word = words[i]
        used = 1
        command = word
        if _REPEAT.fullmatch(normalize_command(word)) and i + 1 < len(words):
            command, end, used = f"{word} {words[i + 1][2]}", words[i + 1][1], 2
        if not _commandish(command, first=start == lead) or not is_dice(command):
            i += 1
            continue
        label = _LABEL.match(text, _skip_spaces(text, end))
        if label is not None:
            end = label.end()
            while i + used < len(words) and words[i + used][0] < end:
                used += 1
        label = label.group() if label else ""
        found.append(Spoken(start, end, command, label, bool(_SECRET.match(normalize_command(command)))))
        i += used
    return found


def _is_command_char(ch: str) -> bool:
    """Whether ``ch`` can be part of a command: a printable ASCII character (full-width
    forms folded) or one of :data:`_COMMAND_SIGNS`."""
    if ch in _COMMAND_SIGNS:
        return True
    folded = unicodedata.normalize("NFKC", ch)
    return len(folded) == 1 and "!" <= folded <= "~"


def _words(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, word)`` of each run of command characters of ``text``, and of each
    other run between spaces (see the module text)."""
    words: list[tuple[int, int, str]] = []
    start = None
    kind = None
    for i, ch in enumerate(text + " "):
        here = None if ch.isspace() else _is_command_char(ch)
        if here != kind:
            if kind is not None:
                words.append((start, i, text[start:i]))
            start, kind = i, here
    return words


def _skip_spaces(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \u3000":
        at += 1
    return at


def _commandish(word: str, first: bool) -> bool:
    """A cheap first test: a command starts with a letter, a digit or a bracket (after
    full-width forms are folded), so most words of Japanese speech are never parsed; past
    the line's first word it holds a digit or is a ``choice`` (a stray 「CC」 or 「ok」 in
    the middle of speech is a word, not a roll)."""
    folded = normalize_command(word)
    head = folded[:1]
    if not (head.isascii() and (head.isalnum() or head in "([")):
        return False
    return first or any(c.isdigit() for c in folded) or folded.upper().startswith(("CHOICE", "SCHOICE"))


def without(text: str, spans: list[Spoken]) -> str:
    """``text`` with the commands ``spans`` cut out (a secret roll's command and label are
    no one's business but the KP's), spaces around the cut folded into one."""
    out, last = [], 0
    for span in sorted(spans, key=lambda s: s.start):
        out.append(text[last:span.start])
        last = span.end
    out.append(text[last:])
    return re.sub(r"[ \u3000]{2,}", " ", "".join(out)).strip()
