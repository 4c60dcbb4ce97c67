"""Messages the bot gave up posting (Discord's 5xx or the network, after every retry):
kept per channel and told to the channel's KP, privately, at their next command or click
there (issue 18, item 5)."""
from __future__ import annotations

from bot.render.reply import Reply, clip

HEADER = "⚠ 通信エラーのため、次のお知らせをチャンネルに投稿できませんでした（KPにだけ表示しています）:"


class Missed:
    """The texts of the public replies that could not be posted, by channel id."""

    def __init__(self) -> None:
        self._by_channel: dict[str, list[str]] = {}

    def note(self, channel: str, replies: list[Reply]) -> None:
        """Keep the texts of ``replies`` (public ones) missed in ``channel``."""
        texts = [r.text for r in replies if not r.ephemeral and not r.edit]
        if texts:
            self._by_channel.setdefault(str(channel), []).extend(texts)

    def take(self, channel: str) -> str | None:
        """The one message telling what was missed in ``channel`` (forgotten now), or None."""
        texts = self._by_channel.pop(str(channel), None)
        if not texts:
            return None
        return clip("\n".join([HEADER, *(f"・{t}" for t in texts)]))

    def __contains__(self, channel: str) -> bool:
        return str(channel) in self._by_channel
