"""タックル (B-TACKLE-01..08): the combination roll, 1d6+db, 吹き飛ばし with walls (map or
the KP's metres), 押し倒し on STR against STR with the hard floor, and the knockout roll."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from rules.systems.coc6_budo.tackle import distance

from tests.rules.coc6_budo.conftest import KP


def _tackled(budo_table, **settings):
    """アキラ (DEX 15, SIZ 14, 武道（柔道）70, 組み付き 60) tackles 信者 (SIZ 10, CON 10) for 4."""
    t = budo_table(**settings)
    t.join("aki", t.sheet("アキラ", DEX=15, SIZ=14, STR=10, skills={"武道（柔道）": 70, "組み付き": 60}))
    t.npc(t.sheet("信者", DEX=12, skills={"武道（空手）": 50}))
    t.start()
    return t


def _land(t, damage=4):
    events = t.attack("アキラ", "信者", [30], special="タックル")
    assert [e.special for e in events if isinstance(e, ce.AttackDeclared)] == ["タックル（武道）"]
    t.react("信者", "なし", [damage])
    assert t.options("アキラ") == ["吹き飛ばし", "押し倒し", "なし"]


def _resists(events):
    return [(e.target, e.roll, e.level) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("B-TACKLE-01", "B-TACKLE-02", "B-TACKLE-03", "B-TACKLE-04", "B-TACKLE-05", "B-TACKLE-08")
def test_knock_away_without_a_map_takes_the_kps_metres_short(budo_table):
    t = _tackled(budo_table)
    _land(t)
    assert t.hp("信者") == 6  # 1D6 = 4, db none
    events = t.run("aki", cmds.React, [3, 60], action="吹き飛ばし", object="1")
    notes = [e.outcome for e in events if isinstance(e, ce.AttackResolved)]
    assert notes == ["タックル：吹き飛ばし2m（√(4+14−10)）、壁までに1m足りない、信者に3ダメージ（壁・床への激突）、タックルの合計7ダメージ"]
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D4", 3)]
    assert _resists(events) == [(70, 60, "成功")]  # 2 × (4 + 3) = 14 against CON 10
    assert t.hp("信者") == 3 and "ノックアウト" in t.unit("信者").conditions


@pytest.mark.rule("B-TACKLE-04", "B-TACKLE-05")
def test_knock_away_on_the_map_stops_at_a_wall(budo_table):
    t = _tackled(budo_table)
    t.run(KP, cmds.Place, name="アキラ", to="B2")
    t.run(KP, cmds.Place, name="信者", to="C2")
    t.place("壁", square="E2", kind="壁")
    _land(t, damage=6)  # √(6 + 14 − 10) = 3 m: D2, then the wall
    events = t.run("aki", cmds.React, [2, 1], action="吹き飛ばし")
    assert [(e.start, e.square) for e in events if isinstance(e, ce.UnitMoved)] == [("C2", "D2")]
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D4", 3)]
    assert t.hp("信者") == 1 and "気絶" in t.unit("信者").conditions  # out of action: no KO roll


@pytest.mark.rule("B-TACKLE-04")
def test_knock_away_distance():
    assert [distance(4, 14, 10), distance(6, 14, 10), distance(1, 8, 12), distance(0, 10, 10)] == [2, 3, 0, 0]


@pytest.mark.rule("B-TACKLE-06", "B-TACKLE-07", "B-TACKLE-08")
def test_push_down_prones_both_grapples_and_the_hard_floor_hurts(budo_table):
    t = _tackled(budo_table, hard_floor=True)  # the KP called the floor hard
    _land(t)
    events = t.run("aki", cmds.React, [30, 2, 70], action="押し倒し")
    assert _resists(events) == [(50, 30, "成功"), (60, 70, "失敗")]  # STR 10 v 10; 2 × (4 + 2) v CON 10
    assert {"転倒", "組み付き中"} <= set(t.unit("アキラ").conditions)
    assert {"転倒", "組み付き中"} <= set(t.unit("信者").conditions)
    assert t.unit("アキラ").marks["holding"] == "信者" and t.hp("信者") == 4


@pytest.mark.rule("B-TACKLE-06", "B-TACKLE-07")
def test_a_failed_push_down_keeps_the_damage_and_a_soft_floor_adds_nothing(budo_table):
    t = _tackled(budo_table)
    _land(t)
    events = t.run("aki", cmds.React, [60, 90], action="押し倒し")
    assert _resists(events) == [(50, 60, "失敗"), (40, 90, "失敗")]  # 2 × 4 against CON 10
    assert "転倒" not in t.unit("信者").conditions and t.hp("信者") == 6


@pytest.mark.rule("B-TACKLE-02", "B-TACKLE-03")
def test_a_tackle_is_defended_normally_and_needs_both_parts(budo_table):
    t = _tackled(budo_table)
    events = t.attack("アキラ", "信者", [65], special="タックル")  # 組み付き 60 fails
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == \
        ["タックルは決まらなかった（〈武道〉と〈組み付き〉の両方の成功が必要）"]
    t.run("aki", cmds.EndTurn)
    t.run(KP, cmds.EndTurn, as_unit="信者")
    t.attack("アキラ", "信者", [30], special="タックル")
    t.react("信者", "回避", [20])
    assert t.hp("信者") == 10 and not t.state.pending
    t.run("aki", cmds.EndTurn)
    t.run(KP, cmds.EndTurn, as_unit="信者")
    _land(t, damage=1)
    events = t.run("aki", cmds.React, [40], action="なし")
    assert _resists(events) == [(10, 40, "失敗")]  # 2 × 1 against CON 10


@pytest.mark.rule("B-TACKLE-01")
def test_a_tackle_needs_the_grappling_style(budo_table):
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"武道（空手）": 80}))
    t.npc(t.sheet("信者", DEX=12))
    t.start()
    t.refused("B-TACKLE-01", "aki", cmds.Attack, target="信者", special="タックル")


@pytest.mark.rule("B-TACKLE-06", "B-TACKLE-07")
def test_the_floor_is_the_kps_call_and_no_1d4_is_rolled_until_the_kp_calls_it_hard(budo_table):
    t = _tackled(budo_table)
    _land(t)
    events = t.run("aki", cmds.React, [30, 90], action="押し倒し")  # STR 10 v 10 won; 2 × 4 v CON 10
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == []
    assert t.hp("信者") == 6 and "転倒" in t.unit("信者").conditions
    outcome = next(e.outcome for e in events if isinstance(e, ce.AttackResolved))
    assert outcome == ("タックル：押し倒した。床の硬さはKPの判断（硬い床なら +1d4：/kp setting key:硬い床 value:true、"
                       "B-TACKLE-07）、追加のダメージなし、タックルの合計4ダメージ")


@pytest.mark.rule("B-TACKLE-02")
def test_a_parried_tackle_does_not_land(budo_table):
    t = _tackled(budo_table)
    t.attack("アキラ", "信者", [30], special="タックル")
    events = t.react("信者", "受け流し", [10, 4])  # こぶし 50: the grapple is parried in full
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["素手の攻撃を完全に受け流した、ダメージなし"]
    assert t.hp("信者") == 10 and t.state.pending == []
    assert not any(isinstance(e, ce.ReactionRequested) for e in events)
