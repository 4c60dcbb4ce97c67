"""Entry points used by :mod:`bot.cli`: run the bot, or sync its commands and exit."""
from __future__ import annotations

import asyncio
import logging
import signal

import aiohttp
import discord

from bot.config import Settings
from bot.discord.client import CocBot

log = logging.getLogger(__name__)

BAD_TOKEN = ("Discordにログインできませんでした。DISCORD_TOKEN が正しいか確認してください。"
             "\nLogin failed: check DISCORD_TOKEN.")
UNREACHABLE = ("Discordに接続できませんでした。ネットワークを確認してください。"
               "\nCould not reach Discord: {error}")
NO_INTENT = ("MESSAGE CONTENT INTENT が有効になっていません。Developer Portal の Bot → "
             "Privileged Gateway Intents で有効にしてください。"
             "\nEnable the MESSAGE CONTENT intent in the Developer Portal (Bot → Privileged Gateway Intents).")


async def run_bot(settings: Settings) -> int:
    """Run the bot until SIGINT/SIGTERM; 0 on a clean stop, 1 when Discord refuses the
    token or the intents or cannot be reached. Commands are never synced here (see :func:`sync_commands`)."""
    bot = CocBot(settings.resolved_database_url(), reminder_minutes=settings.turn_reminder_minutes,
                 autoskip_minutes=settings.turn_autoskip_minutes)
    loop = asyncio.get_running_loop()
    handled = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
            handled.append(sig)
        except (NotImplementedError, RuntimeError):
            log.debug("no handler for %s on this platform", sig)
    try:
        async with bot:
            await bot.start(settings.discord_token)
    except discord.LoginFailure:
        print(BAD_TOKEN)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(NO_INTENT)
        return 1
    except (aiohttp.ClientError, OSError) as exc:
        print(UNREACHABLE.format(error=exc))
        return 1
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)
    return 0


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Log in, register the slash commands (to ``guild_id`` with the global ones copied
    there, which shows at once, or globally), print them and exit: 0 on success, 1 on a bad
    token, when Discord cannot be reached or refuses the commands."""
    bot = CocBot(settings.resolved_database_url(), reminder_minutes=settings.turn_reminder_minutes,
                 autoskip_minutes=settings.turn_autoskip_minutes)
    try:
        async with bot:
            await bot.login(settings.discord_token)
            if guild_id:
                guild = discord.Object(id=guild_id)
                bot.tree.copy_global_to(guild=guild)
                synced = await bot.tree.sync(guild=guild)
                where = f"サーバー {guild_id}"
            else:
                synced = await bot.tree.sync()
                where = "全サーバー（反映まで最大1時間かかることがあります）"
    except discord.LoginFailure:
        print(BAD_TOKEN)
        return 1
    except discord.HTTPException as exc:
        print(f"コマンドを登録できませんでした / sync failed: {exc}")
        return 1
    except (aiohttp.ClientError, OSError) as exc:
        print(UNREACHABLE.format(error=exc))
        return 1
    print(f"{len(synced)}個のコマンドを{where}に登録しました:")
    for command in synced:
        print(f"  {command_line(command)}")
    return 0


def command_line(command: discord.app_commands.AppCommand) -> str:
    """``/battle（戦闘）: join, start, …`` for one synced command."""
    japanese = command.name_localizations.get(discord.Locale.japanese)
    name = f"/{command.name}" + (f"（{japanese}）" if japanese and japanese != command.name else "")
    subcommands = [o.name for o in command.options
                   if o.type in (discord.AppCommandOptionType.subcommand,
                                 discord.AppCommandOptionType.subcommand_group)]
    return f"{name}: {', '.join(subcommands)}" if subcommands else name
