"""Growth marks everywhere a check is made (issue 29, X-GROW-01): each part of a 〈武道〉
combination roll that succeeds marks its own skill (X-COMB-01), a weapon given its own %
(``/char weapon バット skill:60``) marks itself, and the rolls of a 武道 counter (a dodge
counter's 〈回避〉, critical or not) mark their skill (B-COUNTER-02). Marks are made at the
battle's end (bot.sheets.carry)."""
from __future__ import annotations

import pytest

AKIRA = ["alice: /char new name:アキラ STR:10 CON:10 POW:10 DEX:15 APP:10 SIZ:10 INT:10 EDU:10",
         "alice: /char set name:アキラ key:武道（空手） value:70", "alice: /char set name:アキラ key:こぶし value:40"]
CULTIST = ["kp: /char new name:信者 STR:10 CON:30 POW:10 DEX:12 APP:10 SIZ:30 INT:10 EDU:10"]


async def marks(table, name: str) -> dict:
    return (await table.store.get_character("console", name)).data.get("growth", {})


async def _battle(console_table, faces, extra=(), system="coc6-budo"):
    table = await console_table(faces)
    for line in [*AKIRA, *extra, *CULTIST, f"kp: /battle new system:{system}", "alice: /battle join character:アキラ",
                 "kp: /battle add name:信者 character:信者", "kp: /battle start"]:
        await table.say(line)
    if system == "coc6-house":
        await table.say("kp: /kp close")
    return table


@pytest.mark.rule("X-GROW-01", "X-COMB-01")
async def test_each_part_of_a_budo_combination_marks_its_own_skill(console_table):
    # 50: こぶし 40 fails, 武道 70 succeeds: only 〈武道（空手）〉 is marked
    table = await _battle(console_table, [50])
    said = "\n".join(m["text"] for m in await table.say("alice: /attack target:信者 weapon:こぶし"))
    assert "(1d100<=70,40) ＞ 50[成功,失敗] ＞ 部分的成功" in said
    ended = "\n".join(m["text"] for m in await table.say("kp: /battle end confirm:true"))
    assert "成長の印: アキラ〈武道（空手）〉（/char growth で成長ロール）" in ended
    assert await marks(table, "アキラ") == {"武道（空手）": "成功"}


@pytest.mark.rule("X-GROW-01", "X-COMB-01")
async def test_both_parts_of_a_budo_combination_mark_both_skills(console_table):
    table = await _battle(console_table, [30, 2, 2])
    await table.say("alice: /attack target:信者 weapon:こぶし")
    await table.say("kp: /react action:なし as:信者")
    await table.say("kp: /battle end confirm:true")
    assert await marks(table, "アキラ") == {"武道（空手）": "成功", "こぶし": "成功"}


@pytest.mark.rule("X-GROW-01")
async def test_a_weapon_with_its_own_skill_marks_itself(console_table):
    table = await _battle(console_table, [30, 5, 70, 4], extra=["alice: /char weapon name:アキラ weapon:バット skill:60"],
                          system="coc6-house")
    await table.say("alice: /attack target:信者 weapon:バット")
    await table.say("kp: /react action:なし as:信者")
    ended = "\n".join(m["text"] for m in await table.say("kp: /battle end confirm:true"))
    assert "アキラ〈バット〉" in ended
    assert (await marks(table, "アキラ"))["バット"] == "成功"
    grown = "\n".join(m["text"] for m in await table.say("alice: /char growth name:アキラ"))
    assert "バット 60→64（1D100=70 > 60, 1D10=4）" in grown  # against the weapon's own 60 %


@pytest.mark.rule("X-GROW-01", "B-COUNTER-02")
async def test_a_critical_dodge_in_a_counter_marks_dodge(console_table):
    # 信者 hits アキラ (30); アキラ's 回避カウンター: 3 (critical) and 80 (fails) → a success (B-COUNTER-03)
    table = await _battle(console_table, [30, 3, 80])
    await table.say("alice: /end")
    await table.say("kp: /attack as:信者 target:アキラ weapon:こぶし")
    said = "\n".join(m["text"] for m in await table.say("alice: /react action:回避カウンター"))
    assert "カウンター1回目：回避：(1D100<=30) ＞ 3 ＞ 決定的成功/スペシャル" in said
    await table.say("alice: /react action:なし")  # no counter attack
    await table.say("kp: /battle end confirm:true")
    assert await marks(table, "アキラ") == {"回避": "決定的成功"}
