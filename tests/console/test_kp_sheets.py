"""The KP sees every sheet in the channel's battle with ``/char show``, privately; players
still see only their own (issue 10)."""
from __future__ import annotations

NEW = "{who}: /char new name:{name} STR:12 CON:13 POW:11 DEX:{dex} APP:10 SIZ:13 INT:13 EDU:15"


async def _battle(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス", dex=14))
    await table.say("alice: /char set name:アリス key:こぶし value:70")
    await table.say(NEW.format(who="bob", name="ボブ", dex=10))
    await table.say(NEW.format(who="kp", name="グール", dex=8))
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("bob: /battle join character:ボブ")
    await table.say("kp: /battle add name:グールA character:グール hidden:true")
    return table


async def test_the_kp_sees_every_sheet_of_the_battle_privately(console_table):
    table = await _battle(console_table)
    shown = await table.say("kp: /char show")
    assert [(m["to"], m["ephemeral"]) for m in shown] == [("kp", True)]
    text = shown[0]["text"]
    assert text.startswith("（KP用・この戦闘の3人のシート）")
    assert "【アリス】\n戦闘中: HP 13/13\nSTR12 CON13 POW11 DEX14" in text and "こぶし 70%" in text
    assert "【ボブ】\n戦闘中: HP 13/13\nSTR12 CON13 POW11 DEX10" in text
    assert "【グールA】\n戦闘中: HP 13/13\nSTR12 CON13 POW11 DEX8" in text


async def test_the_kp_sees_one_sheet_by_unit_name(console_table):
    table = await _battle(console_table)
    one = await table.say("kp: /char show name:アリス")
    assert one[0]["to"] == "kp" and one[0]["text"].startswith("【アリス】（戦闘中のシート・KP用）\n戦闘中: HP 13/13\nSTR12")
    npc = await table.say("kp: /char show name:グールA")
    assert npc[0]["text"].startswith("【グールA】（戦闘中のシート・KP用）\n戦闘中: HP 13/13\nSTR12")
    saved = await table.say("kp: /char show name:グール")  # the KP's own saved character
    assert saved[0]["text"].startswith("【グール】\nSTR12")


async def test_the_sheet_follows_the_kps_changes_in_the_battle(console_table):
    table = await _battle(console_table)
    await table.say("kp: /kp set target:ボブ field:DEX value:11")
    one = await table.say("kp: /char show name:ボブ")
    assert "DEX11" in one[0]["text"]


async def test_players_still_see_only_their_own(console_table):
    table = await _battle(console_table)
    refused = await table.say("alice: /char show name:ボブ")
    assert refused[0]["to"] == "alice" and "その持ち主だけが表示できます" in refused[0]["text"]
    assert "DEX10" not in refused[0]["text"]
    mine = await table.say("alice: /char show")
    assert mine[0]["text"].startswith("【アリス】\nSTR12")


async def test_without_a_battle_the_kp_sees_only_their_own(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス", dex=14))
    refused = await table.say("kp: /char show name:アリス")
    assert "その持ち主だけが表示できます" in refused[0]["text"]
