"""A KP's narration that names an NPC and a PC without declaring anything is talk (issue 26):
it changes nothing and says nothing — found by a new table's trial, where each such line
answered the KP with an internal error."""
from __future__ import annotations

SETUP = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
bob: /char new name:ボブ STR:14 CON:12 POW:13 DEX:10 APP:11 SIZ:15 INT:12 EDU:14
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:ゾンビ1 character:ゾンビ
kp: /battle add name:ゾンビ2 character:ゾンビ
kp: /battle start
kp: 締め切り"""

NARRATION = ["ゾンビ1がアリスに迫る", "ゾンビ2はボブを攻撃しない", "ゾンビ1はアリスのほうを見た",
             "ゾンビ2はボブをにらんでいる", "ゾンビ1はアリスを殴ろうとしたが、足がもつれた"]


async def test_narration_naming_an_npc_and_a_pc_is_silent_and_changes_nothing(console_table):
    table = await console_table([])
    await table.play(SETUP)
    version = await table.event_count()
    for line in NARRATION:
        assert await table.say(f"kp: {line}") == [], line
    assert await table.event_count() == version
