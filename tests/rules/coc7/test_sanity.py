"""The 7th SAN roll (rules.coc7.sanity over rules.sanity.loss), one test per branch of
FoundryVTT CoC7's SAN check card (docs/sanity.md): fumble max, a creature's cap, the INT roll
won and lost, the daily limit, SAN 0, no loss during a bout; and the bonus die it keeps.
Dice follow BCDice's order: the tens die (one per bonus or penalty die), then the units die."""
from __future__ import annotations

import pytest

from rules.coc7.check import Level7
from rules.coc7.sanity import san_lines7, san_roll
from rules.dice import ScriptedDice
from rules.sanity.loss import SanLoss, Standing

LOSS = SanLoss("1", "1D6")


@pytest.mark.rule("SAN-CHECK-01")
def test_success_at_or_under_san_loses_the_first_amount() -> None:
    dice = ScriptedDice([6, 10])  # 60 against SAN 60: a success
    result = san_roll(Standing(60), LOSS, 75, dice)
    assert result.check.text() == "(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 60 ＞ 60 ＞ レギュラー成功"
    assert (result.loss.lost, result.loss.after, result.intelligence, result.loss.amount.text) == (1, 59, None, "1")
    assert dice.remaining == 0


@pytest.mark.rule("SAN-BONUS-01")
def test_a_san_roll_keeps_its_bonus_or_penalty_die() -> None:
    bonus = san_roll(Standing(50), LOSS, 75, ScriptedDice([7, 2, 5]), bonus=1)  # 75 or 25: keeps 25
    assert bonus.check.text() == "(1D100<=50) ボーナス・ペナルティダイス[1] ＞ 75, 25 ＞ 25 ＞ ハード成功"
    assert bonus.loss.lost == 1
    penalty = san_roll(Standing(50), LOSS, 75, ScriptedDice([2, 7, 5, 3]), bonus=-1)  # 25 or 75: keeps 75
    assert (penalty.check.roll, penalty.check.level, penalty.loss.lost, penalty.loss.after) == (75, Level7.FAILURE, 3, 47)


@pytest.mark.rule("SAN-FUMBLE-01")
def test_a_fumble_loses_the_most_of_the_failure_amount() -> None:
    dice = ScriptedDice([9, 8, 3, 3])  # 98 against SAN 40 (< 50): fumble; 1D6 at most 6; INT 33
    result = san_roll(Standing(40), LOSS, 75, dice)
    assert result.check.level is Level7.FUMBLE
    assert (result.loss.lost, result.loss.amount.text, result.temporary) == (6, "1D6（ファンブル：最大）", True)
    assert dice.remaining == 0


@pytest.mark.rule("SAN-CAP-01")
def test_a_creature_takes_no_more_than_the_most_of_its_failure_amount() -> None:
    result = san_roll(Standing(60, source_lost=3), LOSS, 75, ScriptedDice([9, 1, 6]), named=True)
    assert (result.loss.cap, result.loss.lost, result.loss.after, result.loss.kept_by, result.intelligence) == (3, 3, 57, "source", None)
    assert "（「深きもの」から失うSANの上限に達するので3だけ減ります）" in san_lines7("アリス", LOSS, result, source="深きもの")


@pytest.mark.rule("SAN-TEMP-01")
def test_losing_five_calls_for_an_int_roll_and_its_success_is_temporary_insanity() -> None:
    dice = ScriptedDice([6, 1, 5, 3, 3])  # 61 fails; 1D6 = 5; INT 75: 33 succeeds
    result = san_roll(Standing(60), LOSS, 75, dice)
    assert result.loss.amount.text == "1D6 ＞ 5" and result.loss.after == 55
    assert result.intelligence.text() == "(1D100<=75) ボーナス・ペナルティダイス[0] ＞ 33 ＞ 33 ＞ ハード成功"
    assert result.temporary and result.bout and not result.loss.indefinite and result.loss.threshold == 12


@pytest.mark.rule("SAN-TEMP-01")
def test_a_failed_int_roll_represses_the_memory_and_four_lost_calls_none() -> None:
    failed = san_roll(Standing(60), LOSS, 75, ScriptedDice([6, 1, 5, 8, 1]))  # INT roll 81 fails
    assert (failed.temporary, failed.bout) == (False, False)
    assert "失敗：理解が及ばず、一時的狂気は免れる（記憶を抑圧する）" in san_lines7("アリス", LOSS, failed)[2]
    dice = ScriptedDice([6, 1, 4])
    four = san_roll(Standing(60), LOSS, 75, dice)
    assert four.loss.lost == 4 and four.intelligence is None and dice.remaining == 0


@pytest.mark.rule("SAN-INDEF-01")
def test_a_fifth_of_the_days_starting_san_lost_is_indefinite_insanity_with_a_bout_and_no_int_roll() -> None:
    dice = ScriptedDice([9, 1, 5])  # 91 fails, 1D6 = 5: 7 + 5 = 12 = ⌊60/5⌋; no INT roll
    result = san_roll(Standing(53, window_san=60, window_lost=7), LOSS, 75, dice)
    assert (result.loss.window_lost, result.loss.threshold, result.loss.indefinite) == (12, 12, True)
    assert (result.intelligence, result.bout, dice.remaining) == (None, True, 0)
    short = san_roll(Standing(53, window_san=60, window_lost=7), LOSS, 75, ScriptedDice([9, 1, 4]))
    assert not short.loss.indefinite and not short.bout


@pytest.mark.rule("SAN-ZERO-01")
def test_san_zero_is_permanent() -> None:
    dice = ScriptedDice([9, 1, 6])
    result = san_roll(Standing(3), LOSS, 75, dice)
    assert result.loss.after == 0 and result.loss.lost == 3 and result.loss.permanent and not result.bout
    assert dice.remaining == 0


@pytest.mark.rule("SAN-BOUT-01")
def test_no_san_is_lost_during_a_bout_of_madness() -> None:
    dice = ScriptedDice([9, 1, 6])
    result = san_roll(Standing(40, in_bout=True), LOSS, 75, dice)
    assert (result.loss.lost, result.loss.after, result.loss.kept_by, result.intelligence) == (0, 40, "bout", None)
    assert "（狂気の発作の最中なので、これ以上SANは減りません）" in san_lines7("アリス", LOSS, result)


def test_an_investigator_already_insane_has_a_bout_at_any_loss() -> None:
    result = san_roll(Standing(40, insane=True), LOSS, 75, ScriptedDice([9, 1, 2]))
    assert (result.loss.lost, result.bout, result.temporary) == (2, True, False)
    assert san_lines7("アリス", LOSS, result)[-1] == "すでに不定の狂気にあるので、SANを失って狂気の発作が起きる"
