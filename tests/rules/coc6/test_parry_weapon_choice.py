"""Choosing the parrying weapon (issue 4: the prompt offers the defender's weapons that can
parry this attack; the console shows the same choices)."""
import pytest

from rules.systems.coc6 import house
from rules.systems.coc6.prompts import weapon_options


def duelist(table):
    sabre = table.weapon("騎兵用サーベル", skill_value=50)
    club = table.weapon("警棒", skill_value=40)
    table.join("yuki", table.sheet("ユウキ", DEX=11, weapons=[sabre, club]))
    table.npc(table.sheet("巨漢", STR=14, SIZ=16, DEX=12,
                          weapons=[table.weapon("手斧", skill_value=60, damage="1D8+2")]))
    table.start()


@pytest.mark.rule("H-DEF-PARRY-15", "H-DEF-PARRY-16")
def test_each_legal_parrying_weapon_is_its_own_answer(house_table):
    t = house_table
    duelist(t)
    t.declare("ユウキ", "受け流し", target="巨漢")
    t.attack("巨漢", "ユウキ", [40])
    options = weapon_options(house.RULES, t.state, t.state.pending_for("ユウキ"))
    assert "受け流し：騎兵用サーベル" in options and "受け流し：警棒" in options
    assert "受け流し" not in options and "受け流し：こぶし" not in options
    t.react("ユウキ", "受け流し：警棒", [30, 6, 3])   # 警棒 40: 30 succeeds; 6+2+1D4(3) = 11
    assert t.unit("ユウキ").weapons["警棒"].hp == 4 and t.hp("ユウキ") == t.unit("ユウキ").hp_max
    assert t.unit("ユウキ").weapons["騎兵用サーベル"].hp == 20
