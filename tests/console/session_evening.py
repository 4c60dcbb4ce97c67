"""One evening at the table (issue 19), played in a session: sheets, rolls and checks of
アリス and ボブ (secret ones too), then a battle against ゾンビ. Each line with the dice faces
it rolls, so that tests know every number the session keeps."""
from __future__ import annotations

SHEETS = [
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "alice: /char set name:アリス key:目星 value:60",
    "bob: /char new name:ボブ STR:10 CON:10 POW:12 DEX:10 APP:10 SIZ:10 INT:12 EDU:12",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
]

EVENING = [  # (line, the faces it rolls)
    ("alice: CCB<=60 【目星】", [3]),               # 決定的成功/スペシャル
    ("alice: /check skill:目星", [45]),             # 成功
    ("alice: SANチェック 1/1D6", [80, 4]),           # 失敗, SAN 55 → 51
    ("bob: CCB<=50 【聞き耳】", [99]),               # 致命的失敗
    ("bob: 1D100", [50]),                            # a bare 1D100: its face counts in the mean
    ("bob: 2D6", [3, 4]),                            # a roll, no 1D100
    ("bob: SCCB<=70 【心理学】", [12]),              # secret: the KP's copy only, not counted
    ("kp: SCCB<=50 【聞き耳】", [31]),               # the KP's secret roll
    ("kp: /battle new", []),
    ("alice: /battle join character:アリス", []),
    ("kp: /battle add name:ゾンビ character:ゾンビ", []),
    ("kp: /battle start", []),
    ("kp: /kp close", []),
    ("alice: /attack target:ゾンビ weapon:こぶし", [30]),   # 成功
    ("kp: [回避]", [90, 2, 3]),                      # ゾンビ 回避 失敗, damage 1D3+1D4 = 5
    ("alice: /end", []),
    ("kp: /attack target:アリス weapon:こぶし as:ゾンビ", [20]),
    ("alice: [回避]", [70, 3, 2]),                   # アリス 回避 失敗, HP 13 → 8
    ("kp: /battle end confirm:true", []),
]


FACES = [face for _line, faces in EVENING for face in faces]
"""Every face of the evening, in order."""


def script() -> str:
    """The evening as a console script: the sheets, ``/session start``, the evening, both
    copies of the log (players' and KP's) while the session is open."""
    lines = [*SHEETS, "kp: /session start", *(line for line, _faces in EVENING),
             "alice: /session log", "kp: /session log"]
    return "\n".join(lines) + "\n"
