"""A request looks its channel's battle up once (issue 27): the permission check, the handler
and the sheet side ask, the database is read at most once per request; the answer held for
the request is the database's, and the next request reads again (a battle another process
opened meanwhile is seen at once)."""
from __future__ import annotations

import pytest

from bot.service import Request, Service
from bot.store import Store
from service_table import ALICE, KP, FeedDice, refused, text


def battle_reads(statements: list[str]) -> list[str]:
    """The look-ups of a channel's active battle among ``statements``."""
    return [s for s in statements if "FROM battles" in s and "status" in s.split("WHERE", 1)[-1]]


def roll(user: str, text_: str, channel: str = "room") -> Request:
    return Request(channel=channel, user=user, name=user, command="chat", options={"text": text_})


async def test_a_chat_roll_without_a_battle_reads_the_channel_once(table):
    seen: list[str] = []
    table.store.reads.on_statement(seen.append)
    table.dice.feed(45)
    replies = await table.service.handle(roll(ALICE, "CCB<=60"))
    assert text(replies) == "alice\n(1D100<=60) ＞ 45 ＞ 成功"
    assert len(battle_reads(seen)) == 1  # before issue 27: the desk, the keeper and the edition: 3


async def test_commands_of_a_request_share_the_look_up_and_the_next_request_reads_again(table):
    seen: list[str] = []
    table.store.reads.on_statement(seen.append)
    assert refused(await table.say(ALICE, "end"))  # permission check and handler: one read
    assert len(battle_reads(seen)) == 1
    await table.say(KP, "battle new")  # a new request: read again (none), then opened
    assert len(battle_reads(seen)) == 2
    seen.clear()
    assert text(await table.say(KP, "battle start")) == "参加者がいません。/battle join や /battle add で参加させてください。"
    assert len(battle_reads(seen)) == 1  # kept from its opening; a refusal is checked once against the database


@pytest.fixture
async def other(table):
    """A second service (another process) over the table's database."""
    service = Service(Store(table.url), FeedDice(), clock=table.clock)
    yield service
    await service.store.close()


async def test_a_battle_opened_by_another_process_is_seen_by_the_next_request(table, other):
    start = Request(channel="room", user=KP, name=KP, command="battle start")
    assert text(await other.handle(start)) == ("このチャンネルには進行中の戦闘がありません。/battle new で開いてください"
                                               "（終えた戦闘はKPが /battle reopen で再開できます）。")
    await table.say(KP, "battle new")  # this process opens it; the other read "no battle" before
    assert text(await other.handle(start)) == "参加者がいません。/battle join や /battle add で参加させてください。"


async def test_a_palette_roll_that_marks_growth_reads_the_channels_battles_once(table):
    # the growth mark asks for the channel's latest battle (its KP's rolls mark nothing): it
    # comes with the active-battle look-up, one statement for both
    await table.say(ALICE, "char new", name="アリス", str="12", con="13", pow="11", dex="14", app="10",
                    siz="13", int="13", edu="15")
    seen: list[str] = []
    table.store.reads.on_statement(seen.append)
    table.dice.feed(45)
    replies = await table.service.handle(roll(ALICE, "CCB<=60 【目星】"))
    assert "📈 アリス〈目星〉に成長の印" in text(replies)
    assert len([s for s in seen if "FROM battles" in s]) == 1
