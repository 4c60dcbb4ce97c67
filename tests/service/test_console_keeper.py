"""The keeper's fight typed in the console, as a new KP would: overrule a roll, allow a
refused action, undo two steps, remove a unit on its own turn, then read the log."""
from __future__ import annotations

import io
import json

from bot.transports.console.app import run
from bot.config import sqlite_url
from rules.dice import ScriptedDice

SCRIPT = """
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char set name:アリス key:こぶし value:70
bob: /char new name:ボブ STR:15 CON:12 POW:10 DEX:10 APP:9 SIZ:16 INT:11 EDU:12
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /char set name:ゾンビ key:こぶし value:30
kp: /battle new
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:ゾンビ character:ゾンビ hidden:true
kp: /battle start
alice: /attack target:ゾンビ weapon:こぶし
kp: /react action:回避 as:ゾンビ
kp: /kp override result:成功
alice: [ターン終了]
bob: /end
kp: /attack as:ゾンビ target:アリス weapon:こぶし
alice: /react action:受け流し weapon:こぶし
kp: /kp allow
kp: /kp undo steps:2
kp: /battle remove name:ゾンビ
kp: /battle status
"""


async def test_a_keeper_runs_a_fight_in_the_console(tmp_path):
    out = io.StringIO()
    dice = ScriptedDice([45, 80, 2, 3, 25, 20, 2, 1])
    status = await run(SCRIPT.strip().splitlines(), sqlite_url(tmp_path / "c.db"), dice, True, out)
    assert status == 0
    messages = [json.loads(line) for line in out.getvalue().splitlines()]

    def said(line: int, to: str | None = None) -> str:
        return "\n".join(m["text"] for m in messages if m["line"] == line and m["to"] == to)

    assert "ゾンビ 回避：🔒シークレットダイス" in said(12) and "HP 15 → 10" not in said(12)
    assert "ゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗\nゾンビ HP 15 → 10" in said(12, to="kp")
    assert "⚖ KP（kp）の裁定: ゾンビの回避を「成功」にして処理し直します。" in said(13)
    assert "→ ゾンビは攻撃を回避した" in said(13)
    assert "（H-DEF-PARRY-01）" in said(17, to="alice")
    assert "/react action:受け流し weapon:こぶし を認めます（H-DEF-PARRY-01）" in said(18)
    assert "アリス 受け流し（こぶし）：(1D100<=70) ＞ 20 ＞ 成功" in said(18)
    assert "2つの操作を取り消しました" in said(19)
    assert "ゾンビを戦闘から外しました。" in said(20) and "━━ ラウンド2 ━━ 行動順: アリス → ボブ" in said(20)
    board = [m for m in messages if m["line"] == 21 and m["data"]][-1]["data"]
    assert (board["round"], board["turn"]) == (2, "アリス")
    assert [(c["name"], c["hp"]) for c in board["combatants"]] == [("アリス", 13), ("ボブ", 14)]
    assert dice.remaining == 0
