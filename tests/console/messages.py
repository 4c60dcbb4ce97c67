"""What the console tests read off the console's messages (``--json`` dicts)."""
from __future__ import annotations


def text(messages: list[dict]) -> str:
    """The texts of ``messages``, one after another, joined by newlines."""
    return "\n".join(m["text"] for m in messages)
