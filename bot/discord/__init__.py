"""The Discord transport: an ``AutoShardedBot`` (:mod:`bot.discord.client`) whose cogs are
``dice``, ``characters``, ``battle``, ``keeper`` (slash commands built from
:mod:`bot.commands_spec` by :mod:`bot.discord.slash`), ``chat`` (chat dice and declarations)
and ``reminders`` (the turn-deadline dispatcher); persistent buttons; every interaction
acknowledged at once (:mod:`bot.discord.acknowledge`); the service's replies delivered as
Discord messages within Discord's limits (:mod:`bot.discord.delivery`, ``messages``).

Entry points live in :mod:`bot.discord.run` (``run_bot``, ``sync_commands``).
"""
