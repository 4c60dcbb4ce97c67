"""Reading the chat lines that change a sheet (rules.sheet_lines; docs/sanity.md STAT-01,
SAN-CHECK-01, SAN-TIME-01) and the preset's durations (rules.sanity.preset)."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.errors import InvalidInput
from rules.sanity.preset import BOUT, TEMPORARY, Duration, preset, starts
from rules.sheet_lines import StateChange, StatusChange, sealdice_san_check, status_line, time_passed


@pytest.mark.rule("STAT-01")
@pytest.mark.parametrize("said, read", [
    (":HP-3", StatusChange("HP", "-", "3")),
    (":SAN-1D3", StatusChange("SAN", "-", "1D3")),
    (":MP+2", StatusChange("MP", "+", "2")),
    (":HP=10", StatusChange("HP", "=", "10")),
    (":幸運-5", StatusChange("幸運", "-", "5")),
    ("：ＨＰ－３", StatusChange("HP", "-", "3")),
    (":HP-3 噛まれた", StatusChange("HP", "-", "3", comment="噛まれた")),
    (":アリス:HP-3", StatusChange("HP", "-", "3", "アリス")),
    (":田中 太郎:SAN-1", StatusChange("SAN", "-", "1", "田中 太郎")),
    (".st hp-1", StatusChange("HP", "-", "1")),
    ("。st San+1d3", StatusChange("SAN", "+", "1D3")),
    (".st hp10", StatusChange("HP", "=", "10")),
    (":状態+気絶", StateChange("気絶", True)),
    (":アリス:状態-一時的狂気", StateChange("一時的狂気", False, "アリス")),
])
def test_a_status_line_reads_as_cocofolia_and_sealdice_write_it(said, read):
    assert status_line(said) == read


@pytest.mark.parametrize("said", [":HP", ":HP-x", ":smile:", ":こんにちは", "HP-3", "::HP-3", ":STR-1", ":HP-3\n:MP-1"])
def test_other_lines_are_no_status_line(said):
    assert status_line(said) is None


@pytest.mark.rule("SAN-CHECK-01")
def test_sealdices_san_check():
    assert (sealdice_san_check(".sc 1/1d6"), sealdice_san_check("。sc0/1D3"), sealdice_san_check(".sc")) == ("1/1D6", "0/1D3", None)


@pytest.mark.rule("SAN-TIME-01")
@pytest.mark.parametrize("said, passed", [("1時間経過", (60, 0)), ("30分経過", (30, 0)), ("1時間30分経過", (90, 0)),
                                          ("1ラウンド経過", (0, 1)), ("2R経過。", (0, 2)), ("経過", None),
                                          ("10分経過しました", None), ("1時間後に集合", None)])
def test_the_kps_word_that_time_passed(said, passed):
    assert time_passed(said) == passed


@pytest.mark.rule("SAN-TIME-01")
@pytest.mark.parametrize("text, faces, rolled", [("1D10+4ラウンド", [3], (7, "1D10+4 ＞ 7ラウンド")),
                                                ("1D10時間", [4], (240, "1D10 ＞ 4時間")),
                                                ("1D10×10分", [4], (40, "1D10*10 ＞ 40分")),
                                                ("1D10行動", [6], (6, "1D10 ＞ 6行動")),
                                                ("30分", [], (30, "30分"))])
def test_a_duration_rolls_its_length_in_its_unit(text, faces, rolled):
    assert Duration.parse(text).roll(ScriptedDice(faces)) == rolled


def test_a_duration_that_cannot_be_read_is_refused_and_none_is_none():
    assert Duration.parse("なし") is None
    with pytest.raises(InvalidInput):
        Duration.parse("しばらく")


@pytest.mark.rule("SAN-FUMBLE-01", "SAN-BOUT-01", "TBL-03")
def test_each_edition_has_its_own_preset_and_the_kp_changes_it():
    sixth, seventh = preset("coc6", {}), preset("coc7", {})
    assert (sixth.window, sixth.rules.fumble_max, sixth.rules.bout_no_loss, sixth.tables) == ("hour", False, False, {})
    assert (seventh.window, seventh.rules.fumble_max, seventh.rules.bout_no_loss) == ("day", True, True)
    assert seventh.tables == {"一時的狂気": "BMR", "不定の狂気": "BMR"}
    changed = preset("coc6", {"san_window": "SESSION", "san_fumble_max": "ON", "madness_table_temporary": "狂気表",
                              "madness_time_temporary": "1D10行動", "madness_private": True})
    assert (changed.window, changed.rules.fumble_max, changed.tables, changed.private) == (
        "session", True, {"一時的狂気": "狂気表"}, True)
    assert changed.durations[TEMPORARY] == Duration("1D10", "line", 1, "行動")
    off = preset("coc7", {"madness_table_temporary": "なし"})
    assert "一時的狂気" not in off.tables


def test_what_a_loss_starts():
    assert starts("coc6", True, False, False, False) == ["一時的狂気"]
    assert starts("coc7", True, True, False, True) == ["不定の狂気", "一時的狂気", BOUT]
    assert starts("coc7", False, False, True, False) == ["永久的狂気"]
