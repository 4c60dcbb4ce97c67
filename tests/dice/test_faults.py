"""The fault classes every dice bot has had, each tested as a class (issue 3)."""
from __future__ import annotations

import pytest

from rules.dice import MAX_OUTPUT, DiceError, ScriptedDice, evaluate, parse, roll_expression


class NoDice:
    """Fails the test if any die is rolled."""

    def roll(self, sides: int) -> int:  # pragma: no cover - must not be reached
        raise AssertionError(f"a 1D{sides} was rolled")


# --- partial matches are never executed ---------------------------------------------

@pytest.mark.parametrize("line", [
    "CCBさくら", "CCさくら", "CCB<=50a", "CCB<=50さくら", "CC<=", "CCB<50", "CCB(5", "CCX",
    "1D6+12x", "2d6もけけ", "1D6/3x", "2D6>", "2D6>=", "2D6>=1D6", "2D6<<7", "2D6>=7>=2",
    "RES(12-10)x", "RES18-11", "RES()", "CBR(50,60)z", "CBR(50)", "choice[a,b]x", "choice[]",
    "D66Q", "D66AA", "3B6>=4x", "3B6=>", "C(1+2)x", "C(1D6)", "C", "x3", "rep1", "SS2D6",
    "2D6KX", "3D6MAXX", "1D6)", "(1D6", "1D6(", "D", "DD6", "2D6D", "1D100<=70%",
])
def test_partial_match_is_not_executed(line: str) -> None:
    assert evaluate(line, NoDice()) is None
    assert parse(line) is None


@pytest.mark.parametrize("line, shown", [
    ("CCB<=505", "(1D100<=505)"),
    ("1D1000", "(1D1000)"),
    ("12D6", "(12D6)"),
    ("1D6+123", "(1D6+123)"),
    ("CBR(50,605)", "(1d100<=50,605)"),
])
def test_a_number_is_never_cut_short(line: str, shown: str) -> None:
    result = evaluate(line, ScriptedDice([1] * 12))
    assert result is not None and result.text.startswith(shown)


# --- the comment is opaque -----------------------------------------------------------

@pytest.mark.parametrize("comment", [
    "1D6+3", "x3 CCB<=50", "S", "≦ ≧ ー × ÷", "choice[a,b]", "500D6", "1D10001",
    "(((((((((((((((((((((((((", "a" * 3000, "目星　図書館",
])
def test_comment_is_never_parsed(comment: str) -> None:
    dice = ScriptedDice([30])
    result = evaluate(f"CCB<=50 {comment}", dice)
    assert result is not None
    assert result.text == "(1D100<=50) ＞ 30 ＞ 成功"
    assert result.comment == comment.strip()
    assert result.command == "CCB<=50"
    assert dice.used == [(100, 30)]


def test_comment_is_echoed_as_typed_after_an_ideographic_space() -> None:
    result = evaluate("ＣＣＢ＜＝５０\u3000目星（ー１０）", ScriptedDice([42]))
    assert result.comment == "目星（ー１０）"
    assert result.command == "CCB<=50"


def test_comment_after_a_repetition_and_after_choice_with_spaces() -> None:
    result = evaluate("x2 CCB<=50 聞き耳 2回", ScriptedDice([10, 90]))
    assert result.comment == "聞き耳 2回"
    assert result.command == "x2 CCB<=50"
    result = evaluate("choice[a b, c d] どっち？", ScriptedDice([2]))
    assert result.text == "(choice[a b,c d]) ＞ c d"
    assert result.comment == "どっち？"


# --- ordinary chat is silence --------------------------------------------------------

@pytest.mark.parametrize("line", [
    "134 数値だけには反応しない", "1+2*3/4 数式だけには反応しない", "こんにちは", "1時間後に集合",
    "3人で行こう", "OK", "Sugoi", "see you", "x", "C", "S", "Check this", "Dddd", "D6です",
    "2d6もけけ", "(笑)", "((((((((((((((((((((((((((笑))))))))))))))))))))))))))", "100%", "50-50",
    "https://example.com/" + "a" * 400, "1" * 400, "ha" * 300, "", "   ", "\u3000",
    "2024/10/31 ハロウィン", "CoC楽しい", "RESです", "CBRって何",
])
def test_ordinary_chat_is_silence(line: str) -> None:
    assert evaluate(line, NoDice()) is None


def test_cc_alone_is_a_plain_1d100() -> None:
    # BCDice: "CC" with no target is a 1D100 replacement (vector), so it is a command.
    assert evaluate("CC", ScriptedDice([55])).text == "(1D100) ＞ 55"


# --- over-limit input is refused before any die ---------------------------------------

@pytest.mark.parametrize("line", [
    "500d6", "201D", "201D6", "1D10001", "200D6+1D10001", "(100+101)D6", "0D6", "1D0",
    "x101 1D6", "x0 1D6", "rep0 1D6", "x100 rep100 10D100", "x100 200D6", "x11 200D6",
    "1D6" + "+1" * 200, "(" * 25 + "1D6" + ")" * 25, "201B6", "3B10001", "choice3[a,b]",
    "CC<=1/0", "RES(1/0)", "CBR(1/0,50)", "SCCB<=1/0", "3D6KH(0-1)",
])
def test_over_limit_input_raises_before_any_die(line: str) -> None:
    with pytest.raises(DiceError) as err:
        evaluate(line, NoDice())
    message = str(err.value)
    assert message and len(message) <= 120
    assert any(ord(ch) > 0x3000 for ch in message)  # Japanese


def test_limits_that_bcdice_allows_still_roll() -> None:
    assert evaluate("1D10000", ScriptedDice([9876])).text == "(1D10000) ＞ 9876"
    result = evaluate("200D6", ScriptedDice([1] * 200))
    assert result.total == 200 and len(result.rolls) == 200
    assert evaluate("x100 1D6", ScriptedDice([2] * 100)).parts[99].text == "(1D6) ＞ 2"


def test_secret_error_does_not_echo_a_result() -> None:
    with pytest.raises(DiceError) as err:
        evaluate("S500D6 秘密", NoDice())
    assert "＞" not in str(err.value)


# --- division rounds as BCDice on every path ------------------------------------------

@pytest.mark.parametrize("line, faces, text", [
    ("1D6/-3", [4], "(1D6/-3) ＞ 4[4]/-3 ＞ -2"),
    ("1D6/-3R", [4], "(1D6/-3R) ＞ 4[4]/-3R ＞ -1"),
    ("1D6/4U", [5], "(1D6/4U) ＞ 5[5]/4U ＞ 2"),
    ("1D6/4C", [5], "(1D6/4U) ＞ 5[5]/4U ＞ 2"),
    ("1D6/4F", [7 - 2], "(1D6/4F) ＞ 5[5]/4F ＞ 1"),
    ("1D6/2R", [5], "(1D6/2R) ＞ 5[5]/2R ＞ 3"),
    ("-1D6/2R", [5], "(-1D6/2R) ＞ -5[5]/2R ＞ -3"),
    ("1D6>=7/2", [3], "(1D6>=3) ＞ 3 ＞ 成功"),
    ("1D6>=7/2U", [3], "(1D6>=4) ＞ 3 ＞ 失敗"),
    ("1D6>=-7/2", [3], "(1D6>=-4) ＞ 3 ＞ 成功"),
    ("C(-7/2)", [], "c(-7/2) ＞ -4"),
    ("C(-7/2R)", [], "c(-7/2R) ＞ -4"),
    ("C(7/2U)", [], "c(7/2U) ＞ 4"),
    ("C(1/0)", [], "c(1/0) ＞ ゼロ除算が発生したため計算できませんでした"),
    ("RES(7/2-1)", [30], "(1d100<=60) ＞ 30 ＞ 成功"),
    ("RES(-7/2)", [30], "(1d100<=30) ＞ 30 ＞ 成功"),
    ("CCB<=-7/2+60", [30], "(1D100<=56) ＞ 30 ＞ 成功"),
    ("CCB<=99/2R", [50], "(1D100<=50) ＞ 50 ＞ 成功"),
    ("CBR(99/2,61/2R)", [40], "(1d100<=49,31) ＞ 40[成功,失敗] ＞ 部分的成功"),
])
def test_division_rounds_as_bcdice_everywhere(line: str, faces: list[int], text: str) -> None:
    assert evaluate(line, ScriptedDice(faces)).text == text


# --- negative damage bonuses and double signs ----------------------------------------

@pytest.mark.parametrize("line, faces, text, total", [
    ("1D3-1D4", [1, 4], "(1D3-1D4) ＞ 1[1]-4[4] ＞ -3", -3),
    ("1D3+-1D4", [1, 4], "(1D3-1D4) ＞ 1[1]-4[4] ＞ -3", -3),
    ("1D3--1D4", [1, 4], "(1D3+1D4) ＞ 1[1]+4[4] ＞ 5", 5),
    ("1D3+-1D4+-1", [2, 1], "(1D3-1D4-1) ＞ 2[2]-1[1]-1 ＞ 0", 0),
    ("2d10--3-4", [3, 5], "(2D10+3-4) ＞ 8[3,5]+3-4 ＞ 7", 7),
    ("1D6+1D4-1D6", [6, 4, 1], "(1D6+1D4-1D6) ＞ 6[6]+4[4]-1[1] ＞ 9", 9),
    ("1D6*-1", [3], "(1D6*-1) ＞ 3[3]*-1 ＞ -3", -3),
])
def test_negative_bonuses_and_double_signs(line: str, faces: list[int], text: str, total: int) -> None:
    result = evaluate(line, ScriptedDice(faces))
    assert (result.text, result.total) == (text, total)
    assert roll_expression(line, ScriptedDice(faces)).total == total


# --- each repetition shows only its own dice and flags --------------------------------

def test_each_repetition_has_its_own_dice_and_flags() -> None:
    result = evaluate("x3 CCB<=50", ScriptedDice([3, 99, 50]))
    assert result.text == ("#1\n(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル\n\n"
                           "#2\n(1D100<=50) ＞ 99 ＞ 致命的失敗\n\n#3\n(1D100<=50) ＞ 50 ＞ 成功")
    first, second, third = result.parts
    assert (first.critical, first.fumble, first.success) == (True, False, True)
    assert (second.critical, second.fumble, second.failure) == (False, True, True)
    assert (third.success, third.critical, third.fumble) == (True, False, False)
    assert [p.rolls for p in result.parts] == [((100, 3),), ((100, 99),), ((100, 50),)]
    assert result.rolls == ((100, 3), (100, 99), (100, 50))
    assert not (result.success or result.failure or result.critical or result.fumble)


def test_repetition_of_sum_dice_keeps_dice_apart() -> None:
    result = evaluate("rep2 2D6+1", ScriptedDice([1, 2, 6, 6]))
    assert [p.text for p in result.parts] == ["(2D6+1) ＞ 3[1,2]+1 ＞ 4", "(2D6+1) ＞ 12[6,6]+1 ＞ 13"]
    assert [p.total for p in result.parts] == [4, 13]


# --- no output over 2,000 characters --------------------------------------------------

@pytest.mark.parametrize("line", [
    "200D10000", "200D10000+200D10000+200D10000", "x10 200D10000", "x100 20D6", "x100 CCB<=50",
    "x100 choice[" + ",".join(["あいうえおかきくけこ"] * 20) + "]", "200B10000>=5000",
    "x10 200B10000", "200D10000KH100*200D10000",
])
def test_long_results_are_summarised(line: str) -> None:
    import random

    from rules.dice import RandomDice

    result = evaluate(line, RandomDice(random.Random(7)))
    assert len(result.text) <= MAX_OUTPUT
    for part in result.parts:
        assert len(part.text) <= MAX_OUTPUT


def test_summary_keeps_the_total_and_marks_the_elision() -> None:
    import random

    from rules.dice import RandomDice

    result = evaluate("200D10000+200D10000+200D10000", RandomDice(random.Random(3)))
    assert "…" in result.text
    assert result.text.endswith(f" ＞ {result.total}")
    assert result.total == sum(face for _sides, face in result.rolls)


@pytest.mark.parametrize("line", ["1D6/0", "2D6/(3-3)", "1D6+1D4/0U", "1D6/0>=1"])
def test_a_roll_divided_by_zero_is_refused_before_rolling(line):
    """Issue 10: ``1D6/0`` is an error, not 1 (BCDice prints 1; a deliberate deviation)."""
    dice = ScriptedDice([1, 1, 1])
    with pytest.raises(DiceError) as err:
        evaluate(line, dice)
    assert str(err.value) == "0で割るダイス式は振れません（ゼロ除算）"
    assert dice.used == []


def test_a_divisor_rolled_as_zero_is_refused():
    """``1D6/(1D2-1)`` with the 1D2 at 1 divides by 0 only once rolled: refused, not 1."""
    with pytest.raises(DiceError) as err:
        evaluate("1D6/(1D2-1)", ScriptedDice([4, 1]))
    assert str(err.value) == "0で割るダイス式は振れません（ゼロ除算）"


def test_a_damage_expression_divided_by_zero_is_refused():
    with pytest.raises(DiceError):
        roll_expression("1D6/0", ScriptedDice([3]))


@pytest.mark.rule("X-ROLL-04")
@pytest.mark.parametrize("line, roll, text", [
    ("CC<=120", 100, "(1D100<=120) ＞ 100 ＞ 致命的失敗"),
    ("CCB<=120", 100, "(1D100<=120) ＞ 100 ＞ 致命的失敗"),
    ("CCB<=100", 100, "(1D100<=100) ＞ 100 ＞ 致命的失敗"),
    ("CC<=120", 99, "(1D100<=120) ＞ 99 ＞ 成功"),
    ("CCB<=120", 99, "(1D100<=120) ＞ 99 ＞ 成功"),
    ("CCB<=97", 98, "(1D100<=97) ＞ 98 ＞ 致命的失敗"),
    ("CCB<=97", 97, "(1D100<=97) ＞ 97 ＞ 成功"),
    ("CC<=97", 99, "(1D100<=97) ＞ 99 ＞ 失敗"),
    ("CCB<=0", 1, "(1D100) ＞ 1"),
])
def test_targets_outside_1_to_99_follow_bcdice(line, roll, text):
    """BCDice ``Cthulhu#compare``: success needs roll ≤ target and < 100; every other roll
    fails, and a failure at or above 101 − fumble% (CC 100, CCB 96) is a fumble, whatever
    the target. A target of 0 or less rolls bare 1D100 with no judgement."""
    result = evaluate(line, ScriptedDice([roll]))
    assert result.text == text
    assert result.fumble == text.endswith("致命的失敗")
