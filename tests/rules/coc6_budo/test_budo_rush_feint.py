"""ラッシュ (B-RUSH-01..03) and フェイント (B-FEINT-01..04)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce

from tests.rules.coc6_budo.conftest import KP


def _duel(budo_table, attacker=None, defender=None):
    """アキラ (DEX 15, 武道（空手）70, こぶし 70) against 信者 (DEX 12, 武道（柔道）65, こぶし 50)."""
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills=attacker or {"武道（空手）": 70, "こぶし": 70}))
    t.npc(t.sheet("信者", DEX=12, skills=defender or {"武道（柔道）": 65, "こぶし": 50}))
    t.start()
    return t


def _checks(events):
    return [(e.target, e.roll, e.level) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("B-RUSH-01", "B-RUSH-02", "B-RUSH-03", "B-PARRY-02")
def test_the_rush_attack_comes_at_round_end_always_hits_and_is_parried_at_the_next_step(budo_table):
    t = _duel(budo_table)
    events = t.attack("アキラ", "信者", [30], special="ラッシュ")
    assert [(e.unit, e.target) for e in events if isinstance(e, ce.ExtraAttackQueued)] == [("アキラ", "信者")]
    t.react("信者", "武道", [20])
    t.run("aki", cmds.EndTurn)
    events = t.run(KP, cmds.EndTurn, as_unit="信者")
    assert [e.unit for e in events if isinstance(e, ce.ExtraAttackStarted)] == ["アキラ"]
    events = t.run("aki", cmds.Attack, [], target="信者")  # no hit roll: it always hits
    assert not _checks(events)
    assert [e.special for e in events if isinstance(e, ce.AttackDeclared)] == ["ラッシュ追加攻撃"]
    assert t.options("信者") == ["回避", "受け流し", "武道", "カウンター", "回避カウンター", "なし"]
    events = t.react("信者", "武道", [50, 1, 1])
    assert _checks(events) == [(45, 50, "失敗")]  # counted: 65 − 20
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D3", 2)]
    assert t.hp("信者") == 8 and t.unit("信者").used == {"受け流し": 2}
    t.refused("B-RUSH-02", "aki", cmds.Attack, target="信者")
    t.run("aki", cmds.EndTurn)
    assert t.state.round == 2


@pytest.mark.rule("B-RUSH-01")
def test_no_rush_without_the_budo_success_or_the_striking_style(budo_table):
    t = _duel(budo_table, attacker={"武道（空手）": 70, "こぶし": 80})
    events = t.attack("アキラ", "信者", [75], special="ラッシュ")  # こぶし hits, 武道 fails
    assert not [e for e in events if isinstance(e, ce.ExtraAttackQueued)]
    assert t.state.pending_for("信者") is not None
    t2 = _duel(budo_table, attacker={"武道（柔道）": 70})
    t2.refused("B-RUSH-01", "aki", cmds.Attack, target="信者", special="ラッシュ")


@pytest.mark.rule("B-FEINT-01", "B-FEINT-02", "B-FEINT-03")
def test_a_feint_leaves_no_defence_against_the_second_attack_without_a_budo_parry(budo_table):
    t = _duel(budo_table)
    events = t.attack("アキラ", "信者", [30], special="フェイント")
    assert _checks(events) == [(70, 30, "成功")] and not t.events_of(ce.DamageRolled)
    assert t.options("信者") == ["武道", "なし"]
    t.refused("B-FEINT-03", KP, cmds.React, action="回避", as_unit="信者")
    events = t.react("信者", "なし", [40])
    assert _checks(events) == [(70, 40, "成功")]  # the 2nd attack: a normal roll
    assert t.options("信者") == ["なし"]
    t.refused("B-FEINT-03", KP, cmds.React, action="回避", as_unit="信者")
    t.refused("B-FEINT-03", KP, cmds.React, action="武道", as_unit="信者")
    t.react("信者", "なし", [2, 3])
    assert t.hp("信者") == 5


@pytest.mark.rule("B-FEINT-02")
def test_a_missed_feint_is_an_ordinary_miss(budo_table):
    t = _duel(budo_table)
    events = t.attack("アキラ", "信者", [90], special="フェイント")
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["フェイントの攻撃は外れた"]
    assert not t.state.pending


@pytest.mark.rule("B-FEINT-03", "B-FEINT-04")
def test_a_budo_parry_of_the_first_opens_the_second_to_defence_one_step_lower(budo_table):
    t = _duel(budo_table)
    t.attack("アキラ", "信者", [30], special="フェイント")
    events = t.react("信者", "武道", [20, 40])
    assert _checks(events) == [(65, 20, "成功"), (70, 40, "成功")]
    assert t.options("信者") == ["回避", "受け流し", "武道", "カウンター", "回避カウンター", "なし"]
    events = t.react("信者", "受け流し", [31, 1, 1], weapon="こぶし")
    assert _checks(events) == [(30, 31, "失敗")]  # こぶし 50 − one step for the 1st parry
    assert t.hp("信者") == 8


@pytest.mark.rule("B-FEINT-01", "B-FEINT-03")
def test_a_feint_needs_the_striking_style_and_a_target_without_budo_gets_no_question(budo_table):
    t = _duel(budo_table, attacker={"武道（柔道）": 70})
    t.refused("B-FEINT-01", "aki", cmds.Attack, target="信者", special="フェイント")
    t = _duel(budo_table, defender={"こぶし": 50})
    events = t.attack("アキラ", "信者", [30, 40], special="フェイント")
    assert len([e for e in events if isinstance(e, ce.AttackDeclared)]) == 2
    assert t.options("信者") == ["なし"]



@pytest.mark.rule("B-FEINT-01", "X-REACH-01")
def test_the_kp_may_allow_a_feint_out_of_reach(budo_table):
    t = _duel(budo_table)
    t.run(KP, cmds.Place, name="アキラ", to="A1")
    t.run(KP, cmds.Place, name="信者", to="D1")
    t.refused("X-REACH-01", "aki", cmds.Attack, target="信者", special="フェイント")
    events = t.run("aki", cmds.Attack, [90], target="信者", special="フェイント", allow=frozenset({"X-REACH-01"}))
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["フェイントの攻撃は外れた"]


def _rush_prompts(t):
    return [p for p in t.system.view(t.state).prompts if p.kind == "rush"]


@pytest.mark.rule("B-RUSH-01", "B-RUSH-02")
@pytest.mark.parametrize("how", ["button", "attack"])
def test_rush_declared_after_the_budo_hit_before_the_damage_roll(budo_table, how):
    """「武道に成功した場合、ダメージロールの前までにラッシュを宣言」: an ordinary 〈こぶし〉 attack
    whose 武道 part succeeded offers [ラッシュ] to the attacker until the target's answer rolls
    the damage; declaring it queues the round-end extra attack and keeps the target's question."""
    t = _duel(budo_table)
    t.attack("アキラ", "信者", [30], weapon="こぶし")
    offer = _rush_prompts(t)
    assert [(p.unit, p.options) for p in offer] == [("アキラ", ("ラッシュ",))]
    assert "ダメージロールの前まで、B-RUSH-01" in offer[0].text
    asked = t.options("信者")
    if how == "button":
        events = t.run("aki", cmds.React, action="ラッシュ")
    else:
        events = t.run("aki", cmds.Attack, special="ラッシュ")  # 「ラッシュ！」 in chat
    assert [(e.unit, e.target, e.weapon) for e in events if isinstance(e, ce.ExtraAttackQueued)] == \
        [("アキラ", "信者", "こぶし")]
    assert not [e for e in events if isinstance(e, (ce.CheckRolled, ce.DamageRolled))]
    assert t.options("信者") == asked and not _rush_prompts(t)
    events = t.react("信者", "なし", [2, 3])  # the damage, doubled by the 武道 success: 2D3
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D3", 5)]
    t.run("aki", cmds.EndTurn)
    events = t.run(KP, cmds.EndTurn, as_unit="信者")
    assert [e.unit for e in events if isinstance(e, ce.ExtraAttackStarted)] == ["アキラ"]


@pytest.mark.rule("B-RUSH-01")
def test_no_rush_offer_when_the_budo_part_failed_and_none_after_the_damage(budo_table):
    t = _duel(budo_table, attacker={"武道（空手）": 70, "こぶし": 80})
    t.attack("アキラ", "信者", [75], weapon="こぶし")  # こぶし hits, 武道 fails
    assert not _rush_prompts(t)
    t.refused("B-RUSH-01", "aki", cmds.React, action="ラッシュ")
    t.react("信者", "なし", [2])
    with pytest.raises(RuleViolation) as late:
        t.run("aki", cmds.React, action="ラッシュ")  # the damage is rolled: too late
    assert late.value.clause == "B-RUSH-01" and "ダメージロールの前まで" in late.value.message
    assert not t.events_of(ce.ExtraAttackQueued)
