"""``/kp set`` refuses a field it does not know, naming the fields it knows, and a number out
of range with the range, not "整数を指定" (issue 10)."""
from __future__ import annotations

import pytest

from service_table import BOB, KP


def refused(replies) -> str:
    assert len(replies) == 1 and replies[0].ephemeral and replies[0].to == KP
    return replies[0].text


@pytest.mark.rule("H-GEN-01")
async def test_an_unknown_field_is_refused_naming_the_known_ones(table):
    await table.fight()
    before = await table.state()
    text = refused(await table.say(KP, "kp set", target="アリス", field="すばやさ", value="5"))
    assert text == ("「すばやさ」は /kp set で変えられる項目ではありません。変えられる項目: HP、MP、AP、STR、CON、POW、DEX、"
                    "APP、SIZ、INT、EDU、状態、武器名.耐久力、銃名.残弾、銃名.故障、技能名（ルールブックの技能とアリスのシートの こぶし）")
    assert (await table.state()).units["アリス"] == before.units["アリス"]
    assert "すばやさ" not in (await table.state()).units["アリス"].character.skills


@pytest.mark.parametrize("field,value,message", [
    ("HP", "1000000", "HPは-99から999の範囲で指定してください（「1000000」は範囲外です）。"),
    ("HP", "-123456789012345678901234567890", "HPは-99から999の範囲で指定してください（「-1234567890123456789」は範囲外です）。"),
    ("AP", "100", "APは0から99の範囲で指定してください（「100」は範囲外です）。"),
    ("DEX", "123456", "DEXは0から99の範囲で指定してください（「123456」は範囲外です）。"),
    ("こぶし", "1000", "こぶしは0から999の範囲で指定してください（「1000」は範囲外です）。"),
    ("バット.耐久力", "99999", "耐久力は0から999の範囲で指定してください（「99999」は範囲外です）。"),
])
@pytest.mark.rule("H-GEN-01")
async def test_large_numbers_get_the_range(table, field, value, message):
    await table.fight()
    await table.say(BOB, "char weapon", name="ボブ", weapon="バット", skill=60, damage="1D8", hp=20, **{"class": "棍棒"})
    await table.say(KP, "battle add", name="甲", character="ボブ")
    before = await table.state()
    target = "甲" if "." in field else "アリス"
    assert refused(await table.say(KP, "kp set", target=target, field=field, value=value)) == message
    assert (await table.state()).units[target] == before.units[target]


async def test_values_at_the_edges_of_the_range_are_taken(table):
    await table.fight()
    await table.say(KP, "kp set", target="アリス", field="HP", value="-99")
    await table.say(KP, "kp set", target="アリス", field="DEX", value="99")
    alice = (await table.state()).units["アリス"]
    assert (alice.hp, alice.character.stat("DEX")) == (-99, 99)
