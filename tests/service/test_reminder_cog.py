"""The reminders cog posts what a deadline produced: the old board is edited (no ping)
before the new board is sent and remembered; reminders are new messages that mention."""
from __future__ import annotations

from bot.transports.discord.reminders import Reminders
from bot.render.reply import Reply


class Sent:
    def __init__(self, message_id: int) -> None:
        self.id = message_id


class Channel:
    """A text channel that records what is sent and edited."""

    def __init__(self) -> None:
        self.id = 42
        self.log: list[tuple] = []

    async def send(self, **kwargs):
        self.log.append(("send", kwargs["content"], kwargs["allowed_mentions"].users))
        return Sent(900 + len(self.log))

    def get_partial_message(self, message_id: int):
        channel = self

        class Partial:
            async def edit(self, **kwargs):
                channel.log.append(("edit", message_id, kwargs["content"]))
        return Partial()


class Bot:
    def __init__(self, service, channel: Channel) -> None:
        self.service = service
        self.channel = channel

    def get_channel(self, channel_id: int):
        return self.channel if channel_id == self.channel.id else None

    def get_partial_messageable(self, channel_id: int):
        return self.channel


async def test_the_old_board_is_edited_before_the_new_one_is_remembered(table):
    channel = Channel()
    cog = Reminders(Bot(table.service, channel))
    await table.service.battles.message_sent("42", "board:1", "700")
    replies = [Reply(text="⏰ アリスの手番を待っています", mentions=("123",)),
               Reply(text="新しい状況表", tag="board:1"),
               Reply(text="（この状況表は古くなりました）", edit="board:1")]
    await cog.send("42", replies)
    assert [entry[:2] for entry in channel.log] == [("edit", 700), ("send", "<@123> ⏰ アリスの手番を待っています"),
                                                   ("send", "新しい状況表")]
    assert await table.service.battles.message_id("42", "board:1") == "903"
