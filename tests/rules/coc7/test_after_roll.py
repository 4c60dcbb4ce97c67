"""The 7th rolls that follow a roll (issue 30; docs/coc7.md 7-PUSH-…, 7-LUCK-…) and opposed
rolls (7-OPP-…), as the rules decide them: every refusal by its clause, every boundary (the
fumble band at a target of 49 and 50, Luck exactly the shortfall and one short, a level tie
broken by the value, equal values)."""
from __future__ import annotations

import pytest

from rules.coc7.check import Check7, Difficulty, Level7, judge, judge_at, roll_skill
from rules.coc7.luck import check_luck, lucky
from rules.coc7.opposed import BOTH_FAILED, DRAW, LEVEL, VALUE, oppose, standing
from rules.coc7.pushing import check_push, pushed
from rules.coc7.rolled import CHECK, OPPOSED, PALETTE, Rolled7, is_combat
from rules.dice import ScriptedDice
from rules.errors import RuleViolation


def check(value: int, roll: int, difficulty: Difficulty | None = None, bonus: int = 0) -> Check7:
    """A roll of ``roll`` against ``value`` % (read as the rules read it)."""
    target = difficulty.target(value) if difficulty else value
    level = judge_at(roll, target) if difficulty else judge(roll, value)
    return Check7(value, target, bonus, difficulty, roll, (roll,), level)


def refusal(rule, *args) -> str:
    with pytest.raises(RuleViolation) as caught:
        rule(*args)
    assert not caught.value.allowable  # outside a battle: /kp allow lifts battle refusals only
    return caught.value.clause


# --- pushing -----------------------------------------------------------------------------------

@pytest.mark.rule("7-PUSH-01")
def test_only_a_failure_is_pushed() -> None:
    assert check_push(Rolled7("目星", check(70, 71))) is None  # 71 against 70: the first failing roll
    assert refusal(check_push, Rolled7("目星", check(70, 70))) == "7-PUSH-01"  # exactly the value: a success
    assert refusal(check_push, Rolled7("目星", check(70, 1))) == "7-PUSH-01"  # a critical


@pytest.mark.rule("7-PUSH-02")
def test_a_pushed_roll_is_not_pushed_again() -> None:
    again = Rolled7("目星", check(70, 85), pushed=True)
    assert refusal(check_push, again) == "7-PUSH-02"


@pytest.mark.rule("7-PUSH-03")
@pytest.mark.parametrize("skill", ["SAN", "正気度ロール", "幸運", "LUCK", "近接戦闘（格闘）", "こぶし", "射撃（拳銃）",
                                   "拳銃", "回避", "投擲", "近接戦闘（剣）"])
def test_san_luck_and_combat_rolls_are_never_pushed(skill: str) -> None:
    assert refusal(check_push, Rolled7(skill, check(40, 60))) == "7-PUSH-03"


@pytest.mark.rule("7-PUSH-03")
def test_the_combat_skills_are_the_four_stems() -> None:
    assert [is_combat(s) for s in ("近接戦闘（斧）", "射撃（ライフル／ショットガン）", "回避", "投擲", "登攀", "跳躍", "応急手当")] \
        == [True, True, True, True, False, False, False]


@pytest.mark.rule("7-PUSH-04")
@pytest.mark.parametrize(("value", "roll", "clause"), [
    (49, 96, "7-PUSH-04"),   # under 50: 96 is a fumble
    (50, 96, None),          # 50: 96 is a failure, pushed
    (50, 99, None),
    (50, 100, "7-PUSH-04"),  # 100 always fumbles
    (10, 95, None),
])
def test_a_fumble_is_never_pushed(value: int, roll: int, clause: str | None) -> None:
    rolled = Rolled7("鍵開け", check(value, roll))
    if clause is None:
        assert check_push(rolled) is None
    else:
        assert rolled.check.level is Level7.FUMBLE and refusal(check_push, rolled) == clause


@pytest.mark.rule("7-PUSH-05")
def test_an_opposed_roll_is_never_pushed() -> None:
    assert refusal(check_push, Rolled7("STR", check(60, 80), OPPOSED)) == "7-PUSH-05"


@pytest.mark.rule("7-PUSH-06")
def test_the_pushed_roll_is_rolled_as_the_first_tens_dice_then_the_units_die() -> None:
    first = Rolled7("図書館", check(60, 88, Difficulty.HARD, bonus=1), PALETTE)
    dice = ScriptedDice([4, 2, 7])  # tens 4 and 2, units 7: 47 and 27, a bonus die keeps the lower
    again = pushed(first, dice)
    assert dice.remaining == 0
    assert (again.check.skill, again.check.target, again.check.bonus, again.check.difficulty) == (60, 30, 1, Difficulty.HARD)
    assert again.check.candidates == (47, 27) and again.check.roll == 27 and again.check.level is Level7.SUCCESS
    assert again.pushed and again.kind == PALETTE and again.skill == "図書館"
    assert again.check.text() == "(1D100<=30) ボーナス・ペナルティダイス[1] ＞ 47, 27 ＞ 27 ＞ 成功"


@pytest.mark.rule("7-PUSH-08")
def test_a_roll_turned_with_luck_is_not_pushed() -> None:
    turned, _left = lucky(Rolled7("目星", check(70, 75)), 50)
    assert refusal(check_push, turned) == "7-PUSH-08"


# --- Luck ------------------------------------------------------------------------------------

@pytest.mark.rule("7-LUCK-02")
@pytest.mark.parametrize(("value", "roll", "difficulty", "needed", "level"), [
    (70, 82, None, 12, Level7.REGULAR),
    (70, 71, None, 1, Level7.REGULAR),              # one over: one point
    (70, 40, Difficulty.HARD, 5, Level7.SUCCESS),   # hard: the target is 35
    (70, 20, Difficulty.EXTREME, 6, Level7.SUCCESS),  # extreme: the target is 14
])
def test_luck_spends_exactly_the_shortfall(value, roll, difficulty, needed, level) -> None:
    rolled = Rolled7("目星", check(value, roll, difficulty))
    assert check_luck(rolled, 55) == needed
    turned, left = lucky(rolled, 55)
    assert left == 55 - needed and turned.luck == needed
    assert turned.check.level is level and turned.check.roll == turned.check.target


@pytest.mark.rule("7-LUCK-07")
def test_luck_one_short_of_the_shortfall_spends_nothing() -> None:
    rolled = Rolled7("目星", check(70, 82))
    assert lucky(rolled, 12)[1] == 0  # exactly enough: all of it
    assert refusal(check_luck, rolled, 11) == "7-LUCK-07"


@pytest.mark.rule("7-LUCK-02")
def test_luck_is_spent_once_and_not_on_a_success_or_a_target_of_0() -> None:
    turned, _ = lucky(Rolled7("目星", check(70, 82)), 55)
    assert refusal(check_luck, turned, 43) == "7-LUCK-02"
    assert refusal(check_luck, Rolled7("目星", check(70, 30)), 55) == "7-LUCK-02"
    assert refusal(check_luck, Rolled7("信用", check(0, 30)), 99) == "7-LUCK-02"  # only 01 succeeds at 0


@pytest.mark.rule("7-LUCK-03")
@pytest.mark.parametrize(("value", "roll"), [(49, 96), (60, 100)])
def test_a_fumble_is_never_turned(value: int, roll: int) -> None:
    assert refusal(check_luck, Rolled7("目星", check(value, roll)), 99) == "7-LUCK-03"


@pytest.mark.rule("7-LUCK-03")
def test_a_96_at_a_value_of_50_is_a_failure_luck_turns() -> None:
    assert check_luck(Rolled7("目星", check(50, 96)), 99) == 46


@pytest.mark.rule("7-LUCK-04")
@pytest.mark.parametrize("skill", ["幸運", "ラック", "SAN", "正気度"])
def test_luck_and_san_rolls_take_no_luck(skill: str) -> None:
    assert refusal(check_luck, Rolled7(skill, check(50, 60)), 99) == "7-LUCK-04"


@pytest.mark.rule("7-LUCK-05")
def test_a_pushed_roll_takes_no_luck() -> None:
    assert refusal(check_luck, Rolled7("目星", check(70, 75), pushed=True), 99) == "7-LUCK-05"


@pytest.mark.rule("7-LUCK-08")
def test_an_opposed_roll_takes_no_luck() -> None:
    assert refusal(check_luck, Rolled7("STR", check(60, 70), OPPOSED), 99) == "7-LUCK-08"


def test_a_kept_roll_reads_back_as_it_was_written() -> None:
    rolled = Rolled7("図書館", roll_skill(60, ScriptedDice([9, 2, 3]), -1, Difficulty.HARD), PALETTE, True, 0)
    assert Rolled7.from_dict(rolled.to_dict()) == rolled and rolled.kind in (CHECK, PALETTE, OPPOSED)
    with pytest.raises(ValueError):
        Rolled7("目星", rolled.check, "other")


# --- opposed rolls ------------------------------------------------------------------------------

@pytest.mark.rule("7-OPP-01")
@pytest.mark.parametrize(("first", "second", "winner"), [
    ((60, 25), (70, 52), 0),   # hard (≤30) beats regular
    ((60, 33), (70, 14), 1),   # extreme (≤14) beats regular
    ((60, 1), (70, 12), 0),    # critical beats extreme
    ((60, 60), (50, 98), 0),   # a regular success beats a failure
    ((30, 30), (60, 100), 0),  # and a fumble
])
def test_the_higher_success_level_wins(first, second, winner) -> None:
    outcome = oppose(check(*first), check(*second))
    assert (outcome.winner, outcome.why) == (winner, LEVEL)


@pytest.mark.rule("7-OPP-01")
def test_a_fumble_stands_as_a_failure() -> None:
    assert standing(check(40, 97)) == standing(check(40, 50)) == 1 and standing(check(40, 40)) == 2


@pytest.mark.rule("7-OPP-02")
@pytest.mark.parametrize(("first", "second", "winner", "why"), [
    ((60, 40), (70, 50), 1, VALUE),   # both regular: 70 beats 60
    ((80, 30), (65, 20), 0, VALUE),   # both hard: 80 beats 65
    ((61, 40), (60, 40), 0, VALUE),   # by one point
    ((60, 40), (60, 35), None, DRAW),  # the same level and value: a draw
])
def test_at_the_same_level_the_higher_value_wins(first, second, winner, why) -> None:
    outcome = oppose(check(*first), check(*second))
    assert (outcome.winner, outcome.why) == (winner, why)


@pytest.mark.rule("7-OPP-03")
@pytest.mark.parametrize(("first", "second"), [((60, 70), (80, 90)), ((40, 99), (90, 91)), ((40, 97), (30, 100))])
def test_when_both_fail_neither_wins(first, second) -> None:
    outcome = oppose(check(*first), check(*second))
    assert (outcome.winner, outcome.why) == (None, BOTH_FAILED)
