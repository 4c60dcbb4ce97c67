"""A text session played with character voices (issue 31), as a new table would: two PCs
(アリス with a portrait and a 笑顔 variant, ボブ with one), the KP voicing an NPC by name (店主)
and one with a sheet (ゾンビ, in the fight), a player's aside, rolls inside speech with the
sheet's values, a secret roll, a SAN check, and one short fight declared in speech. Each line
with the dice faces it rolls, so that tests know every number."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

PORTRAITS = {"alice.png": ((300, 600), (200, 30, 180)), "alice_smile.png": ((300, 300), (30, 200, 60)),
             "bob.png": ((400, 400), (230, 140, 20))}
"""The pictures the players upload: ``name → (size, colour)`` (one colour each, so that a
picture of the log shows which portrait is where)."""

SHEETS = [
    "kp: /session start",
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "alice: /char set name:アリス key:目星 value:70",
    "alice: /char portrait file:{dir}/alice.png",
    "alice: /char portrait face:笑顔 file:{dir}/alice_smile.png",
    "bob: /char new name:ボブ STR:14 CON:12 POW:12 DEX:10 APP:10 SIZ:12 INT:12 EDU:12",
    "bob: /char set name:ボブ key:聞き耳 value:60",
    "bob: /char portrait file:{dir}/bob.png",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
    "alice: /char voice name:アリス",
    "bob: /char voice name:ボブ",
    "kp: /kp voice npc:店主",
]

EVENING = [  # (line, the faces it rolls)
    ("kp: いらっしゃい。古書店「黄昏堂」へようこそ", []),
    ("alice: こんにちは、本を探しているんです @笑顔", []),
    ("bob: (今日は21時までで大丈夫です)", []),                        # an aside: the player's own
    ("bob: 店の奥が気になるな。SCCB<={聞き耳}【聞き耳】", [42]),          # secret: the KP alone sees 42
    ("alice: CCB<={目星} 【目星】 何か変わったものはないかしら", [25]),   # 成功
    ("kp: ……お客さん、奥へは入らないでくださいよ", []),
    ("alice: じゃあ 1d100<={SAN} で、気付かなかったことにする", [20]),   # 成功
    ("kp: /battle new", []),
    ("alice: /battle join character:アリス", []),
    ("kp: /battle add name:ゾンビ character:ゾンビ", []),
    ("kp: /battle start", []),
    ("kp: /kp close", []),
    ("kp: /kp voice npc:ゾンビ", []),
    ("alice: ゾンビをこぶしで攻撃！", [30]),                           # 成功
    ("kp: [回避]", [90, 2, 3]),                                     # ゾンビ 回避 失敗, damage 5
    ("alice: ターン終了", []),
    ("kp: ウウ……アリスを攻撃", [20]),                                 # the KP speaks as ゾンビ: its attack
    ("alice: CCB<=28 【回避】 よけて！", [10]),                         # a palette roll in speech: the dodge
    ("kp: /battle end confirm:true", []),
    ("kp: /kp voice npc:店主", []),
    ("kp: ……見てしまいましたね", []),
    ("alice: SANチェック 0/1D3", [80, 2]),                            # 失敗, SAN 55 → 53
    ("kp: /session end", []),
]

FACES = [face for _line, faces in EVENING for face in faces]
"""Every face of the evening, in order."""


def pictures(folder: Path) -> Path:
    """Write the players' pictures into ``folder``; returns it."""
    for name, (size, colour) in PORTRAITS.items():
        Image.new("RGB", size, colour).save(folder / name)
    return folder


def script(folder: Path) -> str:
    """The evening as a console script (the pictures in ``folder``), then both copies of the
    session's log."""
    lines = [*(line.format(dir=folder) for line in SHEETS), *(line for line, _faces in EVENING),
             "alice: /session log", "kp: /session log"]
    return "\n".join(lines) + "\n"
