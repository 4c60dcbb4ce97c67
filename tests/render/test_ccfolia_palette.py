"""The chat palette ``/char export`` writes (bot.render.ccfolia) as battle chat reads it
(issue 21): each attack a character has is a line, and the line read back is that weapon."""
from __future__ import annotations

from bot.render.ccfolia import ccfolia_json, palette
from bot.sheets.importers import parse_sheet
from rules.coc6.character import Character
from rules.coc6.weapons import ParryClass, make_weapon

RIN = Character(name="リン", stats={"STR": 11, "CON": 11, "POW": 13, "DEX": 13, "APP": 12, "SIZ": 10, "INT": 13,
                                    "EDU": 13},
                skills={"応急手当": 60},
                weapons=(make_weapon("弓", skill_value=75, damage="1D6", hp=8, parry_class=ParryClass.BOW),
                         make_weapon(".38リボルバー")))


def test_a_weapon_with_its_own_skill_value_has_its_line():
    lines = palette(RIN)
    assert "CCB<=75 【弓】" in lines and "CCB<=20 【拳銃】" in lines and "CCB<=60 【応急手当】" in lines
    assert "CCB<=20 【.38リボルバー】" not in lines  # its skill 〈拳銃〉 has the line
    assert lines.index("CCB<=75 【弓】") < lines.index("1D6 【ダメージ判定（弓）】")


def test_the_palette_reads_back_as_the_same_weapons():
    again, _hidden = parse_sheet(ccfolia_json(RIN))
    bow = again.weapon("弓")
    assert bow is not None and again.weapon_skill(bow) == 75 and bow.damage == "1D6"
    assert again.weapon_skill(again.weapon(".38リボルバー")) == 20
