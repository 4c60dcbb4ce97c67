"""Where the defensive side changes an attack: a hidden unit halves the chance against it
and its own (H-DEF-HIDE-05), hiding ends when the hider moves, and a unit concentrating on a
defence takes no active action (H-DEF-03)."""
import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import SetValue
from rules.systems.coc6.events import AttackDeclared, CheckRolled


def duel(table):
    table.join("alice", table.sheet("アリス", STR=12, SIZ=13, DEX=14, skills={"こぶし": 70}))
    table.npc(table.sheet("ゾンビ", DEX=8, skills={"こぶし": 30}))
    table.start()


@pytest.mark.rule("H-DEF-HIDE-05")
def test_an_attack_on_a_hidden_unit_is_halved(house_table):
    t = house_table
    duel(t)
    t.run("kp", SetValue, target="ゾンビ", field="状態", value="+隠れている")
    t.attack("アリス", "ゾンビ", [36])                     # こぶし 70 → 35: 36 misses
    assert t.events_of(AttackDeclared)[-1].skill == 35
    assert t.events_of(CheckRolled)[-1].text == "(1D100<=35) ＞ 36 ＞ 失敗"


@pytest.mark.rule("H-DEF-HIDE-05")
def test_hiding_ends_when_the_hider_moves(house_table):
    t = house_table
    duel(t)
    t.run("kp", cmds.Place, name="アリス", to="B2")
    t.run("kp", SetValue, target="アリス", field="状態", value="+隠れている")
    t.run("alice", cmds.Move, to="B3")
    assert "隠れている" not in t.unit("アリス").conditions


@pytest.mark.rule("H-DEF-03")
def test_no_attack_while_concentrating_on_a_defence(house_table):
    t = house_table
    duel(t)
    t.declare("アリス", "回避に集中")
    t.refused("H-DEF-03", "alice", cmds.Attack, target="ゾンビ", weapon="こぶし")


@pytest.mark.rule("H-DEF-HIDE-05", "H-FIRE-08")
def test_a_shot_at_a_hidden_unit_is_halved(house_table):
    t = house_table
    pistol = t.weapon(".38リボルバー", skill_value=60)
    t.join("alice", t.sheet("アリス", DEX=14, weapons=[pistol]))
    t.npc(t.sheet("グール", DEX=8))
    t.start()
    t.run("kp", SetValue, target="グール", field="状態", value="+隠れている")
    t.attack("アリス", "グール", [35], weapon=".38リボルバー")   # 60 → 30: 35 misses
    assert t.events_of(CheckRolled)[-1].text == "(1D100<=30) ＞ 35 ＞ 失敗"
