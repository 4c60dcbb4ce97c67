"""7th-edition weapons on an investigator's sheet (rules/coc7/weapons.py, 7-JOIN-02)."""
from __future__ import annotations

import pytest

from rules.coc7.character import Investigator
from rules.coc7.weapons import UNARMED, known, make_weapon7


@pytest.mark.rule("7-JOIN-02")
def test_a_built_in_handgun_and_the_values_given_instead():
    gun = make_weapon7(".38リボルバー")
    assert (gun.skill, gun.damage, gun.add_db, gun.impale, gun.range_m, gun.shots, gun.capacity, gun.malfunction) == (
        "射撃（拳銃）", "1D10", "none", True, 15, 3, 6, 100)
    mine = make_weapon7("拳銃", value=55, capacity=5)
    assert (mine.name, mine.skill, mine.value, mine.capacity, mine.damage) == ("拳銃", "射撃（拳銃）", 55, 5, "1D10")


@pytest.mark.rule("7-DMG-01")
@pytest.mark.parametrize("name, add_db", [("ナイフ", "full"), ("弓", "half"), ("石", "half"), ("ライフル", "none")])
def test_how_much_damage_bonus_each_kind_adds(name, add_db):
    assert make_weapon7(name).add_db == add_db


def test_an_unknown_weapon_is_a_melee_one_and_aliases_name_the_table():
    club = make_weapon7("鉄パイプ")
    assert (club.skill, club.damage, club.is_melee) == ("近接戦闘（格闘）", "1D6", True)
    assert known("素手") is UNARMED and known("リボルバー").name == ".38リボルバー"


@pytest.mark.rule("7-JOIN-02")
def test_an_investigator_keeps_its_weapons_hp_and_attacks_a_round():
    inv = Investigator("アリス", {"CON": 60, "SIZ": 50}).with_weapon(make_weapon7("ナイフ")).with_weapon(make_weapon7(".38リボルバー"))
    inv = Investigator.from_dict({**inv.to_dict(), "hp_now": 4, "attacks": 2})
    assert [w.name for w in inv.all_weapons] == ["ナイフ", ".38リボルバー", "こぶし"]
    assert (inv.hp, inv.hp_max, inv.attacks) == (4, 11, 2)
    assert inv.weapon("ナイフ").impale and inv.without_weapon("ナイフ").weapon("ナイフ") is None
    assert Investigator.from_dict(inv.to_dict()) == inv
