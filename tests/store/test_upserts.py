"""Rows that are replaced (the last refusal of a channel, a channel setting, a tagged
message id) are written in one ``INSERT … ON CONFLICT DO UPDATE``: two processes writing
the same row at once both succeed and one value stays (issue 12: two processes on one
database; before, the second insert failed with a unique violation: 「内部エラー」)."""
from __future__ import annotations

import asyncio
from datetime import datetime

from bot.store import Refusal, Store

NOW = datetime(2026, 12, 2, 12, 0, 0)


async def test_two_processes_replacing_the_same_rows_at_once_both_succeed(db_url, store):
    battle = await store.open_battle("c1", None, "coc6-house", "kp", [("BattleOpened", {})], None)
    others = [Store(db_url) for _ in range(6)]
    try:
        for round_ in range(3):
            await asyncio.gather(*(
                job for i, s in enumerate(others) for job in (
                    s.keeper.put_refusal("c1", Refusal(battle.id, f"u{i}", {"type": "Attack"}, "H-X-01",
                                                       f"/attack {round_}"), NOW),
                    s.keeper.put_channel_setting("c1", "dice", f"{i}-{round_}"),
                    s.keeper.put_message("c1", "board", f"m{i}-{round_}"))))
    finally:
        for s in others:
            await s.close()
    refusal = await store.keeper.refusal("c1")
    assert refusal.user in {f"u{i}" for i in range(6)} and refusal.label == "/attack 2"
    assert (await store.keeper.channel_settings("c1"))["dice"].endswith("-2")
    assert (await store.keeper.message("c1", "board")).endswith("-2")
