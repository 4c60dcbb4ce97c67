"""Chat across a stop (issue 28, "Lost"): the bot stops reading the gateway first, answers
every line it had taken, and the next start reads back from the channel's history what was
written meanwhile (also a line that reached the stopping bot too late), in order, once, and
tells the channel about lines too old to answer. Then the container's stop itself: SIGTERM
with chat arriving throughout, within the documented grace period, loses no line and
doubles none."""
from __future__ import annotations

import asyncio
import itertools
import os
import re
import signal
from datetime import datetime, timedelta, timezone
from pathlib import Path

import discord

import discord_gateway as gateway
from bot.config import Settings, sqlite_url
from bot.service import Service
from bot.transports.discord import catch_up, client
from bot.transports.discord.client import CocBot
from bot.transports.discord.run import run_bot
from discord_harness import connected, feed

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
ROOT = Path(__file__).resolve().parents[2]
_ticks = itertools.count(1)


def line(text: str, who: str = "alice", ago: timedelta = timedelta(0)) -> dict:
    """A MESSAGE_CREATE written ``ago`` before now, its id a snowflake of that time (as Discord's are)."""
    data = gateway.message_create(who, text)
    data["id"] = str(discord.utils.time_snowflake(datetime.now(timezone.utc) - ago) + next(_ticks))
    return data


def answers(calls) -> list[tuple[str, str]]:
    """``(id of the line answered, first line of the answer)`` of the chat replies among ``calls``."""
    return [(str(c.message["message_reference"]["message_id"]), c.content.split("\n")[-1]) for c in calls
            if c.method == "POST" and c.path == CHANNEL_MESSAGES and (c.message or {}).get("message_reference")]


async def test_lines_written_while_the_bot_was_stopped_are_answered_after_the_restart_in_order(make_bot, fake):
    harness = await make_bot([11])
    first = fake.said(line("1D100"))
    assert answers(await harness.dispatch("MESSAGE_CREATE", first)) == [(first["id"], "(1D100) ＞ 11")]
    await harness.stop()
    second, third = fake.said(line("1D100")), fake.said(line("1D6"))  # nobody reads them now
    before = len(fake.calls)
    await make_bot([22, 3])
    assert answers(fake.calls[before:]) == [(second["id"], "(1D100) ＞ 22"), (third["id"], "(1D6) ＞ 3")]
    reads = [c for c in fake.calls[before:] if c.method == "GET" and c.path == CHANNEL_MESSAGES]
    assert [int(c.params["after"]) for c in reads] == [int(first["id"])]  # read on from the last line taken


async def test_a_line_in_flight_when_the_stop_begins_is_answered_before_the_bot_closes(make_bot, fake):
    harness = await make_bot([11, 4])
    service, entered = harness.bot.service, asyncio.Event()
    real = service.handle

    async def slow(request):
        entered.set()
        await asyncio.sleep(0.3)
        return await real(request)

    service.handle = slow
    taken = fake.said(line("1D100"))
    start = len(fake.calls)
    answering = asyncio.create_task(harness.dispatch("MESSAGE_CREATE", taken))
    await asyncio.wait_for(entered.wait(), 2)
    stopping = asyncio.create_task(harness.bot.close())
    await asyncio.sleep(0.05)
    assert harness.bot.reading is False  # the gateway is no longer read
    in_flight = fake.said(line("1D6"))  # read off the socket before it closed
    await harness.dispatch("MESSAGE_CREATE", in_flight)
    await answering
    await stopping
    assert answers(fake.calls[start:]) == [(taken["id"], "(1D100) ＞ 11"), (in_flight["id"], "(1D6) ＞ 4")]
    before = len(fake.calls)
    await make_bot([99])
    assert answers(fake.calls[before:]) == []  # nothing twice


async def test_a_line_that_comes_after_the_stop_waited_is_answered_after_the_restart(make_bot, fake, monkeypatch):
    harness = await make_bot([11])
    real_keep = client.keep_marks
    seen: list = []
    late: list[dict] = []

    async def keep_after_a_late_line(bot, ledger, stopped_at):
        late.append(fake.said(line("1D6")))
        seen.extend(await harness.dispatch("MESSAGE_CREATE", late[0]))  # the wait is over: not taken
        return await real_keep(bot, ledger, stopped_at)

    monkeypatch.setattr(client, "keep_marks", keep_after_a_late_line)
    await harness.dispatch("MESSAGE_CREATE", fake.said(line("1D100")))
    await harness.stop()
    assert seen == []
    before = len(fake.calls)
    await make_bot([4])
    assert answers(fake.calls[before:]) == [(late[0]["id"], "(1D6) ＞ 4")]


async def test_lines_too_old_to_answer_are_told_and_the_newer_ones_answered(make_bot, fake):
    harness = await make_bot([11])
    first = fake.said(line("1D100", ago=timedelta(hours=2)))
    await harness.dispatch("MESSAGE_CREATE", first)
    await harness.stop()
    stale, fresh = fake.said(line("1D100", ago=timedelta(hours=1))), fake.said(line("1D6"))
    before = len(fake.calls)
    await make_bot([5])
    after = fake.calls[before:]
    assert answers(after) == [(fresh["id"], "(1D6) ＞ 5")]
    notices = [c.content for c in after if c.method == "POST" and c.path == CHANNEL_MESSAGES
               and not c.message.get("message_reference")]
    assert notices == [catch_up.STALE.format(count=1)]
    assert stale["id"] not in [ref for ref, _ in answers(after)]


async def test_a_mark_is_read_back_by_one_process_only(make_bot, fake):
    harness = await make_bot([11])
    await harness.dispatch("MESSAGE_CREATE", fake.said(line("1D100")))
    await harness.stop()
    written = fake.said(line("1D6"))
    before = len(fake.calls)
    await make_bot([2])
    await make_bot([3])  # a second process on the same token during a deploy
    assert answers(fake.calls[before:]) == [(written["id"], "(1D6) ＞ 2")]


async def test_an_active_battle_channel_without_chat_is_read_back_from_the_time_of_the_stop(make_bot, fake):
    harness = await make_bot()
    await harness.slash("kp", "battle new")
    await harness.stop()
    before_stop = fake.said(line("1D100", ago=timedelta(minutes=1)))  # read by nobody, before the stop: not ours
    written = fake.said(line("1D6"))
    before = len(fake.calls)
    await make_bot([6])
    assert answers(fake.calls[before:]) == [(written["id"], "(1D6) ＞ 6")]
    assert before_stop["id"] not in [ref for ref, _ in answers(fake.calls[before:])]


def _grace_period() -> float:
    """The container's stop timeout the project documents (docker-compose.yml), in seconds."""
    compose = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
    return float(re.search(r"stop_grace_period:\s*(\d+)s", compose).group(1))


def test_the_bot_stops_within_the_containers_documented_stop_timeout():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"^STOPSIGNAL SIGTERM$", dockerfile, re.M)
    assert "stop_signal: SIGTERM" in (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
    assert client.SHUTDOWN_GRACE + 5 <= _grace_period() == 30  # time left to keep the marks and close the store
    assert "--stop-timeout 30" in (ROOT / "README.md").read_text(encoding="utf-8")


async def test_a_container_stop_with_chat_arriving_throughout_loses_no_line_and_doubles_none(fake, monkeypatch, tmp_path):
    """Run the bot as ``python -m bot`` does (run_bot), its gateway delivering a line every
    20 ms, each answered slowly (0.1-0.3 s, so that several are under way); SIGTERM as
    ``docker stop`` sends it; chat goes on while the bot is down; then start it again."""
    real = Service.handle

    async def slow(self, request):
        await asyncio.sleep(0.1 + (int(request.request_id or 0) % 3) / 10)
        return await real(self, request)

    monkeypatch.setattr(Service, "handle", slow)
    chatter: list[dict] = []
    runs: list[dict] = []

    async def connect(self, *, reconnect=True):
        await connected(self)  # and the chat written while it was down read back
        loop = asyncio.get_running_loop()
        run = {"delivered": [], "stop_after": len(chatter) + 15, "stopped_at": None}
        runs.append(run)
        delivering: list[asyncio.Task] = []
        while not self.is_closed():
            data = fake.said(line(f"1D100 #{len(chatter) + 1}"))
            chatter.append(data)
            if self.reading:  # Discord delivers only while the gateway is read
                run["delivered"].append(data["id"])
                delivering.append(asyncio.create_task(feed(self, "MESSAGE_CREATE", data)))
            if len(chatter) == run["stop_after"]:
                run["stopped_at"] = loop.time()
                os.kill(os.getpid(), signal.SIGTERM)  # docker stop; the chat goes on
            await asyncio.sleep(0.02)
        run["closed_at"] = loop.time()
        await asyncio.gather(*delivering, return_exceptions=True)

    monkeypatch.setattr(CocBot, "connect", connect)
    settings = Settings(_env_file=None, discord_token="test-token", database_url=sqlite_url(tmp_path / "stop.db"))
    assert await run_bot(settings) == 0
    down = [fake.said(line(f"1D100 停止中{n}")) for n in range(3)]  # while the container is restarting
    chatter += down
    assert await run_bot(settings) == 0
    first, second = runs
    assert first["closed_at"] - first["stopped_at"] < _grace_period()
    replies = [ref for ref, _text in answers(fake.calls)]
    written = [d["id"] for d in chatter]
    assert sorted(replies) == sorted(set(replies))  # none doubled
    last_answered = max(int(i) for i in replies)
    assert [i for i in written if i not in replies and int(i) < last_answered] == []  # none lost ...
    assert [i for i in first["delivered"] + [d["id"] for d in down] if i not in replies] == []
    assert second["delivered"] and len(replies) > len(first["delivered"]) + len(down)  # ... the gap read back too


async def test_a_channel_whose_history_the_bot_may_not_read_is_told_to_write_again(make_bot, fake):
    harness = await make_bot([11])
    await harness.dispatch("MESSAGE_CREATE", fake.said(line("1D100")))
    await harness.stop()
    fake.said(line("1D6"))
    fake.fail(f"GET {CHANNEL_MESSAGES}$", 403, 50013)  # no Read Message History
    before = len(fake.calls)
    await make_bot([2])
    assert [c.content for c in fake.calls[before:] if c.method == "POST" and c.path == CHANNEL_MESSAGES] == [catch_up.UNREAD]
