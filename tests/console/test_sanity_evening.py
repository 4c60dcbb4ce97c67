"""Tried as a new user would (issue 32): an investigation with four SAN checks typed three ways
(chat, the slash command, a palette roll answered by the KP's button, sealdice's ``.sc``), a
temporary insanity that rolls the table the KP pasted and runs out after the player's lines,
and the KP fixing a PC's HP by chat — the console as a real process, its transcript checked."""
from __future__ import annotations

import pytest

SCRIPT = """\
kp: /session start
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
bob: /char new name:ボブ STR:15 CON:12 POW:10 DEX:10 APP:9 SIZ:16 INT:11 EDU:12
kp: /table add text:一時的狂気表 1D6 1:気絶する 2:悲鳴を上げて逃げる 3:笑いが止まらない 4:立ちすくむ 5:幻覚を見る 6:暴れ出す
kp: /kp setting key:一時的狂気表 value:一時的狂気表
kp: /kp setting key:一時的狂気の長さ value:1D3行動
alice: CCB<=25 【目星】
kp: 日記には奇妙な図形が描かれている。SANチェック 0/1 をどうぞ
alice: SANチェック 0/1
bob: /check skill:SAN loss:0/1D3
kp: 地下室の扉を開けると、腐り果てた死体が……
alice: CCB<={SAN} 【正気度ロール】
kp: [1/1D6]
alice: あはははは
alice: （笑いが止まらない）
bob: .sc 1/1d6
kp: 扉の陰から何かが飛びかかってきた！ ボブは4ダメージ
kp: :ボブ:HP-4
bob: /char show
kp: /session end
"""
ROLLS = "20,40,70,2,80,6,30,3,2,30"
"""目星 20; アリス 0/1: 40; ボブ 0/1D3: 70, 2; アリス's palette roll 80, the KP's 1/1D6: 6, アイデア 30,
the pasted table 3, 1D3 lines = 2; ボブ's .sc: 30."""


@pytest.mark.rule("SAN-CHECK-01", "SAN-PEND-01", "SAN-TEMP-01", "SAN-TIME-01", "TBL-01", "TBL-03", "STAT-03")
def test_an_investigation_with_four_san_checks_a_temporary_insanity_and_the_kp_fixing_hp(play):
    run = play(SCRIPT, ROLLS)
    assert run.said(4) == "📋 表「一時的狂気表」（一時的狂気表、1D6、6行）を登録しました。/table roll name:一時的狂気表 で振れます。"
    assert run.said(8) == ""  # the KP's story mentions a SAN check: talk
    assert run.said(9) == ("🎲 アリス SANチェック（0/1）：(1D100<=55) ＞ 40 ＞ 成功\n成功：0 の減少 → SAN 55 → 55\n"
                           "不定の狂気：この1時間（ゲーム内）の減少 計0／しきい値11（初めのSAN 55 の1/5。達すると不定の狂気）")
    assert "失敗：1D3 ＞ 2 の減少 → SAN 50 → 48" in run.said(10)
    assert run.said(12).startswith("alice　【正気度ロール】\n(1D100<=55) ＞ 80 ＞ 失敗\n（アリスの正気度ロール：失敗。")
    assert "[1/1D6]" not in run.said(12) and [m["buttons"][:3] for m in run if m["line"] == 12 and m["to"] == "kp"] == [
        ["0/1", "0/1D3", "0/1D6"]]
    assert run.said(13) == (
        "🎲 アリス SANチェック（1/1D6）：(1D100<=55) ＞ 80 ＞ 失敗\n失敗：1D6 ＞ 6 の減少 → SAN 55 → 49\n"
        "一度に6減ったので一時的狂気の判定（5以上）：アイデア (1D100<=65) ＞ 30 ＞ 成功 → 成功：何を見たのか理解してしまい、一時的狂気に陥る\n"
        "不定の狂気：この1時間（ゲーム内）の減少 計6／しきい値11（初めのSAN 55 の1/5。達すると不定の狂気）\n"
        "🌀 アリスは一時的狂気に陥った（1D3 ＞ 2行動）\n📋 一時的狂気表(3) ＞ 笑いが止まらない")
    assert run.said(14) == ""
    assert run.said(15) == "🌀 アリスの一時的狂気が終わりました（時間切れ）。"
    assert run.said(16).startswith("🎲 ボブ SANチェック（1/1D6）：(1D100<=48) ＞ 30 ＞ 成功\n成功：1 の減少 → SAN 48 → 47")
    assert run.said(18) == "🧾 ボブ HP 14 → 10（kpの「:ボブ:HP-4」）"
    assert "HP 10/14 / MP 10/10 / SAN 47/99" in run.said(19)
    summary = run.said(20)
    assert "【アリス】" in summary and "SAN 55→49（−6）" in summary
    assert "SAN 50→47（−3）／HP 14→10（−4）" in summary
