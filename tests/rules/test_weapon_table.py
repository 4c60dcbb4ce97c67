"""The CoC 6th weapon table (X-WPN-01, X-IMPALE-01, H-GEN-02/03): one test per class against
the rulebook's values, the aliases tables write, and hand-entered weapons taking the row
they match and the sheet's skill of that name."""
from __future__ import annotations

import pytest

from rules.coc6.character import Character
from rules.coc6.weapon_class import ParryClass
from rules.coc6.weapon_table import TABLE
from rules.coc6.weapons import Weapon, make_weapon

STATS = {k: 10 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")}


def row(name):
    r = TABLE[name]
    return (r.parry_class, r.skill, r.damage, r.range_m, r.attacks, r.hp, r.impale)


@pytest.mark.rule("X-WPN-01", "X-IMPALE-01")
@pytest.mark.parametrize("name,expected", [
    ("騎兵用サーベル", (ParryClass.SWORD, "サーベル", "1D8+1", None, "1", 20, True)),
    ("大きい棍棒", (ParryClass.CLUB, "大きい棍棒", "1D8", None, "1", 20, False)),
    ("小型ナイフ", (ParryClass.KNIFE, "ナイフ", "1D4", None, "1", 9, True)),
    ("槍", (ParryClass.SPEAR, "槍", "1D8+1", None, "1", 15, True)),
    ("弓", (ParryClass.BOW, "弓", "1D6", 60, "1", 8, True)),
    ("手榴弾", (ParryClass.THROWN, "投擲", "4D6", 20, "1", None, False)),
    (".38口径リボルバー", (ParryClass.HANDGUN, "拳銃", "1D10", 15, "2", 10, True)),
    ("トンプソン", (ParryClass.SMG, "サブマシンガン", "1D10+2", 20, "1 or バースト", 8, True)),
    ("AK-47", (ParryClass.ASSAULT_RIFLE, "ライフル", "2D6+1", 90, "2 or バースト", 12, True)),
    (".30-06口径ボルトアクション", (ParryClass.RIFLE, "ライフル", "2D6+4", 110, "1/2", 12, True)),
    ("12ゲージショットガン", (ParryClass.SHOTGUN, "ショットガン", "4D6", 10, "1 or 2", 10, False)),
    ("ブローニングM1917", (ParryClass.MACHINE_GUN, "マシンガン", "2D6+4", 150, "バースト", 14, True)),
], ids=lambda v: v if isinstance(v, str) else "")
def test_one_row_per_class_has_the_rulebook_values(name, expected):
    assert row(name) == expected


@pytest.mark.rule("X-IMPALE-01")
def test_impale_marks_blades_points_and_bullets_not_clubs_pellets_or_fists():
    impaling = {c for r in TABLE.values() if r.impale for c in [r.parry_class]}
    assert ParryClass.SHOTGUN not in impaling and ParryClass.CLUB not in impaling
    assert {ParryClass.KNIFE, ParryClass.SWORD, ParryClass.SPEAR, ParryClass.BOW, ParryClass.HANDGUN,
            ParryClass.RIFLE, ParryClass.SMG, ParryClass.MACHINE_GUN} <= impaling
    assert not make_weapon("こぶし").impale and not make_weapon("キック").impale


@pytest.mark.rule("X-WPN-01", "X-DB-01")
def test_grenades_add_no_db_though_thrown_stones_add_half():
    assert make_weapon("手榴弾").add_db == "none"
    assert make_weapon("投石").add_db == "half"


@pytest.mark.rule("X-WPN-01", "H-GEN-02")
@pytest.mark.parametrize("typed,skills,expected", [
    ("斧", {}, ("手斧", "1D6+1", 12)),
    ("斧", {"木斧": 50}, ("木斧", "1D8+2", 15)),
    ("バット", {}, ("大きい棍棒", "1D8", 20)),
    ("警棒", {}, ("小さい棍棒", "1D6", 15)),
    ("和弓", {"弓": 75}, ("弓", "1D6", 8)),
])
def test_aliases_tables_write(typed, skills, expected):
    weapon = make_weapon(typed, skills=skills)
    assert (weapon.skill, weapon.damage, weapon.hp) == expected
    assert weapon.name == typed


@pytest.mark.rule("X-WPN-01", "X-IMPALE-01")
def test_a_hand_entered_weapon_takes_the_sheets_skill_of_that_name_and_the_rows_impale():
    sheet = Character(name="弓子", stats=STATS, skills={"弓": 75, "日本刀": 60})
    bow = make_weapon("和弓")
    assert sheet.weapon_skill(bow) == 75 and bow.impale
    own = Character(name="弓子", stats=STATS, skills={"弓": 75, "和弓": 82})
    assert own.weapon_skill(bow) == 82  # a skill written on the sheet under the weapon's own name
    blade = make_weapon("日本刀（銘入り）")
    assert (blade.damage, blade.impale, sheet.weapon_skill(blade)) == ("1D10", True, 60)
    assert not make_weapon("ナイフ", impale=False).impale  # the explicit flag wins
    assert make_weapon("鉄パイプ", impale=True).impale


@pytest.mark.rule("X-IMPALE-01")
def test_impale_survives_the_sheet_round_trip():
    weapon = make_weapon("レイピア")
    assert Weapon.from_dict(weapon.to_dict()) == weapon and weapon.impale
    assert "impale" not in make_weapon("バット").to_dict()  # old sheets read the same
