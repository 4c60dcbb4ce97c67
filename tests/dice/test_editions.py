"""Which edition a dice line belongs to (issue 20): only-6th, only-7th, and shared spellings."""
from __future__ import annotations

import pytest

from rules.dice.editions import choose, foreign_note, is_dice, own_edition


@pytest.mark.parametrize("line", [
    "CC(1)<=50", "CC(-2)<=50 目星", "CC(+1)<=50", "CC1<=50", "CC-1", "CC<=50h", "x3 CC(1)<=50",
    "ＣＣ（１）＜＝５０", "FAR(30,62,98)", "FAR(0,0,98)", "BMR", "BMS", "PH", "MA", "FCL", "SFCM",
    "CC(10)<=50",
])
def test_only_7th(line: str) -> None:
    assert own_edition(line) == "coc7"
    assert choose(line, "coc6") == ("coc7", True)
    assert choose(line, "coc7") == ("coc7", False)


@pytest.mark.parametrize("line", ["CCB<=50", "SCCB<=50", "x3 CCB<=50", "RES(10-5)", "RESB(1-2)",
                                  "CBRB(50,60)", "ＣＣＢ＜＝５０ 目星"])
def test_only_6th(line: str) -> None:
    assert own_edition(line) == "coc6"
    assert choose(line, "coc7") == ("coc6", True)
    assert choose(line, "coc6") == ("coc6", False)


@pytest.mark.parametrize("line", ["CC<=50", "CC", "CBR(50,60)", "CC(0)<=50", "CC(11)<=50",
                                  "CC(95)<=50", "1D100<=50", "2D6+1D4", "CC<=60/2", "こんにちは"])
def test_shared_or_neither_follows_the_channel(line: str) -> None:
    assert own_edition(line) is None
    assert choose(line, "coc6") == ("coc6", False)
    assert choose(line, "coc7") == ("coc7", False)


def test_the_note_names_the_channels_edition() -> None:
    assert foreign_note("coc7", "coc6") == "※7版のコマンドとして振りました（このチャンネルは6版です）"
    assert foreign_note("coc7", "coc6", in_battle=True) == (
        "※7版のコマンドとして振りました（このチャンネルの戦闘は6版です。戦闘には反映しません）")


def test_is_dice_is_false_only_for_what_no_edition_reads() -> None:
    assert is_dice("CC(1)<=50") and is_dice("CCB<=50") and is_dice("FAR(0,0,98)") and is_dice("1D6")
    assert not is_dice("こんにちは") and not is_dice("CCさくら") and not is_dice("")


@pytest.mark.parametrize("line", ["x2 FAR(7,80,98)", "x2 FAR(0,0,98)", "x3 BMR"])
def test_repeated_7th_only_commands_are_7th(line: str) -> None:
    assert own_edition(line) == "coc7"


def test_a_malfunction_number_6th_reads_stays_shared_when_repeated() -> None:
    assert own_edition("x2 CC(101)<=50 目星") is None
