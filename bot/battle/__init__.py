"""The battle side: loading, deciding and committing battles, drafts, snapshots, the keeper desk, ending, chat play, declaration buttons, reminders."""
