"""The words around a line spoken as a character (issue 31): asides, the expression at its
end, a proxy prefix, the name a post shows, and how a post's notes fit one message."""
from __future__ import annotations

import pytest

from bot.render.voice import Voice, fallback_text, fitting, line, quoted
from bot.sheets.voice.speech import check_prefix, face_of, is_ooc, shown_name, strip_prefix


@pytest.mark.parametrize("text, aside", [("(笑)", True), ("（了解です）", True), ("// メモ", True), ("  (離席)", True),
                                         ("こんにちは(笑)", False), ("/roll 1d6", False), ("CCB<=50", False)])
def test_asides_start_with_a_bracket_or_two_slashes(text, aside):
    assert is_ooc(text) is aside


@pytest.mark.parametrize("text, found", [
    ("うれしい！ @笑顔", ("うれしい！", "笑顔")), ("うれしい！＠笑顔", ("うれしい！", "笑顔")),
    ("@笑顔", ("", "笑顔")), ("連絡は @運営 まで", ("連絡は @運営 まで", "")),
    ("うれしい @泣き顔", ("うれしい @泣き顔", "")),  # no such variant: part of the speech
    ("見て <@123>", ("見て <@123>", "")),
])
def test_an_expression_at_the_end_picks_the_variant_and_is_cut(text, found):
    assert face_of(text, {"笑顔", "怒り"}) == found


def test_a_prefix_matches_either_colon_and_leaves_the_rest():
    assert strip_prefix("アリス：こんにちは", "アリス:") == "こんにちは"
    assert strip_prefix("ｱﾘｽ: 半角でも", "アリス:") == "半角でも"
    assert strip_prefix("アリスです", "アリス:") is None
    with pytest.raises(ValueError):
        check_prefix("(")
    with pytest.raises(ValueError):
        check_prefix("/a")


def test_the_name_a_post_shows():
    assert shown_name("アリス", "alice", "PC") == "アリス"
    assert shown_name("アリス", "alice", "PCPL") == "アリス（alice）"
    assert "discord" not in shown_name("Discord好き", "alice", "PC").lower()  # Discord refuses the word
    assert len(shown_name("ア" * 100, "alice", "PCPL")) == 80


def test_notes_past_one_message_go_under_the_post():
    kept, spilled = fitting("あ" * 1900, ["🎲 " + "1" * 50, "🎲 " + "2" * 60])
    assert [len(n) for n in kept] == [52] and [len(n) for n in spilled] == [62]
    voice = Voice("アリス", "アリス（alice）", "1", "alice", "こんにちは", ("🎲 (1D100<=70) ＞ 23 ＞ 成功",))
    assert line(voice) == "アリス（alice）: こんにちは\n  🎲 (1D100<=70) ＞ 23 ＞ 成功"
    assert fallback_text(voice) == "【アリス】\n🎲 (1D100<=70) ＞ 23 ＞ 成功"
    assert quoted("アリス", "とても\n長い" * 20) == "> **アリス**: " + ("とても 長い" * 20)[:59] + "…"
