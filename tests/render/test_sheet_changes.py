"""What an import would change, as the confirmation lists it (issue 10)."""
from __future__ import annotations

from bot.render.characters import sheet_changes
from rules.coc6.character import Character
from rules.coc6.weapons import make_weapon

STATS = dict(STR=12, CON=13, POW=11, DEX=14, APP=10, SIZ=13, INT=13, EDU=15)


def test_every_kind_of_change_is_listed():
    old = Character("アリス", STATS, skills={"目星": 70, "こぶし": 60, "図書館": 50},
                    weapons=(make_weapon("ナイフ"), make_weapon("バット", skill_value=40)))
    new = Character("アリス", {**STATS, "DEX": 15, "STR": 16}, skills={"目星": 75, "こぶし": 60, "聞き耳": 55},
                    weapons=(make_weapon("バット", skill_value=45), make_weapon("日本刀")), armor=2)
    assert sheet_changes(old, new) == [
        "能力値: STR 12 → 16、DEX 14 → 15、装甲 なし → 2",  # db stays +1D4 (STR+SIZ 25 → 29)
        "増える技能: 聞き耳 55%",
        "なくなる技能: 図書館 50%（→ 25%）",
        "変わる技能: 目星 70% → 75%",
        "増える武器: 日本刀（15% 1D10 耐久20）",
        "なくなる武器: ナイフ（25% 1D4 耐久9）",
        "変わる武器: バット（40% 1D8 耐久20） → バット（45% 1D8 耐久20）",
    ]


def test_the_same_sheet_changes_nothing():
    sheet = Character("アリス", STATS, skills={"目星": 70}, weapons=(make_weapon("ナイフ"),))
    assert sheet_changes(sheet, Character.from_dict(sheet.to_dict())) == []


def test_a_long_list_is_counted_past_thirty():
    new = Character("アリス", STATS, skills={f"技能{i}": i for i in range(40)})
    line = sheet_changes(Character("アリス", STATS), new)[0]
    assert line.startswith("増える技能: 技能0 0%、技能1 1%") and line.endswith("技能29 29% …ほか10件")
