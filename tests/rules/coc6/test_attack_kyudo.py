"""〈武道：弓道〉: the bow shot (H-KYU-01/02, H-ATK-03), 精密射撃 (H-KYU-PREC-01..19), 剛の型
and the string (H-KYU-GOU-01..08), restringing (H-KYU-STRING-01) and 流鏑馬 (H-KYU-YABU-01..04)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, kyudo=70, target=None, **settings):
    table = table_of("coc6-house", **settings)
    table.join("rin", table.sheet("リン", DEX=13, STR=16, SIZ=16, POW=13,
                                  skills={"武道（弓道）": kyudo, "応急手当": 60},
                                  weapons=[table.weapon("弓", skill_value=75, damage="1D6", hp=8, cls="弓")]))
    table.npc(table.sheet("信者", DEX=10, CON=10, SIZ=13, **(target or {})))
    table.start()
    return table


def shoot(table, dice, **options):
    return table.run("rin", cmds.Attack, dice, target="信者", weapon="弓", **options)


def checks(events):
    return [(e.purpose, e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("H-KYU-01", "H-KYU-02", "H-ATK-03")
def test_a_bow_shot_costs_nock_and_shot_and_adds_no_db(table_of):
    table = _table(table_of)
    shoot(table, [40])
    assert table.unit("リン").ap == 1
    events = table.react("信者", "なし", [5])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D6", 5)]  # db +1D4 not added


@pytest.mark.rule("H-ATK-03", "H-KYU-02")
def test_nocking_ahead_leaves_the_shot_1_ap(table_of):
    table = _table(table_of)
    table.run("rin", cmds.Declare, action="矢をつがえる")
    assert table.unit("リン").ap == 2 and table.unit("リン").weapons["弓"].nocked
    shoot(table, [90])
    assert table.unit("リン").ap == 1 and not table.unit("リン").weapons["弓"].nocked


@pytest.mark.rule("H-KYU-PREC-04", "H-KYU-PREC-10", "H-KYU-PREC-11", "H-KYU-PREC-14", "H-KYU-PREC-02")
def test_shoulder_shot_takes_one_str_and_no_damage(table_of):
    table = _table(table_of)
    events = shoot(table, [30, 20], special="精密射撃", aim="肩")
    assert checks(events) == [("精密射撃（〈武道（弓道）〉）", 70, 30), ("攻撃（弓）", 35, 20)]
    assert table.unit("リン").ap == 0
    events = table.react("信者", "なし", [])
    assert not any(isinstance(e, ce.DamageRolled) for e in events)
    assert table.unit("信者").character.stat("STR") == 9 and table.hp("信者") == 12


@pytest.mark.rule("H-KYU-PREC-12")
def test_joints_stack_to_two_knees_and_two_shoulders(table_of):
    table = _table(table_of)
    for _ in range(2):
        table.end_turns_until("リン")
        shoot(table, [30, 20], special="精密射撃", aim="膝")
        table.react("信者", "なし", [])
        table.run("rin", cmds.EndTurn)
    assert table.unit("信者").character.stat("DEX") == 8
    table.end_turns_until("リン")
    table.refused("H-KYU-PREC-12", "rin", cmds.Attack, target="信者", weapon="弓", special="精密射撃", aim="膝")


@pytest.mark.rule("H-KYU-PREC-13", "H-CALL-LEG-03", "X-ORDER-01", "H-GEN-02")
def test_dex_loss_resorts_the_order_but_no_second_turn(table_of):
    table = table_of("coc6-house")
    table.join("rin", table.sheet("リン", DEX=16, skills={"武道（弓道）": 70},
                                  weapons=[table.weapon("弓", skill_value=75, cls="弓")]))
    table.npc(table.sheet("ユキ", DEX=13))
    table.npc(table.sheet("信者", DEX=14))
    table.start()
    assert table.state.order == ["リン", "信者", "ユキ"]
    shoot(table, [30, 20], special="精密射撃", aim="膝")
    table.react("信者", "なし", [])
    assert table.unit("信者").dex == 13
    assert table.state.order == ["リン", "ユキ", "信者"]  # tie at 13: ユキ joined first


@pytest.mark.rule("H-KYU-PREC-01", "H-MA-03")
def test_under_60_is_refused(table_of):
    table = _table(table_of, kyudo=59)
    table.refused("H-KYU-PREC-01", "rin", cmds.Attack, target="信者", weapon="弓", special="精密射撃", aim="膝")


@pytest.mark.rule("H-KYU-PREC-03")
def test_only_at_the_start_of_the_turn(table_of):
    table = _table(table_of)
    table.run("rin", cmds.Declare, action="矢をつがえる")
    table.refused("H-KYU-PREC-03", "rin", cmds.Attack, target="信者", weapon="弓", special="精密射撃", aim="膝")


@pytest.mark.rule("H-KYU-PREC-06")
def test_a_finer_shot_must_be_named_and_a_failed_kyudo_loses_the_ap(table_of):
    table = _table(table_of)
    table.refused("H-KYU-PREC-06", "rin", cmds.Attack, target="信者", weapon="弓", special="精密射撃")
    table.refused("H-KYU-PREC-06", "rin", cmds.Attack, target="信者", weapon="弓", aim="膝")
    events = shoot(table, [71], special="精密射撃", aim="膝")
    assert checks(events) == [("精密射撃（〈武道（弓道）〉）", 70, 71)]
    assert table.unit("リン").ap == 2 and table.unit("リン").attacks == 0
    shoot(table, [90])  # may still shoot normally: nock + shot
    assert table.unit("リン").ap == 0


@pytest.mark.rule("H-KYU-PREC-05", "H-CALL-02")
def test_amorphous_target_plus_15_without_a_kyudo_roll(table_of):
    table = _table(table_of, traits="信者=不定形")
    events = shoot(table, [91], special="精密射撃")
    assert checks(events) == [("攻撃（弓）", 90, 91)]  # 75 + 15
    table.run("rin", cmds.EndTurn)
    table.end_turns_until("リン")
    table.refused("H-CALL-02", "rin", cmds.Attack, target="信者", weapon="弓", aim="足")


@pytest.mark.rule("H-KYU-PREC-11")
def test_no_knee_shot_at_a_floating_target(table_of):
    table = _table(table_of, traits="信者=浮遊")
    table.refused("H-KYU-PREC-11", "rin", cmds.Attack, target="信者", weapon="弓", special="精密射撃", aim="膝")


@pytest.mark.rule("H-KYU-PREC-07", "H-KYU-PREC-08")
def test_eye_shot_kills_when_the_luck_contest_is_won(table_of):
    table = _table(table_of)
    events = shoot(table, [30, 5], special="精密射撃", aim="眼球")
    assert checks(events)[1][1] == 5  # 75 − 70
    events = table.react("信者", "なし", [4, 20, 80])
    assert checks(events) == [("幸運（POW×5）", 65, 20), ("幸運（POW×5）", 50, 80)]
    assert "死亡" in table.unit("信者").conditions


@pytest.mark.rule("H-KYU-PREC-08")
def test_eye_shot_is_normal_damage_when_the_target_keeps_its_luck(table_of):
    table = _table(table_of)
    shoot(table, [30, 5], special="精密射撃", aim="眼球")
    table.react("信者", "なし", [4, 20, 30])
    assert table.hp("信者") == 8 and "死亡" not in table.unit("信者").conditions


@pytest.mark.rule("H-KYU-PREC-09")
def test_heart_shot_minus_70_times_4(table_of):
    table = _table(table_of)
    shoot(table, [30, 5], special="精密射撃", aim="心臓")
    events = table.react("信者", "なし", [2, 20])  # 8 of 12 HP: the shock roll follows
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("(1D6)*4", 8)]
    assert table.hp("信者") == 4


@pytest.mark.rule("H-KYU-PREC-16", "H-KYU-PREC-17", "H-KYU-PREC-18", "X-STUN-01")
def test_throat_shot_stuns_then_bleeds_1d3_each_own_turn_from_the_next_round(table_of):
    table = _table(table_of)
    shoot(table, [30, 5], special="精密射撃", aim="喉")
    events = table.react("信者", "なし", [])
    assert not any(isinstance(e, ce.DamageRolled) for e in events)
    assert "スタン" in table.unit("信者").conditions
    table.run("rin", cmds.EndTurn)  # 信者's stunned turn passes, no bleeding in round 1
    assert table.state.round == 2 and "スタン" not in table.unit("信者").conditions
    assert table.hp("信者") == 12
    events = table.run("rin", cmds.EndTurn, [2])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D3", 2)]
    assert table.hp("信者") == 10
    table.run(KP, cmds.EndTurn, as_unit="信者")
    table.run("rin", cmds.EndTurn, [3])
    assert table.hp("信者") == 7


@pytest.mark.rule("H-KYU-PREC-19", "H-KYU-PREC-15")
def test_first_aid_ends_the_bleeding_and_restores_the_joints(table_of):
    table = _table(table_of)
    shoot(table, [30, 5], special="精密射撃", aim="喉")
    table.react("信者", "なし", [])
    table.run("rin", cmds.EndTurn)
    events = table.run("rin", cmds.SkillCheck, [40, 2], skill="応急手当", target="信者")
    assert checks(events) == [("応急手当（信者）", 60, 40)]
    assert table.unit("信者").wounds == []
    table.run("rin", cmds.EndTurn)  # no 1D3 any more: no dice needed
    assert table.hp("信者") == 12


@pytest.mark.rule("H-KYU-PREC-15")
def test_one_success_restores_every_joint(table_of):
    table = _table(table_of)
    for aim in ("膝", "肩"):
        table.end_turns_until("リン")
        shoot(table, [30, 20], special="精密射撃", aim=aim)
        table.react("信者", "なし", [])
        table.run("rin", cmds.EndTurn)
    table.end_turns_until("リン")
    table.run("rin", cmds.SkillCheck, [61], skill="応急手当", target="信者")
    assert (table.unit("信者").dex, table.unit("信者").character.stat("STR")) == (9, 9)  # failed
    table.run("rin", cmds.EndTurn)
    table.end_turns_until("リン")
    table.run("rin", cmds.SkillCheck, [10, 1], skill="応急手当", target="信者")
    assert (table.unit("信者").dex, table.unit("信者").character.stat("STR")) == (10, 10)
    assert table.unit("信者").wounds == []
