"""A text session with character voices at the console (issue 31): the console has no
webhooks, so a line spoken as a character is shown under the character's name with the
player's (「🎭 アリス（alice）: …」), its expression and its notes; the evening of
tests/console/voice_evening.py, played as a new table would, end to end."""
from __future__ import annotations

import pytest

from tests.console.voice_evening import EVENING, FACES, pictures, script


@pytest.fixture
def evening(play, tmp_path):
    """The voice evening played by a real console process (JSON output)."""
    return play(script(pictures(tmp_path)), ",".join(map(str, FACES)))


def said(evening, line: str) -> list[dict]:
    """The messages caused by the evening's ``line`` (its text as in EVENING)."""
    number = 12 + [text for text, _faces in EVENING].index(line) + 1  # after the 12 set-up lines
    return [m for m in evening if m["line"] == number]


def test_lines_speak_as_characters_with_their_expression_and_asides_stay_the_players(evening):
    shop, = said(evening, "kp: いらっしゃい。古書店「黄昏堂」へようこそ")
    assert (shop["text"], shop["voice"]["character"], shop["voice"]["image"]) == (
        "店主: いらっしゃい。古書店「黄昏堂」へようこそ", "店主", None)
    smile, = said(evening, "alice: こんにちは、本を探しているんです @笑顔")
    assert (smile["voice"]["speech"], smile["voice"]["face"]) == ("こんにちは、本を探しているんです", "笑顔")
    assert said(evening, "bob: (今日は21時までで大丈夫です)") == []  # an aside: no voice, no reply


def test_rolls_in_speech_use_the_sheet_and_a_secret_one_reaches_the_kp_alone(evening):
    look, = said(evening, "alice: CCB<={目星} 【目星】 何か変わったものはないかしら")
    assert look["text"] == ("アリス: CCB<=70 【目星】 何か変わったものはないかしら\n  🎲　【目星】 (1D100<=70) ＞ 25 ＞ 成功\n"
                            "  📈 アリス〈目星〉に成長の印")
    sanity, = said(evening, "alice: じゃあ 1d100<={SAN} で、気付かなかったことにする")
    assert sanity["text"].endswith("🎲 (1D100<=55) ＞ 20 ＞ 成功")
    secret = said(evening, "bob: 店の奥が気になるな。SCCB<={聞き耳}【聞き耳】")
    assert [(m["to"], m["text"]) for m in secret] == [
        (None, "ボブ: 店の奥が気になるな。\n  🔒 シークレットダイスを振りました。"),
        ("bob", "🔒 ボブ　【聞き耳】\n(1D100<=60) ＞ 42 ＞ 成功"), ("kp", "🔒 ボブのシークレットダイス\n(1D100<=60) ＞ 42 ＞ 成功"),
        ("bob", "📈 ボブ〈聞き耳〉に成長の印")]


def test_a_short_fight_is_declared_in_speech_and_the_npc_voiced_by_the_kp(evening):
    attack = said(evening, "alice: ゾンビをこぶしで攻撃！")
    assert attack[0]["voice"]["speech"] == "ゾンビをこぶしで攻撃！"
    assert "アリス 攻撃（こぶし）：(1D100<=50) ＞ 30 ＞ 成功" in attack[1]["text"]
    zombie = said(evening, "kp: ウウ……アリスを攻撃")
    assert zombie[0]["text"] == "ゾンビ: ウウ……アリスを攻撃"
    assert "ゾンビ 攻撃（こぶし）：(1D100<=50) ＞ 20 ＞ 成功" in zombie[1]["text"]
    dodge = said(evening, "alice: CCB<=28 【回避】 よけて！")
    assert [m["text"] for m in dodge] == ["アリス: CCB<=28 【回避】 よけて！",  # the roll is the declaration's
                                          "アリスの対応：回避\nアリス 回避：(1D100<=28) ＞ 10 ＞ 成功\n→ アリスは攻撃を回避した"]


def test_the_session_counts_rolls_in_speech_under_their_characters(evening):
    summary = "\n".join(m["text"] for m in said(evening, "kp: /session end"))
    assert "【アリス】ロール 6回／成功 3（決定的成功 0）／致命的失敗 0／平均出目 33.0／SAN 55→53（−2）" in summary
    assert "・ボブ → /char growth name:ボブ" in summary  # the secret 聞き耳 marked ボブ, not the player


def test_the_log_shows_spoken_lines_under_their_characters_and_asides_on_their_own_tab(evening, tmp_path):
    text = (tmp_path / "exports" / "bot1" / "session-1.txt").read_text(encoding="utf-8")
    assert "] 店主: いらっしゃい。古書店「黄昏堂」へようこそ\n" in text
    assert "] [雑談] bob: (今日は21時までで大丈夫です)\n" in text
    assert "] ボブ: 店の奥が気になるな。\n" in text and "SCCB" not in text and "＞ 42 ＞" not in text  # the secret stays secret
    kp_copy = (tmp_path / "exports" / "bot1" / "session-1-kp.txt").read_text(encoding="utf-8")
    assert "ボブ［シークレット］: SCCB<=60 【聞き耳】\n    (1D100<=60) ＞ 42 ＞ 成功" in kp_copy
