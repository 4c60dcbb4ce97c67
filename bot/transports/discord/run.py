"""Entry points used by :mod:`bot.cli`: run the bot, or sync its commands and exit."""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import signal
import sys
from collections.abc import Awaitable

import aiohttp
import discord

from bot.config import Settings
from bot.transports.discord.client import CocBot

log = logging.getLogger(__name__)

BAD_TOKEN = ("Discordにログインできませんでした。DISCORD_TOKEN が正しいか確認してください。"
             "\nLogin failed: check DISCORD_TOKEN.")
UNREACHABLE = ("Discordに接続できませんでした。ネットワークを確認してください。"
               "\nCould not reach Discord: {error}")
SYNC_FORBIDDEN = ("サーバー {guild} にコマンドを登録できませんでした: ボットがそのサーバーにいないか、"
                  "applications.commands のスコープなしで招待されています。招待URLを作り直して招待してください。"
                  "\nSync refused ({error}): is the bot in that server, invited with the applications.commands scope?")
NO_INTENT = ("MESSAGE CONTENT INTENT が有効になっていません。Developer Portal の Bot → "
             "Privileged Gateway Intents で有効にしてください。"
             "\nEnable the MESSAGE CONTENT intent in the Developer Portal (Bot → Privileged Gateway Intents).")


LOGIN_REFUSED = ("Discordがログインを受け付けませんでした（{status} {reason}）。しばらくしてからもう一度起動してください。"
                 " / Discord refused the login; try again later.")


CHAT_OFF_LOG = ("MESSAGE CONTENT INTENT が無効のため、チャットの宣言・ダイスを読まずに起動します（スラッシュコマンドとボタンは"
                "使えます。KPには /help と /battle new・start で伝えます）。有効にするには Developer Portal → Bot → "
                "Privileged Gateway Intents で MESSAGE CONTENT INTENT をオンにして再起動してください。"
                " / Starting without the Message Content intent: chat declarations are off until it is enabled.")
"""The one log line of a start without the Message Content intent (issue 28)."""


def make_bot(settings: Settings, serve: bool = True, chat: bool = True) -> CocBot:
    """The bot of ``settings`` (database, turn timings, shards); ``serve=False`` for sync;
    ``chat=False`` without the Message Content intent."""
    return CocBot(settings.resolved_database_url() if serve else "", reminder_minutes=settings.turn_reminder_minutes,
                  autoskip_minutes=settings.turn_autoskip_minutes, shard_ids=settings.shard_ids,
                  shard_count=settings.shard_count, serve=serve, chat=chat, portrait_url=settings.portrait_url or None,
                  portrait_port=settings.portrait_port, portrait_host=settings.portrait_host)


def explain(exc: BaseException) -> str | None:
    """The one-paragraph explanation (Japanese, then English) of a failure to log in or
    connect, or None for a failure that is a bug (it keeps its traceback)."""
    if isinstance(exc, discord.LoginFailure):
        return BAD_TOKEN
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return NO_INTENT
    if isinstance(exc, discord.HTTPException):
        return LOGIN_REFUSED.format(status=exc.status, reason=(exc.text or getattr(exc.response, "reason", "") or "").strip())
    if isinstance(exc, (aiohttp.ClientError, OSError, discord.GatewayNotFound)):
        return UNREACHABLE.format(error=exc)
    return None


async def run_bot(settings: Settings) -> int:
    """Run the bot until SIGINT/SIGTERM; 0 on a clean stop, 1 when Discord refuses the
    token or the login (a 5xx), or cannot be reached, with one explanation on stderr.
    Without the Message Content intent (the gateway closes with 4014 when it is not
    enabled in the Developer Portal) the bot starts again without it, with one log line
    (:data:`CHAT_OFF_LOG`): slash commands work, chat declarations wait for the intent.
    Commands are never synced here (see :func:`sync_commands`)."""
    loop = asyncio.get_running_loop()
    running: list[CocBot] = []
    stopping: list[int] = []

    def stop() -> None:
        stopping.append(1)
        if running:
            asyncio.ensure_future(running[-1].close())

    handled = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop)
            handled.append(sig)
        except (NotImplementedError, RuntimeError):
            log.debug("no handler for %s on this platform", sig)
    try:
        for chat in (True, False):
            bot = make_bot(settings, chat=chat)
            running.append(bot)
            try:
                async with bot:
                    started = await explained(bot.start(settings.discord_token))
            except discord.PrivilegedIntentsRequired as exc:
                if chat and not stopping:
                    log.warning(CHAT_OFF_LOG)
                    continue
                print(explain(exc), file=sys.stderr)
                return 1
            return 0 if started else 1
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)
    return 1


async def explained(work: Awaitable) -> bool:
    """Await ``work`` (logging in, connecting); True when it completed, False with its
    explanation (:func:`explain`) on stderr when Discord refused or could not be reached.
    Any other failure is a bug and propagates with its traceback."""
    try:
        await work
    except discord.PrivilegedIntentsRequired:
        raise  # run_bot starts without the Message Content intent
    except Exception as exc:
        text = explain(exc)
        if text is None:
            raise
        print(text, file=sys.stderr)
        return False
    return True


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Log in, register the slash commands (to ``guild_id`` with the global ones copied
    there, which shows at once, or globally), print them and exit: 0 on success, 1 on a bad
    token, when Discord cannot be reached or refuses the commands. Only the command cogs are
    loaded: no database is opened, no reminder is fired."""
    async def register(tree: discord.app_commands.CommandTree):
        if not guild_id:
            return await tree.sync(), "全サーバー（反映まで最大1時間かかることがあります）"
        guild = discord.Object(id=guild_id)
        tree.copy_global_to(guild=guild)
        return await tree.sync(guild=guild), f"サーバー {guild_id}"

    async def register_and_look(tree: discord.app_commands.CommandTree):
        synced, where = await register(tree)
        return synced, where, await registrations(tree, guild_id)

    done = await _with_tree(settings, guild_id, register_and_look, "コマンドを登録できませんでした / sync failed")
    if done is None:
        return 1
    synced, where, found = done
    print(f"{len(synced)}個のコマンドを{where}に登録しました:")
    for command in synced:
        print(f"  {command_line(command)}")
    for line in registered_lines(found):
        print(line)
    return 0


GUILDS_CHECKED = 100
"""After a global sync, how many of the bot's servers are checked for commands of their own."""


@dataclasses.dataclass(frozen=True)
class Registrations:
    """What Discord holds after a sync (issue 28): ``global_count`` commands for every
    server, ``guilds`` ``(id, name, count)`` with commands of their own, ``unchecked``
    servers not looked at (past :data:`GUILDS_CHECKED`), ``error`` when looking failed."""

    global_count: int
    guilds: list[tuple[int, str, int]]
    unchecked: int = 0
    error: str = ""


async def registrations(tree: discord.app_commands.CommandTree, guild_id: int | None) -> Registrations:
    """Look up what is registered where: the global commands, and those of ``guild_id``
    (a guild sync) or of each of the bot's servers (a global sync, up to
    :data:`GUILDS_CHECKED`). A lookup Discord or the network refuses is told, not raised."""
    client = tree.client
    try:
        global_count = len(await tree.fetch_commands())
        if guild_id:
            guilds = [(guild_id, "", len(await tree.fetch_commands(guild=discord.Object(id=guild_id))))]
            return Registrations(global_count, [g for g in guilds if g[2]])
        servers = [g async for g in client.fetch_guilds(limit=GUILDS_CHECKED + 1)]
        guilds = [(g.id, g.name, len(await tree.fetch_commands(guild=g))) for g in servers[:GUILDS_CHECKED]]
    except discord.HTTPException as exc:
        return Registrations(0, [], error=f"Discord {exc.status} {exc.code}")
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
        return Registrations(0, [], error=repr(exc))
    return Registrations(global_count, [g for g in guilds if g[2]], unchecked=max(0, len(servers) - GUILDS_CHECKED))


CLEAR_GUILD = "bash scripts/run.sh sync --clear-guild {guild}（Docker では python -m bot sync --clear-guild {guild}）"


def registered_lines(found: Registrations) -> list[str]:
    """The lines sync prints about what is registered where, with the cleanup of a server
    that shows every command twice (its own copy beside the global ones)."""
    if found.error:
        return [f"（ほかに登録されているコマンドは確かめられませんでした: {found.error}）"]
    places = [f"全サーバー向け {found.global_count}個"]
    places += [f"サーバー {gid}{f'（{name}）' if name else ''}専用 {count}個" for gid, name, count in found.guilds]
    lines = ["登録先: " + "、".join(places)]
    for gid, name, _count in found.guilds if found.global_count else ():
        lines += [f"⚠ サーバー {gid}{f'（{name}）' if name else ''}では、全サーバー向けとサーバー専用の両方があるため、"
                  "コマンドが2つずつ表示されます。サーバー専用の登録を消すには（全サーバー向けは残ります）:",
                  "  " + CLEAR_GUILD.format(guild=gid)]
    if found.unchecked:
        lines.append(f"（ほかの {found.unchecked} サーバーは確かめていません）")
    return lines


async def clear_guild_commands(settings: Settings, guild_id: int) -> int:
    """Log in and remove the commands registered to ``guild_id`` only (a guild sync's copy,
    shown twice once the global commands arrive); the global ones stay. 0 on success, 1 as
    :func:`sync_commands` fails."""
    async def clear(tree: discord.app_commands.CommandTree):
        guild = discord.Object(id=guild_id)
        tree.clear_commands(guild=guild)
        await tree.sync(guild=guild)
        return await registrations(tree, guild_id)

    found = await _with_tree(settings, guild_id, clear, "コマンドを消せませんでした / clearing failed")
    if found is None:
        return 1
    print(f"サーバー {guild_id} に登録したコマンドを消しました（全サーバー向けのコマンドはそのまま使えます）。")
    for line in registered_lines(found):
        print(line)
    return 0


async def _with_tree(settings: Settings, guild_id: int | None, work, failed: str):
    """Log in with only the command cogs (no database, no reminder) and ``await
    work(tree)``; its result, or None with one explanation on stderr when the token is
    refused, Discord cannot be reached or refuses the change (``failed`` heads that line)."""
    bot = make_bot(settings, serve=False)
    async with bot:
        if not await explained(bot.login(settings.discord_token)):
            return None
        try:
            return await work(bot.tree)
        except discord.Forbidden as exc:
            print(SYNC_FORBIDDEN.format(guild=guild_id, error=exc.text), file=sys.stderr)
        except discord.HTTPException as exc:
            print(f"{failed}: {exc.status} {exc.text}", file=sys.stderr)
        except (aiohttp.ClientError, OSError) as exc:
            print(UNREACHABLE.format(error=exc), file=sys.stderr)
    return None


def command_line(command: discord.app_commands.AppCommand) -> str:
    """``/battle（戦闘）: join, start, …`` for one synced command; a message menu as
    ``メッセージのメニュー「発言を編集」``."""
    japanese = command.name_localizations.get(discord.Locale.japanese)
    if command.type is discord.AppCommandType.message:
        return f"メッセージのメニュー「{japanese or command.name}」"
    name = f"/{command.name}" + (f"（{japanese}）" if japanese and japanese != command.name else "")
    subcommands = [o.name for o in command.options
                   if o.type in (discord.AppCommandOptionType.subcommand,
                                 discord.AppCommandOptionType.subcommand_group)]
    return f"{name}: {', '.join(subcommands)}" if subcommands else name
