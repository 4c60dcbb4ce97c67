"""サルト (B-SALTO-01..06): a throw during a grapple after a 武道 success, automatic 1d6+db,
the 〈組み付き〉 break-fall, the knockout resistance roll and the fall."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

from tests.rules.coc6_budo.conftest import KP


def _grappled(budo_table, thrower=None):
    """アキラ (DEX 15, 武道（柔道）70, 組み付き 60) grapples 信者 (DEX 12, CON 10) in round 1."""
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills=thrower or {"武道（柔道）": 70, "組み付き": 60}))
    t.npc(t.sheet("信者", DEX=12, skills={"組み付き": 25}))
    t.start()
    t.attack("アキラ", "信者", [30], weapon="組み付き")
    t.react("信者", "なし")
    assert t.unit("アキラ").marks["holding"] == "信者"
    return t


def _next_round(t):
    t.run("aki", cmds.EndTurn)
    t.run(KP, cmds.EndTurn, as_unit="信者")
    assert t.state.turn == "アキラ"


def _checks(events):
    return [(e.purpose, e.target, e.roll, e.level) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("B-SALTO-01", "B-SALTO-02", "B-SALTO-03", "B-SALTO-04", "B-SALTO-06")
def test_a_throw_with_a_break_fall_halves_the_damage_and_leaves_the_target_prone(budo_table):
    t = _grappled(budo_table)
    t.refused("B-SALTO-02", "aki", cmds.Attack, target="信者", special="サルト")  # the round's attack is used
    _next_round(t)
    events = t.run("aki", cmds.Attack, [40, 5, 20], target="信者", special="サルト")
    assert _checks(events) == [("サルト（〈武道（柔道）〉）", 70, 40, "成功"),
                               ("受け身（〈組み付き〉）", 25, 20, "成功")]
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D6", 5)]
    assert t.hp("信者") == 7  # ⌈5 / 2⌉ = 3
    assert "転倒" in t.unit("信者").conditions and "ノックアウト" not in t.unit("信者").conditions
    assert t.unit("アキラ").marks["holding"] == "信者"  # the grapple is unchanged
    t.refused("B-SALTO-02", "aki", cmds.Attack, target="信者", special="サルト")  # once a round


@pytest.mark.rule("B-SALTO-05", "B-SALTO-06")
def test_a_failed_break_fall_calls_for_twice_the_damage_against_con(budo_table):
    t = _grappled(budo_table)
    _next_round(t)
    events = t.run("aki", cmds.Attack, [40, 6, 80, 50], target="信者", special="サルト")
    resist = _checks(events)[-1]
    assert resist == ("ノックアウト（ダメージ×2対CON）（12対10の抵抗ロール）", 60, 50, "成功")
    assert t.hp("信者") == 4
    assert {"ノックアウト", "転倒"} <= set(t.unit("信者").conditions)


@pytest.mark.rule("B-SALTO-01")
def test_a_failed_budo_roll_licenses_no_throw(budo_table):
    t = _grappled(budo_table)
    _next_round(t)
    events = t.run("aki", cmds.Attack, [85], target="信者", special="サルト")
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["〈武道〉に失敗し、サルトは宣言できなかった"]
    assert t.hp("信者") == 10 and "転倒" not in t.unit("信者").conditions


@pytest.mark.rule("B-SALTO-01", "B-SALTO-02")
def test_a_throw_needs_the_grappling_style_and_a_grapple(budo_table):
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"武道（空手）": 70}))
    t.join("jo", t.sheet("ジョー", DEX=14, skills={"武道（柔道）": 70}))
    t.npc(t.sheet("信者", DEX=12))
    t.start()
    t.refused("B-SALTO-01", "aki", cmds.Attack, target="信者", special="サルト")
    t.run("aki", cmds.EndTurn)
    t.refused("B-SALTO-02", "jo", cmds.Attack, target="信者", special="サルト")


@pytest.mark.rule("B-SALTO-01", "B-COUNTER-07", "B-SALTO-05")
def test_a_counter_may_be_a_throw_licensed_by_the_grapple_rounds_budo_success(budo_table):
    t = _grappled(budo_table)  # the grapple's 武道 part succeeded in round 1
    t.run("aki", cmds.EndTurn)
    t.run(KP, cmds.Attack, [20], target="アキラ", as_unit="信者")
    t.react("アキラ", "カウンター", [10, 20])
    events = t.run("aki", cmds.Attack, [4, 90, 50], target="信者", special="サルト")
    assert [(e.special, e.counts) for e in events if isinstance(e, ce.AttackDeclared)] == [("サルト", False)]
    assert _checks(events) == [("受け身（〈組み付き〉）", 25, 90, "失敗"),
                               ("ノックアウト（ダメージ×2対CON）（8対10の抵抗ロール）", 40, 50, "失敗")]
    assert t.hp("信者") == 6 and "転倒" in t.unit("信者").conditions


@pytest.mark.rule("B-SALTO-02", "B-SPEC-01")
def test_the_kp_may_allow_a_refused_throw_or_counter(budo_table):
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"武道（柔道）": 70}))
    t.npc(t.sheet("信者", DEX=12, skills={"武道（柔道）": 59, "組み付き": 25}))
    t.start()
    t.refused("B-SALTO-02", "aki", cmds.Attack, target="信者", special="サルト")
    t.run("aki", cmds.Attack, [40, 3, 20], target="信者", special="サルト",
                   allow=frozenset({"B-SALTO-02"}))
    assert t.hp("信者") == 8 and "転倒" in t.unit("信者").conditions  # ⌈3 / 2⌉ after the break-fall
    t.run("aki", cmds.EndTurn)
    t.run(KP, cmds.Attack, [20], target="アキラ", as_unit="信者")
    t.react("アキラ", "なし", [1])
    t.run(KP, cmds.EndTurn, as_unit="信者")
    t.attack("アキラ", "信者", [30])
    t.refused("B-SPEC-01", KP, cmds.React, action="カウンター", as_unit="信者")
    events = t.run(KP, cmds.React, [20, 30], action="カウンター", as_unit="信者", allow=frozenset({"B-SPEC-01"}))
    assert len([e for e in events if isinstance(e, ce.CheckRolled)]) == 2
    assert t.options("信者") == ["カウンター攻撃", "なし"]
