"""「ラッシュ！」 typed right after a punch hits makes it a rush (H-MA-RUSH-03: declared only at
the moment an attack hits), through the console table as a player types it."""
from __future__ import annotations

import pytest

LINES = [
    "alice: /char new name:アキラ STR:10 CON:10 POW:10 DEX:15 APP:10 SIZ:10 INT:10 EDU:10",
    "alice: /char set name:アキラ key:武道（空手） value:70",
    "alice: /char set name:アキラ key:こぶし value:70",
    "kp: /char new name:信者 STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:13 INT:10 EDU:10",
    "kp: /battle new",
    "alice: /battle join character:アキラ",
    "kp: /battle add name:信者 character:信者",
    "kp: /battle start",
    "kp: 締め切り",
]


@pytest.mark.rule("H-MA-RUSH-03", "H-MA-RUSH-04")
@pytest.mark.parametrize("typed", ["ラッシュ！", "ラッシュ", "/attack special:ラッシュ"])
async def test_rush_typed_right_after_the_hit(console_table, typed):
    table = await console_table([30, 2, 3, 60])
    for line in LINES:
        await table.say(line)
    hit = "\n".join(m["text"] for m in await table.say("alice: /attack target:信者 weapon:こぶし"))
    assert "いまならラッシュを宣言できます" in hit
    said = "\n".join(m["text"] for m in await table.say(f"alice: {typed}"))
    assert "アキラは命中した時点でラッシュを宣言した（H-MA-RUSH-03）" in said
    said = "\n".join(m["text"] for m in await table.say("kp: /react action:なし as:信者"))
    assert "信者はスタン" in said
