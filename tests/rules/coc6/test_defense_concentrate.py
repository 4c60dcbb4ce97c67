"""「○○に集中」: concentrating on one defensive action (H-DEF-03..05)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce
from rules.systems.coc6.concentrate import active_refusal


def crowd(table_of, ma=1, system="coc6-house"):
    """アリス (DEX 14: 回避 28, HP 10, MA ``ma``) against three NPCs with こぶし 50
    (DEX 8, 7, 6; no db)."""
    table = table_of(system, shock=False)
    table.join("alice", table.sheet("アリス", DEX=14, skills={"マーシャルアーツ": ma}))
    for name, dex in (("ゾンビ", 8), ("グール", 7), ("屍食鬼", 6)):
        table.npc(table.sheet(name, DEX=dex))
    table.start()
    return table


def dodge_targets(table):
    return [e.target for e in table.log if isinstance(e, ce.CheckRolled) and e.purpose == "回避"]


@pytest.mark.rule("H-DEF-03")
def test_concentrating_allows_the_chosen_action_three_times_and_nothing_else(table_of):
    table = crowd(table_of)
    table.declare("アリス", "回避に集中")
    for npc in ("ゾンビ", "グール", "屍食鬼"):
        table.attack(npc, "アリス", [30], weapon="こぶし")
        assert table.options("アリス") == ["回避", "なし"]
        if npc == "ゾンビ":
            table.refused("H-DEF-03", "alice", cmds.React, action="防御")
        table.react("アリス", "回避", [90, 1])
        if npc != "屍食鬼":
            table.run("kp", cmds.EndTurn, as_unit=npc)
    assert table.unit("アリス").used == {"回避": 3}
    assert table.hp("アリス") == 10 - 3


@pytest.mark.rule("H-DEF-03")
def test_the_declaration_belongs_to_the_start_of_the_round(table_of):
    table = crowd(table_of)
    table.run("alice", cmds.EndTurn)
    table.attack("ゾンビ", "アリス", [90], weapon="こぶし")
    table.refused("H-DEF-03", "alice", cmds.Declare, action="回避に集中")


@pytest.mark.rule("H-DEF-03")
def test_one_concentration_per_round_and_none_in_the_book_rules(table_of):
    table = crowd(table_of)
    table.declare("アリス", "防御に集中")
    table.refused("H-DEF-03", "alice", cmds.Declare, action="回避に集中")
    book = crowd(table_of, system="coc6")
    with pytest.raises(InvalidInput):
        book.declare("アリス", "回避に集中")


@pytest.mark.rule("H-DEF-04")
def test_each_success_lowers_the_following_rolls_by_20(table_of):
    table = crowd(table_of)
    table.declare("アリス", "回避に集中")
    table.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    table.react("アリス", "回避", [20])          # 28: success
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.attack("グール", "アリス", [30], weapon="こぶし")
    table.react("アリス", "回避", [50, 1])       # 28 − 20 = 8: a failure adds nothing
    table.run("kp", cmds.EndTurn, as_unit="グール")
    table.attack("屍食鬼", "アリス", [30], weapon="こぶし")
    table.react("アリス", "回避", [6])           # still 8: success
    assert dodge_targets(table) == [28, 8, 8]
    assert table.unit("アリス").focus_successes == 2


@pytest.mark.rule("H-DEF-05")
def test_at_60_percent_the_three_uses_may_be_spent_at_once_for_plus_30(table_of):
    table = crowd(table_of, ma=60)
    table.declare("アリス", "回避に集中")
    table.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    assert table.options("アリス") == ["回避", "回避（+30%）", "なし"]
    table.react("アリス", "回避（+30%）", [55])
    assert dodge_targets(table) == [58]
    assert table.unit("アリス").uses_left("回避", 3) == 0
    assert table.hp("アリス") == 10


@pytest.mark.rule("H-DEF-05")
def test_the_plus_30_needs_60_percent_and_all_three_uses(table_of):
    weak = crowd(table_of, ma=59)
    weak.declare("アリス", "回避に集中")
    weak.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    assert weak.options("アリス") == ["回避", "なし"]
    weak.refused("H-DEF-05", "alice", cmds.React, action="回避（+30%）")
    strong = crowd(table_of, ma=60)
    strong.declare("アリス", "回避に集中")
    strong.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    strong.react("アリス", "回避", [20])
    strong.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    strong.attack("グール", "アリス", [30], weapon="こぶし")
    assert strong.options("アリス") == ["回避", "なし"]
    strong.refused("H-DEF-05", "alice", cmds.React, action="回避（+30%）")


@pytest.mark.rule("H-DEF-03")
def test_a_concentrating_unit_takes_no_active_action(table_of):
    table = crowd(table_of)
    assert active_refusal(table.unit("アリス")) is None
    table.declare("アリス", "かばうに集中")
    refusal = active_refusal(table.unit("アリス"))
    assert refusal.clause == "H-DEF-03" and refusal.message == (  # 「防御」 is the block, not any defence (issue 29)
        "アリスは「かばうに集中」を宣言しているので、このラウンドは選んだ防御行動（かばう）しか取れません（攻撃・移動・判定もできません）")


@pytest.mark.rule("H-DEF-03")
def test_a_fourth_concentrated_dodge_is_refused_citing_the_three_a_round(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14))
    for name, dex in (("ゾンビ", 9), ("グール", 8), ("屍食鬼", 7), ("深きもの", 6)):
        table.npc(table.sheet(name, DEX=dex))
    table.start()
    table.declare("アリス", "回避に集中")
    for npc in ("ゾンビ", "グール", "屍食鬼"):
        table.attack(npc, "アリス", [30], weapon="こぶし")
        table.react("アリス", "回避", [90, 1])
        table.run("kp", cmds.EndTurn, as_unit=npc)
    table.attack("深きもの", "アリス", [30], weapon="こぶし")
    refusal = table.refused("H-DEF-03", "alice", cmds.React, action="回避")
    assert "1ラウンド3回まで" in refusal.text()
