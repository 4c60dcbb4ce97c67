"""The console table: the same commands typed in a terminal, as several players at one table
(COMMANDS.md, console contract). It goes through ``Service.handle`` like Discord does."""
