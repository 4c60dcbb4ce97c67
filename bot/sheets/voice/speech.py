"""What a chat line says about the voice it is spoken in (issue 31), as text alone:
out-of-character lines, the expression asked with ``@笑顔`` at the end (as ココフォリア reads
it), a character's proxy prefix (``アリス:``), and the name a post shows."""
from __future__ import annotations

import re
import unicodedata

OOC_MARKS = ("(", "（", "//", "／／")
"""A line that starts with one of these is out of character (a player's aside): never
spoken as the character."""

_FACE = re.compile(r"(?:^|(?<=[^<\w]))[@＠](?P<face>[^\s@＠<>]{1,32})\s*$")
"""``@笑顔`` (or ``＠笑顔``) ending a line; never a mention's ``<@123>``."""

NAME_FORMATS = {"PC": "{pc}", "PCPL": "{pc}（{pl}）"}
"""The names a post shows, by the channel's ``voice_name`` setting: the character's name, or
the character's name and the player's (「アリス（alice）」)."""

MAX_NAME = 80
"""Discord's longest webhook user name (characters)."""

_FORBIDDEN_NAMES = re.compile("discord|clyde", re.IGNORECASE)
"""Words Discord refuses in a webhook's user name."""

MAX_PREFIX = 32
"""The longest proxy prefix (characters)."""


def is_ooc(line: str) -> bool:
    """Whether ``line`` is out of character (starts with one of :data:`OOC_MARKS`)."""
    return line.lstrip().startswith(OOC_MARKS)


def asked_face(line: str) -> str | None:
    """The expression ``line`` ends with (``@笑顔`` → ``笑顔``), whether the character has
    it or not; None when it ends with none."""
    match = _FACE.search(line)
    return match["face"] if match else None


def face_of(line: str, faces: set[str]) -> tuple[str, str]:
    """``(line without the expression, expression)`` when ``line`` ends with ``@name`` of one
    of ``faces`` (the character's variants); else ``(line, "")``, the line as typed (an
    ``@`` that names no variant is part of the speech)."""
    match = _FACE.search(line)
    if match is None or match["face"] not in faces:
        return line, ""
    return line[:match.start()].rstrip(), match["face"]


def folded(text: str) -> str:
    """``text`` as prefixes compare: NFKC (full-width colon and letters folded), no case."""
    return unicodedata.normalize("NFKC", text).casefold()


def strip_prefix(line: str, prefix: str) -> str | None:
    """The rest of ``line`` after ``prefix`` (compared as :func:`folded`), or None when the
    line does not start with it."""
    want = folded(prefix)
    for cut in range(len(prefix), min(len(line), len(prefix) * 2) + 1):
        head = folded(line[:cut])
        if head == want:
            return line[cut:].lstrip()
        if len(head) > len(want):
            break
    return None


def check_prefix(prefix: str) -> str:
    """``prefix`` stripped, or raise ValueError (Japanese) for one that would catch ordinary
    lines: empty, longer than :data:`MAX_PREFIX`, an out-of-character mark, or a slash."""
    prefix = prefix.strip()
    if not prefix:
        raise ValueError("接頭辞が空です（例: prefix:アリス:）。")
    if len(prefix) > MAX_PREFIX:
        raise ValueError(f"接頭辞は{MAX_PREFIX}文字までです。")
    if is_ooc(prefix) or prefix.startswith(("/", "@", "＠")):
        raise ValueError("「(」「（」「//」「/」「@」で始まる接頭辞は使えません（発言の外・コマンド・表情の印です）。")
    return prefix


def shown_name(character: str, player: str, form: str) -> str:
    """The name a post shows for ``character`` spoken by ``player`` in the name ``form`` (a
    key of :data:`NAME_FORMATS`; unknown = PC): at most :data:`MAX_NAME` characters, the
    words Discord refuses in it altered by one letter."""
    name = NAME_FORMATS.get(form, NAME_FORMATS["PC"]).format(pc=character, pl=player or "?")
    name = _FORBIDDEN_NAMES.sub(lambda m: m.group()[0] + "\u0131" + m.group()[2:] if m.group()[1] in "iI"
                                else m.group()[0] + "\u029f" + m.group()[2:], name)
    return name if len(name) <= MAX_NAME else name[:MAX_NAME - 1] + "…"
