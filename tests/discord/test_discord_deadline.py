"""Discord's 3-second deadline (issue 11): every interaction is acknowledged before any
database or CPU work; autocomplete (which cannot defer) answers from data that needs no
channel lock, so a 4-second command in the same channel does not make it late; rendering a
map runs off the event loop."""
from __future__ import annotations

import asyncio
import time

import discord_gateway as gateway
from bot.render import map_text

UNARMED = ["こぶし", "キック", "組み付き", "頭突き"]


async def test_the_acknowledgement_comes_before_the_service_starts(make_bot):
    harness = await make_bot([3])
    service = harness.bot.service
    real, started = service.handle, []

    async def handle(request):
        started.append(time.monotonic())
        await asyncio.sleep(3.5)  # a service slower than Discord's deadline
        return await real(request)

    service.handle = handle
    data = gateway.slash("alice", "roll", command="CCB<=50")
    before = time.monotonic()
    ack, answer = await harness.dispatch_all("INTERACTION_CREATE", data)
    assert ack.path.endswith("/callback") and ack.payload == {"type": 5}
    assert ack.at < started[0] and ack.at - before < 1.5
    assert answer.content == "Alice\n(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル"


async def test_autocomplete_is_not_held_up_by_a_slow_command_in_the_channel(make_bot):
    harness = await make_bot()
    await harness.first_round()
    routes = harness.bot.service.routes
    end, inside = routes["end"], asyncio.Event()

    async def slow_end(request):
        inside.set()
        await asyncio.sleep(4)  # holds the channel's lock for 4 s
        return await end(request)

    routes["end"] = slow_end
    slow = asyncio.create_task(harness.slash("alice", "end"))
    await asyncio.wait_for(inside.wait(), 2)
    asked = time.monotonic()
    calls = await harness.dispatch("INTERACTION_CREATE", gateway.autocomplete("alice", "attack", "weapon",
                                                                              target="ゾンビ", weapon=""))
    assert calls[0].at - asked < 1.0
    assert [c["value"] for c in calls[0].payload["data"]["choices"]] == UNARMED
    assert not slow.done()
    ended = await slow
    assert [c.content for c in ended if c.content][0] == "アリスの手番が終わりました。"


async def test_rendering_the_map_does_not_block_the_event_loop(make_bot, monkeypatch):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    await harness.slash("kp", "kp place", name="アリス", to="B2")
    real = map_text.render_png

    def slow_png(board):
        time.sleep(0.8)  # a big board for Pillow
        return real(board)

    monkeypatch.setattr(map_text, "render_png", slow_png)
    gaps, running = [], True

    async def ticker():
        last = time.monotonic()
        while running:
            await asyncio.sleep(0.02)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    tick = asyncio.create_task(ticker())
    calls = await harness.slash("alice", "battle map")
    running = False
    await tick
    assert [a["filename"] for a in calls[0].message["attachments"]] == ["map.png"]
    assert max(gaps) < 0.5  # a blocked loop would stall for the 0.8 s of the render
