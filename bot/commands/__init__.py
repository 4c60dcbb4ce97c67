"""The command surface: the spec of every command, builders, option readers, permissions, KP settings, requests."""
