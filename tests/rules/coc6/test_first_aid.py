"""〈応急手当〉/〈医学〉 heal 1D3 HP, once per injury, never above the maximum. The catalog only
says what a success undoes (H-CALL-ARM-03 …); HP comes from the published CoC 6th rule
(H-GEN-02)."""
from __future__ import annotations

import pytest

from bot.render.battle import event_line
from rules.battle import commands as cmds
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce


@pytest.fixture
def ward(table_of):
    """花子 (HP 10) was hit for 5 by ゾンビ; アリス (応急手当 60, 医学 40) treats her."""
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14, skills={"応急手当": 60, "医学": 40}))
    table.join("hana", table.sheet("花子", DEX=12))
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60, damage="1D8")]))
    table.start()
    table.attack("ゾンビ", "花子", [30])
    table.react("花子", "なし", [5])
    assert table.hp("花子") == 5
    table.end_turns_until("アリス")
    return table


@pytest.mark.rule("H-GEN-02")
def test_a_successful_first_aid_restores_1d3_hp_once_per_injury(ward):
    events = ward.run("alice", cmds.SkillCheck, [20, 2], skill="応急手当", target="花子")
    assert [(e.before, e.after, e.cause) for e in events if isinstance(e, ce.HpChanged)] == [(5, 7, "1D3＝2")]
    healed = next(e for e in events if isinstance(e, ce.HpChanged))
    assert event_line(healed) == "→ 花子のHPが2回復（5→7、1D3＝2）"  # the 1D3 is shown (issue 29)
    assert ward.hp("花子") == 7 and ward.unit("アリス").ap == 2
    refusal = ward.refused("H-GEN-02", "alice", cmds.SkillCheck, [20, 2], skill="応急手当", target="花子")
    assert refusal.message == "花子の今の負傷は〈応急手当〉で手当て済みです（1つの負傷に1回。新たに負傷すれば、また手当てできます）。"
    ward.run("alice", cmds.SkillCheck, [20, 3], skill="医学", target="花子")  # another skill: its own once
    assert ward.hp("花子") == 10


@pytest.mark.rule("H-GEN-02")
def test_a_failed_first_aid_heals_nothing_and_may_be_tried_again(ward):
    ward.run("alice", cmds.SkillCheck, [80], skill="応急手当", target="花子")
    assert ward.hp("花子") == 5
    ward.run("alice", cmds.SkillCheck, [20, 1], skill="応急手当", target="花子")
    assert ward.hp("花子") == 6


@pytest.mark.rule("H-GEN-02")
def test_first_aid_never_heals_above_the_maximum_and_a_new_injury_may_be_treated(ward):
    ward.unit("花子").hp = 9
    events = ward.run("alice", cmds.SkillCheck, [20, 3], skill="応急手当", target="花子")
    assert [(e.before, e.after, e.cause) for e in events if isinstance(e, ce.HpChanged)] == [(9, 10, "1D3＝3、最大HPまで")]
    with pytest.raises(InvalidInput, match="花子は負傷していません（HP 10/10）"):
        ward.run("alice", cmds.SkillCheck, [20], skill="応急手当", target="花子")
    ward.run("alice", cmds.EndTurn)
    ward.end_turns_until("ゾンビ")
    ward.attack("ゾンビ", "花子", [30])
    ward.react("花子", "なし", [4])
    ward.end_turns_until("アリス")
    ward.run("alice", cmds.SkillCheck, [20, 2], skill="応急手当", target="花子")
    assert ward.hp("花子") == 8
