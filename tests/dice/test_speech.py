"""Dice commands inside a character's speech (issue 31, rules.dice.speech): where they are,
what label each carries, which are secret, the sheet's values put in, and a secret one cut
out of what the channel reads."""
from __future__ import annotations

import pytest

from rules.dice.speech import fill, rolls_in, without


@pytest.mark.parametrize("line, found", [
    ("CCB<=70 【目星】 何かないかな", [("CCB<=70", "【目星】", False, "CCB<=70 【目星】")]),
    ("じゃあ 1d100<=55 で振るね", [("1d100<=55", "", False, "1d100<=55")]),
    ("店の奥が気になるな。SCCB<=60【聞き耳】", [("SCCB<=60", "【聞き耳】", True, "SCCB<=60【聞き耳】")]),
    ("ＣＣＢ＜＝５０　〈図書館〉　全角で", [("ＣＣＢ＜＝５０", "〈図書館〉", False, "ＣＣＢ＜＝５０\u3000〈図書館〉")]),
    ("x3 CCB<=50 連続で", [("x3 CCB<=50", "", False, "x3 CCB<=50")]),
    ("2D6ダメージ！ さらに 1D4", [("2D6", "", False, "2D6"), ("1D4", "", False, "1D4")]),
    ("CC はじめの一語だけは数字がなくても", [("CC", "", False, "CC")]),
    ("こんにちは CC ok choice[a,b]", [("choice[a,b]", "", False, "choice[a,b]")]),  # a stray CC mid-speech is a word
    ("CCB≦70【目星】", [("CCB≦70", "【目星】", False, "CCB≦70【目星】")]),
])
@pytest.mark.rule("X-ROLL-01")
def test_every_command_of_a_line_is_found_with_its_label(line, found):
    assert [(s.command, s.label, s.secret, line[s.start:s.end]) for s in rolls_in(line)] == found


@pytest.mark.parametrize("line", ["それは100%だよ", "2人で行こう", "https://example.com/1d6 を見て", "HP10 しかない",
                                  "1 2 3", "(笑)", "<@1400000000000000012> 見て"])
def test_plain_speech_holds_no_command(line):
    assert rolls_in(line) == []


def test_the_sheets_values_are_put_in_and_unknown_names_left_as_typed():
    values = {"目星": 70, "SAN": 55}
    assert fill("CCB<={目星} 【目星】 SANは｛SAN｝で {笑}", values.get) == ("CCB<=70 【目星】 SANは55で {笑}", ["笑"])


def test_a_secret_command_and_its_label_are_cut_from_what_the_channel_reads():
    line = "SCCB<=70 【聞き耳】 なにか聞こえる？ CCB<=50 【目星】"
    spans = rolls_in(line)
    assert without(line, [s for s in spans if s.secret]) == "なにか聞こえる？ CCB<=50 【目星】"
    assert [s.typed for s in spans] == ["SCCB<=70 【聞き耳】", "CCB<=50 【目星】"]
