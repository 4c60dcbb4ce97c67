"""The Discord transport: slash commands built from :mod:`bot.commands_spec`, persistent
buttons, chat dice, and delivery of the service's replies as Discord messages.

Entry points live in :mod:`bot.discord.run` (``run_bot``, ``sync_commands``); the bot class
in :mod:`bot.discord.client`.
"""
