"""The transports: Discord and the console turn input into requests and replies into messages."""
