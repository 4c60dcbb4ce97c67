"""Interrupts go to those who can use them (issue 22): カバーリング to the target's side
(C-COVER-01), インターセプト to the attacker's opponents (C-ICPT-01), the obstruction of an
escape to the escapee's opponents (C-ESC-02/04); the others only with ``/kp allow``.

The cast of the seed's worked example (C-EX): 桐生 and ゲンヤ (PCs) against 刺客1..3."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.charge_rank import events as ce


def example(t):
    t.unit("桐生", reflex=6, capacity=6, attack=3, guard=2, stamina=30)
    t.unit("ゲンヤ", reflex=4, capacity=4, attack=4, guard=2, stamina=30)
    t.unit("刺客1", reflex=3, capacity=3, guard=3, stamina=20, npc=True)
    t.unit("刺客2", reflex=3, capacity=3, guard=3, stamina=30, attack=3, npc=True)
    t.start()


@pytest.mark.rule("C-ICPT-01", "C-COVER-01", "C-INT-03")
def test_only_the_targets_side_is_asked_with_both_interrupts(cr_table):
    t = cr_table()
    example(t)
    t.act(cmds.Attack, "桐生", [2, 3], target="刺客1", power=2)  # C-EX-03: achievement 5
    assert t.asked() == ("刺客2", "interrupt", ("インターセプト", "カバーリング", "なし"))  # not ゲンヤ, 桐生's ally
    t.refused("C-ICPT-01", cmds.React, "ゲンヤ", [4, 4], action="インターセプト", power=2)
    t.refused("C-COVER-01", cmds.React, "ゲンヤ", [4, 4], action="カバーリング", power=2)
    t.react("刺客2", "なし")
    assert t.asked()[:2] == ("刺客1", "passive")


@pytest.mark.rule("C-ICPT-01", "C-ICPT-03")
def test_the_kp_lets_an_ally_intercept_and_the_moot_question_goes(cr_table):
    t = cr_table()
    example(t)
    t.act(cmds.Attack, "桐生", [2, 3], target="刺客1", power=2)  # achievement 5
    events = t.apply(cmds.React(issuer="kp", as_unit="ゲンヤ", action="インターセプト", power=2,
                                allow=frozenset({"C-ICPT-01"})), [2, 3])  # 5 ≥ 5: nullified
    assert [e.outcome for e in events if isinstance(e, ce.StrikeEnded)] == ["ゲンヤのインターセプト成功（5 ≥ 5）：無効化"]
    strike = t.state.strikes[0]
    assert (strike["kind"], strike["attacker"], strike["target"], strike["power"]) == ("intercept", "ゲンヤ", "桐生", 2)
    assert [(p.unit, p.kind) for p in t.state.pending] == [("桐生", "passive")]  # 刺客2's question is gone
    assert t.u("ゲンヤ").status == "行動済み"


@pytest.mark.rule("C-COVER-01", "C-COVER-04")
def test_the_kp_lets_an_opponent_cover_and_the_blow_goes_to_it(cr_table):
    t = cr_table()
    example(t)
    t.act(cmds.Attack, "桐生", [2, 3], target="刺客1", power=2)
    t.react("刺客2", "なし")
    assert t.asked()[:2] == ("刺客1", "passive")
    t.apply(cmds.React(issuer="kp", as_unit="ゲンヤ", action="カバーリング", power=2,
                       allow=frozenset({"C-COVER-01"})), [3, 4])  # SR 2, no automatic failure
    hit = t.of(ce.DamageDealt)[-1]
    assert (hit.unit, hit.formula) == ("ゲンヤ", "3 × 2 − 2 × 2 = 2")
    assert t.state.pending == [] and t.u("刺客1").stamina == 20


@pytest.mark.rule("C-ESC-02", "C-ESC-04")
def test_an_escape_is_obstructed_by_its_opponents_only(cr_table):
    t = cr_table()
    t.unit("桐生", reflex=6, attack=3, guard=2)
    t.unit("刺客1", reflex=5, guard=1, npc=True)
    t.unit("刺客2", reflex=4, guard=1, npc=True)
    t.start()
    t.act(cmds.Wait, "桐生")
    t.act(cmds.Escape, "刺客1", [2, 2], power=2)  # achievement 4
    assert t.asked() == ("桐生", "interrupt", ("インターセプト", "なし"))  # 刺客2 is no opponent
    t.react("桐生", "なし")
    assert t.asked() == ("桐生", "obstruct", ("妨害", "なし"))
    t.react("桐生", "なし")
    assert t.state.pending == [] and "逃亡" in t.u("刺客1").conditions


@pytest.mark.rule("C-ICPT-01", "C-ICPT-02", "C-ICPT-03")
def test_three_pcs_the_kp_allows_an_intercept_by_one_asked_only_to_cover(cr_table):
    """Issue 29: 甲 attacks 乙 and 丙, all three PCs, is asked only to cover (the target's side).
    Its インターセプト is refused naming C-ICPT-01 — not 「いま選べません」 — and ``/kp allow``
    lets it intercept."""
    t = cr_table()
    t.unit("甲", reflex=6, attack=3, guard=1)
    t.unit("乙", reflex=5, attack=3, guard=1)
    t.unit("丙", reflex=4, attack=4, guard=1)
    t.start()
    t.act(cmds.Attack, "甲", [2, 3], target="乙", power=2)  # achievement 5
    assert t.asked() == ("丙", "interrupt", ("カバーリング", "なし"))
    refusal = t.refused("C-ICPT-01", cmds.React, "丙", [3, 3], action="インターセプト", power=2)
    assert refusal.allowable and "丙に尋ねたのはカバーリングです" in refusal.message
    events = t.apply(cmds.React(issuer="kp", as_unit="丙", action="インターセプト", power=2,
                                allow=frozenset({"C-ICPT-01"})), [3, 3])  # 6 ≥ 5: nullified
    assert [e.outcome for e in events if isinstance(e, ce.StrikeEnded)] == ["丙のインターセプト成功（6 ≥ 5）：無効化"]
    strike = t.state.strikes[0]
    assert (strike["kind"], strike["attacker"], strike["target"]) == ("intercept", "丙", "甲")
