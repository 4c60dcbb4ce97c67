"""A short ``coc6-budo`` fight (seed 002) played through ``python -m bot console`` as a real
process: a refused ラッシュ without 〈武道：立ち技系〉 (B-RUSH-01), a タックル that a failed
武道受け流し lets through (B-PARRY-01, B-TACKLE-02), 押し倒し on a floor the KP called hard and the knockout
roll (B-TACKLE-06..08), and a カウンター with one special whose counter attack fells the
cultist (B-COUNTER-02/03)."""
from __future__ import annotations


import pytest

from bot.render.battle import event_line
from rules.battle.protocol import BattleView
from rules.systems.coc6 import events as ce

SCRIPT = """\
alice: /char new name:アキラ STR:10 CON:10 POW:10 DEX:15 APP:10 SIZ:14 INT:10 EDU:10
alice: /char set name:アキラ key:武道（柔道） value:70
alice: /char set name:アキラ key:組み付き value:60
kp: /char new name:信者 STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:10 INT:10 EDU:10
kp: /char set name:信者 key:武道（空手） value:65
kp: /char set name:信者 key:こぶし value:50
kp: /battle new system:coc6-budo
kp: /kp setting key:硬い床 value:true
alice: /battle join character:アキラ
kp: /battle add name:信者 character:信者
kp: /battle start
alice: /attack target:信者 special:ラッシュ
alice: /attack target:信者 special:タックル
kp: [武道]
alice: [押し倒し]
alice: /end
kp: /attack target:アキラ
alice: /react action:カウンター
alice: [カウンター攻撃]
kp: /react action:なし
kp: /battle status
"""
ROLLS = "30,80,4,30,2,90,20,10,80,40,2"




@pytest.mark.rule("B-RUSH-01", "B-PARRY-01", "B-TACKLE-02", "B-TACKLE-06", "B-TACKLE-07", "B-TACKLE-08",
                  "B-COUNTER-02", "B-COUNTER-03")
def test_budo_fight_in_the_console(play):
    messages = play(SCRIPT, ROLLS)
    refusal = [m for m in messages if m["line"] == 12]
    assert refusal[0]["to"] == "alice" and "（B-RUSH-01）" in refusal[0]["text"]
    assert "(1d100<=70,60) ＞ 30[成功,成功] ＞ 成功" in messages.said(13)
    prompt = next(m for m in messages if m["line"] == 13 and m["buttons"])
    buttons = prompt["buttons"]  # 受け流し may be one button per parrying weapon (受け流し：こぶし …)
    assert buttons[0] == "回避" and buttons[-4:] == ["武道", "カウンター", "回避カウンター", "なし"]
    assert all(b.startswith("受け流し") for b in buttons[1:-4])
    assert "武道受け流し（〈武道（空手）〉）：(1D100<=65) ＞ 80 ＞ 失敗" in messages.said(14)
    assert "信者 HP 10 → 6" in messages.said(14)
    choice = next(m for m in messages if m["line"] == 14 and m["buttons"])
    assert choice["to"] is None and choice["buttons"] == ["吹き飛ばし", "押し倒し", "なし"]
    pushed = messages.said(15)
    assert "押し倒し（STR対STR）（10対10の抵抗ロール）：(1D100<=50) ＞ 30 ＞ 成功" in pushed
    assert "信者 HP 6 → 4" in pushed and "（12対10の抵抗ロール）：(1D100<=60) ＞ 90 ＞ 失敗" in pushed
    countered = messages.said(18)
    assert "カウンター1回目：武道受け流し（〈武道（柔道）〉）：(1D100<=70) ＞ 10 ＞ スペシャル" in countered
    assert "カウンター2回目" in countered and "カウンター成功" in countered
    assert "カウンター攻撃（こぶし）：(1D100<=50) ＞ 40 ＞ 成功" in messages.said(19)
    assert "信者は気絶した" in messages.said(20)
    turn = next(m for m in messages if m["line"] == 16 and "信者の手番" in m["text"])
    assert "special:サルト／タックル／ラッシュ／フェイント、aim:急所／腕／足／武器" in turn["text"]
    status = next(m for m in messages if m["line"] == 21)
    rows = {c["name"]: c for c in status["data"]["combatants"]}
    assert (rows["信者"]["hp"], rows["アキラ"]["hp"]) == (2, 12)
    assert {"転倒", "組み付き中", "気絶"} <= set(rows["信者"]["conditions"])


@pytest.mark.rule("B-CALL-VITAL-03", "B-CALL-WPN-03", "B-CALL-ARM-05")
def test_budo_log_lines_for_effects_running_out_and_first_aid():
    view = BattleView(system="coc6-budo", phase="active", round=3, turn=None, order=(), rows=(), prompts=())
    assert event_line(ce.WoundsTreated(unit="信者", parts=["急所"], by="時間経過"), view) == \
        "信者は急所への一撃による技能の半減が終わった。"
    assert event_line(ce.WoundsTreated(unit="信者", parts=["武器"], by="時間経過"), view) == \
        "信者はまた物を持てるようになり、STRも元に戻った。"
    assert event_line(ce.HpChanged(unit="信者", before=7, after=9), view) == "→ 信者のHPが2回復（7→9）"
    assert event_line(ce.HpChanged(unit="信者", before=9, after=10, cause="1D3＝3、最大HPまで"), view) == \
        "→ 信者のHPが1回復（9→10、1D3＝3、最大HPまで）"
    assert event_line(ce.WoundsTreated(unit="信者", parts=["腕"], by="ドク"), view) == \
        "ドクの手当てで信者の負傷（腕）が回復した。"
