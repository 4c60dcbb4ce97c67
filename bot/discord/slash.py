"""The slash commands, built from :mod:`bot.commands_spec` (the single source of names,
Japanese localisations, descriptions, option types, choices and autocomplete kinds).

``/char …``, ``/battle …`` and ``/kp …`` are groups; the other commands are top level. Every
command runs ``bot.answer(interaction, <English path>, {<English option>: value})``.
"""
from __future__ import annotations

import inspect
import keyword
import discord
from discord import app_commands
from discord.ext import commands

from bot.commands_spec import COMMANDS, Cmd, Opt
from bot.discord import suggest
from bot.discord.translator import ja

GROUP_DESCRIPTIONS = {
    "char": "キャラクターの作成・表示・管理",
    "battle": "このチャンネルの戦闘の作成・参加・進行",
    "kp": "KP（キーパー）用の操作",
}
"""Descriptions of the command groups (the spec lists only their subcommands); a group not
listed here is described as 「<Japanese name>のコマンド」."""

ANYWHERE = frozenset({"roll"})
"""Commands also usable in DMs; all others need a server (characters and battles are per
server and channel)."""

GUILD_ONLY = app_commands.AppCommandContext(guild=True)

TYPES: dict[str, type] = {"str": str, "int": int, "bool": bool}


def parameter_name(option: Opt) -> str:
    """The Python identifier of an option (``class`` → ``class_``); Discord sees the spec's
    name through a rename."""
    return f"{option.name}_" if keyword.iskeyword(option.name) else option.name


def build_command(cmd: Cmd, name: str, ja_name: str, top_level: bool) -> app_commands.Command:
    """The app command of ``cmd`` named ``name`` (the last word of its path); a top-level
    one is limited to servers unless listed in :data:`ANYWHERE`. Raises KeyError for an
    unknown option type or autocomplete kind."""
    by_param = {parameter_name(o): o for o in cmd.options}

    async def callback(interaction: discord.Interaction, **values) -> None:
        options = {by_param[k].name: v for k, v in values.items() if v is not None}
        await interaction.client.answer(interaction, cmd.path, options)

    callback.__signature__ = inspect.Signature(
        [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                           annotation=discord.Interaction)]
        + [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=TYPES[o.type],
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


def build_tree(spec: tuple[Cmd, ...] = COMMANDS) -> list[app_commands.Command | app_commands.Group]:
    """Top-level commands and groups for every command of ``spec``, in spec order. Raises
    ValueError for a path of more than two words (Discord allows deeper nesting, the spec
    does not use it)."""
    top: list[app_commands.Command | app_commands.Group] = []
    groups: dict[str, app_commands.Group] = {}
    for cmd in spec:
        words, ja_words = cmd.path.split(), cmd.ja.split()
        if len(words) > 2 or len(ja_words) != len(words):
            raise ValueError(f"command path {cmd.path!r} / {cmd.ja!r}: one or two words each")
        if len(words) == 1:
            top.append(build_command(cmd, words[0], ja_words[0], top_level=True))
            continue
        group = groups.get(words[0])
        if group is None:
            text = GROUP_DESCRIPTIONS.get(words[0], f"{ja_words[0]}のコマンド")
            group = app_commands.Group(name=ja(words[0], ja_words[0]), description=ja(text, text),
                                       guild_only=True, allowed_contexts=GUILD_ONLY)
            groups[words[0]] = group
            top.append(group)
        group.add_command(build_command(cmd, words[1], ja_words[1], top_level=False))
    return top


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: add every spec command to ``bot.tree``."""
    for command in build_tree():
        bot.tree.add_command(command)


async def teardown(bot: commands.Bot) -> None:
    """Extension exit point: remove the spec commands from ``bot.tree``."""
    for name in {cmd.path.split()[0] for cmd in COMMANDS}:
        bot.tree.remove_command(name)
