"""The percentile check, resistance and combination rolls (X-ROLL-01..04, X-RES-01, X-COMB-01)."""
import pytest

from rules.coc6.check import (CC, CCB, SuccessLevel, judge, resistance_target, roll_check,
                              roll_combination)
from rules.dice import ScriptedDice

L = SuccessLevel


@pytest.mark.rule("X-ROLL-01")
@pytest.mark.parametrize("roll,target,level", [
    (70, 70, L.SUCCESS), (71, 70, L.FAILURE), (99, 120, L.SUCCESS), (100, 120, L.FUMBLE),
    (1, 0, L.FAILURE), (45, 70, L.SUCCESS),
])
def test_success_is_roll_at_most_target_and_100_always_fails(roll, target, level):
    assert judge(roll, target) is level


@pytest.mark.rule("X-ROLL-02")
@pytest.mark.parametrize("roll,target,bands,level", [
    (5, 50, CCB, L.CRITICAL), (6, 50, CCB, L.SPECIAL), (1, 50, CC, L.CRITICAL), (2, 50, CC, L.SPECIAL),
    (4, 3, CCB, L.FAILURE),
])
def test_critical_band(roll, target, bands, level):
    assert judge(roll, target, bands) is level


@pytest.mark.rule("X-ROLL-03")
@pytest.mark.parametrize("roll,target,level", [
    (14, 70, L.SPECIAL), (15, 70, L.SUCCESS), (11, 59, L.SPECIAL), (12, 59, L.SUCCESS),
    (10, 50, L.SPECIAL), (11, 50, L.SUCCESS),
])
def test_special_is_a_fifth_rounded_down(roll, target, level):
    assert judge(roll, target) is level


@pytest.mark.rule("X-ROLL-04")
@pytest.mark.parametrize("roll,target,bands,level", [
    (96, 50, CCB, L.FUMBLE), (95, 50, CCB, L.FAILURE), (98, 98, CCB, L.SUCCESS), (99, 98, CCB, L.FUMBLE),
    (99, 60, CC, L.FAILURE), (100, 60, CC, L.FUMBLE),
])
def test_fumble_band(roll, target, bands, level):
    assert judge(roll, target, bands) is level


@pytest.mark.rule("X-ROLL-01")
def test_check_text_is_the_bcdice_line():
    check = roll_check(70, ScriptedDice([45]))
    assert check.text() == "(1D100<=70) ＞ 45 ＞ 成功"
    assert roll_check(70, ScriptedDice([10])).text() == "(1D100<=70) ＞ 10 ＞ スペシャル"
    assert roll_check(50, ScriptedDice([3])).text() == "(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル"


@pytest.mark.rule("X-RES-01")
@pytest.mark.parametrize("active,passive,target", [(12, 10, 60), (10, 15, 25), (10, 10, 50), (30, 11, 145)])
def test_resistance_target(active, passive, target):
    assert resistance_target(active, passive) == target


@pytest.mark.rule("X-COMB-01")
def test_combination_roll_one_die_against_each_skill():
    both = roll_combination((70, 70), ScriptedDice([35]))
    assert both.text() == "(1d100<=70,70) ＞ 35[成功,成功] ＞ 成功" and both.all_succeeded
    partial = roll_combination((70, 30), ScriptedDice([31]))
    assert partial.text() == "(1d100<=70,30) ＞ 31[成功,失敗] ＞ 部分的成功"
    assert not partial.all_succeeded


@pytest.mark.rule("X-ROLL-02", "X-ROLL-03")
def test_a_critical_outside_the_special_band_reads_as_bcdice_does():
    assert roll_check(20, ScriptedDice([5])).text() == "(1D100<=20) ＞ 5 ＞ 決定的成功"
    assert roll_check(20, ScriptedDice([4])).text() == "(1D100<=20) ＞ 4 ＞ 決定的成功/スペシャル"
