"""A defensive roll at a modified target says the target and why (issue 10: a −20% dodge at
0% is not shown as a bare ``(1D100<=0)``)."""
from __future__ import annotations

import pytest

from bot.render.battle import event_line
from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce


@pytest.mark.rule("H-DEF-04", "X-MOD-01")
def test_a_dodge_brought_to_zero_by_concentration_says_so(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=10))  # 回避 DEX×2 = 20
    for name, dex in (("ゾンビ", 8), ("グール", 7)):
        table.npc(table.sheet(name, DEX=dex))
    table.start()
    table.declare("アリス", "回避に集中")
    table.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    first = table.react("アリス", "回避", [10])
    dodge = next(e for e in first if isinstance(e, ce.CheckRolled))
    assert (dodge.target, dodge.note) == (20, "")
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.attack("グール", "アリス", [30], weapon="こぶし")
    second = table.react("アリス", "回避", [1, 2])
    dodge = next(e for e in second if isinstance(e, ce.CheckRolled))
    assert dodge.target == 0 and dodge.level == "失敗"
    assert event_line(dodge) == ("アリス 回避：(1D100<=0) ＞ 1 ＞ 失敗"
                                 "（目標値 20 −20（集中、H-DEF-04） ＝ 0。0%では成功しない）")
