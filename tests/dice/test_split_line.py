"""The command/comment split of a chat line (rules.dice.normalize.split_line): exact
splits, and the whitespace it cuts at is what ``str.isspace`` calls whitespace."""
from __future__ import annotations

from hypothesis import given, strategies as st

from rules.dice.normalize import _first_space, split_line


def test_a_palette_roll_splits_at_the_first_space_and_keeps_the_comment_as_typed():
    assert split_line("CCB<=60 【目星】") == ("CCB<=60", "【目星】")
    assert split_line("ＣＣＢ＜＝５０\u3000目星　だよ") == ("CCB<=50", "目星　だよ")
    assert split_line("x3 CCB<=50 目星") == ("x3 CCB<=50", "目星")
    assert split_line("   ") is None


def test_the_same_line_twice_gives_the_same_split():
    first = split_line("1d100<=70 こぶし")
    assert split_line("1d100<=70 こぶし") == first == ("1d100<=70", "こぶし")


@given(st.text(max_size=12))
def test_the_cut_is_at_the_first_character_str_isspace_calls_whitespace(text):
    expected = next((i for i, ch in enumerate(text) if ch.isspace()), -1)
    assert _first_space(text) == expected
