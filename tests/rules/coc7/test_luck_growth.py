"""7th-edition Luck spending and growth, with fixed dice (新クトゥルフ神話TRPG); the SAN roll:
tests/rules/coc7/test_sanity.py."""
from __future__ import annotations

import pytest

from rules.coc7.check import Difficulty, Level7, roll_skill
from rules.coc7.growth import growth_roll, grows, ticks
from rules.coc7.luck import luck_needed, spend_luck
from rules.dice import ScriptedDice


def test_luck_turns_a_miss_by_what_it_missed() -> None:
    check = roll_skill(50, ScriptedDice([5, 8]))  # 58 against 50: missed by 8
    assert check.level is Level7.FAILURE and luck_needed(check) == 8
    turned, left = spend_luck(check, 10)
    assert (turned.roll, turned.level, left) == (50, Level7.REGULAR, 2)
    assert spend_luck(check, 7) is None


def test_luck_turns_a_stated_difficulty_and_never_a_fumble() -> None:
    hard = roll_skill(50, ScriptedDice([3, 10]), difficulty=Difficulty.HARD)  # 30 against 25
    turned, left = spend_luck(hard, 60)
    assert luck_needed(hard) == 5 and turned.level is Level7.SUCCESS and left == 55
    fumble = roll_skill(40, ScriptedDice([9, 7]))  # 97 against 40: fumble
    assert luck_needed(fumble) is None and spend_luck(fumble, 99) is None


@pytest.mark.parametrize("roll,value,grew", [(71, 70, True), (70, 70, False), (50, 70, False),
                                             (96, 99, True), (95, 99, False), (100, 100, True)])
def test_growth_roll_above_the_skill_or_above_95(roll: int, value: int, grew: bool) -> None:
    assert grows(roll, value) is grew


def test_growth_adds_1d10_and_reaching_90_gains_2d6_san() -> None:
    grown = growth_roll("目星", 70, ScriptedDice([84, 6]))
    assert (grown.after, grown.san_gain) == (76, 0)
    assert grown.text() == "目星 70：1D100 ＞ 84 ＞ 成長 1D10 ＞ 6 → 76"
    reached = growth_roll("図書館", 85, ScriptedDice([90, 7, 3, 4]))
    assert (reached.after, reached.san_gain) == (92, 7)
    assert reached.text() == "図書館 85：1D100 ＞ 90 ＞ 成長 1D10 ＞ 7 → 92（90に達したのでSAN +2D6(3,4) ＝ +7）"
    stayed = growth_roll("目星", 70, ScriptedDice([42]))
    assert not stayed.grew and stayed.text() == "目星 70：1D100 ＞ 42 ＞ 成長なし"
    assert growth_roll("目星", 92, ScriptedDice([97, 2])).san_gain == 0  # already above 90


def test_only_a_success_without_bonus_dice_ticks() -> None:
    assert ticks("目星", True, 0) and ticks("目星", True, -1)
    assert not ticks("目星", True, 1) and not ticks("目星", False, 0)
    assert not ticks("幸運", True, 0, rollable=False)
