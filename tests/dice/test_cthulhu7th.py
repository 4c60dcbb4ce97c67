"""7th-edition dice beyond BCDice's own vectors: secret, repetition, full-width input,
parenthesised arithmetic, the bonus dice reading and what 7th does not read."""
from __future__ import annotations

import pytest

from rules.coc7.check import Difficulty, Level7, judge, judge_at, roll_with_bonus
from rules.dice import DiceError, ScriptedDice, evaluate
from rules.dice.cthulhu7th import check_of


def roll7(line: str, faces: list[int]):
    dice = ScriptedDice(faces)
    result = evaluate(line, dice, "coc7")
    assert dice.remaining == 0
    return result


def test_secret_prefix_keeps_the_text_and_marks_it_secret() -> None:
    result = roll7("scc(-1)<=50 目星", [9, 5, 2])
    assert result.text == "(1D100<=50) ボーナス・ペナルティダイス[-1] ＞ 92, 52 ＞ 92 ＞ 失敗"
    assert result.secret and result.failure and result.comment == "目星"
    table = roll7("SPH", [36])
    assert table.secret and table.text == "恐怖症表(36) ＞ ピン恐怖症：針やピンが怖い。"


def test_repeat_rolls_each_part_with_its_own_dice() -> None:
    result = roll7("x3 CC<=50", [5, 2, 1, 1, 10, 10])
    assert result.text == (
        "#1\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 52 ＞ 52 ＞ 失敗\n\n"
        "#2\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 11 ＞ 11 ＞ ハード成功\n\n"
        "#3\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 100 ＞ 100 ＞ ファンブル")
    assert [p.level for p in result.parts] == [Level7.FAILURE, Level7.HARD, Level7.FUMBLE]


@pytest.mark.parametrize("line", ["ＣＣ（－１）＜＝５０ｈ", "ｃｃ−１≦５０Ｈ", "CC(-1)<=50h"])
def test_full_width_reads_as_ascii(line: str) -> None:
    result = roll7(line, [9, 5, 2])
    assert result.text == "(1D100<=25) ボーナス・ペナルティダイス[-1] ＞ 92, 52 ＞ 92 ＞ 失敗"


def test_parenthesised_arithmetic_is_computed_first() -> None:
    assert roll7("CC(1+1)<=50", [9, 5, 2, 1]).text == (
        "(1D100<=50) ボーナス・ペナルティダイス[2] ＞ 91, 51, 21 ＞ 21 ＞ ハード成功")
    assert roll7("CC<=(40+10)e", [1, 1]).text == (
        "(1D100<=10) ボーナス・ペナルティダイス[0] ＞ 11 ＞ 11 ＞ 失敗")
    assert roll7("CBR((10),20)", [15]).text == "(1d100<=10,20) ＞ 15[失敗,レギュラー成功] ＞ 部分的成功"


@pytest.mark.parametrize("line", ["CC<=-5", "CCB<=50", "RES(10-5)", "CBR(-10,20)", "CC=<50",
                                  "CC<=50x", "CC(1/0)<=50", "PHA", "CC<=60/2", "FAR(1,2)"])
def test_not_a_7th_command_rolls_nothing(line: str) -> None:
    dice = ScriptedDice([])
    assert evaluate(line, dice, "coc7") is None
    assert dice.used == []


@pytest.mark.rule("7-DICE-04")
@pytest.mark.parametrize(("line", "faces", "shown"), [
    ("CC<=0h", [15], "(1D100) ＞ 15"),  # BCDice: a target of 0 is none, read before the difficulty
    ("CC<=0", [33], "(1D100) ＞ 33"),  # BCDice's test data
    ("CC(2)<=0", [2, 10, 5, 10], "(1D100) ボーナス・ペナルティダイス[2] ＞ 20, 100, 50 ＞ 20"),  # BCDice's test data
    ("CC1<=0h", [2, 5, 10], "(1D100) ボーナス・ペナルティダイス[1] ＞ 20, 50 ＞ 20"),  # issue 30: no "target missing"
    ("CC-1<=0e", [2, 5, 10], "(1D100) ボーナス・ペナルティダイス[-1] ＞ 20, 50 ＞ 50"),
])
def test_a_target_of_0_is_no_target_with_or_without_a_difficulty(line: str, faces: list[int], shown: str) -> None:
    result = roll7(line, faces)
    assert result.text == shown and result.level is None and not result.success and not result.failure


def test_common_commands_stay_common() -> None:
    assert roll7("1D100<=50", [42]).text == "(1D100<=50) ＞ 42 ＞ 成功"
    assert roll7("CC+0", [42]).text == "(1D100) ＞ 42"


def test_bonus_dice_keep_lowest_penalty_highest_and_00_0_is_100() -> None:
    assert roll_with_bonus(ScriptedDice([10, 3, 10]), 1) == (30, [100, 30])
    assert roll_with_bonus(ScriptedDice([10, 3, 10]), -1) == (100, [100, 30])
    assert roll_with_bonus(ScriptedDice([10, 1]), 0) == (1, [1])


@pytest.mark.parametrize("roll,target,level", [
    (1, 1, Level7.CRITICAL), (10, 50, Level7.EXTREME), (11, 50, Level7.HARD),
    (25, 50, Level7.HARD), (26, 50, Level7.REGULAR), (50, 50, Level7.REGULAR),
    (51, 50, Level7.FAILURE), (99, 50, Level7.FAILURE), (100, 50, Level7.FUMBLE),
    (95, 49, Level7.FAILURE), (96, 49, Level7.FUMBLE), (100, 150, Level7.FUMBLE),
])
def test_levels_at_the_band_edges(roll: int, target: int, level: Level7) -> None:
    assert judge(roll, target) is level


def test_stated_difficulty_reduces_the_target_and_its_fumble_band() -> None:
    assert Difficulty.HARD.target(53) == 26 and Difficulty.EXTREME.target(53) == 10
    assert Difficulty.CRITICAL.target(99) == 0 and Difficulty.REGULAR.target(53) == 53
    assert judge_at(26, 26) is Level7.SUCCESS and judge_at(27, 26) is Level7.FAILURE
    assert judge_at(96, 26) is Level7.FUMBLE and judge_at(1, 0) is Level7.CRITICAL


def test_a_repeated_message_shows_bcdices_words_in_each_part() -> None:
    dice = ScriptedDice([])
    result = evaluate("x2 CC(101)<=50", dice, "coc7")
    assert result.text == ("#1\nボーナス・ペナルティダイスの値は-100以上、100以下としてください\n\n"
                           "#2\nボーナス・ペナルティダイスの値は-100以上、100以下としてください")
    assert evaluate("x2 FAR(0,0,98)", dice, "coc7").text == "#1\n弾薬は正の数です。\n\n#2\n弾薬は正の数です。"
    assert dice.used == []
    secret = evaluate("Sx2 PH", ScriptedDice([1, 100]), "coc7")
    assert secret.secret and secret.text == ("#1\n恐怖症表(1) ＞ 入浴恐怖症：体、手、顔を洗うのが怖い。\n\n"
                                             "#2\n恐怖症表(100) ＞ 動物恐怖症：動物が怖い。")


def test_a_d10_face_written_0_is_10() -> None:
    dice = ScriptedDice([0, 0])
    result = evaluate("CC<=53r", dice, "coc7")
    assert result.text == "(1D100<=53) ボーナス・ペナルティダイス[0] ＞ 100 ＞ 100 ＞ ファンブル"
    assert dice.used == [(10, 10), (10, 10)]
    with pytest.raises(DiceError):
        ScriptedDice([0]).roll(6)


@pytest.mark.rule("7-DICE-02")
@pytest.mark.parametrize(("line", "faces", "read"), [
    ("CC(1)<=70h 【目星】", [9, 2, 3], (70, 35, 1, Difficulty.HARD, 23, (93, 23), Level7.SUCCESS)),
    ("CC-1<=50", [9, 5, 2], (50, 50, -1, None, 92, (92, 52), Level7.FAILURE)),
    ("CC<=60", [10, 10], (60, 60, 0, None, 100, (100,), Level7.FUMBLE)),
])
def test_a_palette_rolls_check_reads_back_from_its_result(line: str, faces: list[int], read: tuple) -> None:
    found = check_of(roll7(line, faces))
    assert (found.skill, found.target, found.bonus, found.difficulty, found.roll, found.candidates, found.level) == read


@pytest.mark.parametrize("line", ["CC", "CC(2)<=0", "CBR(50,20)", "1D100<=50"])
def test_only_a_check_against_a_target_reads_back(line: str) -> None:
    assert check_of(evaluate(line, ScriptedDice([1, 2, 3, 4]), "coc7")) is None
