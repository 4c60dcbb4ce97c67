"""カウンター (B-COUNTER-01..07): declared with the answer, two rolls at one penalty counted
once, success on two successes or one critical/special, the counter attack and its chain."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

from tests.rules.coc6_budo.conftest import KP


def _duel(budo_table, defender=None, third=False):
    """アキラ (DEX 15, 武道（空手）70, こぶし 70) against 信者 (DEX 12, 武道（柔道）65, こぶし 50)."""
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"武道（空手）": 70, "こぶし": 70}))
    if third:
        t.join("ben", t.sheet("ベン", DEX=14, skills={"こぶし": 60}))
        t.join("kai", t.sheet("カイ", DEX=13, skills={"こぶし": 60}))
    t.npc(t.sheet("信者", DEX=12, skills=defender or {"武道（柔道）": 65, "こぶし": 50}))
    t.start()
    return t


def _checks(events):
    return [(e.target, e.roll, e.level) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("B-COUNTER-01", "B-COUNTER-03", "B-COUNTER-05")
def test_both_rolls_succeed_then_the_counter_attack_may_itself_be_countered(budo_table):
    t = _duel(budo_table)
    t.attack("アキラ", "信者", [30])
    events = t.react("信者", "カウンター", [30, 40])
    assert _checks(events) == [(65, 30, "成功"), (65, 40, "成功")]
    assert not t.events_of(ce.DamageRolled) and t.hp("信者") == 10
    assert t.options("信者") == ["カウンター攻撃", "なし"]
    events = t.react("信者", "カウンター攻撃", [45])
    declared = [e for e in events if isinstance(e, ce.AttackDeclared)][-1]
    assert (declared.attacker, declared.target, declared.counts, declared.ap) == ("信者", "アキラ", False, 0)
    assert _checks(events) == [(50, 45, "成功")]
    assert t.options("アキラ") == ["回避", "受け流し", "武道", "カウンター", "回避カウンター", "なし"]
    t.react("アキラ", "なし", [2])
    assert t.hp("アキラ") == 8 and t.state.turn == "アキラ"


@pytest.mark.rule("B-COUNTER-01", "B-COUNTER-03")
def test_a_dodge_counter_with_one_special_succeeds_even_if_the_other_roll_fails(budo_table):
    t = _duel(budo_table)
    t.attack("アキラ", "信者", [30])
    events = t.react("信者", "回避カウンター", [4 + 0, 90])  # 回避 DEX×2 = 24: 4 ≤ ⌊24/5⌋ special
    assert _checks(events) == [(24, 4, "決定的成功/スペシャル"), (24, 90, "失敗")]
    assert t.unit("信者").used == {"回避": 1}
    assert t.options("信者") == ["カウンター攻撃", "なし"]
    t.react("信者", "なし")
    assert not t.state.pending


@pytest.mark.rule("B-COUNTER-01")
def test_only_a_budo_holder_may_declare_a_counter(budo_table):
    t = _duel(budo_table, defender={"こぶし": 50})
    t.attack("アキラ", "信者", [30])
    assert t.options("信者") == ["回避", "受け流し", "なし"]
    t.refused("B-COUNTER-01", KP, cmds.React, action="カウンター", as_unit="信者")
    t.refused("B-COUNTER-01", KP, cmds.React, action="回避カウンター", as_unit="信者")


@pytest.mark.rule("B-COUNTER-02", "B-PARRY-02")
def test_the_two_rolls_share_one_penalty_and_count_once(budo_table):
    t = _duel(budo_table, third=True)
    t.attack("アキラ", "信者", [30])
    t.react("信者", "武道", [60])
    t.run("aki", cmds.EndTurn)
    t.attack("ベン", "信者", [40])
    events = t.react("信者", "カウンター", [40, 44])
    assert _checks(events) == [(45, 40, "成功"), (45, 44, "成功")]  # both at 65 − 20
    assert t.unit("信者").used == {"受け流し": 2}
    t.react("信者", "なし")
    t.run("ben", cmds.EndTurn)
    t.attack("カイ", "信者", [40])
    assert _checks(t.react("信者", "武道", [25])) == [(25, 25, "成功")]  # 65 − 2 × 20


@pytest.mark.rule("B-COUNTER-04")
def test_one_plain_success_is_a_failed_parry_and_the_hit_lands(budo_table):
    t = _duel(budo_table)
    t.attack("アキラ", "信者", [30])
    events = t.react("信者", "カウンター", [30, 90, 1, 2])
    assert _checks(events) == [(65, 30, "成功"), (65, 90, "失敗")]
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D3", 3)]
    assert t.hp("信者") == 7 and not t.state.pending


@pytest.mark.rule("B-COUNTER-06")
def test_a_critical_counter_roll_leaves_the_opponent_no_defence(budo_table):
    t = _duel(budo_table)
    t.attack("アキラ", "信者", [30])
    t.react("信者", "カウンター", [3, 80])
    t.react("信者", "カウンター攻撃", [45])
    assert t.options("アキラ") == ["なし"]
    t.refused("B-COUNTER-06", "aki", cmds.React, action="回避")
    t.refused("B-COUNTER-06", "aki", cmds.React, action="カウンター")
    t.react("アキラ", "なし", [3])
    assert t.hp("アキラ") == 7


@pytest.mark.rule("B-COUNTER-07")
def test_a_counter_attack_is_no_tackle_rush_or_feint(budo_table):
    t = _duel(budo_table, defender={"武道（柔道）": 65, "武道（空手）": 65, "こぶし": 50})
    t.attack("アキラ", "信者", [30])
    t.react("信者", "カウンター", [30, 40])
    for special in ("タックル", "ラッシュ", "フェイント"):
        t.refused("B-COUNTER-07", KP, cmds.Attack, target="アキラ", special=special, as_unit="信者")
    events = t.run(KP, cmds.Attack, [45], target="アキラ", as_unit="信者")  # /attack is the counter
    assert _checks(events) == [(50, 45, "成功")]
    assert [(e.attacker, e.counts) for e in events if isinstance(e, ce.AttackDeclared)] == [("信者", False)]


@pytest.mark.rule("B-COUNTER-03", "B-SALTO-01", "B-SALTO-02", "B-COUNTER-07", "X-COMB-01")
def test_a_counter_attack_with_a_grapple_makes_a_grapple_and_a_throw_can_follow(budo_table):
    """Issue 29: a counter attack applies its attack's effect like any other attack: 〈組み付き〉
    puts both units in 組み付き中 (X-GRAPPLE-01), and its 武道 part licenses a サルト this round."""
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=12, skills={"武道（柔道）": 70, "組み付き": 60}))
    t.npc(t.sheet("信者", DEX=15, skills={"こぶし": 50, "組み付き": 25}))
    t.start()
    t.attack("信者", "アキラ", [20])
    t.react("アキラ", "カウンター", [10, 20])
    t.refused("B-COUNTER-07", "aki", cmds.Attack, target="信者", special="タックル")
    events = t.react("アキラ", "カウンター攻撃", [30], weapon="組み付き")
    assert _checks(events) == [(60, 30, "成功")]  # 〈武道（柔道）〉70 and 〈組み付き〉60 on one die
    rolled = next(e for e in events if isinstance(e, ce.CheckRolled))  # the numbers in the order named
    assert rolled.purpose == "カウンター攻撃（組み付き）（〈武道（柔道）〉70＋組み付き60の組み合わせ）"
    assert rolled.text.startswith("(1d100<=70,60) ＞ 30[成功,成功]")
    t.react("信者", "なし")
    assert "組み付き中" in t.unit("アキラ").conditions and "組み付き中" in t.unit("信者").conditions
    assert t.unit("アキラ").marks["holding"] == "信者"
    t.run(KP, cmds.EndTurn, as_unit="信者")
    events = t.run("aki", cmds.Attack, [3, 90, 90], target="信者", special="サルト")  # no 武道 roll: licensed
    assert [e.special for e in events if isinstance(e, ce.AttackDeclared)] == ["サルト"]
    assert t.hp("信者") == 7 and "転倒" in t.unit("信者").conditions
