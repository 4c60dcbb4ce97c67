"""The 6th SAN check (rules.coc6.sanity over rules.sanity.loss), one test per branch of
FoundryVTT CoC7's SAN flow as the 6th rulebook and the table's preset read it
(docs/sanity.md): fumble, a source's cap, the アイデア roll won and lost, the window of 不定の狂気,
SAN 0, and a loss during temporary insanity."""
from __future__ import annotations

import pytest

from rules.coc6.sanity import SIXTH, SanLoss, san_check, san_lines
from rules.dice import ScriptedDice
from rules.errors import InvalidInput
from rules.sanity.loss import LossRules, Standing

LOSS = SanLoss("1", "1D6")


@pytest.mark.rule("SAN-CHECK-01")
@pytest.mark.parametrize("text, parts", [("1/1D6", ("1", "1D6")), ("０／１Ｄ３", ("0", "1D3")),
                                         ("1D4/2D6+1", ("1D4", "2D6+1"))])
def test_a_loss_reads_success_slash_failure(text, parts):
    loss = SanLoss.parse(text)
    assert (loss.success, loss.failure) == parts


@pytest.mark.parametrize("text", ["1D6", "1/", "/1D6", "1/1D6/2", "abc"])
def test_a_loss_without_both_halves_is_refused(text):
    with pytest.raises(InvalidInput):
        SanLoss.parse(text)


@pytest.mark.rule("SAN-CHECK-01", "SAN-TEMP-01")
def test_a_success_loses_the_first_half_and_four_lost_needs_no_idea_roll():
    result = san_check(Standing(50), LOSS, 65, ScriptedDice([50]))
    assert (result.loss.lost, result.loss.after, result.idea, result.loss.threshold) == (1, 49, None, 10)


@pytest.mark.rule("SAN-FUMBLE-01")
def test_a_fumble_rolls_the_failure_by_the_rulebook_and_loses_the_most_under_the_house_preset():
    rolled = san_check(Standing(50), LOSS, 65, ScriptedDice([99, 2]))
    assert (rolled.check.level.value, rolled.loss.lost, rolled.loss.amount.text) == ("致命的失敗", 2, "1D6 ＞ 2")
    dice = ScriptedDice([99, 80])  # no 1D6: its maximum; 6 lost calls for アイデア (80: failed)
    most = san_check(Standing(50), LOSS, 65, dice, rules=LossRules(fumble_max=True, bout_no_loss=False))
    assert (most.loss.lost, most.loss.after, most.loss.amount.text, most.idea.roll) == (6, 44, "1D6（ファンブル：最大）", 80)
    assert dice.remaining == 0


@pytest.mark.rule("SAN-CAP-01")
def test_a_named_source_takes_no_more_than_its_failure_amount_over_every_loss():
    capped = san_check(Standing(50, source_lost=4), LOSS, 65, ScriptedDice([70, 5]), named=True)
    assert (capped.loss.cap, capped.loss.lost, capped.loss.after, capped.loss.kept_by) == (2, 2, 48, "source")
    spent = san_check(Standing(48, source_lost=6), LOSS, 65, ScriptedDice([70, 3]), named=True)
    assert (spent.loss.lost, spent.loss.after, spent.loss.kept_by) == (0, 48, "source")
    assert "（「深きもの」からはもうSANを失いません：上限に達しています）" in san_lines("アリス", LOSS, spent, source="深きもの")
    unnamed = san_check(Standing(50, source_lost=6), LOSS, 65, ScriptedDice([70, 5, 80]))
    assert (unnamed.loss.cap, unnamed.loss.lost) == (None, 5)


@pytest.mark.rule("SAN-TEMP-01")
def test_five_lost_at_once_calls_for_the_idea_roll_whose_success_is_temporary_insanity():
    won = san_check(Standing(50), LOSS, 65, ScriptedDice([51, 5, 30]))
    assert (won.loss.lost, won.loss.after, won.idea.roll, won.temporary) == (5, 45, 30, True)
    lost = san_check(Standing(50), LOSS, 65, ScriptedDice([51, 5, 66]))
    assert (lost.idea.roll, lost.temporary) == (66, False)
    assert san_lines("アリス", LOSS, lost)[2] == ("一度に5減ったので一時的狂気の判定（5以上）：アイデア (1D100<=65) ＞ 66 ＞ 失敗"
                                                  " → 失敗：理解が及ばず、一時的狂気は免れる")


@pytest.mark.rule("SAN-INDEF-01")
def test_a_fifth_of_the_windows_san_within_the_window_is_indefinite_insanity():
    result = san_check(Standing(46, window_san=50, window_lost=8), SanLoss("0", "1D6"), 65, ScriptedDice([99, 2]))
    assert (result.loss.threshold, result.loss.window_lost, result.loss.indefinite) == (10, 10, True)
    assert san_lines("アリス", SanLoss("0", "1D6"), result)[-1] == (
        "⚠ この1時間（ゲーム内）の減少が計10で、不定の狂気のしきい値10（この1時間（ゲーム内）の初めのSAN 50 の1/5）に達した：不定の狂気に陥る")
    again = san_check(Standing(44, window_san=50, window_lost=10), SanLoss("0", "1D6"), 65, ScriptedDice([99, 2]))
    assert not again.loss.indefinite  # announced once, when the threshold is crossed


@pytest.mark.rule("SAN-ZERO-01")
def test_san_never_falls_below_zero_and_zero_is_permanent_without_an_idea_roll():
    dice = ScriptedDice([90, 8])
    result = san_check(Standing(6), SanLoss("1", "1D10"), 65, dice)
    assert (result.loss.lost, result.loss.after, result.loss.permanent, result.idea) == (6, 0, True, None)
    assert dice.remaining == 0


@pytest.mark.rule("SAN-BOUT-01")
def test_temporary_insanity_stops_no_loss_by_the_rulebook_and_does_under_the_preset():
    going = san_check(Standing(40, in_bout=True), LOSS, 65, ScriptedDice([90, 3]), rules=SIXTH)
    assert (going.loss.lost, going.loss.after) == (3, 37)
    kept = san_check(Standing(40, in_bout=True), LOSS, 65, ScriptedDice([90, 3]),
                     rules=LossRules(fumble_max=False, bout_no_loss=True))
    assert (kept.loss.lost, kept.loss.after, kept.loss.kept_by, kept.idea) == (0, 40, "bout", None)
