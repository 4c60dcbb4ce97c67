"""Start-of-battle notes (trial 9 G23): a battle started with no opponent says so, and a PC
whose sheet is at SAN 0 (永久的狂気) joins with a note for the KP."""
from __future__ import annotations

import pytest


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


NO_ONE = "⚠ この戦闘には相手（KPのNPC）がいません。敵を出すなら KP が /battle add name:… character:… で加えてください。"


async def test_a_battle_started_with_no_opponent_says_so(console_table):
    table = await console_table([])
    for line in ["bob: /char new name:翔馬 STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
                 "kp: /battle new", "bob: /battle join character:翔馬"]:
        await table.say(line)
    started = texts(await table.say("kp: /battle start"))
    assert started[-1] == NO_ONE


async def test_a_battle_with_an_npc_has_no_such_note(console_table):
    table = await console_table([])
    for line in ["bob: /char new name:翔馬 STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
                 "kp: /char new name:ゾンビ STR:17 CON:13 POW:1 DEX:6 APP:1 SIZ:13 INT:1 EDU:1",
                 "kp: /battle new", "bob: /battle join character:翔馬", "kp: /battle add name:ゾンビ character:ゾンビ"]:
        await table.say(line)
    started = texts(await table.say("kp: /battle start"))
    assert NO_ONE not in started


@pytest.mark.rule("SAN-ZERO-01")
async def test_a_pc_at_san_0_joins_with_a_note(console_table):
    table = await console_table([])
    for line in ["bob: /char new name:翔馬 STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
                 "bob: :SAN=0", "kp: /battle new"]:
        await table.say(line)
    joined = texts(await table.say("bob: /battle join character:翔馬"))
    assert joined == ["翔馬（PC）が戦闘に参加しました。",
                      "⚠ 翔馬はSAN 0（永久的狂気）です。探索者としてはもう正気ではありません（SAN-ZERO-01）。"
                      "戦わせるかどうかはKPが決めてください（外すなら /battle remove）。"]
