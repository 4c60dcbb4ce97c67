"""A unit added mid-round acts in that round if its DEX place is still ahead (issue 22,
X-ORDER-01: higher DEX first, ties in joining order); else from the next round."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import CloseDeclarations
from rules.systems.coc6.late_join import JoinedMidRound


def fight(table_of):
    """アリス DEX 14 → ゾンビ DEX 12 → ボブ DEX 8; アリス has acted, it is the zombie's turn."""
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14))
    table.npc(table.sheet("ゾンビ", DEX=12))
    table.join("bob", table.sheet("ボブ", DEX=8))
    table.start()
    table.run("kp", CloseDeclarations)
    table.run("alice", cmds.EndTurn)
    assert table.state.turn == "ゾンビ"
    return table


@pytest.mark.rule("X-ORDER-01")
def test_a_unit_whose_place_is_ahead_acts_this_round(table_of):
    table = fight(table_of)
    events = table.run("kp", cmds.Join, name="グール", sheet=table.sheet("グール", DEX=10), npc=True)
    [late] = [e for e in events if isinstance(e, JoinedMidRound)]
    assert (late.acts, late.place, late.dex, late.after, late.before) == (True, 2, 10, "ゾンビ", "ボブ")
    assert table.state.order == ["アリス", "ゾンビ", "グール", "ボブ"]
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    assert table.state.turn == "グール" and table.state.round == 1


@pytest.mark.rule("X-ORDER-01")
def test_a_unit_whose_place_has_passed_acts_from_the_next_round(table_of):
    table = fight(table_of)
    events = table.run("kp", cmds.Join, name="グール", sheet=table.sheet("グール", DEX=13), npc=True)
    [late] = [e for e in events if isinstance(e, JoinedMidRound)]
    assert (late.acts, late.dex, late.after, late.before) == (False, 13, "アリス", "ゾンビ")
    assert table.state.order == ["アリス", "ゾンビ", "ボブ"]
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.run("bob", cmds.EndTurn)
    assert table.state.round == 2 and table.state.order == ["アリス", "グール", "ゾンビ", "ボブ"]


@pytest.mark.rule("X-ORDER-01")
def test_a_tie_with_the_unit_acting_now_comes_after_it(table_of):
    table = fight(table_of)
    events = table.run("alice", cmds.Join, name="アリス2", sheet=table.sheet("アリス2", DEX=12))
    [late] = [e for e in events if isinstance(e, JoinedMidRound)]
    assert (late.acts, late.after) == (True, "ゾンビ")  # DEX 12 like the zombie: later joining order
