"""The conflicts between seed 000 (coc6-house) and seed 001 (coc6): the same situation in
both systems, and each system's own answer (CATALOG.md CF-01..CF-08)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.errors import InvalidInput


def duel(table_of, system, *weapons, damage="11", skills=None):
    """ゾンビ (DEX 8, 斧 60%: club class, fixed ``damage``, no db) and グール (DEX 6)
    against アリス (DEX 7, HP 10, ``weapons`` at 50%, ``skills``)."""
    table = table_of(system, shock=False)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("斧", skill_value=60, damage=damage)]))
    table.npc(table.sheet("グール", DEX=6))
    table.join("alice", table.sheet("アリス", DEX=7, skills={"マーシャルアーツ": 11, **(skills or {})},
                                    weapons=[table.weapon(n, skill_value=50, **kw) for n, kw in weapons]))
    table.start()
    return table


def weapon_state(table, name):
    ws = table.unit("アリス").weapons[name]
    return ws.hp, ws.broken


@pytest.mark.rule("CF-01")
@pytest.mark.rule("H-DEF-PARRY-01")
@pytest.mark.rule("P-PARRY-07")
def test_cf01_martial_arts_5_must_declare_in_the_house_rules_only(table_of):
    answers = {}
    for system in ("coc6-house", "coc6"):
        table = duel(table_of, system, ("騎兵用サーベル", {}), skills={"マーシャルアーツ": 5})
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        answers[system] = "受け流し" in table.options("アリス")
    assert answers == {"coc6-house": False, "coc6": True}


@pytest.mark.rule("CF-02")
@pytest.mark.rule("H-DEF-03")
@pytest.mark.rule("P-PARRY-01")
def test_cf02_a_second_parry_in_a_round_only_with_the_house_concentration(table_of):
    house = duel(table_of, "coc6-house", ("騎兵用サーベル", {}))
    house.declare("アリス", "受け流しに集中")
    book = duel(table_of, "coc6", ("騎兵用サーベル", {}))
    with pytest.raises(InvalidInput):
        book.declare("アリス", "受け流しに集中")
    for table in (house, book):
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        table.react("アリス", "受け流し", [30], weapon="騎兵用サーベル")
        table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
        table.run("alice", cmds.EndTurn)
        table.attack("グール", "アリス", [30], weapon="こぶし")
    assert "受け流し" in house.options("アリス")
    book.refused("P-PARRY-01", "alice", cmds.React, action="受け流し", weapon="騎兵用サーベル")


@pytest.mark.rule("CF-03")
@pytest.mark.rule("H-DEF-PARRY-07")
@pytest.mark.rule("P-CLASS-04")
def test_cf03_with_budo_a_club_attacks_after_parrying_only_in_the_house_rules(table_of):
    tables = {s: duel(table_of, s, ("火かき棒", {"hp": 20}), damage="5", skills={"武道（棒術）": 11})
              for s in ("coc6-house", "coc6")}
    for table in tables.values():
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        table.react("アリス", "受け流し", [30], weapon="火かき棒")
    tables["coc6-house"].attack("アリス", "ゾンビ", [30], weapon="火かき棒")
    assert tables["coc6-house"].state.pending_for("ゾンビ") is not None
    tables["coc6"].end_turns_until("アリス")
    tables["coc6"].refused("P-CLASS-04", "alice", cmds.Attack, [30], target="ゾンビ", weapon="火かき棒")


@pytest.mark.rule("CF-04")
@pytest.mark.rule("H-DEF-PARRY-15")
@pytest.mark.rule("P-DMG-04")
@pytest.mark.parametrize("damage, house, book", [
    ("11", (10, (15, False)), (10, (4, False))),
    ("22", (3, (15, True)), (3, (0, True))),
])
def test_cf04_the_knife_keeps_its_hp_in_the_house_rules_and_wears_down_in_the_book(table_of, damage, house, book):
    results = {}
    for system in ("coc6-house", "coc6"):
        table = duel(table_of, system, ("ファイティングナイフ", {}), damage=damage)
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        table.react("アリス", "受け流し", [30], weapon="ファイティングナイフ")
        results[system] = (table.hp("アリス"), weapon_state(table, "ファイティングナイフ"))
    assert results == {"coc6-house": house, "coc6": book}


@pytest.mark.rule("CF-05")
@pytest.mark.rule("H-DEF-PARRY-16")
@pytest.mark.rule("P-DMG-04")
def test_cf05_the_spear_follows_the_club_damage_rule_in_both(table_of):
    results = {}
    for system in ("coc6-house", "coc6"):
        table = duel(table_of, system, ("槍", {"hp": 15}), damage="11")
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        table.react("アリス", "受け流し", [30], weapon="槍")
        results[system] = (table.hp("アリス"), weapon_state(table, "槍"))
    assert results == {"coc6-house": (10, (4, False)), "coc6": (10, (4, False))}


@pytest.mark.rule("CF-06")
@pytest.mark.rule("H-DEF-PARRY-05")
@pytest.mark.rule("P-CLASS-02")
def test_cf06_a_grapple_parries_a_kick_only_in_the_house_rules(table_of):
    house = duel(table_of, "coc6-house", skills={"組み付き": 50})
    house.attack("ゾンビ", "アリス", [20], weapon="キック")
    house.react("アリス", "受け流し", [30, 40, 6], weapon="組み付き")
    assert house.hp("アリス") == 10
    book = duel(table_of, "coc6", skills={"組み付き": 50})
    book.attack("ゾンビ", "アリス", [20], weapon="キック")
    book.refused("P-CLASS-02", "alice", cmds.React, action="受け流し", weapon="組み付き")


@pytest.mark.rule("CF-07")
@pytest.mark.rule("H-DEF-PARRY-15")
@pytest.mark.rule("P-DMG-03")
def test_cf07_the_sword_keeps_its_hp_and_passes_the_excess_in_both(table_of):
    results = {}
    for system in ("coc6-house", "coc6"):
        table = duel(table_of, system, ("騎兵用サーベル", {}), damage="22")
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        table.react("アリス", "受け流し", [30], weapon="騎兵用サーベル")
        results[system] = (table.hp("アリス"), weapon_state(table, "騎兵用サーベル"))
    assert results == {"coc6-house": (8, (20, True)), "coc6": (8, (20, True))}


@pytest.mark.rule("CF-08")
@pytest.mark.rule("H-DEF-PARRY-04")
@pytest.mark.rule("P-CLASS-01")
def test_cf08_bare_hands_against_weapons_each_rule_set_names_its_own_clause(table_of):
    clauses = {}
    for system in ("coc6-house", "coc6"):
        table = duel(table_of, system)
        table.attack("ゾンビ", "アリス", [30], weapon="斧")
        clauses[system] = table.refused(
            "H-DEF-PARRY-04" if system == "coc6-house" else "P-CLASS-01",
            "alice", cmds.React, action="受け流し", weapon="こぶし").clause
    assert clauses == {"coc6-house": "H-DEF-PARRY-04", "coc6": "P-CLASS-01"}
