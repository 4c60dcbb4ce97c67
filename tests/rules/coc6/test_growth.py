"""The growth roll (成長ロール) of published CoC 6th (H-GEN-02): what a success marks, the
roll above the value, 1D10, the cap and the house variants."""
from __future__ import annotations

import pytest

from rules.coc6.character import Character
from rules.coc6.growth import (CRITICAL, SUCCESS, GrowthRules, grows_by_use, marked, roll_growth, skill_of_check,
                               skill_value, with_value)
from rules.coc6.weapons import make_weapon
from rules.dice import ScriptedDice

ALICE = Character("アリス", {"STR": 10, "CON": 12, "POW": 11, "DEX": 12, "APP": 10, "SIZ": 14, "INT": 13, "EDU": 10},
                  skills={"目星": 60, "聞き耳": 97}, weapons=(make_weapon("ナイフ", skill_value=90),))


@pytest.mark.rule("H-GEN-02")
@pytest.mark.parametrize("skill, grows", [
    ("目星", True), ("回避", True), ("武道（柔道）", True), ("こぶし（パンチ）", True),
    ("アイデア", False), ("アイディア", False), ("幸運", False), ("知識", False), ("SAN", False), ("正気度", False),
    ("クトゥルフ神話", False), ("CON×5", False), ("dex*5", False), ("STR", False), ("", False)])
def test_which_successes_mark_a_skill(skill, grows):
    assert grows_by_use(skill) is grows


@pytest.mark.rule("H-GEN-02")
@pytest.mark.parametrize("purpose, skill", [
    ("攻撃（ナイフ）", "ナイフ"), ("攻撃（こぶし）", "こぶし"), ("受け流し（ナイフ）", "ナイフ"), ("回避", "回避"),
    ("目星", "目星"), ("応急手当（ボブ）", "応急手当"), ("サルト（〈武道（柔道）〉）", "武道（柔道）"),
    ("ショック（7ダメージ ≧ 耐久力13の半分：CON×5）", None), ("防御（CON×5）", None),
    ("SANチェック（1/1d4、急所狙い）", None), ("急所（ダメージ対CON）（2対18の抵抗ロール）", None),
    ("幸運（POW×5）", None), ("アイデア", None)])
def test_the_skill_a_battle_check_was_rolled_with(purpose, skill):
    assert skill_of_check(purpose, ALICE) == skill


@pytest.mark.rule("H-GEN-02")
def test_a_skill_is_marked_once_and_a_critical_upgrades_the_mark():
    once = marked(ALICE, "目星", critical=False)
    assert once.growth == {"目星": SUCCESS}
    assert marked(once, "目星", critical=False) is None
    assert marked(once, "目星", critical=True).growth == {"目星": CRITICAL}
    assert marked(ALICE, "アイデア", critical=True) is None


@pytest.mark.rule("H-GEN-02")
@pytest.mark.parametrize("value, faces, after, text", [
    (60, [84, 7], 67, "目星 60→67（1D100=84 > 60, 1D10=7）"),
    (60, [61, 1], 61, "目星 60→61（1D100=61 > 60, 1D10=1）"),
    (60, [60], 60, "目星 60（1D100=60 ≦ 60、成長なし）"),
    (95, [100, 10], 99, "目星 95→99（1D100=100 > 95, 1D10=10、上限99）"),
    (99, [], 99, "目星 99（上限99、成長なし）"),
])
def test_the_growth_roll_by_the_rulebook(value, faces, after, text):
    dice = ScriptedDice(faces)
    result = roll_growth("目星", value, SUCCESS, dice, GrowthRules())
    assert (result.after, result.text()) == (after, text)
    assert dice.remaining == 0  # the 1D10 only after a roll above the value


@pytest.mark.rule("H-GEN-01")
def test_house_variants_a_critical_grows_without_the_d100_and_96_plus_always_grows():
    critical = roll_growth("回避", 40, CRITICAL, ScriptedDice([6]), GrowthRules(critical_grows=True))
    assert critical.text() == "回避 40→46（決定的成功の印で自動成長, 1D10=6）"
    assert roll_growth("回避", 40, CRITICAL, ScriptedDice([30]), GrowthRules()).text() == "回避 40（1D100=30 ≦ 40、成長なし）"
    high = roll_growth("聞き耳", 97, SUCCESS, ScriptedDice([96, 3]), GrowthRules(high_roll_grows=True))
    assert high.text() == "聞き耳 97→99（1D100=96 ≦ 97, 96以上で成長, 1D10=3、上限99）"
    assert roll_growth("聞き耳", 97, SUCCESS, ScriptedDice([96]), GrowthRules()).after == 97
    assert roll_growth("目星", 80, SUCCESS, ScriptedDice([85, 9]), GrowthRules(cap=85)).after == 85


def test_a_weapon_with_its_own_value_grows_that_value():
    assert skill_value(ALICE, "ナイフ") == 90
    grown = with_value(ALICE, "ナイフ", 97)
    assert grown.weapon("ナイフ").skill_value == 97 and "ナイフ" not in grown.skills
    assert with_value(ALICE, "目星", 67).skill("目星") == 67
