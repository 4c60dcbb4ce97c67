"""Maneuvers by build (7-MAN-01..10) and 多勢に無勢 (7-OUTN-01/02)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import SetValue
from rules.systems.coc6 import events as ce
from rules.systems.coc7.events import Check7Rolled

from tests.rules.coc7_battle.table7 import d, gun, investigator

BUILDS = {-2: (10, 10), -1: (35, 40), 0: (50, 50), 1: (70, 70), 2: (90, 90), 3: (110, 110), 4: (150, 150)}
"""STR and SIZ (%) giving each build: 20 → -2, 75 → -1, 100 → 0, 140 → 1, 180 → 2, 220 → 3, 300 → 4."""


def sized(name: str, build: int, **fields) -> dict:
    strength, size = BUILDS[build]
    return investigator(name, STR=strength, SIZ=size, **fields)


def wrestle(table, mine: int, theirs: int, *others: dict) -> None:
    """アリス (近接戦闘（格闘） 60, DEX 70) of build ``mine`` against a 怪物 of build ``theirs``
    (DEX 40), with ``others`` of alice's side joining too."""
    table.join("alice", sized("アリス", mine, DEX=70, CON=90, skills={"近接戦闘（格闘）": 60}))
    for other in others:
        table.join("bob", other)
    table.npc(sized("怪物", theirs, DEX=40, CON=90, skills={"近接戦闘（格闘）": 50}))
    table.start()


@pytest.mark.rule("7-MAN-01")
@pytest.mark.rule("7-MAN-02")
def test_build_two_smaller_rolls_two_penalty_dice(table):
    wrestle(table, 0, 2)
    assert table.unit("アリス").build == 0 and table.unit("怪物").build == 2
    table.attack("アリス", "怪物", [2, 7, 1, 5], special="マヌーバー")  # tens 20, 70, 10; units 5
    rolled = table.last(Check7Rolled)
    assert rolled.text == "(1D100<=60) ボーナス・ペナルティダイス[-2] ＞ 25, 75, 15 ＞ 75 ＞ 失敗"
    assert rolled.note == "（ペナルティ・ダイス2: ビルド差2）"
    assert rolled.faces == [[10, 2], [10, 7], [10, 1], [10, 5]]


@pytest.mark.rule("7-MAN-03")
def test_build_three_smaller_is_impossible(table):
    wrestle(table, 0, 3)
    table.refused("7-MAN-03", "alice", cmds.Attack, target="怪物", special="マヌーバー")


@pytest.mark.rule("7-MAN-03")
@pytest.mark.rule("7-DICE-01")
def test_the_kp_may_allow_it_then_two_penalty_dice_at_most(table):
    wrestle(table, -1, 3)
    table.run("alice", cmds.Attack, [1, 2, 3, 4], target="怪物", special="マヌーバー", allow=frozenset({"7-MAN-03"}))
    rolled = table.last(Check7Rolled)
    assert rolled.bonus == -2 and rolled.note == "（ペナルティ・ダイス4: ビルド差4、上限2個）"


@pytest.mark.rule("7-MAN-04")
def test_being_bigger_gives_no_bonus(table):
    wrestle(table, 2, -1)
    table.attack("アリス", "怪物", d(45), special="マヌーバー")
    assert table.last(Check7Rolled).bonus == 0


@pytest.mark.rule("7-MAN-05")
@pytest.mark.rule("7-MAN-06")
@pytest.mark.rule("7-MAN-07")
def test_a_winning_grapple_holds_and_the_held_cannot_move_until_it_breaks_free(table):
    wrestle(table, 0, 0)
    for unit, square in (("アリス", "A1"), ("怪物", "B1")):
        table.run("kp", cmds.Place, name=unit, to=square)
    table.attack("アリス", "怪物", d(20), special="マヌーバー")  # hard
    table.react("怪物", "回避", d(30))  # regular against 20: fails
    assert table.hp("怪物") == 14  # no damage: the effect instead
    assert "組み付き" in table.conditions("怪物") and "組み付き中" in table.conditions("アリス")
    table.end("アリス")
    table.refused("7-MAN-07", "kp", cmds.Move, to="C1", as_unit="怪物")
    table.attack("怪物", "アリス", d(10), special="マヌーバー")  # extreme: breaks free
    table.react("アリス", "回避", d(30))
    assert table.conditions("怪物") == [] and table.conditions("アリス") == []
    assert table.last(ce.AttackResolved).outcome == "怪物はアリスを振りほどいた"


@pytest.mark.rule("7-MAN-08")
def test_a_pinned_unit_may_only_try_to_break_free(table):
    wrestle(table, 0, 0)
    table.attack("アリス", "怪物", d(20), special="マヌーバー", aim="押さえ込み")
    table.react("怪物", "なし")
    assert "押さえ込み" in table.conditions("怪物")
    table.end("アリス")
    table.refused("7-MAN-08", "kp", cmds.Attack, d(20), target="アリス", as_unit="怪物")
    table.attack("怪物", "アリス", d(90), special="マヌーバー")
    table.react("アリス", "なし")
    assert "押さえ込み" in table.conditions("怪物")


@pytest.mark.rule("7-MAN-09")
def test_a_knocked_down_unit_stays_down_until_its_next_turn(table):
    wrestle(table, 0, 0, investigator("ボブ", DEX=60, skills={"近接戦闘（格闘）": 50}))
    table.attack("アリス", "怪物", d(20), weapon="転倒")  # the maneuver named as its effect
    table.react("怪物", "なし")
    assert "転倒" in table.conditions("怪物")
    table.end("アリス")
    table.attack("ボブ", "怪物", d(90))  # no die of its own: a KP's bonus: would give one
    assert table.last(Check7Rolled).bonus == 0
    table.react("怪物", "なし")
    table.end("ボブ")
    assert table.state.turn == "怪物" and "転倒" not in table.conditions("怪物")
    assert table.last(ce.ConditionChanged).cause == "自分の手番のはじめに立ち上がった（7-MAN-09）"


@pytest.mark.rule("7-MAN-10")
def test_disarming_drops_the_weapon_until_picked_up(table):
    table.join("alice", investigator("アリス", DEX=70, skills={"近接戦闘（格闘）": 60}))
    table.npc(investigator("信者", DEX=50, weapons=[gun("ナイフ")]))
    table.start()
    table.attack("アリス", "信者", d(20), special="マヌーバー", aim="武装解除")
    table.react("信者", "なし")
    assert table.unit("信者").arms["ナイフ"].dropped and table.unit("信者").in_hand == "こぶし"
    assert table.conditions("信者") == ["武装解除"]
    table.end("アリス")
    table.refused("7-MAN-10", "kp", cmds.Attack, d(20), target="アリス", weapon="ナイフ", as_unit="信者")
    table.declare("信者", "武器を拾う")
    assert not table.unit("信者").arms["ナイフ"].dropped and table.conditions("信者") == []
    table.refused("7-ATK-01", "kp", cmds.Attack, d(20), target="アリス", as_unit="信者")


@pytest.mark.rule("7-OUTN-01")
def test_each_further_attacker_gets_a_bonus_die_after_a_response(table):
    table.join("alice", investigator("アリス", DEX=80, skills={"近接戦闘（格闘）": 60}))
    table.join("bob", investigator("ボブ", DEX=70, skills={"近接戦闘（格闘）": 60}))
    table.join("carol", investigator("キャロル", DEX=60, skills={"近接戦闘（格闘）": 60}))
    table.npc(investigator("信者", DEX=50))
    table.start()
    table.attack("アリス", "信者", d(90))
    assert table.last(Check7Rolled).bonus == 0
    table.react("信者", "回避", d(90))
    table.end("アリス")
    table.attack("ボブ", "信者", [9, 5, 5])  # 95, 55 → 55
    assert (table.last(Check7Rolled).bonus, table.last(Check7Rolled).roll) == (1, 55)
    table.react("信者", "なし", [1])
    table.end("ボブ")
    table.attack("キャロル", "信者", [9, 9, 9])  # still one bonus die (not two): the response count is 1
    assert table.last(Check7Rolled).note == "（ボーナス・ダイス1: 多勢に無勢）"


@pytest.mark.rule("7-OUTN-01")
def test_no_response_does_not_count(table):
    table.join("alice", investigator("アリス", DEX=80))
    table.join("bob", investigator("ボブ", DEX=70))
    table.npc(investigator("信者", DEX=50))
    table.start()
    table.attack("アリス", "信者", d(90))
    table.react("信者", "なし")
    table.end("アリス")
    table.attack("ボブ", "信者", d(90))
    assert table.last(Check7Rolled).bonus == 0


@pytest.mark.rule("7-OUTN-02")
def test_a_monster_with_two_attacks_is_outnumbered_only_after_two_responses(table):
    table.join("alice", investigator("アリス", DEX=80))
    table.join("bob", investigator("ボブ", DEX=70))
    table.join("carol", investigator("キャロル", DEX=60))
    table.npc(investigator("怪物", DEX=50, attacks=2))
    table.start()
    for attacker in ("アリス", "ボブ"):
        table.attack(attacker, "怪物", d(90))
        assert table.last(Check7Rolled).bonus == 0
        table.react("怪物", "応戦", d(90))
        table.end(attacker)
    table.attack("キャロル", "怪物", [9, 9, 9])
    assert table.last(Check7Rolled).bonus == 1


@pytest.mark.rule("7-OUTN-01")
def test_the_count_starts_again_each_round(table):
    table.join("alice", investigator("アリス", DEX=80))
    table.npc(investigator("信者", DEX=50))
    table.start()
    table.attack("アリス", "信者", d(90))
    table.react("信者", "回避", d(90))
    table.end("アリス")
    table.end("信者")
    table.attack("アリス", "信者", d(90))
    assert table.last(Check7Rolled).bonus == 0


def test_kp_sets_attacks_a_round(table):
    table.join("alice", investigator("アリス", DEX=80))
    table.npc(investigator("怪物", DEX=50))
    table.run("kp", SetValue, target="怪物", field="攻撃回数", value="3")
    assert table.unit("怪物").sheet.attacks == 3


@pytest.mark.rule("7-MAN-01")
@pytest.mark.parametrize("options, effect", [
    ({"special": "マヌーバー"}, "組み付き"), ({"special": "マヌーバー", "aim": "転倒"}, "転倒"),
    ({"special": "マヌーバー（押さえ込み）"}, "押さえ込み"), ({"special": "マヌーバー・武装解除"}, "武装解除"),
    ({"weapon": "転倒"}, "転倒"), ({"special": "マニューバー", "weapon": "組み付く"}, "組み付き")])
def test_the_ways_a_maneuver_names_its_effect(table, options, effect):
    wrestle(table, 0, 0)
    table.attack("アリス", "怪物", d(90), **options)
    assert table.state.pending_for("怪物").context["effect"] == effect
