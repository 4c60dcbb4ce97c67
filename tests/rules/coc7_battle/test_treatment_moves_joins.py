"""Treatment (7-AID-01..05), moving on the map (7-MOVE-01), joining (7-JOIN-01), skill rolls
with 7th values (7-DICE-02) and the KP's /kp set."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import SetValue
from rules.coc6.character import Character
from rules.dice import ScriptedDice
from rules.errors import InvalidInput
from rules.systems.coc6 import house
from rules.systems.coc7.events import Check7Rolled

from tests.rules.coc7_battle.table7 import KP, d, investigator


def ward(table, patient_hp: int = 12, **conditions) -> None:
    """アリス (応急手当 60, 医学 50, DEX 70) and a hurt ボブ (HP 12, CON 40) beside 信者."""
    table.join("alice", investigator("アリス", DEX=70, skills={"応急手当": 60, "医学": 50}))
    table.join("bob", investigator("ボブ", DEX=60, CON=40, SIZ=80))
    table.npc(investigator("信者", DEX=50))
    table.start()
    if patient_hp != 12:
        table.run(KP, SetValue, target="ボブ", field="HP", value=str(patient_hp))


@pytest.mark.rule("7-AID-01")
@pytest.mark.rule("7-AID-05")
def test_first_aid_restores_one_hp_and_is_the_turns_action(table):
    ward(table, 7)
    table.run("alice", cmds.SkillCheck, d(30), skill="応急手当", target="ボブ")
    assert table.hp("ボブ") == 8
    table.refused("7-ATK-01", "alice", cmds.Attack, d(45), target="信者")


@pytest.mark.rule("7-AID-03")
@pytest.mark.rule("7-AID-04")
def test_each_skill_once_per_injury_and_medicine_restores_1d3(table):
    ward(table, 7)
    table.run("alice", cmds.SkillCheck, d(30), skill="応急手当", target="ボブ")
    table.end("アリス")
    table.end_turns_until("アリス")
    table.refused("7-AID-03", "alice", cmds.SkillCheck, d(30), skill="応急手当", target="ボブ")
    table.run("alice", cmds.SkillCheck, d(30) + [3], skill="医学", target="ボブ")
    assert table.hp("ボブ") == 11


@pytest.mark.rule("7-AID-02")
def test_first_aid_stabilises_a_dying_unit_which_stays_unconscious(table):
    ward(table)
    table.run(KP, SetValue, target="ボブ", field="状態", value="+重傷")
    table.run(KP, SetValue, target="ボブ", field="HP", value="0")
    assert table.conditions("ボブ") == ["重傷", "瀕死", "気絶"]
    table.refused("7-AID-02", "alice", cmds.SkillCheck, d(30), skill="医学", target="ボブ")
    table.run("alice", cmds.SkillCheck, d(30), skill="応急手当", target="ボブ")
    assert table.hp("ボブ") == 1 and table.conditions("ボブ") == ["重傷", "気絶"]


@pytest.mark.rule("7-AID-04")
def test_an_unconscious_unit_without_a_major_wound_wakes_when_healed(table):
    ward(table)
    table.run(KP, SetValue, target="ボブ", field="HP", value="0")
    assert table.conditions("ボブ") == ["気絶"]
    table.run("alice", cmds.SkillCheck, d(30) + [2], skill="医学", target="ボブ")
    assert table.hp("ボブ") == 2 and table.conditions("ボブ") == []


def test_an_unhurt_unit_is_not_treated(table):
    ward(table)
    with pytest.raises(InvalidInput):
        table.run("alice", cmds.SkillCheck, d(30), skill="応急手当", target="ボブ")


@pytest.mark.rule("7-DICE-02")
def test_a_skill_roll_with_bonus_dice_rolls_the_tens_dice_then_the_units_die(table):
    ward(table)
    table.run("alice", cmds.SkillCheck, [9, 2, 5, 3], skill="目星", bonus=2)  # 93, 23, 53 → 23
    rolled = table.last(Check7Rolled)
    assert rolled.text == "(1D100<=25) ボーナス・ペナルティダイス[2] ＞ 93, 23, 53 ＞ 23 ＞ レギュラー成功"
    assert rolled.faces == [[10, 9], [10, 2], [10, 5], [10, 3]]


def test_a_check_at_a_stated_difficulty(table):
    ward(table)
    table.run("alice", cmds.SkillCheck, d(10), skill="目星", difficulty="h")
    assert table.last(Check7Rolled).text == "(1D100<=12) ボーナス・ペナルティダイス[0] ＞ 10 ＞ 10 ＞ 成功"


@pytest.mark.rule("7-MOVE-01")
def test_a_unit_moves_up_to_its_mov_a_turn(table):
    ward(table)
    table.run(KP, cmds.Place, name="アリス", to="A1")
    table.run(KP, cmds.Place, name="信者", to="L1")
    assert table.unit("アリス").sheet.move == 8
    table.run("alice", cmds.Move, to="F1")
    table.refused("7-MOVE-01", "alice", cmds.Move, to="J1")  # 5 + 4 > 8
    table.run("alice", cmds.Move, to="I1")
    assert table.unit("アリス").square == "I1"


@pytest.mark.rule("7-JOIN-01")
def test_a_6th_sheet_is_refused_by_a_7th_battle_and_a_7th_sheet_by_a_6th_one(table):
    sixth = Character(name="ボブ", stats={k: 10 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")}).to_dict()
    with pytest.raises(InvalidInput, match="6版のシートなので、この戦闘（7版）には参加できません"):
        table.join("bob", sixth)
    state = house.SYSTEM.new_state()
    for event in house.SYSTEM.decide(state, cmds.Open(issuer=KP, system="coc6-house"), ScriptedDice([])):
        house.SYSTEM.evolve(state, event)
    with pytest.raises(InvalidInput, match="7版のシートなので、この戦闘（6版）には参加できません"):
        house.SYSTEM.decide(state, cmds.Join(issuer="alice", name="アリス", sheet=investigator("アリス")),
                            ScriptedDice([]))


@pytest.mark.rule("7-JOIN-01")
def test_an_investigator_joins_with_its_sheets_hp_and_guns(table):
    data = investigator("アリス", DEX=70)
    data.update({"hp_now": 5, "weapons": [{"name": ".38リボルバー", "skill": "射撃（拳銃）", "damage": "1D10",
                                          "add_db": "none", "range_m": 15, "shots": 3, "capacity": 6,
                                          "malfunction": 100}],
                 "weapon_state": {".38リボルバー": {"ammo": 2, "jammed": False}}})
    table.join("alice", data)
    unit = table.unit("アリス")
    assert (unit.hp, unit.hp_max, unit.arms[".38リボルバー"].ammo, unit.in_hand) == (5, 10, 2, ".38リボルバー")


def test_kp_sets_conditions_and_ammo(table):
    ward(table)
    table.run(KP, SetValue, target="信者", field="状態", value="+転倒")
    assert table.conditions("信者") == ["転倒"]
    with pytest.raises(InvalidInput):
        table.run(KP, SetValue, target="信者", field="状態", value="+スタン")
