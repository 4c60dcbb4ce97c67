"""The Discord transport: an ``AutoShardedBot`` (:mod:`bot.transports.discord.client`) whose cogs are
``dice``, ``characters``, ``battle``, ``keeper`` (slash commands built from
:mod:`bot.commands.spec` by :mod:`bot.transports.discord.slash`), ``chat`` (chat dice and declarations)
and ``reminders`` (the turn-deadline dispatcher); persistent buttons; every interaction
acknowledged at once (:mod:`bot.transports.discord.acknowledge`); the service's replies delivered as
Discord messages within Discord's limits (:mod:`bot.transports.discord.delivery`, ``messages``).

Entry points live in :mod:`bot.transports.discord.run` (``run_bot``, ``sync_commands``).
"""
