"""Whole fights played with chat-palette rolls (issue 21), one per CoC system: every roll is a
line of the palette ``/char export`` wrote, clicked as is (no target typed); the same fight
with slash commands and the same dice ends in the same state. Charge-rank rolls d6 pools:
a 1D100 palette has nothing to stand for there (tests/chat/test_palette_phrasings.py)."""
from __future__ import annotations

import pytest

from tests.console.palette_fights import palette, play

SETUP = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char set name:アリス key:キック value:60
bob: /char new name:ボブ STR:12 CON:12 POW:10 DEX:12 APP:10 SIZ:12 INT:12 EDU:12
bob: /char weapon name:ボブ weapon:.38リボルバー
bob: /char set name:ボブ key:拳銃 value:60
bob: /char set name:ボブ key:応急手当 value:60
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /char set name:ゾンビ key:こぶし value:40
alice: /char export name:アリス
bob: /char export name:ボブ
kp: /char export name:ゾンビ
kp: /battle new system:{system}
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:ゾンビ1 character:ゾンビ
kp: /battle add name:ゾンビ2 character:ゾンビ
kp: /kp place name:アリス to:A1
kp: /kp place name:ボブ to:A2
kp: /kp place name:ゾンビ1 to:B1
kp: /kp place name:ゾンビ2 to:E5
kp: /battle start
"""
"""アリス and ボブ side by side; ゾンビ1 beside both, ゾンビ2 four squares off (out of a
kick's reach, in a pistol's range)."""

FIGHT = [
    # (slash line, palette line); a palette line of "" has no slash twin (a button press)
    ("alice: /attack target:ゾンビ1 weapon:キック", "alice: {アリス[キック]}"),  # only ゾンビ1 within reach
    ("kp: /react action:回避 as:ゾンビ1", "kp: S{ゾンビ[回避]}"),  # the KP's secret roll answers
    ("alice: /end", "alice: /end"),
    ("", "bob: {ボブ[拳銃]}"),  # both in range: the die is rolled, shown and kept
    ("bob: /attack target:ゾンビ2 weapon:.38リボルバー", "bob: [ゾンビ2]"),
    ("kp: /react action:なし as:ゾンビ2", "kp: /react action:なし as:ゾンビ2"),
    ("bob: /end", "bob: /end"),
    ("", "kp: {ゾンビ[こぶし]}"),  # ゾンビ1 beside both PCs: the KP is asked too
    ("kp: /attack as:ゾンビ1 target:アリス weapon:こぶし", "kp: [アリス]"),
    ("alice: /react action:回避", "alice: {アリス[回避]}"),
    ("kp: /end as:ゾンビ1", "kp: /end as:ゾンビ1"),
    ("kp: /end as:ゾンビ2", "kp: /end as:ゾンビ2"),
    ("alice: /end", "alice: /end"),
    ("bob: /check skill:応急手当 target:アリス", "bob: {ボブ[応急手当]}"),  # the hurt ally, not the unhurt roller
    ("kp: /battle status", "kp: /battle status"),
]
# kick 20 hits, ゾンビ1 dodges 80 (fails), 1D6+1D4 = 3+2; the pistol's kept 50 hits, 1D10 = 6;
# the fist's kept 30 hits, アリス dodges 90 (fails), 1D3+1D4 = 3+2; first aid 40, 1D3 = 2
FACES = [20, 80, 3, 2, 50, 6, 30, 90, 3, 2, 40, 2]
ROUND_START = {"coc6-house": ["kp: /kp close"], "coc6": [], "coc6-budo": []}
"""What the KP does when round 2 opens (the house rules ask the round-start declarations)."""
ASKED = {"coc6": {"alice: {アリス[キック]}": "alice: [ゾンビ1]"}}
"""Where a system's rules leave more than one target legal (the book rules check no reach
for an ordinary attack), the button the player presses on the question."""


async def _both(tmp_path, system: str):
    setup = SETUP.format(system=system).splitlines()
    exported = await play(tmp_path / "export", setup, [])
    lines = {name: palette(tmp_path / "export", name) for name in ("アリス", "ボブ", "ゾンビ")}
    fight = []
    for slash, line in FIGHT:
        press = ASKED.get(system, {}).get(line)
        fight.append((slash if press is None else "", line.format(**lines)))
        if press is not None:
            fight.append((slash, press))
        if slash == "kp: /end as:ゾンビ2":
            fight += [(x, x) for x in ROUND_START[system]]
    slash = await play(tmp_path / "slash", setup + [s for s, _ in fight if s], FACES)
    chat = await play(tmp_path / "chat", setup + [c for _, c in fight], FACES)
    assert exported.said("alice: /char export name:アリス").startswith("「アリス」のココフォリア用データです。")
    return slash, chat, dict(fight)


@pytest.mark.parametrize("system", ["coc6-house", "coc6", "coc6-budo"])
@pytest.mark.rule("X-REACH-01", "H-GEN-02")
async def test_a_fight_played_with_palette_rolls_ends_as_its_slash_twin(tmp_path, system):
    slash, chat, _ = await _both(tmp_path, system)
    assert chat.status() == slash.status()
    assert chat.dice.remaining == slash.dice.remaining == 0
    status = chat.status()
    assert (status["アリス"]["hp"], status["ゾンビ1"]["hp"], status["ゾンビ2"]["hp"]) == (10, 10, 9)
    assert status["ボブ"]["hp"] == 12


async def test_what_the_palette_lines_said(tmp_path):
    slash, chat, _ = await _both(tmp_path, "coc6-house")
    kick = chat.said("alice: CCB<=60 【キック】")
    assert "アリス 攻撃（キック）：(1D100<=60) ＞ 20 ＞ 成功" in kick and "入力された目標値" not in kick
    secret = chat.messages("kp: SCCB<=16 【回避】")
    assert [(m["to"], m["ephemeral"]) for m in secret] == [(None, False), ("kp", True)]
    assert "ゾンビ1 回避：🔒シークレットダイス" in secret[0]["text"] and "80" not in secret[0]["text"]
    assert "ゾンビ1 回避：(1D100<=16) ＞ 80 ＞ 失敗" in secret[1]["text"]
    asked = chat.messages("bob: CCB<=60 【拳銃】")
    assert asked[0]["text"] == "ボブ　CCB<=60 【拳銃】\n(1D100) ＞ 50（選ぶと、この出目で判定します）"
    assert (asked[1]["to"], asked[1]["buttons"]) == ("bob", ["ゾンビ1", "ゾンビ2"])
    assert asked[1]["text"].startswith("出目 50 を振りました（この出目で判定します。振り直しはしません）。どちらを攻撃しますか？")
    assert "ボブ .38リボルバー 単発 1発目：(1D100<=60) ＞ 50 ＞ 成功" in chat.said("bob: [ゾンビ2]")
    aid = chat.said("bob: CCB<=60 【応急手当】")
    assert "ボブ 応急手当（アリス）：(1D100<=60) ＞ 40 ＞ 成功\n→ アリスのHPが2回復（8→10、1D3＝2）" in aid
    assert aid in slash.said("bob: /check skill:応急手当 target:アリス")
