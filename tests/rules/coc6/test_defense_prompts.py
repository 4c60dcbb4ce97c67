"""What the defender and its allies are asked: only legal answers, the parry weapons as a
select list, かばう offers as their own prompts (issue 4's Build list)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6.prompts import parry_choices


@pytest.fixture
def fight(table_of):
    """ゾンビ (DEX 8, バット 60) hits アリス (DEX 7, MA 11, 騎兵用サーベル and 拳銃);
    ボブ (DEX 12) may protect her."""
    table = table_of("coc6-house", shock=False)
    table.join("bob", table.sheet("ボブ", DEX=12))
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60)]))
    table.join("alice", table.sheet("アリス", DEX=7, skills={"マーシャルアーツ": 11},
                                    weapons=[table.weapon("騎兵用サーベル", skill_value=50),
                                             table.weapon("拳銃", skill_value=40)]))
    table.start()
    table.attack("ゾンビ", "アリス", [30], weapon="バット")
    return table


def prompts(table):
    return {p.key: p for p in table.system.view(table.state).prompts}


@pytest.mark.rule("H-DEF-PARRY-04")
@pytest.mark.rule("H-DEF-PARRY-12")
def test_the_parry_select_lists_only_weapons_that_stop_this_attack(fight):
    pending = fight.state.pending_for("アリス")
    assert parry_choices(fight.system.rules, fight.state, pending) == ["騎兵用サーベル", "組み付き"]
    text = prompts(fight)["a1-アリス"].text
    assert "受け流しに使える武器: 騎兵用サーベル、組み付き" in text


@pytest.mark.rule("H-DEF-COVER-01")
def test_an_ally_gets_its_own_cover_prompt_that_the_battle_does_not_wait_on(fight):
    offer = prompts(fight)["c1-ボブ"]
    assert (offer.kind, offer.owner, offer.options) == ("cover", "bob", ("かばう",))
    assert "/react action:かばう target:アリス" in offer.text


@pytest.mark.rule("H-DEF-COVER-01")
def test_the_cover_button_needs_no_target_when_one_ally_is_attacked(fight):
    fight.run("bob", cmds.React, [30, 1], action="かばう")  # the blow is rolled with it
    assert fight.options("ボブ") == ["防御", "なし"]
    assert "c1-ボブ" not in prompts(fight) and "a1c-ボブ" in prompts(fight)


@pytest.mark.rule("H-DEF-DODGE-03")
def test_a_follow_up_question_is_a_new_prompt(fight):
    before = set(prompts(fight))
    fight.react("アリス", "回避", [3])
    after = prompts(fight)
    assert "a1f-アリス" in after and "a1f-アリス" not in before
    assert after["a1f-アリス"].options == ("反撃", "継続回避")
