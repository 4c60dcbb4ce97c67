"""Whole fights typed as chat (issue 9), one per system: after the setup commands every
declaration is a chat line as a Japanese table types it, and each line makes exactly the
messages its slash command makes with the same dice (tests/console/chat_fights.py), down to
the final ``/battle status`` data."""
from __future__ import annotations

import pytest

from tests.console import test_budo_console as budo_console, test_charge_rank_console as charge_console
from tests.console.chat_fights import fight, setup_of

HOUSE_SETUP = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char set name:アリス key:武道（柔道） value:70
alice: /char set name:アリス key:組み付き value:70
rin: /char new name:リン STR:11 CON:11 POW:13 DEX:13 APP:12 SIZ:10 INT:13 EDU:13
rin: /char set name:リン key:武道（弓道） value:70
rin: /char set name:リン key:応急手当 value:60
rin: /char weapon name:リン weapon:弓 skill:75 damage:1D6 hp:8 class:弓
bob: /char new name:ボブ STR:12 CON:12 POW:10 DEX:12 APP:10 SIZ:12 INT:12 EDU:12
bob: /char weapon name:ボブ weapon:ナイフ skill:50 damage:1D4 hp:15 class:ナイフ
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /char set name:ゾンビ key:こぶし value:40
kp: /battle new system:coc6-house
alice: /battle join character:アリス
rin: /battle join character:リン
bob: /battle join character:ボブ
kp: /battle add name:ゾンビ character:ゾンビ
kp: /kp place name:アリス to:A4
kp: /kp place name:リン to:D3
kp: /kp place name:ボブ to:D4
kp: /kp place name:ゾンビ to:C5
kp: /battle start
"""
HOUSE = [
    ("bob: /declare action:受け流し target:ゾンビ", "bob: ゾンビに受け流しを宣言"),
    ("alice: /move to:C4", "alice: C4へ移動"),
    ("alice: /attack target:ゾンビ special:サルト", "alice: ゾンビにサルト"),
    ("kp: /react action:武道 as:ゾンビ", "kp: 武道"),
    ("alice: /end", "alice: 手番終了"),
    ("rin: /attack target:ゾンビ weapon:弓 special:精密射撃 aim:足", "rin: 精密射撃でゾンビの脚を狙う"),
    ("rin: /attack target:ゾンビ weapon:弓 special:精密射撃 aim:膝", "rin: 精密射撃でゾンビの膝を狙う"),
    ("kp: /react action:なし as:ゾンビ", "kp: なし"),
    ("rin: /end", "rin: ターンエンド"),
    ("bob: /end", "bob: ターン終了"),
    ("kp: /attack as:ゾンビ target:ボブ", "kp: ゾンビ：ボブを攻撃"),
    ("bob: /react action:受け流し weapon:ナイフ", "bob: ナイフで受け流し"),
    ("kp: /end as:ゾンビ", "kp: ゾンビ：ターン終了"),
    ("alice: /declare action:回避に集中", "alice: 回避に集中"),
    ("alice: /end", "alice: 手番終了"),
    ("rin: /check skill:応急手当 target:ボブ", "rin: 応急手当をボブに"),
    ("rin: /end", "rin: ターン終了"),
    ("bob: /end", "bob: 手番終わります"),
    ("kp: /attack as:ゾンビ target:アリス", "kp: ゾンビ：アリスを攻撃"),
    ("alice: /react action:回避", "alice: 回避"),
    ("kp: /end as:ゾンビ", "kp: ゾンビ：ターン終了"),
]
HOUSE_ROLLS = "35,50,4,2,10,30,20,30,60,2,3,20,2,20,10"


@pytest.mark.rule("H-DEF-PARRY-01", "H-MA-SALTO-08", "H-KYU-PREC-06", "H-KYU-PREC-11", "H-DEF-03", "H-DEF-04",
                  "X-COMB-01")
def test_a_house_rules_fight_typed_in_chat(play):
    done = fight(play, HOUSE_SETUP, HOUSE, HOUSE_ROLLS)
    assert done.said("bob: ゾンビに受け流しを宣言") == "ボブは「受け流し」を宣言しました（相手: ゾンビ）。"
    assert done.said("alice: C4へ移動") == "アリスはA4 → C4へ移動（2ポイント）"
    assert "(1d100<=70,70) ＞ 35[成功,成功] ＞ 成功" in done.said("alice: ゾンビにサルト")
    thrown = done.said("kp: 武道")
    assert "ゾンビ サルトを防ぐ（武道（初期値））：(1D100<=1) ＞ 50 ＞ 失敗" in thrown
    assert "ゾンビ HP 15 → 9" in thrown and "ゾンビは転倒した" in thrown
    refused = done.refusal("rin: 精密射撃でゾンビの脚を狙う")
    assert "（H-KYU-PREC-06）" in refused and "/kp allow" in refused
    assert "リン 攻撃（弓）：(1D100<=35) ＞ 20 ＞ 成功" in done.said("rin: 精密射撃でゾンビの膝を狙う")
    assert "ゾンビのDEXが8→7（膝、H-KYU-PREC-11）" in done.said("kp: なし")
    assert "ボブ 受け流し（ナイフ）：(1D100<=50) ＞ 60 ＞ 失敗" in done.said("bob: ナイフで受け流し")
    assert done.said("alice: 回避に集中") == "アリスは「回避に集中」を宣言しました。"
    assert "リン 応急手当（ボブ）：(1D100<=60) ＞ 20 ＞ 成功\n→ ボブのHPが2回復（7→9、1D3＝2）" in done.said("rin: 応急手当をボブに")
    dodged = done.said("alice: 回避")
    assert "アリス 回避：(1D100<=28) ＞ 10 ＞ 成功" in dodged and "以降の回避は−20%" in dodged
    status = done.status()
    assert (status["round"], status["turn"]) == (3, "アリス")
    rows = {c["name"]: c for c in status["combatants"]}
    assert (rows["ゾンビ"]["hp"], rows["ゾンビ"]["dex"], rows["ゾンビ"]["conditions"]) == (9, 7, ["転倒"])
    assert (rows["ボブ"]["hp"], rows["アリス"]["hp"], rows["リン"]["hp"]) == (9, 13, 11)  # 7 + 応急手当 2


BOOK_SETUP = """\
yuki: /char new name:ユウキ STR:11 CON:12 POW:12 DEX:11 APP:12 SIZ:12 INT:14 EDU:14
yuki: /char weapon name:ユウキ weapon:騎兵用サーベル skill:50 damage:1D8+1 hp:20 class:刀剣
mina: /char new name:ミナ STR:11 CON:12 POW:12 DEX:13 APP:12 SIZ:12 INT:14 EDU:14
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /char set name:ゾンビ key:こぶし value:40
kp: /battle new system:coc6
yuki: /battle join character:ユウキ
mina: /battle join character:ミナ
kp: /battle add name:ゾンビ character:ゾンビ
kp: /kp setting key:受け流し宣言 value:11
kp: /battle start
"""
"""With 〈マーシャルアーツ〉 under 11% a parry must be declared (the KP's threshold, CF-01)."""
BOOK = [
    ("mina: /declare action:宣言しない", "mina: 宣言しない"),
    ("yuki: /declare action:受け流し target:ゾンビ", "yuki: 受け流しを宣言"),
    ("mina: /attack target:ゾンビ weapon:キック", "mina: ゾンビにキック"),
    ("kp: /react action:回避 as:ゾンビ", "kp: 回避"),
    ("mina: /end", "mina: ターン終了"),
    ("yuki: /attack target:ゾンビ weapon:騎兵用サーベル", "yuki: サーベルでゾンビを斬る"),
    ("kp: /react action:なし as:ゾンビ", "kp: なし"),
    ("yuki: /end", "yuki: 手番終了"),
    ("kp: /attack as:ゾンビ target:ユウキ", "kp: ゾンビ：ユウキを攻撃"),
    ("yuki: /react action:受け流し weapon:騎兵用サーベル", "yuki: サーベルで受け流し"),
    ("kp: /end as:ゾンビ", "kp: ゾンビ：ターン終了"),
    ("mina: /end", "mina: 以上です"),
    ("yuki: /end", "yuki: ターン終了"),
    ("kp: /attack as:ゾンビ target:ミナ", "kp: ゾンビ：ミナにこぶし"),
    ("mina: /react action:回避", "mina: 〈回避〉します"),
    ("kp: /end as:ゾンビ", "kp: ゾンビ：手番終了"),
]
BOOK_ROLLS = "20,50,3,30,5,30,20,10,2,3,30,10"


@pytest.mark.rule("P-PARRY-02", "P-PARRY-05", "P-EX-01")
def test_a_book_rules_fight_typed_in_chat(play):
    done = fight(play, BOOK_SETUP, BOOK, BOOK_ROLLS)
    assert done.said("mina: 宣言しない") == "ミナはこのラウンド宣言しません。"
    assert done.said("yuki: 受け流しを宣言") == "ユウキは「受け流し」を宣言しました（相手: ゾンビ）。"
    kicked = done.said("kp: 回避")
    assert "ゾンビ 回避：(1D100<=16) ＞ 50 ＞ 失敗" in kicked and "ゾンビ HP 15 → 12" in kicked
    assert "ユウキ 攻撃（騎兵用サーベル）：(1D100<=50) ＞ 30 ＞ 成功" in done.said("yuki: サーベルでゾンビを斬る")
    assert "ゾンビ HP 12 → 6" in done.said("kp: なし")
    parried = done.said("yuki: サーベルで受け流し")
    assert "ユウキ 受け流し（騎兵用サーベル）：(1D100<=50) ＞ 10 ＞ スペシャル" in parried
    assert "→ 騎兵用サーベルで受け止めた（耐久力は減らない）、ダメージなし" in parried
    assert "ミナ 回避：(1D100<=26) ＞ 10 ＞ 成功" in done.said("mina: 〈回避〉します")
    status = done.status()
    assert (status["round"], status["turn"]) == (3, "ミナ")
    rows = {c["name"]: c for c in status["combatants"]}
    assert (rows["ゾンビ"]["hp"], rows["ユウキ"]["hp"], rows["ミナ"]["hp"]) == (6, 12, 12)
    assert rows["ユウキ"]["weapons"] == [{"name": "騎兵用サーベル", "hp": 20, "broken": False}]


BUDO_SETUP = setup_of(budo_console.SCRIPT)
BUDO = [
    ("alice: /attack target:信者 special:ラッシュ", "alice: 信者にラッシュ"),
    ("alice: /attack target:信者 special:タックル", "alice: 信者にタックル！"),
    ("kp: [武道]", "kp: 武道"),
    ("alice: [押し倒し]", "alice: 押し倒し"),
    ("alice: /end", "alice: 手番終了"),
    ("kp: /attack target:アキラ", "kp: 信者：アキラを攻撃"),
    ("alice: /react action:カウンター", "alice: カウンター"),
    ("alice: [カウンター攻撃]", "alice: カウンター攻撃"),
    ("kp: /react action:なし", "kp: なし"),
]
BUDO_ROLLS = "30,80,4,30,2,90,20,10,80,40,2"


@pytest.mark.rule("B-RUSH-01", "B-PARRY-01", "B-TACKLE-02", "B-TACKLE-06", "B-COUNTER-02", "B-COUNTER-03")
def test_a_budo_fight_typed_in_chat(play):
    done = fight(play, BUDO_SETUP, BUDO, BUDO_ROLLS)
    assert "（B-RUSH-01）" in done.refusal("alice: 信者にラッシュ")
    assert "(1d100<=70,60) ＞ 30[成功,成功] ＞ 成功" in done.said("alice: 信者にタックル！")
    warded = done.said("kp: 武道")
    assert "武道受け流し（〈武道（空手）〉）：(1D100<=65) ＞ 80 ＞ 失敗" in warded and "信者 HP 10 → 6" in warded
    assert "信者 HP 6 → 4" in done.said("alice: 押し倒し")
    assert "カウンター1回目：武道受け流し（〈武道（柔道）〉）：(1D100<=70) ＞ 10 ＞ スペシャル" in done.said("alice: カウンター")
    assert "カウンター攻撃（こぶし）：(1D100<=50) ＞ 40 ＞ 成功" in done.said("alice: カウンター攻撃")
    assert "信者は気絶した" in done.said("kp: なし")
    rows = {c["name"]: c for c in done.status()["combatants"]}
    assert (rows["信者"]["hp"], rows["アキラ"]["hp"]) == (2, 12)
    assert {"転倒", "組み付き中", "気絶"} <= set(rows["信者"]["conditions"])


CHARGE_SETUP = setup_of(charge_console.SCRIPT)
"""The setup of tests/console/test_charge_rank_console.py, its refused start included."""
CHARGE = [
    ("alice: /attack target:刺客 power:7", "alice: パワー7で刺客を攻撃"),
    ("alice: /attack target:刺客 power:2", "alice: パワー2で刺客を攻撃"),
    ("kp: [防御]", "kp: 防御"),
    ("alice: /wait", "alice: 待機"),
    ("kp: /attack target:桐生 power:3", "kp: 刺客：パワー3で桐生を攻撃"),
    ("alice: /react action:カウンター power:4", "alice: パワー4でカウンター"),
]
CHARGE_ROLLS = "2,3,1,1,5,2,2,4,2,3,5,6"


@pytest.mark.rule("C-CHECK-03", "C-CHECK-06", "C-DEF-04", "C-WAIT-01", "C-COUNTER-03", "C-DMG-04")
def test_a_charge_rank_fight_typed_in_chat(play):
    done = fight(play, CHARGE_SETUP, CHARGE, CHARGE_ROLLS)
    assert "（C-CHECK-03）" in done.refusal("alice: パワー7で刺客を攻撃")
    assert "🎲 桐生 攻撃（牽制） PR2 ＞ [2・3] ＞ 達成値5（チャージ 6→4）" in done.said("alice: パワー2で刺客を攻撃")
    assert "💥 刺客に3ダメージ（3 × 2 − 3 × (0 + 1) = 3） スタミナ 20 → 17" in done.said("kp: 防御")
    assert "桐生は待機しました" in done.said("alice: 待機")
    countered = done.said("alice: パワー4でカウンター")
    assert "🎲 桐生 カウンター PR4 目標8 ＞ [2・3・5・6] ＞ 達成値16（チャージ 6→2）" in countered
    assert "💥 刺客に18ダメージ（3 × 7 − 3 = 18） スタミナ 17 → 0" in countered
    status = done.status()
    assert (status["round"], status["turn"]) == (3, "桐生")
    rows = {c["name"]: c for c in status["combatants"]}
    assert rows["刺客"]["conditions"] == ["気絶"] and rows["刺客"]["extra"]["スタミナ"] == "0/20"
