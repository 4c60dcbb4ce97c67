"""A chat roll in a channel with an open session is one durable write (issue 27): the chat
line's delivery key (issue 18) and the roll's record (issue 19) are taken in one transaction,
and a line delivered again (a RESUME, a second process) is neither recorded nor answered
again (this process knows it in memory and writes nothing; another process finds the key
taken, tests/discord/test_discord_chat_replays.py); a line that rolls nothing (a refusal)
takes the key for its answer alone."""
from __future__ import annotations

from bot.service import Request
from service_table import ALICE, KP, text


def line(text_: str, message_id: str) -> Request:
    return Request(channel="room", user=ALICE, name=ALICE, command="chat", options={"text": text_},
                   request_id=message_id)


class Writes:
    """The names of the write functions the store runs (bot.store.writer: one transaction each)."""

    def __init__(self, store) -> None:
        self.names: list[str] = []
        real = store.writer.run

        def run(fn, *args):
            self.names.append(fn.__name__)
            return real(fn, *args)
        store.writer.run = run


async def records(table) -> list:
    session = (await table.store.sessions.open_sessions())["room"]
    return await table.store.sessions.records(session.id)


async def test_a_roll_and_its_record_are_one_write_and_a_second_delivery_neither(table):
    await table.say(KP, "session start")
    writes = Writes(table.store)
    table.dice.feed(42, 99)
    first = await table.service.handle(line("1D100", "m1"))
    assert text(first) == "alice\n(1D100) ＞ 42"
    assert writes.names == ["_claim_and_record"]
    assert await table.service.handle(line("1D100", "m1")) == []  # the same message again
    assert writes.names == ["_claim_and_record"]  # known in memory (issue 28): not even tried again
    assert [(r.kind, r.text) for r in await records(table)] == [("roll", "alice\n(1D100) ＞ 42")]


async def test_without_a_session_the_key_is_taken_before_the_roll(table):
    writes = Writes(table.store)
    table.dice.feed(42)
    assert text(await table.service.handle(line("1D100", "m2"))) == "alice\n(1D100) ＞ 42"
    assert await table.service.handle(line("1D100", "m2")) == []
    assert writes.names == ["_claim_request"]
    assert table.dice.faces == []


async def test_a_refused_roll_in_a_session_is_answered_once_and_records_nothing(table):
    await table.say(KP, "session start")
    writes = Writes(table.store)
    refusal = await table.service.handle(line("CCB<=-5", "m3"))
    assert text(refusal) == "目標値「-5」では判定できません（目標値は0以上の数にしてください。例: CCB<=50）。何も振っていません。"
    assert await table.service.handle(line("CCB<=-5", "m3")) == []
    assert writes.names == ["_claim_request"]
    assert await records(table) == []


async def test_the_same_message_in_another_process_finds_the_key_taken_with_the_record(table):
    await table.say(KP, "session start")
    table.dice.feed(42)
    assert text(await table.service.handle(line("1D100", "m4"))) == "alice\n(1D100) ＞ 42"
    await table.restart()  # a second process (or the bot after a restart) gets the message again
    writes = Writes(table.store)
    table.dice.feed(77)
    assert await table.service.handle(line("1D100", "m4")) == []
    assert writes.names == ["_claim_and_record"]  # tried in one transaction, which wrote nothing
    assert [(r.kind, r.text) for r in await records(table)] == [("roll", "alice\n(1D100) ＞ 42")]
