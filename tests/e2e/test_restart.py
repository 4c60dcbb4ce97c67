"""A real console process on a database file, killed with SIGKILL while a reaction is
pending, started again: the pending reaction is answered and the fight finishes with
nothing lost and nothing applied twice."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

SETUP = [
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "alice: /char set name:アリス key:こぶし value:70",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
]


class Console:
    """A console process fed line by line through a pipe, read as JSON messages."""

    def __init__(self, db: str, rolls: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "console", "--db", db, "--json", "--rolls", rolls],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            encoding="utf-8", env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.sent = 0

    def say(self, line: str, until=lambda message: True) -> list[dict]:
        """Send ``line`` and read messages until one caused by it satisfies ``until``."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        self.sent += 1
        seen = []
        while True:
            out = self.proc.stdout.readline()
            assert out, f"console exited early: {self.proc.stderr.read() if self.proc.stderr else ''}"
            message = json.loads(out)
            if message["line"] == self.sent:
                seen.append(message)
                if until(message):
                    return seen

    def close(self) -> int:
        assert self.proc.stdin
        self.proc.stdin.close()
        return self.proc.wait(timeout=60)


def state(messages: list[dict]) -> dict:
    return {c["name"]: c for c in messages[-1]["data"]["combatants"]}


@pytest.mark.rule("H-AP-04")
def test_sigkill_while_a_reaction_is_pending(tmp_path):
    db = str(tmp_path / "bot.db")
    first = Console(db, "45")
    for line in SETUP:
        first.say(line)
    prompt = first.say("alice: /attack target:ゾンビ weapon:こぶし", until=lambda m: "回避" in m["buttons"])
    assert prompt[-1]["mentions"] == ["kp"]
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(timeout=30)

    second = Console(db, "80,2,3")
    status = second.say("kp: /battle status", until=lambda m: m["data"] is not None)
    assert state(status)["ゾンビ"]["hp"] == 15
    assert "保留中: ゾンビの対応" in status[-1]["text"]
    answer = second.say("kp: /react action:回避 as:ゾンビ", until=lambda m: "ダメージ" in m["text"])
    assert "(1D100<=16) ＞ 80 ＞ 失敗" in answer[-1]["text"]
    assert "(1D3+1D4) ＞ 2[2]+3[3] ＞ 5" in answer[-1]["text"]
    again = second.say("alice: /attack target:ゾンビ weapon:こぶし")
    assert again[0]["ephemeral"] and "H-AP-04" in again[0]["text"]
    status = second.say("kp: /battle status", until=lambda m: m["data"] is not None)
    assert state(status)["ゾンビ"]["hp"] == 10
    assert state(status)["アリス"]["ap"] == 2
    second.say("kp: /battle end confirm:true")
    assert second.close() == 0

    third = Console(db, "")
    after = third.say("kp: /battle status")
    assert after[0]["ephemeral"] and "進行中の戦闘がありません" in after[0]["text"]
    assert third.close() == 0


def test_sigkill_while_a_palette_question_is_pending_keeps_its_die(tmp_path):
    # issue 26: the die shown with 「どちらを攻撃しますか？」 and the question itself are stored
    # before they are shown; the answer typed to the restarted process takes that die
    db = str(tmp_path / "bot.db")
    first = Console(db, "42")
    for line in SETUP[:-1] + ["kp: /battle add name:ゾンビ2 character:ゾンビ", "kp: /battle start"]:
        first.say(line)
    asked = first.say("alice: CCB<=70 【こぶし】", until=lambda m: m["buttons"] == ["ゾンビ", "ゾンビ2"])
    assert asked[0]["text"] == "アリス　CCB<=70 【こぶし】\n(1D100) ＞ 42（選ぶと、この出目で判定します）"
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(timeout=30)

    second = Console(db, "")  # no die at all: the answer must take the one shown
    answer = second.say("alice: 2", until=lambda m: "攻撃" in m["text"])
    assert "アリス 攻撃（こぶし）：(1D100<=70) ＞ 42 ＞ 成功" in answer[-1]["text"]
    assert "ゾンビ2" in answer[-1]["text"]
    assert second.close() == 0
