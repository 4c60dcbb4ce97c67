"""An escape asks the GM (KP) at most once (issue 29): the first of the GM's NPCs able to
answer gets one question for them all, in the interrupt step (C-ESC-04: インターセプト, or
妨害 by all of them, C-ESC-02/03, or なし), and no NPC of the GM's is asked again."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.charge_rank import events as ce


def escaping(cr_table):
    t = cr_table()
    t.unit("A", reflex=6, attack=3, guard=2)
    t.unit("B", reflex=5, attack=2, guard=1, npc=True)
    t.unit("C", reflex=4, attack=2, guard=1, npc=True)
    t.start()
    t.act(cmds.Escape, "A", [3, 4, 5], power=3)  # achievement 12
    return t


@pytest.mark.rule("C-ESC-04", "C-ESC-02")
def test_the_gm_gets_one_question_for_all_their_npcs(cr_table):
    t = escaping(cr_table)
    assert t.asked() == ("B", "interrupt", ("インターセプト", "妨害", "なし"))
    assert t.state.pending[0].context["text"] == (
        "Aの逃亡（達成値12）を止めますか？（KPへの質問はこの1回です。インターセプトはBが、妨害はKPのNPC全員（B・C）が"
        "チャージランクを全て使って合計します。C-ESC-02/03/04）")
    assert t.decline_interrupts() == ["B"]  # C is not asked, in either step
    assert "逃亡" in t.u("A").conditions


@pytest.mark.rule("C-ESC-02", "C-ESC-03")
def test_the_gms_obstruction_rolls_every_npc_with_its_whole_charge(cr_table):
    t = escaping(cr_table)
    t.react("B", "妨害", [2, 2, 2, 2, 2, 3, 3, 3, 3])  # B 5 dice: 10; C 4 dice: 12 → 22 ≥ 12
    rolled = [(e.unit, e.purpose, e.power, e.achievement) for e in t.of(ce.PoolRolled)[-2:]]
    assert rolled == [("B", "妨害", 5, 10), ("C", "妨害", 4, 12)]
    assert t.asked() is None and not t.u("A").conditions
    assert "逃亡失敗" in t.of(ce.StrikeEnded)[-1].outcome


@pytest.mark.rule("C-ESC-04")
def test_an_intercept_by_the_asked_npc_ends_the_gms_part(cr_table):
    t = escaping(cr_table)
    t.react("B", "インターセプト", [2, 2, 2, 2, 2])  # 10 < 12: the escape goes on
    assert t.asked() is None  # neither C's interrupt nor any obstruction is asked
    assert "逃亡" in t.u("A").conditions


@pytest.mark.rule("C-ESC-02", "C-ESC-03")
def test_once_the_obstruction_stops_the_escape_nobody_else_is_asked(cr_table):
    t = cr_table()
    t.unit("A", reflex=6, attack=3)
    t.unit("D", reflex=5, attack=3)
    t.unit("B", reflex=3, guard=1, npc=True)
    t.start()
    t.act(cmds.EndTurn, "A")
    t.act(cmds.EndTurn, "D")
    t.act(cmds.Escape, "B", [3, 4, 5], power=3)  # 12
    assert t.asked() == ("A", "obstruct", ("妨害", "なし"))
    t.react("A", "妨害", [4, 4, 4, 4], power=4)  # 16 ≥ 12: stopped, D is not asked in vain
    assert t.asked() is None and "逃亡失敗" in t.of(ce.StrikeEnded)[-1].outcome
