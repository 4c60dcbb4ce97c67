"""What a battle's end writes onto a sheet (bot.sheets.carry.battle_result), unit by unit:
HP (signed, X-HP-02), SAN by what the battle cost (B-CALL-VITAL-05), weapon HP, breakage, jams
and a worn bowstring (H-KYU-GOU-07); a weapon back in its new condition keeps no entry."""
from __future__ import annotations

import pytest

from bot.render.characters import weapon_text
from bot.sheets.carry import battle_result, changes_text
from rules.coc6.character import Character
from rules.coc6.weapons import make_weapon
from rules.systems.coc6.state import CocUnit, WeaponState

ALICE = Character("アリス", {"STR": 10, "CON": 12, "POW": 11, "DEX": 12, "APP": 10, "SIZ": 14, "INT": 13, "EDU": 10},
                  weapons=(make_weapon("弓", skill_value=60), make_weapon("ナイフ")),
                  weapon_state={"ナイフ": {"hp": 4, "broken": False, "jammed": False}})


@pytest.mark.rule("X-HP-02")
def test_the_units_numbers_replace_the_sheets():
    unit = CocUnit(id="アリス", owner="alice", hidden=False, join_seq=0, character=ALICE, hp=-1, hp_max=13, marks={"san_lost": 3},
                   weapons={"弓": WeaponState(hp=make_weapon("弓").hp, string=1), "ナイフ": WeaponState(hp=9)})
    after = battle_result(ALICE, unit)
    assert (after.hp, after.san) == (-1, 52)
    assert after.weapon_state == {"弓": {"hp": make_weapon("弓").hp, "broken": False, "jammed": False, "string": 1}}
    assert changes_text(ALICE, after) == ["HP 13→-1", "SAN 55→52", "弓 弦3→1", "ナイフ 耐久4→9"]
    assert weapon_text(after, after.weapons[0]).endswith("・弦1/3）")


def test_a_unit_that_lost_nothing_leaves_the_sheet_as_it_was():
    unit = CocUnit(id="アリス", owner="alice", hidden=False, join_seq=0, character=ALICE, hp=13, hp_max=13,
                   weapons={"弓": WeaponState(hp=make_weapon("弓").hp), "ナイフ": WeaponState(hp=4)})
    assert battle_result(ALICE, unit) == ALICE
