"""The extensions (cogs) the bot loads in ``setup_hook``, in order. Append a module path to
add an area (each module defines ``async def setup(bot)``)."""

EXTENSIONS: list[str] = [
    "bot.discord.slash",
    "bot.discord.chat",
    "bot.discord.reminders",
]
