"""〈隠れる〉 behind a cover object under the house rules (H-DEF-HIDE-01..08)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from rules.systems.coc6.hide import hidden_divisor


def hider(table_of, hide_skill=10, siz=10):
    """ゾンビ (DEX 8, バット 60: 1D8, no db) attacks アリス (DEX 7, SIZ ``siz``, HP 10,
    〈隠れる〉 ``hide_skill``); a 木箱 of SIZ 12 stands on the field."""
    table = table_of("coc6-house", shock=False)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60)]))
    table.join("alice", table.sheet("アリス", DEX=7, SIZ=siz, skills={"隠れる": hide_skill}))
    table.start()
    table.place("木箱", siz=12)
    table.attack("ゾンビ", "アリス", [30], weapon="バット")
    return table


def checks(events):
    return [e.text for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("H-DEF-HIDE-01")
@pytest.mark.rule("H-DEF-HIDE-02")
def test_hiding_is_offered_only_with_a_cover_object(table_of):
    table = table_of("coc6-house", shock=False)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60)]))
    table.join("alice", table.sheet("アリス", DEX=7))
    table.start()
    table.attack("ゾンビ", "アリス", [30], weapon="バット")
    assert "隠れる" not in table.options("アリス")
    table.refused("H-DEF-HIDE-02", "alice", cmds.React, action="隠れる")
    table.place("木箱", siz=12)
    table.refused("H-DEF-HIDE-02", "alice", cmds.React, action="隠れる", object="ドラム缶")
    table.react("アリス", "隠れる", [40, 7], object="木箱")
    assert table.hp("アリス") == 10
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.end_turns_until("ゾンビ")
    table.attack("ゾンビ", "アリス", [30], weapon="バット")
    assert table.options("アリス") == ["回避", "防御", "隠れる", "なし"]


@pytest.mark.rule("H-DEF-HIDE-02")
@pytest.mark.rule("H-DEF-HIDE-03")
@pytest.mark.rule("H-DEF-HIDE-05")
def test_winning_the_siz_resistance_puts_all_the_damage_on_the_object(table_of):
    table = hider(table_of)
    events = table.react("アリス", "隠れる", [40, 7], object="木箱")
    assert checks(events) == ["(1d100<=60) ＞ 40 ＞ 成功"]  # RESB(12-10): 50 + 5×2
    assert table.hp("アリス") == 10
    assert "隠れている" in table.unit("アリス").conditions


@pytest.mark.rule("H-DEF-HIDE-02")
def test_at_60_percent_the_hider_rolls_with_siz_minus_5(table_of):
    table = hider(table_of, hide_skill=60)
    events = table.react("アリス", "隠れる", [80, 7])
    assert checks(events) == ["(1d100<=85) ＞ 80 ＞ 成功"]  # RESB(12-5)
    assert table.hp("アリス") == 10


@pytest.mark.rule("H-DEF-HIDE-04")
def test_losing_the_resistance_takes_half_the_damage_rounded_up(table_of):
    table = hider(table_of)
    table.react("アリス", "隠れる", [70, 7])
    assert table.hp("アリス") == 10 - 4


@pytest.mark.rule("H-DEF-HIDE-06")
@pytest.mark.rule("H-DEF-HIDE-07")
def test_a_critical_takes_all_the_damage_and_stuns(table_of):
    table = hider(table_of)
    table.react("アリス", "隠れる", [3, 7])
    assert table.hp("アリス") == 10 - 7
    assert "スタン" in table.unit("アリス").conditions
    assert "隠れている" not in table.unit("アリス").conditions


@pytest.mark.rule("H-DEF-HIDE-06")
@pytest.mark.rule("H-DEF-HIDE-08")
@pytest.mark.rule("H-DEF-HIDE-05")
def test_a_fumble_cancels_the_damage_and_a_hide_roll_opens_a_half_damage_counterattack(table_of):
    table = hider(table_of, hide_skill=50, siz=16)  # RESB(12-16): 30; 97 fumbles; HP 13
    events = table.react("アリス", "隠れる", [97, 30])
    assert checks(events) == ["(1d100<=30) ＞ 97 ＞ 致命的失敗", "(1D100<=50) ＞ 30 ＞ 成功"]
    assert table.hp("アリス") == 13
    assert table.options("アリス") == ["反撃", "なし"]
    events = table.react("アリス", "反撃", [20])
    assert checks(events) == ["(1D100<=25) ＞ 20 ＞ 成功"]  # こぶし 50, halved while hidden
    events = table.react("ゾンビ", "なし", [3, 2])  # SIZ 16: db +1D4
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D3+1D4", 5)]
    assert table.hp("ゾンビ") == 10 - 3  # ⌈5 / 2⌉


@pytest.mark.rule("H-DEF-HIDE-08")
def test_a_fumble_with_a_failed_hide_roll_only_cancels_the_damage(table_of):
    table = hider(table_of, hide_skill=50, siz=16)
    table.react("アリス", "隠れる", [97, 80])
    assert table.hp("アリス") == 13
    assert table.state.pending == []


@pytest.mark.rule("H-DEF-HIDE-05")
def test_attacks_by_or_on_a_hidden_unit_are_halved(table_of):
    table = hider(table_of)
    table.react("アリス", "隠れる", [40, 7])
    alice, zombie = table.unit("アリス"), table.unit("ゾンビ")
    assert (hidden_divisor(alice, zombie), hidden_divisor(zombie, alice)) == (2, 2)
    assert hidden_divisor(zombie, zombie) == 1


@pytest.mark.rule("H-DEF-01")
def test_hiding_is_once_a_round(table_of):
    table = hider(table_of)
    table.react("アリス", "隠れる", [40, 7])
    assert table.unit("アリス").uses_left("隠れる") == 0
