"""〈受け流し〉 under the house rules: declaration, classes, damage processing, critical and
fumble (H-DEF-PARRY-01..21)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.parrying import parry_weapons


def duel(table_of, *weapons, damage=11, attack_cls=None, ma=11, system="coc6-house", **settings):
    """ゾンビ (DEX 8, no db) swings a 斧 (club class unless ``attack_cls``; damage fixed at
    ``damage``) at アリス (DEX 7, so she acts after it in the round; HP 10; MA ``ma``;
    ``weapons`` = (name, fields) at 50%)."""
    table = table_of(system, shock=False, **settings)
    axe = table.weapon("斧", skill_value=60, damage=str(damage), cls=attack_cls)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[axe]))
    table.npc(table.sheet("グール", DEX=6))
    alice = table.sheet("アリス", DEX=7, skills={"マーシャルアーツ": ma, "組み付き": 50, "キック": 50},
                        weapons=[table.weapon(name, skill_value=50, **kw) for name, kw in weapons])
    table.join("alice", alice)
    table.start()
    return table


def parried(table_of, weapon, damage, dice=(30,), system="coc6-house", fields=None, **settings):
    """ゾンビ hits アリス for ``damage`` and she parries with ``weapon`` (``fields`` as for
    ``/char weapon``) rolling ``dice``."""
    table = duel(table_of, (weapon, fields or {}), damage=damage, system=system, **settings)
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    table.react("アリス", "受け流し", list(dice), weapon=weapon)
    return table


def legal(table, unit="アリス"):
    """The names of the weapons ``unit`` may parry the pending attack with (the select menu)."""
    pending = table.state.pending_for(unit)
    inc = Incoming.of(pending)
    return [w.name for w in parry_weapons(table.system.rules, table.state, table.unit(unit), inc.weapon)]


def weapon_state(table, name):
    ws = table.unit("アリス").weapons[name]
    return ws.hp, ws.broken, ws.cannot_fire


@pytest.mark.rule("H-DEF-PARRY-01")
def test_below_base_plus_10_a_parry_needs_a_declaration(table_of):
    table = duel(table_of, ("騎兵用サーベル", {}), ma=10)
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    assert "受け流し" not in table.options("アリス")
    table.refused("H-DEF-PARRY-01", "alice", cmds.React, action="受け流し")
    assert table.options("アリス") == ["回避", "防御", "なし"]  # the prompt stays open


@pytest.mark.rule("H-DEF-PARRY-01")
def test_the_declaration_comes_before_the_rounds_first_action(table_of):
    table = duel(table_of, ("騎兵用サーベル", {}), ma=1)
    table.declare("アリス", "受け流し", target="ゾンビ")
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    assert "受け流し" in table.options("アリス")
    table.react("アリス", "受け流し", [30], weapon="騎兵用サーベル")
    assert table.hp("アリス") == 10
    table.refused("H-DEF-PARRY-01", "alice", cmds.Declare, action="受け流し", target="グール")


@pytest.mark.rule("H-DEF-PARRY-02")
def test_a_declared_parry_is_only_against_the_named_opponent(table_of):
    table = duel(table_of, ("騎兵用サーベル", {}), ma=1)
    table.declare("アリス", "受け流し", target="グール")
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    table.refused("H-DEF-PARRY-02", "alice", cmds.React, action="受け流し")


@pytest.mark.rule("H-DEF-PARRY-03")
@pytest.mark.parametrize("skill", ["マーシャルアーツ", "武道（柔道）"])
def test_at_base_plus_10_no_declaration_is_needed(table_of, skill):
    table = table_of("coc6-house", shock=False)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("斧", skill_value=60, damage="11")]))
    table.join("alice", table.sheet("アリス", DEX=7, skills={skill: 11},
                                    weapons=[table.weapon("騎兵用サーベル", skill_value=50)]))
    table.start()
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    assert "受け流し" in table.options("アリス")
    table.react("アリス", "受け流し", [30])
    assert table.hp("アリス") == 10


@pytest.mark.rule("H-DEF-PARRY-04")
@pytest.mark.rule("H-DEF-PARRY-13")
def test_fist_and_kick_stop_fists_and_kicks_entirely(table_of):
    table = duel(table_of)
    table.attack("ゾンビ", "アリス", [20], weapon="キック")
    assert legal(table) == ["こぶし", "キック", "組み付き"]
    events = table.react("アリス", "受け流し", [30, 6], weapon="キック")
    assert [e.total for e in events if isinstance(e, ce.DamageRolled)] == [6]
    assert table.hp("アリス") == 10


@pytest.mark.rule("H-DEF-PARRY-04")
@pytest.mark.rule("H-DEF-PARRY-13")
def test_fist_and_kick_do_not_stop_a_melee_weapon(table_of):
    table = duel(table_of)
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    assert legal(table) == ["組み付き"]
    table.refused("H-DEF-PARRY-04", "alice", cmds.React, action="受け流し", weapon="こぶし")


@pytest.mark.rule("H-DEF-PARRY-05")
@pytest.mark.rule("H-DEF-PARRY-14")
def test_a_grapple_parry_needs_two_successes_and_cancels_a_weapon_entirely(table_of):
    table = parried(table_of, "組み付き", 11, dice=(30, 40))
    checks = [e.text for e in table.log if isinstance(e, ce.CheckRolled) and e.unit == "アリス"]
    assert checks == ["(1D100<=50) ＞ 30 ＞ 成功", "(1D100<=50) ＞ 40 ＞ 成功"]
    assert table.hp("アリス") == 10


@pytest.mark.rule("H-DEF-PARRY-05")
def test_a_grapple_parry_failing_its_second_roll_takes_all_the_damage(table_of):
    table = parried(table_of, "組み付き", 11, dice=(30, 60))
    assert table.hp("アリス") == 10 - 11


@pytest.mark.rule("H-DEF-PARRY-06")
@pytest.mark.rule("H-DEF-PARRY-15")
def test_a_sword_parries_up_to_its_hp_and_may_still_attack_that_round(table_of):
    table = parried(table_of, "騎兵用サーベル", 11)
    assert (table.hp("アリス"), weapon_state(table, "騎兵用サーベル")) == (10, (20, False, False))
    table.attack("アリス", "ゾンビ", [30], weapon="騎兵用サーベル")
    assert table.state.pending_for("ゾンビ") is not None


@pytest.mark.rule("H-DEF-PARRY-15")
@pytest.mark.parametrize("weapon, hp", [("騎兵用サーベル", 20), ("ファイティングナイフ", 15)])
def test_a_sword_or_knife_keeps_its_hp_and_breaks_on_a_bigger_blow(table_of, weapon, hp):
    kept = parried(table_of, weapon, hp)
    assert (kept.hp("アリス"), weapon_state(kept, weapon)) == (10, (hp, False, False))
    broken = parried(table_of, weapon, 22)
    assert (broken.hp("アリス"), weapon_state(broken, weapon)) == (10 - (22 - hp), (hp, True, False))


@pytest.mark.rule("H-DEF-PARRY-07")
@pytest.mark.parametrize("weapon", ["火かき棒", "ファイティングナイフ", "槍"])
def test_a_club_knife_or_spear_that_parried_cannot_attack_that_round(table_of, weapon):
    table = parried(table_of, weapon, 5, fields={"hp": 20})
    table.end_turns_until("アリス")
    table.refused("H-DEF-PARRY-07", "alice", cmds.Attack, [30], target="ゾンビ", weapon=weapon)


@pytest.mark.rule("H-DEF-PARRY-07")
def test_with_budo_at_base_plus_10_the_club_may_attack_after_parrying(table_of):
    table = table_of("coc6-house", shock=False)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("斧", skill_value=60, damage="5")]))
    table.join("alice", table.sheet("アリス", DEX=7, skills={"武道（棒術）": 11},
                                    weapons=[table.weapon("火かき棒", skill_value=50)]))
    table.start()
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    table.react("アリス", "受け流し", [30], weapon="火かき棒")
    table.attack("アリス", "ゾンビ", [30], weapon="火かき棒")
    assert table.state.pending_for("ゾンビ") is not None


@pytest.mark.rule("H-DEF-PARRY-08")
@pytest.mark.rule("H-DEF-PARRY-17")
def test_a_shield_stops_melee_weapons_up_to_its_hp(table_of):
    table = parried(table_of, "盾", 11, fields={"cls": "盾", "hp": 15})
    assert (table.hp("アリス"), weapon_state(table, "盾")) == (10, (15, False, False))


@pytest.mark.rule("H-DEF-PARRY-08")
def test_a_shield_against_missiles_only_with_the_keepers_chance(table_of):
    table = duel(table_of, ("盾", {"cls": "盾", "hp": 15}), damage=6, attack_cls="弓")
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    table.refused("H-DEF-PARRY-08", "alice", cmds.React, action="受け流し", weapon="盾")
    chance = duel(table_of, ("盾", {"cls": "盾", "hp": 15}), damage=6, attack_cls="弓", shield_missile_chance=30)
    chance.attack("ゾンビ", "アリス", [30], weapon="斧")
    events = chance.react("アリス", "受け流し", [25], weapon="盾")
    assert [e.text for e in events if isinstance(e, ce.CheckRolled)] == ["(1D100<=30) ＞ 25 ＞ 成功"]
    assert chance.hp("アリス") == 10


@pytest.mark.rule("H-DEF-PARRY-18")
def test_a_shield_blow_above_its_hp_costs_shield_and_character_the_excess(table_of):
    table = parried(table_of, "盾", 19, fields={"cls": "盾", "hp": 15})
    assert (table.hp("アリス"), weapon_state(table, "盾")) == (10 - 4, (11, False, False))
    destroyed = parried(table_of, "盾", 12, fields={"cls": "盾", "hp": 6})
    assert (destroyed.hp("アリス"), weapon_state(destroyed, "盾")) == (10 - 6, (0, True, False))


@pytest.mark.rule("H-DEF-PARRY-09")
@pytest.mark.rule("H-DEF-PARRY-19")
def test_a_shotgun_parries_up_to_its_hp_then_cannot_fire_but_keeps_parrying(table_of):
    table = parried(table_of, "12ゲージショットガン", 11)
    assert (table.hp("アリス"), weapon_state(table, "12ゲージショットガン")) == (9, (10, False, True))
    table.end_turns_until("アリス")
    table.refused("H-DEF-PARRY-19", "alice", cmds.Attack, [30], target="ゾンビ", weapon="12ゲージショットガン")


@pytest.mark.rule("H-DEF-PARRY-09")
def test_a_rifle_that_parried_cannot_shoot_that_round(table_of):
    table = parried(table_of, "ライフル", 5)
    assert weapon_state(table, "ライフル") == (12, False, False)
    table.end_turns_until("アリス")
    table.refused("H-DEF-PARRY-09", "alice", cmds.Attack, [30], target="ゾンビ", weapon="ライフル")


@pytest.mark.rule("H-DEF-PARRY-10")
@pytest.mark.rule("H-DEF-PARRY-16")
def test_a_bow_loses_hp_by_the_damage_and_cannot_shoot_that_round(table_of):
    table = parried(table_of, "弓", 5)
    assert (table.hp("アリス"), weapon_state(table, "弓")) == (10, (3, False, False))
    table.end_turns_until("アリス")
    table.refused("H-DEF-PARRY-10", "alice", cmds.Attack, [30], target="ゾンビ", weapon="弓")


@pytest.mark.rule("H-DEF-PARRY-12")
@pytest.mark.parametrize("weapon, cls", [("スリング", "スリング"), ("拳銃", None)])
def test_slings_and_handguns_cannot_parry(table_of, weapon, cls):
    table = duel(table_of, (weapon, {"cls": cls} if cls else {}))
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    table.refused("H-DEF-PARRY-12", "alice", cmds.React, action="受け流し", weapon=weapon)


@pytest.mark.rule("H-DEF-PARRY-16")
@pytest.mark.parametrize("weapon", ["火かき棒", "槍"])
def test_a_club_or_spear_loses_hp_and_at_0_breaks_passing_the_excess(table_of, weapon):
    worn = parried(table_of, weapon, 11, fields={"hp": 20})
    assert (worn.hp("アリス"), weapon_state(worn, weapon)) == (10, (9, False, False))
    broken = parried(table_of, weapon, 22, fields={"hp": 20})
    assert (broken.hp("アリス"), weapon_state(broken, weapon)) == (8, (0, True, False))


@pytest.mark.rule("H-DEF-PARRY-20")
def test_a_critical_parry_stops_damage_beyond_hp_and_offers_a_counterattack_with_1d4(table_of):
    table = parried(table_of, "火かき棒", 25, dice=(3,), fields={"hp": 20, "damage": "1D6"})
    assert (table.hp("アリス"), weapon_state(table, "火かき棒")) == (10, (20, False, False))
    assert table.options("アリス") == ["反撃", "なし"]
    table.react("アリス", "反撃", [40])
    events = table.react("ゾンビ", "なし", [4, 2])
    damage = [e for e in events if isinstance(e, ce.DamageRolled)][0]
    assert (damage.expr, damage.total) == ("1D6+1D4", 6)
    assert table.hp("ゾンビ") == 10 - 6


@pytest.mark.rule("H-DEF-PARRY-20")
def test_a_critical_fist_parry_cancels_a_kick(table_of):
    table = duel(table_of)
    table.attack("ゾンビ", "アリス", [20], weapon="キック")
    table.react("アリス", "受け流し", [2, 6], weapon="こぶし")
    assert table.hp("アリス") == 10
    table.react("アリス", "なし")
    assert table.state.pending == []


@pytest.mark.rule("H-DEF-PARRY-21")
def test_a_fumbled_weapon_parry_destroys_the_weapon_and_no_damage_is_taken(table_of):
    table = parried(table_of, "騎兵用サーベル", 11, dice=(99,))
    assert (table.hp("アリス"), weapon_state(table, "騎兵用サーベル")) == (10, (20, True, False))
    table.end_turns_until("アリス")
    table.refused("H-DEF-PARRY-15", "alice", cmds.Attack, [30], target="ゾンビ", weapon="騎兵用サーベル")


@pytest.mark.rule("H-DEF-PARRY-21")
def test_a_fumbled_parry_with_nothing_to_destroy_takes_the_full_damage(table_of):
    table = duel(table_of)
    table.attack("ゾンビ", "アリス", [20], weapon="キック")
    table.react("アリス", "受け流し", [99, 5], weapon="こぶし")
    assert table.hp("アリス") == 10 - 5


@pytest.mark.rule("H-DEF-PARRY-21")
def test_the_keeper_setting_makes_a_fumbled_parry_take_the_damage(table_of):
    table = duel(table_of, ("騎兵用サーベル", {}), parry_fumble_damage=True)
    table.attack("ゾンビ", "アリス", [30], weapon="斧")
    table.react("アリス", "受け流し", [99], weapon="騎兵用サーベル")
    assert (table.hp("アリス"), weapon_state(table, "騎兵用サーベル")[1]) == (10 - 11, True)
