"""100 answers to one pending question at once, from four service instances over one
database (as from four processes: the in-process lock is not what decides): exactly one
is accepted, every other one is told why, and the state holds the one answer."""
from __future__ import annotations

import asyncio

import pytest

from bot.service import Request, Service
from bot.store import Store
from service_table import ALICE, KP, text


class FixedDice:
    """Every d100 shows 80 (the dodge at 16% fails), every other die shows 2."""

    def roll(self, sides: int) -> int:
        return 80 if sides == 100 else 2


TOLD = ("このボタンは古くなっています（その場面はもう過ぎました）", "ゾンビが対応すべき攻撃はいまありません。",
        "同時に別の操作が行われました")


@pytest.mark.rule("H-AP-04")
async def test_one_of_100_concurrent_answers_is_accepted_and_99_are_told(table):
    await table.fight()
    hit = await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    dodge = next(b for r in hit for b in r.buttons if b.label == "回避")
    services = []
    for _ in range(4):
        store = Store(table.url)
        services.append(Service(store, FixedDice(), clock=table.clock))

    def answer(i: int) -> Request:
        if i % 2:
            return Request(channel=table.channel, user=KP, name=KP, command="button",
                           options={"custom_id": dodge.custom_id}, request_id=f"press-{i}")
        return Request(channel=table.channel, user=KP, name=KP, command="react",
                       options={"action": "回避", "as": "ゾンビ"}, request_id=f"react-{i}")

    try:
        results = await asyncio.gather(*(services[i % 4].handle(answer(i)) for i in range(100)))
    finally:
        for service in services:
            await service.store.close()
    accepted = [r for r in results if not (len(r) == 1 and r[0].ephemeral)]
    told = [r[0] for r in results if len(r) == 1 and r[0].ephemeral]
    assert len(accepted) == 1 and len(told) == 99
    assert "ゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗" in text(accepted[0])
    assert "ゾンビ HP 15 → 11" in text(accepted[0])
    assert all(reply.to == KP and any(t in reply.text for t in TOLD) for reply in told), \
        {reply.text for reply in told}
    state = await table.state()
    assert state.units["ゾンビ"].hp == 11
    assert not state.pending
