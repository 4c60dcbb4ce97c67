"""Turn order of a 7th-edition battle (7-ORDER-01..04): DEX, a readied firearm at DEX+50,
ties to the higher combat skill, then the joining order shown as tied."""
from __future__ import annotations

import pytest

from rules.battle import events as ev
from rules.systems.coc7.events import FirearmsReadied

from tests.rules.coc7_battle.table7 import d, gun, investigator


@pytest.mark.rule("7-ORDER-01")
def test_units_act_in_descending_dex(table):
    table.join("alice", investigator("アリス", DEX=60))
    table.join("bob", investigator("ボブ", DEX=70))
    table.npc(investigator("信者", DEX=55))
    table.start()
    assert table.state.order == ["ボブ", "アリス", "信者"]
    assert table.state.turn == "ボブ"


@pytest.mark.rule("7-ORDER-02")
def test_a_firearm_in_hand_when_the_round_begins_acts_at_dex_plus_50(table):
    table.join("alice", investigator("アリス", DEX=40, weapons=[gun()]))
    table.join("bob", investigator("ボブ", DEX=85))
    table.start()
    assert table.state.order == ["アリス", "ボブ"]  # 40 + 50 = 90 > 85
    assert table.last(FirearmsReadied).units == [["アリス", ".38リボルバー", 40]]


@pytest.mark.rule("7-ORDER-02")
def test_a_knife_in_hand_is_no_readied_firearm_next_round(table):
    table.join("alice", investigator("アリス", DEX=40, weapons=[gun(), gun("ナイフ")]))
    table.npc(investigator("信者", DEX=85))
    table.start()
    table.attack("アリス", "信者", d(90), weapon="ナイフ")  # 90 against 25: a miss
    table.react("信者", "なし")
    table.end("アリス")
    table.end("信者")
    assert table.state.round == 2
    assert table.state.order == ["信者", "アリス"]  # the knife in hand: DEX 40 only


@pytest.mark.rule("7-ORDER-02")
def test_readying_a_gun_before_the_start_and_holstering_it(table):
    table.join("alice", investigator("アリス", DEX=40, weapons=[gun("ナイフ"), gun()]))
    table.npc(investigator("信者", DEX=85))
    table.declare("アリス", "銃を構える")
    table.start()
    assert table.state.order == ["アリス", "信者"]
    table.declare("アリス", "銃をしまう")
    table.end("アリス")
    table.end("信者")
    assert table.state.order == ["信者", "アリス"]


@pytest.mark.rule("7-ORDER-02")
@pytest.mark.rule("7-ORDER-03")
@pytest.mark.parametrize("pistol, fist, first", [(60, 70, "ボブ"), (80, 70, "アリス")])
def test_the_dex_plus_50_tie_goes_to_the_higher_combat_skill(table, pistol, fist, first):
    table.join("alice", investigator("アリス", DEX=40, weapons=[gun()], skills={"射撃（拳銃）": pistol}))
    table.join("bob", investigator("ボブ", DEX=90, skills={"近接戦闘（格闘）": fist}))
    table.start()
    assert table.state.order[0] == first  # 40 + 50 = 90 = 90: the skill in hand decides
    assert table.state.tied == []


@pytest.mark.rule("7-ORDER-04")
def test_a_tie_on_dex_and_skill_keeps_the_joining_order_and_is_shown(table):
    table.npc(investigator("信者A", DEX=50))
    table.npc(investigator("信者B", DEX=50))
    table.join("alice", investigator("アリス", DEX=50))
    table.start()
    started = table.last(ev.RoundStarted)
    assert started.order == ["信者A", "信者B", "アリス"]
    assert started.tied == [["信者A", "信者B", "アリス"]]
