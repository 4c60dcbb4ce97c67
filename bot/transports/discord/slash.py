"""The slash commands, built from :mod:`bot.commands.spec` (the single source of names,
Japanese localisations, descriptions, option types and ranges, choices and autocomplete
kinds).

``/char …``, ``/battle …`` and ``/kp …`` are groups; the other commands are top level. The
cogs (:mod:`bot.transports.discord.dice`, ``characters``, ``battle``, ``keeper``) hold them as class
attributes made by :func:`command` and :func:`group`. Every command runs
``bot.answer(interaction, <English path>, {<English option>: value})`` with typed values
already reduced to what the service takes (a Member or Role → its id; an Attachment stays an
Attachment until the interaction is acknowledged, then its text becomes ``data``).
"""
from __future__ import annotations

import inspect
import keyword

import discord
from discord import app_commands

from bot.commands.spec import BY_PATH, COMMANDS, Cmd, Opt
from bot.transports.discord import suggest
from bot.transports.discord.translator import ja

GROUP_DESCRIPTIONS = {
    "char": "キャラクターの作成・表示・管理",
    "battle": "このチャンネルの戦闘の作成・参加・進行",
    "kp": "KP（キーパー）用の操作",
    "session": "セッション（一晩の遊び）の開始・終了・ログと出目の集計",
    "san": "正気度ロールの減少・ゲーム内の時間・シートの状態（狂気）",
    "table": "サーバーの表（BCDiceの表の形式）の登録・一覧・ロール",
}
"""Descriptions of the command groups (the spec lists only their subcommands); a group not
listed here is described as 「<Japanese name>のコマンド」."""

ANYWHERE = frozenset({"roll"})
"""Commands also usable in DMs; all others need a server (characters and battles are per
server and channel)."""

GUILD_ONLY = app_commands.AppCommandContext(guild=True)

TYPES: dict[str, type] = {"str": str, "int": int, "bool": bool, "user": discord.Member,
                          "role": discord.Role, "attachment": discord.Attachment}
"""The spec's option types as discord.py annotations (an int with a range becomes
``app_commands.Range``)."""


class RefusedValue(app_commands.AppCommandError):
    """A typed value the bot does not take (e.g. a bot as the new KP); ``str()`` is the
    Japanese message shown to the user."""


def parameter_name(option: Opt) -> str:
    """The Python identifier of an option (``class`` → ``class_``); Discord sees the spec's
    name through a rename."""
    return f"{option.name}_" if keyword.iskeyword(option.name) else option.name


def annotation(option: Opt):
    """The discord.py annotation of ``option``: its type, or ``Range[int, low, high]``."""
    if option.type == "int" and (option.low is not None or option.high is not None):
        return app_commands.Range[int, option.low, option.high]
    return TYPES[option.type]


def service_value(option: Opt, value):
    """What the service receives for a typed value: a user's or role's id as text; other
    values unchanged. Raises RefusedValue for a bot account given as a user."""
    if isinstance(value, (discord.Member, discord.User)):
        if value.bot:
            raise RefusedValue(f"{option.name}: にはボットではなく参加者を指定してください。")
        return str(value.id)
    if isinstance(value, discord.Role):
        return str(value.id)
    return value


def build_command(cmd: Cmd, name: str, ja_name: str, top_level: bool) -> app_commands.Command:
    """The app command of ``cmd`` named ``name`` (the last word of its path), usable as a
    cog attribute (its callback takes the cog first); a top-level one is limited to servers
    unless listed in :data:`ANYWHERE`. Raises KeyError for an unknown autocomplete kind."""
    by_param = {parameter_name(o): o for o in cmd.options}

    async def callback(cog, interaction: discord.Interaction, **values) -> None:
        options = {by_param[k].name: service_value(by_param[k], v) for k, v in values.items() if v is not None}
        await interaction.client.answer(interaction, cmd.path, options)

    callback.__qualname__ = f"SpecCog.{name}"  # a method: discord.py passes the cog first
    callback.__signature__ = inspect.Signature(
        [inspect.Parameter("cog", inspect.Parameter.POSITIONAL_OR_KEYWORD),
         inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                           annotation=discord.Interaction)]
        + [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=annotation(o),
                             **({} if o.required else {"default": None}))
           for p, o in by_param.items()])
    if by_param:
        app_commands.describe(**{p: ja(o.desc, o.desc) for p, o in by_param.items()})(callback)
        app_commands.rename(**{p: ja(o.name, o.ja) for p, o in by_param.items()})(callback)
    choices = {p: [app_commands.Choice(name=ja(value, label), value=value) for value, label in o.choices]
               for p, o in by_param.items() if o.choices}
    if choices:
        app_commands.choices(**choices)(callback)
    completers = {p: suggest.PROVIDERS[o.autocomplete] for p, o in by_param.items() if o.autocomplete}
    if completers:
        app_commands.autocomplete(**completers)(callback)
    if top_level and cmd.path not in ANYWHERE:
        app_commands.guild_only()(callback)
    return app_commands.Command(name=ja(name, ja_name), description=ja(cmd.desc, cmd.desc),
                                callback=callback, extras={"path": cmd.path})


def _check_path(cmd: Cmd) -> None:
    words, ja_words = cmd.path.split(), cmd.ja.split()
    if len(words) > 2 or len(ja_words) != len(words):
        raise ValueError(f"command path {cmd.path!r} / {cmd.ja!r}: one or two words each")


def command(path: str, spec: tuple[Cmd, ...] = COMMANDS) -> app_commands.Command:
    """The top-level command ``path`` of ``spec`` (``"roll"``, ``"attack"``)."""
    cmd = next(c for c in spec if c.path == path)
    _check_path(cmd)
    return build_command(cmd, cmd.path, cmd.ja, top_level=True)


def group(name: str, spec: tuple[Cmd, ...] = COMMANDS) -> app_commands.Group:
    """The group ``name`` (``"char"``, ``"battle"``, ``"kp"``) with every ``name …``
    subcommand of ``spec``, in spec order. Raises ValueError for a path of more than two
    words (Discord allows deeper nesting, the spec does not use it)."""
    members = [c for c in spec if c.path.split()[0] == name and " " in c.path]
    for cmd in members:
        _check_path(cmd)
    ja_name = members[0].ja.split()[0]
    text = GROUP_DESCRIPTIONS.get(name, f"{ja_name}のコマンド")
    result = app_commands.Group(name=ja(name, ja_name), description=ja(text, text),
                                guild_only=True, allowed_contexts=GUILD_ONLY)
    for cmd in members:
        result.add_command(build_command(cmd, cmd.path.split()[1], cmd.ja.split()[1], top_level=False))
    return result


def build_tree(spec: tuple[Cmd, ...] = COMMANDS) -> list[app_commands.Command | app_commands.Group]:
    """Top-level commands and groups for every command of ``spec``, in spec order (what the
    cogs together register). Raises ValueError for a malformed path."""
    top: list[app_commands.Command | app_commands.Group] = []
    seen: set[str] = set()
    for cmd in spec:
        _check_path(cmd)
        head = cmd.path.split()[0]
        if head in seen:
            continue
        seen.add(head)
        top.append(command(cmd.path, spec) if " " not in cmd.path else group(head, spec))
    return top


def spec_of(path: str) -> Cmd | None:
    """The spec entry of an English command path (None for ``button``)."""
    return BY_PATH.get(path)
