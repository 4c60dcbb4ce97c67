"""剛の型 and the bowstring (H-KYU-GOU-01..08), restringing (H-KYU-STRING-01/02) and 流鏑馬
(H-KYU-YABU-01..04)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, kyudo=70):
    table = table_of("coc6-house", shock=False)
    table.join("rin", table.sheet("リン", DEX=13, skills={"武道（弓道）": kyudo},
                                  weapons=[table.weapon("弓", skill_value=75, damage="1D6", hp=8, cls="弓")]))
    table.npc(table.sheet("信者", DEX=10, CON=30, SIZ=30))
    table.start()
    return table


def attack(table, dice, **options):
    table.end_turns_until("リン")
    return table.run("rin", cmds.Attack, dice, target="信者", weapon="弓", **options)


@pytest.mark.rule("H-KYU-GOU-01", "H-KYU-GOU-02", "H-KYU-GOU-03", "H-KYU-GOU-04", "H-KYU-GOU-07")
def test_power_draw_doubles_damage_and_wears_the_string(table_of):
    table = _table(table_of)
    events = attack(table, [30, 40], special="剛の型")
    assert [e.ap for e in events if isinstance(e, ce.ApSpent)] == [1, 1]  # declare, nock
    assert table.unit("リン").ap == 0
    events = table.react("信者", "なし", [3, 4])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D6", 7)]
    assert table.unit("リン").weapons["弓"].string == 2
    assert "gou" not in table.unit("リン").marks


@pytest.mark.rule("H-KYU-GOU-04")
def test_power_draw_doubles_the_range(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="リン", to="A1")
    table.run(KP, cmds.Place, name="信者", to="A70")
    table.refused("X-REACH-01", "rin", cmds.Attack, target="信者", weapon="弓")
    attack(table, [30, 95], special="剛の型")
    assert table.unit("リン").attacks == 1


@pytest.mark.rule("H-KYU-GOU-04")
def test_a_failed_kyudo_roll_spends_the_ap_for_nothing(table_of):
    table = _table(table_of)
    attack(table, [71], special="剛の型")
    assert table.unit("リン").ap == 2 and "gou" not in table.unit("リン").marks


@pytest.mark.rule("H-KYU-GOU-05", "H-KYU-GOU-06")
def test_an_unused_effect_stays_until_used_and_cannot_be_stacked(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="リン", to="A1")
    table.run(KP, cmds.Place, name="信者", to="A9")
    table.run("rin", cmds.Move, to="A3")
    attack(table, [30], special="剛の型")
    assert table.unit("リン").marks["gou"] is True and table.unit("リン").attacks == 0
    table.run("rin", cmds.EndTurn)
    table.end_turns_until("リン")
    table.refused("H-KYU-GOU-06", "rin", cmds.Attack, target="信者", weapon="弓", special="剛の型")
    attack(table, [40])
    events = table.react("信者", "なし", [6, 6])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D6", 12)]


@pytest.mark.rule("H-KYU-GOU-01")
def test_under_60_is_refused(table_of):
    table = _table(table_of, kyudo=59)
    table.refused("H-KYU-GOU-01", "rin", cmds.Attack, target="信者", weapon="弓", special="剛の型")


@pytest.mark.rule("H-KYU-GOU-07", "H-KYU-GOU-08", "H-KYU-STRING-01")
def test_three_power_shots_break_the_string_and_six_ap_replace_it(table_of):
    table = _table(table_of)
    for left in (2, 1, 0):
        attack(table, [30, 95], special="剛の型")
        assert table.unit("リン").weapons["弓"].string == left
        table.run("rin", cmds.EndTurn)
    table.end_turns_until("リン")
    table.refused("H-KYU-GOU-08", "rin", cmds.Attack, target="信者", weapon="弓")
    table.run("rin", cmds.Declare, action="弦の張り替え")
    assert table.unit("リン").marks["restring"] == 3 and table.state.turn == "信者"
    table.run(KP, cmds.EndTurn, as_unit="信者")  # リン's next turn restrings by itself and ends
    assert table.unit("リン").weapons["弓"].string == 3
    assert "restring" not in table.unit("リン").marks and table.state.turn == "信者"


@pytest.mark.rule("H-KYU-YABU-01", "H-KYU-YABU-02", "H-KYU-YABU-03", "H-KYU-YABU-04")
def test_yabusame_moves_a_free_square_with_the_shot_and_ignores_terrain_minus(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="リン", to="A1")
    table.run(KP, cmds.Place, name="信者", to="A9")
    events = attack(table, [30, 40], special="流鏑馬", modifier=-20)
    rolled = [(e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)]
    assert rolled == [(70, 30), (75, 40)]  # the −20 of the footing is cancelled
    table.react("信者", "なし", [3])
    assert table.unit("リン").ap == 1
    table.run("rin", cmds.Move, to="A2")
    assert table.unit("リン").ap == 1 and table.unit("リン").square == "A2"
    table.refused("H-AP-02", "rin", cmds.Move, to="A4")


@pytest.mark.rule("H-KYU-YABU-01")
def test_yabusame_under_60_is_refused(table_of):
    table = _table(table_of, kyudo=40)
    table.refused("H-KYU-YABU-01", "rin", cmds.Attack, target="信者", weapon="弓", special="流鏑馬")


def _restringing(table_of):
    """リン (DEX 8, 回避 80) starts restringing in round 1 after three NPCs (DEX 12, 11, 10)."""
    table = table_of("coc6-house", shock=False)
    table.join("rin", table.sheet("リン", DEX=8, skills={"武道（弓道）": 70, "回避": 80},
                                  weapons=[table.weapon("弓", skill_value=75, cls="弓")]))
    for name, dex in (("甲", 12), ("乙", 11), ("丙", 10)):
        table.npc(table.sheet(name, DEX=dex, weapons=[table.weapon("斧", skill_value=60, damage="3")]))
    table.start()
    table.end_turns_until("リン")
    table.run("rin", cmds.Declare, action="弦の張り替え")
    assert table.state.round == 2 and table.unit("リン").marks["restring"] == 3
    return table


@pytest.mark.rule("H-KYU-STRING-02", "H-AP-07")
def test_each_defensive_action_while_restringing_takes_1_ap_of_the_next_turn(table_of):
    table = _restringing(table_of)
    table.attack("甲", "リン", [30], weapon="斧")
    table.react("リン", "回避", [10])
    assert table.unit("リン").marks["ap_debt"] == 1
    for name in ("甲", "乙"):
        table.run(KP, cmds.EndTurn, as_unit=name)
    events = table.run(KP, cmds.EndTurn, as_unit="丙")  # リン's turn passes by itself
    assert [e.ap for e in events if isinstance(e, ce.ApSpent) and e.unit == "リン"] == [2]
    assert table.unit("リン").marks["restring"] == 3 + 2 and table.state.round == 3


@pytest.mark.rule("H-KYU-STRING-03", "H-DEF-03")
def test_three_defensive_actions_leave_the_next_turn_empty(table_of):
    table = _restringing(table_of)
    table.declare("リン", "回避に集中")
    for attacker in ("甲", "乙", "丙"):
        table.attack(attacker, "リン", [30], weapon="斧")
        table.react("リン", "回避", [10])
    assert table.unit("リン").marks["ap_debt"] == 3
    events = table.run(KP, cmds.EndTurn, as_unit="丙")
    assert [e.ap for e in events if isinstance(e, ce.ApSpent) and e.unit == "リン"] == []
    assert table.unit("リン").marks["restring"] == 3  # no action at all, restringing included
    assert "ap_debt" not in table.unit("リン").marks and table.state.round == 3
