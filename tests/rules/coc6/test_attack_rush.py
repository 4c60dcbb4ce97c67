"""ラッシュ (H-MA-RUSH-01..07), the striking style's ×2 (H-MA-STRIKE-01/02) and the stun
(X-STUN-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, skills=None, defender=None):
    table = table_of("coc6-house")
    table.join("aki", table.sheet("アキラ", DEX=15, skills=skills or {"武道（空手）": 70, "こぶし": 70}))
    table.npc(table.sheet("信者", DEX=12, CON=10, SIZ=13, skills=defender or {}))
    table.start()
    return table


@pytest.mark.rule("H-MA-RUSH-02", "H-MA-RUSH-03", "H-MA-RUSH-04", "H-MA-RUSH-05", "H-MA-STRIKE-01",
                  "X-DBL-01", "X-STUN-01")
def test_rush_doubles_stuns_and_attacks_again_at_the_end_of_the_round(table_of):
    table = _table(table_of)
    table.attack("アキラ", "信者", [30], special="ラッシュ")
    events = table.react("信者", "なし", [2, 3, 60])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D3", 5)]
    assert table.hp("信者") == 7
    con = [e for e in events if isinstance(e, ce.CheckRolled)][-1]
    assert (con.target, con.roll) == (50, 60)
    assert "スタン" in table.unit("信者").conditions
    events = table.run("aki", cmds.EndTurn)
    # the stunned turn of 信者 passes with no AP, the stun ends, then the round-end attack
    started = [e for e in events if isinstance(e, ce.ExtraAttackStarted)]
    assert [(e.unit, e.target) for e in started] == [("アキラ", "信者")]
    assert "スタン" not in table.unit("信者").conditions
    assert table.state.turn == "アキラ" and table.state.round == 1 and table.unit("アキラ").ap == 0
    events = table.run("aki", cmds.Attack, [40], target="信者")
    declared = next(e for e in events if isinstance(e, ce.AttackDeclared))
    assert (declared.ap, declared.special) == (0, "ラッシュ追撃")
    assert table.options("信者") == ["なし"]  # no 〈武道〉: nothing stops it
    table.react("信者", "なし", [1, 1])
    assert table.hp("信者") == 5
    table.refused("H-MA-RUSH-05", "aki", cmds.Attack, target="信者")
    events = table.run("aki", cmds.EndTurn)
    assert table.state.round == 2


@pytest.mark.rule("H-MA-RUSH-06")
def test_budo_parries_the_extra_attack_without_using_the_round_parry(table_of):
    table = _table(table_of, defender={"武道（柔道）": 50})
    table.attack("アキラ", "信者", [30], special="ラッシュ")
    table.react("信者", "なし", [1, 1, 20])  # CON×5 passes: no stun
    table.run("aki", cmds.EndTurn)
    table.run(KP, cmds.EndTurn, as_unit="信者")
    table.run("aki", cmds.Attack, [40], target="信者")
    assert table.options("信者") == ["武道", "なし"]
    table.refused("H-MA-RUSH-06", KP, cmds.React, action="回避", as_unit="信者")
    table.react("信者", "武道", [45])
    assert table.hp("信者") == 10 and table.unit("信者").used.get("受け流し", 0) == 0


@pytest.mark.rule("H-MA-RUSH-03", "H-MA-STRIKE-02")
def test_only_the_budo_part_failed_is_no_rush_and_single_damage(table_of):
    table = _table(table_of, skills={"武道（空手）": 60, "こぶし": 70})
    table.attack("アキラ", "信者", [65], special="ラッシュ")
    events = table.react("信者", "なし", [3])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D3", 3)]
    assert table.state.round_end == [] and "スタン" not in table.unit("信者").conditions


@pytest.mark.rule("H-MA-RUSH-01")
def test_under_60_is_refused(table_of):
    table = _table(table_of, skills={"武道（ムエタイ）": 59, "こぶし": 70})
    table.refused("H-MA-RUSH-01", "aki", cmds.Attack, target="信者", special="ラッシュ")


@pytest.mark.rule("H-MA-RUSH-03")
def test_needs_a_striking_style(table_of):
    table = _table(table_of, skills={"武道（柔道）": 90, "こぶし": 70})
    table.refused("H-MA-RUSH-03", "aki", cmds.Attack, target="信者", special="ラッシュ")


@pytest.mark.rule("H-MA-RUSH-07")
def test_knockout_only_is_refused(table_of):
    table = _table(table_of)
    table.refused("H-MA-RUSH-07", "aki", cmds.Attack, target="信者", special="ラッシュ", aim="ノックアウト")


@pytest.mark.rule("H-MA-STRIKE-01", "X-COMB-01")
def test_martial_arts_kick_is_doubled_with_one_die(table_of):
    table = _table(table_of, skills={"マーシャルアーツ": 50, "キック": 60})
    events = table.attack("アキラ", "信者", [40], weapon="キック")
    assert next(e for e in events if isinstance(e, ce.CheckRolled)).text == "(1d100<=50,60) ＞ 40[成功,成功] ＞ 成功"
    events = table.react("信者", "なし", [2, 3])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D6", 5)]


@pytest.mark.rule("X-STUN-01")
def test_a_stunned_unit_takes_no_defensive_action(table_of):
    table = table_of("coc6-house")
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"武道（空手）": 70, "こぶし": 70}))
    table.join("yuki", table.sheet("ユキ", DEX=14, skills={"こぶし": 70}))
    table.npc(table.sheet("信者", DEX=12, CON=10, SIZ=13))
    table.start()
    table.attack("アキラ", "信者", [30], special="ラッシュ")
    table.react("信者", "なし", [1, 1, 60])
    table.attack("ユキ", "信者", [20])
    assert table.options("信者") == ["なし"]
    table.refused("X-STUN-01", KP, cmds.React, action="回避", as_unit="信者")


@pytest.mark.rule("H-MA-RUSH-03", "H-MA-RUSH-04", "H-MA-RUSH-05")
def test_a_rush_is_offered_when_the_punch_hits_and_declared_right_after(table_of):
    """「命中した時点にのみ宣言可能」: アキラ punches (武道（空手）70 ＋ こぶし 70 on one die);
    the hit offers the rush, アキラ declares it before 信者 answers, and the rush follows."""
    table = _table(table_of)
    table.attack("アキラ", "信者", [30], weapon="こぶし")
    offer = next(p for p in table.system.view(table.state).prompts if p.kind == "rush")
    assert (offer.unit, offer.owner, offer.options) == ("アキラ", "aki", ("ラッシュ",))
    assert offer.text == ("アキラの攻撃が信者に命中しました。いまならラッシュを宣言できます"
                          "（「ラッシュ！」か /attack special:ラッシュ、H-MA-RUSH-03）。")
    events = table.run("aki", cmds.React, action="ラッシュ")  # the offer's button
    assert [e.note for e in events if isinstance(e, ce.UnitMarked)] == ["アキラは命中した時点でラッシュを宣言した（H-MA-RUSH-03）"]
    assert table.unit("アキラ").attacks == 1 and table.unit("アキラ").ap == 2  # the same attack
    events = table.react("信者", "なし", [2, 3, 60])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D3", 5)]
    assert "スタン" in table.unit("信者").conditions
    assert [x["unit"] for x in table.state.round_end] == ["アキラ"]


@pytest.mark.rule("H-MA-RUSH-03")
def test_a_rush_cannot_be_declared_on_a_hit_whose_budo_part_failed(table_of):
    table = _table(table_of, skills={"武道（空手）": 60, "こぶし": 70})
    table.attack("アキラ", "信者", [65], weapon="こぶし")  # こぶし hits, 武道 60 fails
    assert [p for p in table.system.view(table.state).prompts if p.kind == "rush"] == []
    table.refused("H-MA-RUSH-03", "aki", cmds.Attack, special="ラッシュ")
