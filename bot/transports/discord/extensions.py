"""The extensions (cogs) the bot loads in ``setup_hook``, in order. Each module defines
``async def setup(bot)``; together the command cogs register every command of the spec."""

COMMAND_EXTENSIONS: list[str] = [
    "bot.transports.discord.dice",
    "bot.transports.discord.characters",
    "bot.transports.discord.battle",
    "bot.transports.discord.keeper",
    "bot.transports.discord.sessions",
    "bot.transports.discord.sanity",
    "bot.transports.discord.voice_menu",
]
"""The slash-command cogs: all that ``python -m bot sync`` loads."""

EXTENSIONS: list[str] = [
    *COMMAND_EXTENSIONS,
    "bot.transports.discord.chat",
    "bot.transports.discord.reminders",
    "bot.transports.discord.places",
    "bot.transports.discord.reopen",
]
"""Everything a running bot loads (chat dice and the deadline dispatcher need the service)."""
