"""A short charge-rank fight (seed 004) played through ``python -m bot console`` as a real
process: a refused start naming the missing number, a refused power rank (C-CHECK-03), an
attack met by a defence that fails automatically (C-CHECK-06, C-DEF-04), a unit at charge 0
passing (C-EX-07), a wait (C-WAIT-01) and a counter that knocks the assassin out (C-COUNTER-03,
C-DMG-04)."""
from __future__ import annotations


import pytest

SCRIPT = """\
alice: /char new name:桐生 STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10
alice: /char set name:桐生 key:リフレクス value:6
alice: /char set name:桐生 key:スタミナ value:30
alice: /char set name:桐生 key:攻撃力 value:3
kp: /char new name:刺客 STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10
kp: /char set name:刺客 key:リフレクス value:3
kp: /char set name:刺客 key:ガード value:3
kp: /char set name:刺客 key:攻撃力 value:3
kp: /battle new system:charge-rank
alice: /battle join character:桐生
kp: /battle add name:刺客 character:刺客
kp: /battle start
kp: /battle remove name:刺客
kp: /char set name:刺客 key:スタミナ value:20
kp: /battle add name:刺客 character:刺客
kp: /battle start
alice: /attack target:刺客 power:7
alice: /attack target:刺客 power:2 special:掌打
kp: [防御]
alice: /wait
kp: /attack target:桐生 power:3
alice: /react action:カウンター power:4
kp: /battle status
"""
ROLLS = "2,3,1,1,5,2,2,4,2,3,5,6"




@pytest.mark.rule("C-PHASE-02", "C-PHASE-03", "C-CHECK-03", "C-CHECK-06", "C-DEF-04", "C-EX-07", "C-WAIT-01",
                  "C-COUNTER-03", "C-DMG-04")
def test_charge_rank_fight_in_the_console(play):
    messages = play(SCRIPT, ROLLS)
    refused_start = [m for m in messages if m["line"] == 12]
    assert refused_start[0]["to"] == "kp" and "刺客（スタミナ）" in refused_start[0]["text"]
    assert "オープンフェイズ：チャージランク 桐生 0→6、刺客 0→3" in messages.said(16)
    assert "イニシアチブ（リフレクスの高い順）: 桐生 → 刺客" in messages.said(16)
    assert "桐生のメインフェイズ" in messages.said(16)
    too_much = [m for m in messages if m["line"] == 17]
    assert too_much[0]["ephemeral"] and "（C-CHECK-03）" in too_much[0]["text"]
    assert "🎲 桐生 攻撃（牽制） PR2 ＞ [2・3] ＞ 達成値5（チャージ 6→4）" in messages.said(18)
    prompt = next(m for m in messages if m["line"] == 18 and m["buttons"])
    assert prompt["buttons"] == ["防御", "回避", "カウンター", "なし"] and prompt["mentions"] == ["kp"]
    defence = messages.said(19)
    assert "合計7 ＞ 自動失敗（1の数−6の数=2 ≥ セーフティランク2）（チャージ 3→0）" in defence
    assert "💥 刺客に3ダメージ（3 × 2 − 3 × (0 + 1) = 3） スタミナ 20 → 17" in defence
    assert "刺客はチャージランクが0なので何もできません（C-CHECK-03）。" in defence
    assert "オープンフェイズ：チャージランク 桐生 4→6、刺客 0→3" in defence
    assert "桐生は待機しました" in messages.said(20)
    assert "達成値8（チャージ 3→0）" in messages.said(21)
    counter = messages.said(22)
    assert "🎲 桐生 カウンター PR4 目標8 ＞ [2・3・5・6] ＞ 達成値16（チャージ 6→2）" in counter
    assert "↺ 桐生のカウンター攻撃 → 刺客（PR7・達成値16）" in counter
    assert "💥 刺客に18ダメージ（3 × 7 − 3 = 18） スタミナ 17 → 0" in counter
    assert "刺客は気絶した" in counter and "NPC側が全員行動不能" in counter
    status = next(m for m in messages if m["line"] == 23)
    combatants = {c["name"]: c for c in status["data"]["combatants"]}
    assert combatants["刺客"]["conditions"] == ["気絶"]
    assert combatants["桐生"]["hp"] is None and combatants["桐生"]["dex"] is None
    assert combatants["桐生"]["extra"]["リフレクス"] == 6
    # Round 3's open phase: 2 + 6 is capped at the capacity 6 (C-PHASE-03); 刺客 is out.
    assert "オープンフェイズ：チャージランク 桐生 2→6" in counter
    assert status["data"]["round"] == 3 and status["data"]["turn"] == "桐生"
    assert "チャージ 6 スタミナ 30/30" in status["text"] and "スタミナ 0/20" in status["text"]


def test_hidden_npc_charge_and_stamina_stay_out_of_public_lines():
    from bot.render.battle import event_line
    from rules.battle.protocol import BattleView, UnitRow
    from rules.systems.charge_rank import events as ce

    row = UnitRow(name="刺客", owner=None, hidden=True, hp=None, hp_max=None, ap=None, dex=3)
    view = BattleView(system="charge-rank", phase="active", round=1, turn="刺客", order=("刺客",),
                      rows=(row,), prompts=())
    check = ce.PoolRolled(unit="刺客", purpose="攻撃", power=3, faces=[2, 2, 4], achievement=8,
                           auto_fail=False, safety=1, charge_before=3, charge_after=0, tier="牽制")
    # issue 22: its dice, power rank and damage formula are the KP's (C-EX-08's numbers)
    assert event_line(check, view) == "🎲 刺客 攻撃（牽制） ＞ 🔒 ＞ 達成値8"
    hit = ce.DamageDealt(unit="刺客", amount=18, before=30, after=12, formula="3 × 7 − 3 = 18")
    assert event_line(hit, view) == "💥 刺客に18ダメージ"
    dealt = ce.DamageDealt(unit="桐生", amount=6, before=30, after=24, formula="3 × 3 − 2 − 1 = 6", source="刺客の攻撃")
    assert event_line(dealt, view) == "💥 桐生に6ダメージ スタミナ 30 → 24"
    answered = ce.Answered(question=1, unit="刺客", action="防御", power=3)
    assert event_line(answered, view) == "刺客の対応：防御"
    assert event_line(check, None) == "🎲 刺客 攻撃（牽制） PR3 ＞ [2・2・4] ＞ 達成値8（チャージ 3→0）"  # the KP's copy
    assert event_line(ce.OpenPhase(round=1, charges=[["刺客", 0, 3]]), view) == "オープンフェイズ：チャージランクが増えました。"


INTERRUPT_SCRIPT = """\
alice: /char new name:桐生 STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10
alice: /char set name:桐生 key:リフレクス value:6
alice: /char set name:桐生 key:スタミナ value:30
bob: /char new name:ゲンヤ STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10
bob: /char set name:ゲンヤ key:リフレクス value:4
bob: /char set name:ゲンヤ key:スタミナ value:30
bob: /char set name:ゲンヤ key:攻撃力 value:4
kp: /char new name:刺客3 STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10
kp: /char set name:刺客3 key:リフレクス value:3
kp: /char set name:刺客3 key:スタミナ value:30
kp: /char set name:刺客3 key:ガード value:3
kp: /battle new system:charge-rank
alice: /battle join character:桐生
bob: /battle join character:ゲンヤ
kp: /battle add name:刺客3 character:刺客3
kp: /battle start
alice: /wait
bob: /wait
kp: /attack target:桐生 power:3
bob: [インターセプト]
"""


@pytest.mark.rule("C-WAIT-02", "C-INT-01", "C-ICPT-03", "C-EX-12", "C-EX-13")
def test_a_waiting_player_intercepts_from_a_button(play):
    messages = play(INTERRUPT_SCRIPT, "2,4,5,1,2,2,6")
    question = next(m for m in messages if m["line"] == 19 and m["buttons"])
    assert question["buttons"] == ["インターセプト", "カバーリング", "なし"] and question["mentions"] == ["bob"]
    assert "桐生への刺客3の攻撃（達成値11）に割り込みますか？" in question["text"]
    intercept = messages.said(20)
    assert "🎲 ゲンヤ インターセプト PR4 目標11 ＞ [1・2・2・6] ＞ 達成値11（チャージ 4→0）" in intercept
    assert "→ ゲンヤのインターセプト成功（11 ≥ 11）：無効化" in intercept
    assert "💥 刺客3に13ダメージ（4 × 4 − 3 = 13） スタミナ 30 → 17" in intercept
