"""What the bot does when Discord says a battle's place is gone or closed to it (issue 18,
items 1, 6 and 9): a post refused for lack of permission (403 50013) holds the battle and
tells its KP once, privately; a channel or thread that is unknown (10003), out of reach
(50001) or archived (50083) suspends it (bot.battle.places), as do the gateway's channel
and thread deletions, a thread's archiving and the bot's removal from a guild. A deleted
place is suspended quietly: there is nobody left to tell there.
"""
from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.transports.discord import channel_rights, sending

log = logging.getLogger(__name__)

GONE = frozenset({10003, 50001})
"""Unknown Channel, Missing Access: the place is gone for the bot."""
ARCHIVED = 50083
"""Thread is archived."""
NO_PERMISSION = 50013
"""Missing Permissions."""


def closed(exc: discord.HTTPException) -> bool:
    """Whether ``exc`` says the channel is closed to the bot (gone, archived, no permission)."""
    return exc.code in GONE or exc.code in (ARCHIVED, NO_PERMISSION)


ARCHIVED_AT_NEW = ("このスレッドはアーカイブされているため、戦闘を開けません（ボットは投稿できません）。"
                   "スレッドを再開（アーカイブ解除）してから、もう一度 /battle new を使ってください。")


def join_refused(private: bool, code: int) -> str:
    """What the KP is told when Discord refuses the bot's joining a thread (403 ``code``,
    50001 Missing Access): the permission to grant, in the Japanese client's words, and that
    the battle was not opened (issue 28)."""
    how = ("非公開スレッドでは、ボットのロールに「スレッドの管理」を許可するか、スレッドでボットを @メンションして参加させてください。"
           if private else "ボットのロールに「チャンネルを見る」と「スレッドでメッセージを送信」を許可してください。")
    return (f"⚠ ボットがこのスレッドに参加できませんでした（Discord {code}: アクセス権がありません）。\n{how}\n"
            "参加できないとチャットの宣言を読めず、手番の催促も投稿できないため、戦闘を開きませんでした。"
            "許可してからもう一度 /battle new を使ってください。")


async def enter_thread(interaction: discord.Interaction) -> str | None:
    """At ``/battle new`` in a thread: join it (a private thread sends the bot nothing it is
    not a member of, its chat and reminders would fail); the refusal to show the KP when the
    thread is archived or Discord refuses the join for want of a permission
    (:func:`join_refused`), else None. Another failure to join (5xx, the network) is only
    logged: the battle opens, and a later refusal is handled where it comes."""
    thread = interaction.channel
    if not isinstance(thread, discord.Thread):
        return None
    if thread.archived:
        return ARCHIVED_AT_NEW
    try:
        await thread.join()
    except discord.Forbidden as exc:
        log.warning("joining thread %s refused (Discord %s %s): battle not opened, KP told", thread.id, exc.status, exc.code)
        return join_refused(thread.type is discord.ChannelType.private_thread, exc.code)
    except discord.HTTPException as exc:
        log.warning("could not join thread %s (Discord %s %s)", thread.id, exc.status, exc.code)
    except sending.TRANSIENT as exc:
        log.warning("could not join thread %s (network: %r)", thread.id, exc)
    return None


def archived_notice(channel: str) -> str:
    """What the KP is told when the battle's thread was archived."""
    return (f"<#{channel}> のスレッドがアーカイブされたため、戦闘を中断しました（状態はそのまま保存しています）。\n"
            "スレッドが再開（アーカイブ解除）されると、戦闘も続きから自動で再開します（誰かがスレッドに書き込むだけでも再開されます）。"
            "再開しないときは、スレッドで /battle reopen を使ってください。")


async def tell_keeper(client: discord.Client, keeper: str | None, text: str,
                      interaction: discord.Interaction | None = None) -> bool:
    """Tell the KP ``text`` privately: an ephemeral followup when ``interaction`` is the
    KP's, else a DM. False (logged) when neither could be sent."""
    if not keeper or not str(keeper).isdigit():
        return False
    try:
        if interaction is not None and str(interaction.user.id) == str(keeper):
            await interaction.followup.send(text, ephemeral=True)
            return True
        user = client.get_user(int(keeper)) or await client.fetch_user(int(keeper))
        await user.send(text)
        return True
    except discord.HTTPException as exc:
        log.warning("could not tell KP %s privately (Discord %s %s)", keeper, exc.status, exc.code)
        return False
    except sending.TRANSIENT as exc:
        log.warning("could not tell KP %s privately (network: %r)", keeper, exc)
        return False


async def refused(client: discord.Client, channel_id: int, exc: discord.HTTPException,
                  interaction: discord.Interaction | None = None) -> None:
    """React to Discord refusing a post or edit in ``channel_id`` with ``exc``: suspend the
    battle for a place gone or archived, hold it and tell the KP once for a lost
    permission; other refusals change nothing."""
    service = getattr(client, "service", None)
    if service is None:
        return
    channel = str(channel_id)
    if exc.code in GONE or (isinstance(exc, discord.NotFound) and exc.code in (0, 10003)):
        await suspended(client, channel, "unreachable (Discord %s %s)" % (exc.status, exc.code))
    elif exc.code == ARCHIVED:
        record = await suspended(client, channel, "archived")
        if record is not None:
            await tell_keeper(client, record.keeper, archived_notice(channel), interaction)
    elif exc.code == NO_PERMISSION:
        keeper = await service.places.hold(channel)  # the KP to tell, once (kept with the battle)
        if keeper is not None:
            log.warning("posting refused in channel %s (Discord 403 50013): battle held, KP told", channel)
            await tell_keeper(client, keeper, channel_rights.lost(channel, exc.code), interaction)


async def suspended(client: discord.Client, channel: str, why: str):
    """Suspend the battle of ``channel``, with one log line; its record, or None."""
    record = await client.service.places.suspend(channel)
    if record is not None:
        log.warning("battle %s in channel %s suspended: %s", record.id, channel, why)
    return record


class Places(commands.Cog):
    """Gateway events that take a battle's place away."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel deleted: its battle is suspended, quietly."""
        await suspended(self.bot, str(channel.id), "channel deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread deleted (cached or not): its battle is suspended, quietly."""
        await suspended(self.bot, str(payload.thread_id), "thread deleted")

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread archived: its battle is suspended and the KP told how to resume."""
        if not payload.data.get("thread_metadata", {}).get("archived"):
            return  # open again: bot.transports.discord.reopen
        channel = str(payload.thread_id)
        record = await suspended(self.bot, channel, "thread archived")
        if record is not None:
            await tell_keeper(self.bot, record.keeper, archived_notice(channel))

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left or was removed from a guild: every battle there is suspended."""
        for record in await self.bot.service.places.suspend_guild(str(guild.id)):
            log.warning("battle %s in channel %s suspended: removed from guild %s", record.id, record.channel, guild.id)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (bot.transports.discord.extensions.EXTENSIONS)."""
    await bot.add_cog(Places(bot))
