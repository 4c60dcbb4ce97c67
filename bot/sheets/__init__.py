"""The sheet side: characters, checks and rolls outside battle, import, export and fetch of sheets, names, attachments."""
