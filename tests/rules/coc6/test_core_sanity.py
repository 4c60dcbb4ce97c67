"""The SAN check of the CoC 6 rulebook (rules.coc6.sanity; a published rule, H-GEN-02)."""
from __future__ import annotations

import pytest

from rules.coc6.sanity import SanLoss, san_check
from rules.dice import ScriptedDice
from rules.errors import InvalidInput


@pytest.mark.rule("H-GEN-02")
@pytest.mark.parametrize("text, parts", [("1/1D6", ("1", "1D6")), ("０／１Ｄ３", ("0", "1D3")),
                                         ("1D4/2D6+1", ("1D4", "2D6+1"))])
def test_a_loss_reads_success_slash_failure(text, parts):
    loss = SanLoss.parse(text)
    assert (loss.success, loss.failure) == parts


@pytest.mark.parametrize("text", ["1D6", "1/", "/1D6", "1/1D6/2", "abc"])
def test_a_loss_without_both_halves_is_refused(text):
    with pytest.raises(InvalidInput):
        SanLoss.parse(text)


@pytest.mark.rule("H-GEN-02")
def test_a_success_loses_the_first_half_and_four_lost_needs_no_idea_roll():
    result = san_check(50, SanLoss("1", "1D6"), 65, ScriptedDice([50]))
    assert (result.lost, result.after, result.idea, result.threshold) == (1, 49, None, 10)


@pytest.mark.rule("H-GEN-02")
def test_five_lost_at_once_calls_for_the_idea_roll():
    result = san_check(50, SanLoss("1", "1D6"), 65, ScriptedDice([51, 5, 66]))
    assert (result.lost, result.after, result.idea.roll, result.temporary) == (5, 45, 66, False)


@pytest.mark.rule("H-GEN-02")
def test_a_fifth_of_the_hours_san_within_the_hour_is_indefinite_insanity():
    result = san_check(46, SanLoss("0", "1D6"), 65, ScriptedDice([99, 2]), hour_start_san=50, hour_lost=8)
    assert (result.threshold, result.hour_lost, result.indefinite) == (10, 10, True)
    again = san_check(44, SanLoss("0", "1D6"), 65, ScriptedDice([99, 2]), hour_start_san=50, hour_lost=10)
    assert not again.indefinite  # announced once, when the threshold is crossed


@pytest.mark.rule("H-GEN-02")
def test_san_never_falls_below_zero_and_zero_is_permanent():
    result = san_check(3, SanLoss("1", "1D10"), 65, ScriptedDice([90, 8]))
    assert (result.lost, result.after, result.permanent) == (3, 0, True)
