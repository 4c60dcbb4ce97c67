"""Trial finding 17: a 7th sheet shows HP/MP as 6th does (now/maximum), refuses 幸運, SAN and
skills over 99, ``/roll system:coc7 CC<=50`` reads the dice command after the choice, and
``/check skill:【目星】`` drops a palette's brackets as chat does."""
from __future__ import annotations

import pytest
from tests.console.messages import text

NEW = "alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 INT:75 EDU:80 age:24"


async def test_a_7th_sheet_shows_hp_and_mp_with_their_maximum(console_table):
    table = await console_table([4, 2, 6])
    await table.say(NEW)
    shown = text(await table.say("alice: /char show エミリー"))
    assert "\nHP 12/12　MP 13/13　SAN 65/99　幸運 60\n" in shown  # HP (CON+SIZ)/10, MP POW/5


@pytest.mark.parametrize(("key", "value", "refusal"), [
    ("幸運", "120", "幸運 には0から99の整数を指定してください（「120」は範囲外です）。"),
    ("目星", "150", "目星 には0から99の整数を指定してください（「150」は範囲外です）。"),
    ("SAN", "100", "SAN には0から99の整数を指定してください（「100」は範囲外です）。"),
])
async def test_a_7th_sheet_refuses_percentages_over_99(console_table, key, value, refusal):
    table = await console_table([4, 2, 6])
    await table.say(NEW)
    assert text(await table.say(f"alice: /char set name:エミリー key:{key} value:{value}")) == refusal
    assert text(await table.say(f"alice: /char set name:エミリー key:{key} value:99")).endswith("に設定しました。")


async def test_roll_system_coc7_then_the_command(console_table):
    table = await console_table([5, 2])
    assert text(await table.say("alice: /roll system:coc7 CC<=50 目星")) == (
        "alice　目星\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 52 ＞ 52 ＞ 失敗")


@pytest.mark.parametrize("typed", ["【目星】", "〈目星〉", "《目星》", "<目星>"])
async def test_check_drops_a_palettes_brackets(console_table, typed):
    table = await console_table([4, 2, 6, 3, 0])
    await table.say(NEW)
    assert text(await table.say(f"alice: /check skill:{typed}")).splitlines()[0] == (
        "🎲 エミリー 目星（25%）：(1D100<=25) ボーナス・ペナルティダイス[0] ＞ 30 ＞ 30 ＞ 失敗")
