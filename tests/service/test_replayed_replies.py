"""A decided command stores its request id with the span of its events, not its reply text
(issue 12: an event and its reply stored once); a request that comes back after a restart
gets its replies rendered again from those events, exactly as they were first sent."""
from __future__ import annotations

from bot.commands.request import Request
from service_table import ALICE, BOB, KP


async def send(table, user: str, command: str, request_id: str, *rolls: int, **options):
    table.dice.feed(*rolls)
    return await table.service.handle(Request(channel=table.channel, user=user, name=user, command=command,
                                              options=options, request_id=request_id))


PLAY = [  # (user, command, rolls, options): a hit, a failed dodge with damage, a new round, an undo
    (ALICE, "attack", (45,), {"target": "ゾンビ", "weapon": "こぶし"}),
    (KP, "react", (80, 2, 3), {"action": "回避", "as": "ゾンビ"}),
    (ALICE, "end", (), {}),
    (BOB, "end", (), {}),
    (KP, "end", (), {"as": "ゾンビ"}),
    (KP, "kp undo", (), {}),
]


async def test_every_reply_of_a_fight_is_the_same_when_its_request_comes_back_after_a_restart(table):
    await table.fight(hidden=True)
    first = {}
    for i, (user, command, rolls, options) in enumerate(PLAY):
        first[i] = await send(table, user, command, f"r{i}", *rolls, **options)
    hidden = [r for r in first[1] if r.ephemeral]
    assert [r.to for r in hidden] == [KP] and "ゾンビ HP 15 → 10" in hidden[0].text  # the KP's secret line
    assert any(r.data and r.data.get("round") == 2 for r in first[4])  # round 2's board
    version = (await table.store.active_battle(table.channel)).version
    stored = await table.store.request_replies("r1")
    record = await table.store.active_battle(table.channel)
    assert stored["battle"] == record.id and stored["events"][0] <= stored["events"][1]
    assert isinstance(await table.store.request_replies("r5"), list)  # /kp undo says its own sentence

    await table.restart()
    for i, (user, command, _rolls, options) in enumerate(PLAY):
        assert await send(table, user, command, f"r{i}", **options) == first[i], PLAY[i]
    assert (await table.store.active_battle(table.channel)).version == version
