"""Parsing console input lines: ``[@channel ]NAME: TEXT`` where TEXT is a slash command as
typed in Discord (English or Japanese names), a button press ``[label]`` or chat."""
from __future__ import annotations

import errno
import re
import shlex
import unicodedata
from dataclasses import dataclass, field

from pathlib import Path

from bot.sheets import attachments
from bot.commands.spec import COMMANDS, Cmd, Opt, check_int
from bot.commands.options import integer
from rules.coc6.character import CHARACTERISTICS
from rules.errors import InvalidInput

_LINE = re.compile(r"^(?:@(?P<channel>\S+)\s+)?(?P<name>[^:：\s][^:：]{0,40}?)\s*[:：]\s?(?P<text>.*)$")
_BUTTON = re.compile(r"^[\[［](?P<label>[^\]］]+)[\]］]$")
_STRAY_KEY = re.compile(r"\s([A-Za-z_][A-Za-z0-9_]*|[^\s\d:：\"'][^\s:：]{0,9})[:：]\S")
FREE_TEXT = frozenset({"command", "data"})
"""Options whose value is free text that may itself contain ``word:`` (a roll's comment, JSON)."""
BARE = {"roll": "command", "check": "skill", "char show": "name", "char growth": "name"}
"""The option a value typed right after the command fills (``/roll 1D100``, ``/check 目星``,
``/char show アリス``, ``/char growth アリス``), as Discord fills a command's first option with what follows it."""


@dataclass(frozen=True)
class Line:
    """A parsed input line: ``channel`` (None = the default), speaker ``name``, and one of
    ``command`` + ``options`` (a slash command), ``button`` (a label) or ``chat`` (text)."""

    channel: str | None
    name: str
    command: str | None = None
    options: dict = field(default_factory=dict)
    button: str | None = None
    chat: str | None = None


class ParseError(Exception):
    """A line the console cannot read; ``str()`` is a Japanese explanation."""


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _paths() -> list[tuple[list[str], Cmd]]:
    table = []
    for cmd in COMMANDS:
        table.append((cmd.path.split(), cmd))
        table.append((cmd.ja.split(), cmd))
    table.sort(key=lambda item: -len(item[0]))
    return table


_PATHS = _paths()


def split_line(raw: str) -> tuple[str | None, str, str]:
    """``(channel, name, text)`` of an input line; raises ParseError without ``NAME:``."""
    match = _LINE.match(raw.strip())
    if not match:
        raise ParseError("「名前: 内容」の形で入力してください（例: alice: /roll CCB<=50）。")
    return match["channel"], match["name"].strip(), match["text"].strip()


def parse_line(raw: str) -> Line:
    """Parse one non-comment, non-blank input line."""
    channel, name, text = split_line(raw)
    button = _BUTTON.match(text)
    if button:
        return Line(channel, name, button=button["label"].strip())
    if text.startswith(("/", "／")):
        command, options = parse_command(text[1:])
        return Line(channel, name, command=command, options=options)
    return Line(channel, name, chat=text)


def parse_command(text: str) -> tuple[str, dict]:
    """``("battle start", {...})`` for a slash command without its ``/``.

    Option values run to the next `` key:`` of a known option of that command, or to the end
    of the line; a value may be quoted. Raises ParseError for an unknown command.
    """
    words = text.split()
    for path, cmd in _PATHS:
        if [_fold(w) for w in words[:len(path)]] == [_fold(p) for p in path]:
            rest = text.split(None, len(path))[len(path)] if len(words) > len(path) else ""
            return cmd.path, _options(cmd, rest)
    head = _fold(words[0]) if words else ""
    subs = [c for c in COMMANDS if " " in c.path and head in (_fold(c.path.split()[0]), _fold(c.ja.split()[0]))]
    if subs:
        group = subs[0].path.split()[0]
        names = "、".join(c.path.split()[1] for c in subs)
        if len(words) == 1:
            raise ParseError(f"/{group} だけでは何をするか分かりません。後ろに続けて書いてください"
                             f"（例: /{group} {subs[0].path.split()[1]}）。続けられるのは: {names}")
        raise ParseError(f"「/{' '.join(words[:2])}」というコマンドはありません。/{group} の後ろに続けられるのは: {names}")
    known = "、".join(sorted({"/" + c.path.split()[0] for c in COMMANDS}))
    raise ParseError(f"「/{words[0] if words else ''}」というコマンドはありません。使えるコマンド: {known}")


def _options(cmd: Cmd, rest: str) -> dict:
    names: dict[str, str] = {}
    for o in cmd.options:
        for spelling in (o.name, o.ja, *o.aliases):
            names[_fold(spelling)] = o.name
    keys = sorted(names, key=len, reverse=True)
    if not keys:
        if rest.strip():
            raise ParseError(f"/{cmd.path} にはオプションがありません。")
        return {}
    pattern = re.compile(r"(?:^|\s)(" + "|".join(re.escape(k) for k in keys) + r")\s*[:：]", re.I)
    folded = unicodedata.normalize("NFKC", rest)
    matches = list(pattern.finditer(folded.casefold()))
    same = len(rest) == len(folded)  # NFKC kept the length: values are cut from the text as typed
    pairs: list[tuple[str, str]] = []
    if rest.strip() and (not matches or folded[:matches[0].start()].strip()):
        cut = matches[0].start() if matches else len(folded)
        head = (rest[:cut] if same else folded[:cut]).strip()
        bare = BARE.get(cmd.path)
        if bare is None or any(names[m.group(1).casefold()] == bare for m in matches):
            raise ParseError(_unreadable(cmd, head))
        pairs.append((bare, head))
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(folded)
        pairs.append((names[m.group(1).casefold()], (rest if same else folded)[m.end():end].strip()))
    pairs = _bare_after_choice(cmd, pairs)
    options: dict[str, str] = {}
    for key, value in pairs:
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = shlex.split(value)[0]
        stray = _STRAY_KEY.search(value) if key not in FREE_TEXT else None
        if stray:
            raise ParseError(_not_an_option(cmd, stray.group(1)))
        options[key] = value
    return _typed(cmd, options)


def _bare_after_choice(cmd: Cmd, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Give the words after a one-word choice to the command's bare option when it is not
    given by name: ``/roll system:coc7 CC<=50`` is ``system:coc7 command:CC<=50``, as
    Discord's client would have it (a choice is one word; what follows is the main option)."""
    bare = BARE.get(cmd.path)
    if bare is None or any(key == bare for key, _ in pairs):
        return pairs
    choosy = {o.name for o in cmd.options if o.choices}
    out: list[tuple[str, str]] = []
    for key, value in pairs:
        words = value.split(None, 1)
        if key in choosy and len(words) == 2 and bare not in dict(out):
            out += [(key, words[0]), (bare, words[1].strip())]
        else:
            out.append((key, value))
    return out


def _not_an_option(cmd: Cmd, key: str) -> str:
    """The refusal of ``key:``, which is none of ``cmd``'s options."""
    return f"「{key}:」は /{cmd.path} のオプションにありません。使えるオプション: " + "、".join(f"{o.name}:" for o in cmd.options)


def _unreadable(cmd: Cmd, head: str) -> str:
    """The refusal of text before a command's first ``key:``: an unknown ``key:`` there is
    named (:func:`_not_an_option`), other text is shown as the value of the command's main
    option in the accepted form."""
    stray = _STRAY_KEY.search(" " + head)
    if stray:
        return _not_an_option(cmd, stray.group(1))
    main = next((o for o in cmd.options if o.required), cmd.options[0])
    shown = head[:30]
    return (f"オプション「{shown}」が読めません。オプションは「名前:値」で書きます（例: /{cmd.path} {main.name}:{shown}）。"
            f"/{cmd.path} のオプション: " + "、".join(f"{o.name}:" for o in cmd.options))


def _typed(cmd: Cmd, options: dict) -> dict:
    """Check and convert the values Discord would type (COMMANDS.md): ranged integers, a
    user (``@name`` or ``name``; the console's user ids are names), a role (``@name``), an
    attachment (a file path; its text is passed as ``data``). Raises ParseError in Japanese."""
    by_name: dict[str, Opt] = {o.name: o for o in cmd.options}
    typed = dict(options)
    for key, value in options.items():
        option = by_name[key]
        if option.type == "int":
            label = key.upper() if key.upper() in CHARACTERISTICS else key
            try:
                number = integer(options, key, label)
            except InvalidInput as exc:
                raise ParseError(str(exc)) from None
            refusal = check_int(option, number, label) if number is not None else None
            if refusal:
                raise ParseError(refusal)
        elif option.type in ("user", "role"):
            typed[key] = value.removeprefix("@").removeprefix("＠").strip()
        elif option.type == "attachment" and attachments.is_picture(cmd.path):  # a portrait (issue 31)
            typed.pop(key)
            typed["image"], typed["image_name"] = read_image(value), Path(value).name
        elif option.type == "attachment":
            typed.pop(key)
            typed["data"] = read_attachment(value)
    return typed


OS_REASONS = {errno.ENOENT: "ファイルがありません", errno.EACCES: "読み取りの権限がありません",
              errno.EISDIR: "フォルダです", errno.ENOTDIR: "途中がフォルダではありません",
              errno.ENAMETOOLONG: "パスが長すぎます"}
"""Japanese reasons for the OS errors a typed path meets (by errno)."""


def os_reason(exc: OSError) -> str:
    """The Japanese reason for ``exc`` (:data:`OS_REASONS`), or a general one with the errno."""
    return OS_REASONS.get(exc.errno, f"読み込めません（エラー番号 {exc.errno}）" if exc.errno else "読み込めません")


def read_attachment(path: str) -> str:
    """The text of the file at ``path`` (what Discord's Attachment option carries), with the
    same size limit and encodings as on Discord (:mod:`bot.sheets.attachments`)."""
    file = Path(path).expanduser()
    try:
        size = file.stat().st_size
        if size > attachments.MAX_IMPORT_BYTES:
            raise ParseError(attachments.too_big(file.name, size))
        return attachments.sheet_text(file.read_bytes(), file.name)
    except OSError as exc:
        raise ParseError(f"ファイル「{path}」を開けません（{os_reason(exc)}）。パスを確かめてください。") from None
    except InvalidInput as exc:
        raise ParseError(str(exc)) from None


def read_image(path: str) -> bytes:
    """The bytes of the picture at ``path`` (``/char portrait file:``), refused over
    bot.sheets.attachments.MAX_IMAGE_BYTES as on Discord."""
    file = Path(path).expanduser()
    try:
        size = file.stat().st_size
        if size > attachments.MAX_IMAGE_BYTES:
            raise ParseError(attachments.too_big_image(file.name, size))
        return file.read_bytes()
    except OSError as exc:
        raise ParseError(f"ファイル「{path}」を開けません（{os_reason(exc)}）。パスを確かめてください。") from None
