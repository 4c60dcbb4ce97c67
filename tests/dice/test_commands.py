"""Commands beyond the vectors: full-width input, Cthulhu conventions, the public API."""
from __future__ import annotations

import dataclasses

import pytest

from rules.coc6.check import SuccessLevel
from rules.dice import (MAX_OUTPUT, DiceError, DiceResult, ScriptedDice, evaluate, parse,
                        roll_expression)

# --- full-width and look-alike input ---------------------------------------------------

@pytest.mark.parametrize("line, faces, text", [
    ("ＣＣＢ＜＝５０", [30], "(1D100<=50) ＞ 30 ＞ 成功"),
    ("ｃｃｂ＜＝５０", [30], "(1D100<=50) ＞ 30 ＞ 成功"),
    ("ＣＣＢ≦５０", [30], "(1D100<=50) ＞ 30 ＞ 成功"),
    ("CCB=<50", [30], "(1D100<=50) ＞ 30 ＞ 成功"),
    ("ＣＣＢ＝＜５０", [30], "(1D100<=50) ＞ 30 ＞ 成功"),
    ("１Ｄ１００", [42], "(1D100) ＞ 42"),
    ("２Ｄ６≧７", [3, 4], "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功"),
    ("1D6ー1", [3], "(1D6-1) ＞ 3[3]-1 ＞ 2"),
    ("1D6−1", [3], "(1D6-1) ＞ 3[3]-1 ＞ 2"),
    ("1D6–1", [3], "(1D6-1) ＞ 3[3]-1 ＞ 2"),
    ("1D6－1", [3], "(1D6-1) ＞ 3[3]-1 ＞ 2"),
    ("1D6×2", [3], "(1D6*2) ＞ 3[3]*2 ＞ 6"),
    ("1D6＊2", [3], "(1D6*2) ＞ 3[3]*2 ＞ 6"),
    ("1D6÷2", [3], "(1D6/2) ＞ 3[3]/2 ＞ 1"),
    ("（２Ｄ６＋１Ｄ４）＊２", [5, 3, 4], "((2D6+1D4)*2) ＞ (8[5,3]+4[4])*2 ＞ 24"),
    ("ＲＥＳ（１２－１０）", [42], "(1d100<=60) ＞ 42 ＞ 成功"),
    ("ＣＢＲ（５０，６０）", [55], "(1d100<=50,60) ＞ 55[失敗,成功] ＞ 部分的成功"),
    ("ｃｈｏｉｃｅ［あ，い］", [2], "(choice[あ,い]) ＞ い"),
])
def test_full_width_and_look_alikes(line: str, faces: list[int], text: str) -> None:
    assert evaluate(line, ScriptedDice(faces)).text == text


def test_ideographic_space_separates_the_comment() -> None:
    result = evaluate("１Ｄ１００\u3000ＳＡＮチェック", ScriptedDice([7]))
    assert result.text == "(1D100) ＞ 7"
    assert result.comment == "ＳＡＮチェック"
    assert result.command == "1D100"


def test_choice_items_keep_their_letters() -> None:
    result = evaluate("choice[ラーメン,カレー]", ScriptedDice([1]))
    assert result.text == "(choice[ラーメン,カレー]) ＞ ラーメン"


# --- Cthulhu conventions ----------------------------------------------------------------

@pytest.mark.rule("X-ROLL-02")
@pytest.mark.parametrize("line, face, critical", [
    ("CCB<=50", 5, True), ("CCB<=50", 6, False), ("CC<=50", 1, True), ("CC<=50", 2, False),
    ("RESB(0-0)", 5, True), ("RES(0-0)", 5, False), ("CBRB(50,60)", 5, True), ("CBR(50,60)", 2, False),
])
def test_critical_bands(line: str, face: int, critical: bool) -> None:
    assert evaluate(line, ScriptedDice([face])).critical is critical


@pytest.mark.rule("X-ROLL-02", "X-ROLL-03")
def test_critical_above_the_special_band_reads_kettei_teki_seikou() -> None:
    result = evaluate("CCB<=20", ScriptedDice([5]))  # special band is 1..4
    assert result.text == "(1D100<=20) ＞ 5 ＞ 決定的成功"
    assert result.level is SuccessLevel.CRITICAL and result.critical


@pytest.mark.rule("X-ROLL-03")
@pytest.mark.parametrize("target, face, word", [
    (50, 10, "スペシャル"), (50, 11, "成功"), (59, 11, "スペシャル"), (59, 12, "成功"), (4, 1, "決定的成功/スペシャル"),
])
def test_special_band(target: int, face: int, word: str) -> None:
    assert evaluate(f"CC<={target}", ScriptedDice([face])).text.endswith(f"＞ {word}")


@pytest.mark.rule("X-ROLL-04")
@pytest.mark.parametrize("line, face, word, fumble", [
    ("CCB<=50", 96, "致命的失敗", True), ("CCB<=50", 95, "失敗", False),
    ("CC<=50", 99, "失敗", False), ("CC<=50", 100, "致命的失敗", True),
    ("CCB<=98", 98, "成功", False), ("CCB<=98", 99, "致命的失敗", True),
    # BCDice Cthulhu#compare: 100 always fails and is a fumble, whatever the target (issue 10).
    ("CCB<=100", 100, "致命的失敗", True), ("CCB<=150", 100, "致命的失敗", True),
])
def test_fumble_band(line: str, face: int, word: str, fumble: bool) -> None:
    result = evaluate(line, ScriptedDice([face]))
    assert result.text.endswith(f"＞ {word}") and result.fumble is fumble
    assert result.failure is (word != "成功")


@pytest.mark.rule("X-ROLL-01")
def test_levels_of_a_check() -> None:
    assert evaluate("CCB<=70", ScriptedDice([45])).level is SuccessLevel.SUCCESS
    assert evaluate("CCB<=70", ScriptedDice([71])).level is SuccessLevel.FAILURE
    assert evaluate("CC", ScriptedDice([45])).level is None
    assert evaluate("CC<=0", ScriptedDice([1])).text == "(1D100) ＞ 1"


def test_broken_number() -> None:
    result = evaluate("CCB(3)<=50", ScriptedDice([4]))
    assert result.text == "(1D100<=50) 故障ナンバー[3] ＞ 4 ＞ 故障"
    assert (result.success, result.failure, result.critical) == (False, True, False)


@pytest.mark.rule("X-RES-01")
@pytest.mark.parametrize("line, text, success", [
    ("RES(9-0)", None, None), ("RES(10-0)", "(1d100<=100) ＞ 自動成功", True),
    ("RES(0-10)", "(1d100<=0) ＞ 自動失敗", False), ("RESB(-9)", None, None),
])
def test_resistance_automatic_bounds(line: str, text: str | None, success: bool | None) -> None:
    dice = ScriptedDice([50])
    result = evaluate(line, dice)
    if text is None:
        assert dice.used == [(100, 50)]
    else:
        assert result.text == text and result.success is success and dice.used == []


@pytest.mark.rule("X-COMB-01")
def test_combination_flags() -> None:
    result = evaluate("CBRB(98,50)", ScriptedDice([96]))
    assert result.text == "(1d100<=98,50) ＞ 96[成功,致命的失敗] ＞ 部分的成功"
    assert (result.success, result.failure, result.fumble) == (True, False, True)


# --- secret flag on every command -------------------------------------------------------

@pytest.mark.parametrize("line, faces", [
    ("SCCB<=50", [1]), ("SCC", [1]), ("SRES(1-1)", [1]), ("SCBR(1,2)", [1]), ("S2D6", [1, 1]),
    ("S3B6", [1, 1, 1]), ("SD66", [1, 1]), ("Schoice[a,b]", [1]), ("SC(1)", []),
    ("Sx2 1D6", [1, 1]), ("x2 S1D6", [1, 1]), ("ｓ２Ｄ６", [1, 1]),
])
def test_secret_prefix(line: str, faces: list[int]) -> None:
    result = evaluate(line, ScriptedDice(faces))
    assert result.secret
    assert evaluate(line[1:] if line[0] in "Sｓ" else "x2 1D6", ScriptedDice(faces)).secret is False


# --- other common commands --------------------------------------------------------------

@pytest.mark.parametrize("line, faces, text", [
    ("4D6KH3", [1, 5, 3, 6], "(4D6KH3) ＞ 14[1,3,5,6] ＞ 14"),
    ("4D6DL1", [1, 5, 3, 6], "(4D6DL1) ＞ 14[1,3,5,6] ＞ 14"),
    ("4D6KL1", [4, 5, 3, 6], "(4D6KL1) ＞ 3[3,4,5,6] ＞ 3"),
    ("4D6DH1", [4, 5, 3, 6], "(4D6DH1) ＞ 12[3,4,5,6] ＞ 12"),
    ("2D6MIN", [4, 2], "(2D6KL1) ＞ 2[2,4] ＞ 2"),
    ("2D", [4, 2], "(2D6) ＞ 6[4,2] ＞ 6"),
    ("D6", [4], "(1D6) ＞ 4"),
    ("2D6>=?", [4, 2], "(2D6>=?) ＞ 6[4,2] ＞ 6"),
    ("D66A", [6, 1], "(D66A) ＞ 16"),
    ("D66D", [1, 6], "(D66D) ＞ 61"),
    ("choice(a, b)", [1], "(choice(a,b)) ＞ a"),
    ("choice a b c", [3], "(choice a b c) ＞ c"),
    ("C1+2", [], "c(1+2) ＞ 3"),
    ("3B6", [1, 2, 3], "(3B6) ＞ 1,2,3"),
])
def test_common_commands(line: str, faces: list[int], text: str) -> None:
    assert evaluate(line, ScriptedDice(faces)).text == text


# --- API ------------------------------------------------------------------------------

def test_roll_expression() -> None:
    result = roll_expression("1D3+1D4", ScriptedDice([2, 3]))
    assert (result.text, result.total) == ("(1D3+1D4) ＞ 2[2]+3[3] ＞ 5", 5)
    assert result.rolls == ((3, 2), (4, 3))
    assert roll_expression("0", ScriptedDice([])).total == 0
    assert roll_expression("1D6+2", ScriptedDice([6])).text == "(1D6+2) ＞ 6[6]+2 ＞ 8"
    assert roll_expression("4D6", ScriptedDice([1, 2, 3, 4])).total == 10
    assert roll_expression("2D3+1D4", ScriptedDice([1, 2, 3])).total == 6
    assert roll_expression("1D3-1D4", ScriptedDice([1, 4])).total == -3


@pytest.mark.parametrize("expr", ["", "D", "CCB<=50", "1D6+", "abc", "1D6>=3", "500D6", "1D6 x"])
def test_roll_expression_rejects_malformed(expr: str) -> None:
    with pytest.raises(DiceError):
        roll_expression(expr, ScriptedDice([1] * 10))


def test_result_is_a_frozen_dataclass_and_parse_is_cached() -> None:
    result = evaluate("2D6", ScriptedDice([1, 2]))
    assert isinstance(result, DiceResult) and dataclasses.is_dataclass(result)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.text = "x"  # type: ignore[misc]
    assert parse("CCB<=70") is parse("CCB<=70 目星")
    assert MAX_OUTPUT == 2000


def test_memoised_checks_keep_comments_apart() -> None:
    first = evaluate("CCB<=50 目星", ScriptedDice([30]))
    second = evaluate("CCB<=50", ScriptedDice([30]))
    third = evaluate("CCB<=50 聞き耳", ScriptedDice([30]))
    assert (first.comment, second.comment, third.comment) == ("目星", "", "聞き耳")
    assert first.text == second.text == third.text == "(1D100<=50) ＞ 30 ＞ 成功"
    assert dataclasses.replace(first, comment="") == second


# --- the last 6th-edition gaps against BCDice (issue 20) --------------------------------------

@pytest.mark.parametrize("line,faces,text", [
    ("choice[1-5]", [4], "(choice[1,2,3,4,5]) ＞ 4"),
    ("choice 1-5", [4], "(choice 1 2 3 4 5) ＞ 4"),
    ("choice(a-d)", [2], "(choice(a,b,c,d)) ＞ b"),
    ("choice2[1-3]", [1, 1], "(choice2[1,2,3]) ＞ 1, 2"),
    ("choice[A-D,Z]", [1], "(choice[A-D,Z]) ＞ A-D"),
    ("ｃｈｏｉｃｅ［１－５］", [5], "(choice[1,2,3,4,5]) ＞ 5"),
    ("2B6+1B10", [1, 6, 10], "(2B6+1B10) ＞ 1,6,10"),
    ("2B6+1B10>=6", [1, 6, 10], "(2B6+1B10>=6) ＞ 1,6,10 ＞ 成功数2"),
    ("RES10", [], "(1d100<=100) ＞ 自動成功"),
    ("RES0", [42], "(1d100<=50) ＞ 42 ＞ 成功"),
    ("RES-3", [42], "(1d100<=35) ＞ 42 ＞ 失敗"),
    ("RES-10", [], "(1d100<=0) ＞ 自動失敗"),
    ("RESB5", [4], "(1d100<=75) ＞ 4 ＞ 決定的成功/スペシャル"),
])
def test_bcdice_gaps_closed(line: str, faces: list[int], text: str) -> None:
    dice = ScriptedDice(faces)
    result = evaluate(line, dice)
    assert result is not None and result.text == text
    assert dice.remaining == 0


def test_separate_dice_roll_each_term_with_its_own_sides() -> None:
    dice = ScriptedDice([1, 6, 10])
    result = evaluate("2B6+1B10", dice)
    assert list(result.rolls) == [(6, 1), (6, 6), (10, 10)] and result.total == 17


@pytest.mark.parametrize("line", ["choice[D-A]", "choice[abc]", "choice[5-1]", "RES+3", "RES18-11", "2B6+"])
def test_bcdice_reads_nothing_here(line: str) -> None:
    dice = ScriptedDice([])
    assert evaluate(line, dice) is None


def test_a_choice_of_more_than_100_items_is_refused_with_bcdice_words() -> None:
    with pytest.raises(DiceError, match="項目数は100以下としてください"):
        evaluate("choice[1-101]", ScriptedDice([]))
    assert evaluate("choice[1-100]", ScriptedDice([100])).text.endswith("＞ 100")


def test_a_bare_malfunction_number_reads_as_bcdice_reads_it() -> None:
    result = evaluate("CC94<=98", ScriptedDice([97]))
    assert result.text == "(1D100<=98) 故障ナンバー[94] ＞ 97 ＞ 故障"
    assert evaluate("CCB98<=80", ScriptedDice([80])).text == "(1D100<=80) 故障ナンバー[98] ＞ 80 ＞ 成功"


@pytest.mark.parametrize("line,faces,text", [
    ("(1+1)B6", [1, 2], "(2B6) ＞ 1,2"),
    ("2B(3*2)+1B4>=3", [1, 6, 4], "(2B6+1B4>=3) ＞ 1,6,4 ＞ 成功数2"),
])
def test_barabara_sides_may_be_parenthesised_arithmetic(line: str, faces: list[int], text: str) -> None:
    assert evaluate(line, ScriptedDice(faces)).text == text


@pytest.mark.parametrize("line", ["B6", "2B", "2B6B6", "(2B6)", "2B6+1D6", "2B(1D6)"])
def test_not_barabara(line: str) -> None:
    assert evaluate(line, ScriptedDice([])) is None
