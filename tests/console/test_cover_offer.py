"""かばう is offered once per attack (issue 29): one message naming every ally who may protect
the one attacked, a button each, each player pinged once; only allies within reach
(H-DEF-COVER-03/04) who can still act (not stunned, X-STUN-01; かばう not used this round,
H-DEF-01) are offered it."""
from __future__ import annotations

import pytest

SETUP = [
    "alice: /char new name:アリス STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:10 INT:10 EDU:10",
    "bob: /char new name:ボブ STR:10 CON:10 POW:10 DEX:11 APP:10 SIZ:10 INT:10 EDU:10",
    "carol: /char new name:キャロル STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10",
    "kp: /char new name:ゾンビ STR:10 CON:10 POW:1 DEX:18 APP:1 SIZ:10 INT:1 EDU:1",
    "kp: /battle new system:coc6-house",
    "alice: /battle join character:アリス", "bob: /battle join character:ボブ", "carol: /battle join character:キャロル",
    "kp: /battle add name:ゾンビ character:ゾンビ",
]


async def _table(console_table, faces, extra=()):
    table = await console_table(faces)
    for line in [*SETUP, *extra, "kp: /battle start", "kp: /kp close"]:
        await table.say(line)
    return table


def offers(messages):
    return [m for m in messages if "かばえます" in m["text"]]


@pytest.mark.rule("H-DEF-COVER-01")
async def test_one_offer_per_attack_names_every_ally_who_may_protect(console_table):
    table = await _table(console_table, [30])
    said = await table.say("kp: /attack as:ゾンビ target:アリス weapon:こぶし")
    found = offers(said)
    assert len(found) == 1
    assert found[0]["text"].startswith("ゾンビの攻撃がアリスに命中しました。ボブ・キャロルはアリスをかばえます（DEX×5。")
    assert found[0]["buttons"] == ["ボブ：かばう", "キャロル：かばう"] and found[0]["mentions"] == ["bob", "carol"]
    again = await table.say("alice: /battle status")  # nothing new happened: no offer again
    assert offers(again) == []


@pytest.mark.rule("X-STUN-01", "H-DEF-COVER-01")
async def test_a_stunned_ally_is_not_offered_it(console_table):
    table = await _table(console_table, [30], extra=["kp: /kp set target:キャロル field:状態 value:+スタン"])
    found = offers(await table.say("kp: /attack as:ゾンビ target:アリス weapon:こぶし"))
    assert [m["buttons"] for m in found] == [["かばう"]] and found[0]["mentions"] == ["bob"]
    assert "ボブはアリスをかばえます" in found[0]["text"]


@pytest.mark.rule("H-DEF-COVER-04")
async def test_an_ally_out_of_reach_is_not_offered_it(console_table):
    table = await _table(console_table, [30], extra=[
        "kp: /kp place name:アリス to:C3", "kp: /kp place name:ゾンビ to:C2",
        "kp: /kp place name:ボブ to:D3", "kp: /kp place name:キャロル to:F3"])
    found = offers(await table.say("kp: /attack as:ゾンビ target:アリス weapon:こぶし"))
    assert [m["mentions"] for m in found] == [["bob"]]  # キャロル is 3 squares away


@pytest.mark.rule("H-DEF-01", "H-DEF-COVER-01")
async def test_an_ally_who_protected_this_round_is_not_offered_it_again(console_table):
    # ボブ protects アリス (DEX×5 55: 20), the blow 2 lands on him; the zombie's second attack (H-AP-04: the KP allows)
    table = await _table(console_table, [30, 20, 2, 30])
    await table.say("kp: /attack as:ゾンビ target:アリス weapon:こぶし")
    await table.say("bob: [ボブ：かばう]")
    await table.say("bob: /react action:なし")
    refused = await table.say("kp: /attack as:ゾンビ target:アリス weapon:こぶし")
    assert "H-AP-04" in refused[0]["text"] or "H-ATK-01" in refused[0]["text"]
    found = offers(await table.say("kp: /kp allow"))
    assert [(m["buttons"], m["mentions"]) for m in found] == [(["かばう"], ["carol"])]  # not ボブ again
