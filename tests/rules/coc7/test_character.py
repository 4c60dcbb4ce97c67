"""7th-edition derived values against the rulebook's formulas (新クトゥルフ神話TRPG p.32–35)."""
from __future__ import annotations

import pytest

from rules.coc7.character import Investigator, damage_bonus_and_build, fifth, half, move_rate

STATS = {"STR": 60, "CON": 55, "POW": 65, "DEX": 70, "APP": 50, "SIZ": 65, "INT": 75, "EDU": 80}


@pytest.mark.parametrize("total,db,build", [
    (2, "-2", -2), (64, "-2", -2), (65, "-1", -1), (84, "-1", -1), (85, "", 0), (124, "", 0),
    (125, "+1D4", 1), (164, "+1D4", 1), (165, "+1D6", 2), (204, "+1D6", 2), (205, "+2D6", 3),
    (284, "+2D6", 3), (285, "+3D6", 4), (364, "+3D6", 4), (365, "+4D6", 5), (444, "+4D6", 5),
    (445, "+5D6", 6),
])
def test_damage_bonus_and_build_table_edges(total: int, db: str, build: int) -> None:
    assert damage_bonus_and_build(total - 40, 40) == (db, build)


@pytest.mark.parametrize("strength,dex,size,age,mov", [
    (40, 50, 60, None, 7), (60, 50, 60, None, 8), (70, 50, 60, None, 8), (70, 80, 60, None, 9),
    (60, 60, 60, None, 8), (70, 80, 60, 39, 9), (70, 80, 60, 40, 8), (70, 80, 60, 55, 7),
    (40, 50, 60, 89, 2),
])
def test_move_rate(strength: int, dex: int, size: int, age, mov: int) -> None:
    assert move_rate(strength, dex, size, age) == mov


def test_an_investigators_derived_values() -> None:
    inv = Investigator("見本", dict(STATS), luck=55)
    assert inv.hp_max == 12          # ⌊(55 + 65) / 10⌋
    assert inv.mp_max == 13          # ⌊65 / 5⌋
    assert inv.san == 65 and inv.san_max == 99
    assert inv.damage_bonus == "+1D4" and inv.build == 1   # 60 + 65 = 125
    assert inv.move == 8             # STR 60 < SIZ 65 ≤ DEX 70
    assert inv.skill("回避") == 35 and inv.skill("母国語") == 80
    assert inv.skill("アイデア") == 75 and inv.skill("知識") == 80 and inv.skill("幸運") == 55
    assert inv.skill("目星") == 25 and inv.skill("図書館") == 20 and inv.skill("クトゥルフ神話") == 0
    assert inv.skill("射撃(拳銃)") == 20 and inv.skill("こぶし") == 25
    assert inv.skill("芸術/製作(写真術)") == 5 and inv.skill("知らない技能") == 0


def test_half_and_fifth_round_down() -> None:
    assert [(half(v), fifth(v)) for v in (1, 4, 5, 49, 50, 99)] == [
        (0, 0), (2, 0), (2, 1), (24, 9), (25, 10), (49, 19)]


def test_mythos_caps_starting_san_and_round_trips() -> None:
    inv = Investigator("見本", dict(STATS, POW=90), skills={"クトゥルフ神話": 15, "目星": 70}, luck=40, age=45)
    assert inv.san == 84 and inv.skill("目星") == 70 and inv.move == 7
    again = Investigator.from_dict(inv.to_dict())
    assert again == inv and inv.to_dict()["edition"] == "coc7"
