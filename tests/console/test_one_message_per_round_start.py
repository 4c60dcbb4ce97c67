"""A round start sends one message (issue 29, 「A round start in each system sends one message
per round start, counted in a test」): in each of the four systems, the start of round 1
(``/battle start``) and of round 2 (the last turn's end) post one public message holding the
round's line, its declarations, the first turn's prompt and the board; before issue 29 they
were four. A private copy goes to the KP only where hidden numbers must stay the KP's."""
from __future__ import annotations

import pytest

COC = ["alice: /char new name:アリス STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:10 INT:10 EDU:10",
       "bob: /char new name:ボブ STR:10 CON:10 POW:10 DEX:11 APP:10 SIZ:10 INT:10 EDU:10",
       "kp: /char new name:ゾンビ STR:10 CON:10 POW:1 DEX:8 APP:1 SIZ:10 INT:1 EDU:1"]
CR = ["alice: /char new name:アリス system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3",
      "bob: /char new name:ボブ system:charge-rank リフレクス:5 スタミナ:30 攻撃力:3",
      "kp: /char new name:ゾンビ system:charge-rank リフレクス:3 スタミナ:20 ガード:3 攻撃力:3"]
JOIN = ["alice: /battle join character:アリス", "bob: /battle join character:ボブ",
        "kp: /battle add name:ゾンビ character:ゾンビ"]
SYSTEMS = ["coc6-house", "coc6", "coc6-budo", "charge-rank"]


def public(messages: list[dict]) -> list[dict]:
    return [m for m in messages if not m["ephemeral"] and m["text"] != ""]


@pytest.mark.rule("H-UNIT-04", "C-PHASE-01")
@pytest.mark.parametrize("system", SYSTEMS)
async def test_each_round_start_is_one_message(console_table, system):
    table = await console_table()
    for line in [*(CR if system == "charge-rank" else COC), f"kp: /battle new system:{system}", *JOIN]:
        await table.say(line)
    started = await table.say("kp: /battle start")
    assert len(public(started)) == 1
    first = public(started)[0]
    assert "ラウンド1" in first["text"] and "【" in first["text"] and "ターン終了" in first["buttons"]
    assert first["data"]["round"] == 1  # the board's numbers travel with it
    if system != "charge-rank":
        await table.say("kp: /kp close")
    for who in ("alice", "bob"):
        await table.say(f"{who}: /end")
    ended = await table.say("kp: /end as:ゾンビ")  # the last turn ends: round 2 starts
    assert len(public(ended)) == 1
    second = public(ended)[0]
    assert "ゾンビの手番が終わりました" in second["text"] and "ラウンド2" in second["text"]
    assert second["data"]["round"] == 2 and "ターン終了" in second["buttons"]
    assert len(second["mentions"]) == len(set(second["mentions"]))  # each user pinged once
