"""The table service, storage, rendering and transports (Discord, console) of the bot."""
