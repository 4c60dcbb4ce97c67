"""Turn order, action points, one attack per turn, HP states and shock under coc6-house
(X-ORDER-01, H-UNIT-02, H-UNIT-04, H-AP-01, H-AP-04, H-AP-06, H-ATK-01/02, X-HP-02, X-HP-03)."""
import pytest

from rules.battle import commands as cmds
from rules.battle.events import RoundStarted, SideOutOfAction, TurnStarted
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce


def first_fight(table):
    table.join("alice", table.sheet("アリス", STR=12, CON=13, DEX=14, SIZ=13, skills={"こぶし": 70}))
    table.join("bob", table.sheet("ボブ", STR=15, CON=12, DEX=10, SIZ=16,
                                  weapons=[table.weapon("バット", skill_value=60, damage="1D8", hp=20, cls="棍棒")]))
    table.npc(table.sheet("ゾンビ", STR=16, CON=16, DEX=8, SIZ=14, skills={"こぶし": 30}))
    table.start()


@pytest.mark.rule("X-ORDER-01", "H-UNIT-02")
def test_order_is_dex_descending_and_ties_keep_joining_order(house_table):
    t = house_table
    for owner, name, dex in (("a", "甲", 10), ("b", "乙", 14), ("c", "丙", 10), ("d", "丁", 12)):
        t.join(owner, t.sheet(name, DEX=dex))
    t.start()
    started = t.events_of(RoundStarted)[0]
    assert started.order == ["乙", "丁", "甲", "丙"]
    assert started.tied == [["甲", "丙"]]
    for _ in range(4):
        t.run(t.unit(t.state.turn).owner, cmds.EndTurn)
    assert t.events_of(RoundStarted)[1].order == ["乙", "丁", "甲", "丙"]


@pytest.mark.rule("H-AP-01", "H-AP-06", "H-UNIT-04")
def test_three_ap_per_turn_and_unspent_ap_discarded(house_table):
    first_fight(house_table)
    t = house_table
    assert t.unit("アリス").ap == 3 and t.state.turn == "アリス"
    t.attack("アリス", "ゾンビ", [80])  # misses
    assert t.unit("アリス").ap == 2
    t.run("alice", cmds.EndTurn)
    assert t.unit("アリス").ap == 0 and t.unit("ボブ").ap == 3
    t.run("bob", cmds.EndTurn)
    t.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    assert t.state.round == 2 and t.state.turn == "アリス" and t.unit("アリス").ap == 3


@pytest.mark.rule("H-AP-04", "H-ATK-01", "H-ATK-02")
def test_one_attack_per_turn(house_table):
    first_fight(house_table)
    t = house_table
    t.attack("アリス", "ゾンビ", [45])
    t.react("ゾンビ", "回避", [80, 2, 3])
    assert t.hp("ゾンビ") == 10
    refusal = t.refused("H-AP-04", "alice", cmds.Attack, target="ゾンビ", weapon="こぶし")
    assert "1回" in refusal.message


@pytest.mark.rule("X-HP-02")
def test_hp_zero_or_less_is_death_and_two_or_less_unconscious(house_table):
    t = house_table
    t.join("alice", t.sheet("アリス", STR=12, DEX=14, SIZ=13, skills={"こぶし": 70}))
    t.npc(t.sheet("ゾンビ", CON=4, SIZ=4, DEX=8))   # HP 4
    t.npc(t.sheet("グール", CON=6, SIZ=6, DEX=7))   # HP 6
    t.start()
    t.attack("アリス", "ゾンビ", [45])
    t.react("ゾンビ", "なし", [1, 1])               # 1D3+1D4 = 2 → HP 2
    assert t.hp("ゾンビ") == 2 and t.unit("ゾンビ").conditions == ["気絶"]
    t.run("alice", cmds.EndTurn)
    t.run("kp", cmds.EndTurn, as_unit="グール")
    t.attack("アリス", "グール", [45])
    t.react("グール", "なし", [3, 4])               # 7 → HP -1
    assert t.hp("グール") == -1 and "死亡" in t.unit("グール").conditions
    assert t.events_of(SideOutOfAction) == [SideOutOfAction(side="NPC")]


@pytest.mark.rule("X-HP-03")
def test_shock_on_half_the_current_hp(house_table):
    t = house_table
    t.join("alice", t.sheet("アリス", STR=12, DEX=14, SIZ=13, skills={"こぶし": 70}))
    t.npc(t.sheet("ゾンビ", CON=10, SIZ=10, DEX=8))   # HP 10, CON×5 = 50
    t.start()
    t.attack("アリス", "ゾンビ", [45])
    events = t.react("ゾンビ", "なし", [3, 2, 60])   # 5 ≥ ⌈10/2⌉ → CON×5 rolled: 60 fails
    assert t.hp("ゾンビ") == 5 and t.unit("ゾンビ").conditions == ["気絶"]
    # the line says why the roll is made
    assert [(e.purpose, e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)][-1] == \
        ("ショック（5ダメージ ≧ 耐久力10の半分：CON×5）", 50, 60)


@pytest.mark.rule("X-HP-03")
def test_no_shock_below_half(house_table):
    t = house_table
    t.join("alice", t.sheet("アリス", STR=12, DEX=14, SIZ=13, skills={"こぶし": 70}))
    t.npc(t.sheet("ゾンビ", CON=10, SIZ=10, DEX=8))
    t.start()
    t.attack("アリス", "ゾンビ", [45])
    t.react("ゾンビ", "なし", [2, 2])                # 4 < 5: no CON×5 roll (no die left over)
    assert t.hp("ゾンビ") == 6 and t.unit("ゾンビ").conditions == []


def test_acting_out_of_turn_and_reacting_with_nothing_pending_change_nothing(house_table):
    first_fight(house_table)
    t = house_table
    version = t.state.version
    with pytest.raises(InvalidInput, match="アリスの手番"):
        t.system.decide(t.state, cmds.Attack(issuer="bob", target="ゾンビ"), None)
    with pytest.raises(InvalidInput, match="対応すべき攻撃"):
        t.system.decide(t.state, cmds.React(issuer="alice", action="回避"), None)
    with pytest.raises(InvalidInput, match="いません"):
        t.system.decide(t.state, cmds.Attack(issuer="alice", target="ミ＝ゴ"), None)
    with pytest.raises(InvalidInput, match="KPだけ"):
        t.system.decide(t.state, cmds.Attack(issuer="bob", as_unit="ゾンビ", target="アリス"), None)
    assert t.state.version == version


@pytest.mark.rule("H-DEF-01")
def test_second_dodge_in_a_round_is_refused(house_table):
    t = house_table
    t.join("alice", t.sheet("アリス", DEX=14))
    t.npc(t.sheet("ゾンビ", DEX=16, skills={"こぶし": 90}))
    t.npc(t.sheet("グール", DEX=15, skills={"こぶし": 90}))
    t.start()
    t.attack("ゾンビ", "アリス", [10])
    assert "回避" in t.options("アリス")
    t.react("アリス", "回避", [6])
    t.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    t.attack("グール", "アリス", [10])
    assert "回避" not in t.options("アリス") and "なし" in t.options("アリス")
    t.refused("H-DEF-01", "alice", cmds.React, action="回避")
    assert t.state.pending_for("アリス") is not None


def test_a_turn_prompt_follows_identity_after_removal(house_table):
    first_fight(house_table)
    t = house_table
    t.run("kp", cmds.Remove, name="アリス")
    assert t.state.turn == "ボブ"
    assert t.events_of(TurnStarted)[-1] == TurnStarted(unit="ボブ", round=1, ap=3)


@pytest.mark.rule("X-ROLL-03")
def test_the_kp_can_turn_specials_off(table_of):
    from rules.systems.coc6.events import CheckRolled
    t = table_of("coc6-house", special=False)
    first_fight(t)
    t.attack("アリス", "ゾンビ", [10])
    assert t.events_of(CheckRolled)[-1].text == "(1D100<=70) ＞ 10 ＞ 成功"


def test_events_stored_under_an_earlier_kind_still_load():
    from rules.battle.events import ConditionChanged, from_record
    payload = {"unit": "ゾンビ", "condition": "死亡", "added": True, "cause": "耐久力0以下"}
    assert from_record("coc.condition_changed", payload) == ConditionChanged(**payload)
    assert from_record("cr_condition", payload) == ConditionChanged(**payload)
