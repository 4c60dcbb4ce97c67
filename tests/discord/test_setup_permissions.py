"""Trial 9, G22: the no-token setup text lists the same bot permissions as the README's
step 3, from one source (bot.cli.INVITE_PERMISSIONS), and every permission a battle's
channel is checked for (channel_rights) is among them."""
from __future__ import annotations

import re
from pathlib import Path

from bot.cli import INVITE_PERMISSIONS, NO_TOKEN
from bot.transports.discord import channel_rights

ROOT = Path(__file__).resolve().parents[2]


def test_the_no_token_text_names_the_readme_permissions():
    readme = re.sub(r"\n\s+", " ", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert f"権限に {INVITE_PERMISSIONS}を選び" in readme
    assert f"   権限: {INVITE_PERMISSIONS} を選んで招待" in NO_TOKEN
    assert "Use Slash Commands" not in NO_TOKEN  # not a bot permission Discord still lists
    english = {"view_channel": "View Channels", "send_messages": "Send Messages", "embed_links": "Embed Links",
               "attach_files": "Attach Files", "read_message_history": "Read Message History",
               "send_messages_in_threads": "Send Messages in Threads"}
    for name, _ja, _why in channel_rights.NEEDED + (channel_rights.IN_THREADS,):
        assert english[name] in INVITE_PERMISSIONS
