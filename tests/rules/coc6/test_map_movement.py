"""The map and action points: squares of 1 m (H-UNIT-01), 3 AP a turn (H-AP-01), 1 AP per
square (H-AP-02), the all-out move (H-AP-03), one attack (H-AP-04, H-ATK-01/02), moving after
attacking (H-AP-05), unspent AP lost (H-AP-06), passive actions free (H-AP-07), reach
(X-REACH-01), the order (H-UNIT-02..04) and 行動遅延 (H-DELAY-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"こぶし": 70}))
    table.join("yuki", table.sheet("ユキ", DEX=12, skills={"こぶし": 60}))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14, skills={"こぶし": 50}))
    table.start()
    for name, square in (("アキラ", "A1"), ("ユキ", "A2"), ("信者", "E5")):
        table.run(KP, cmds.Place, name=name, to=square)
    return table


@pytest.mark.rule("H-UNIT-01", "H-AP-01", "H-AP-02", "X-REACH-01")
def test_one_ap_per_square_diagonals_included(table_of):
    table = _table(table_of)
    assert table.unit("アキラ").ap == 3
    table.run("aki", cmds.Move, to="C3")  # two diagonal steps
    assert (table.unit("アキラ").square, table.unit("アキラ").ap) == ("C3", 1)
    table.refused("H-AP-02", "aki", cmds.Move, to="C5")


@pytest.mark.rule("H-AP-03")
def test_all_out_move_of_three_squares_ends_other_actions(table_of):
    table = _table(table_of)
    events = table.run("aki", cmds.Move, to="D4")
    assert [e.all_out for e in events if isinstance(e, ce.UnitMoved)] == [True]
    table.refused("H-AP-03", "aki", cmds.Attack, target="信者")


@pytest.mark.rule("H-AP-05", "H-ATK-02", "H-AP-04", "H-ATK-01", "X-REACH-01")
def test_move_attack_then_move_again_but_attack_only_once(table_of):
    table = _table(table_of)
    table.refused("X-REACH-01", "aki", cmds.Attack, target="信者")
    table.run(KP, cmds.Place, name="信者", to="C3")
    table.run("aki", cmds.Move, to="B2")
    table.run("aki", cmds.Attack, [90], target="信者")  # diagonal neighbour: in reach
    assert table.unit("アキラ").ap == 1
    table.refused("H-AP-04", "aki", cmds.Attack, target="信者")
    table.run("aki", cmds.Move, to="A1")
    assert table.unit("アキラ").ap == 0


@pytest.mark.rule("H-AP-06", "H-UNIT-02", "H-UNIT-03", "H-UNIT-04")
def test_unspent_ap_are_lost_and_the_round_ends_when_all_have_acted(table_of):
    table = _table(table_of)
    assert table.state.order == ["アキラ", "ユキ", "信者"]
    table.run("aki", cmds.EndTurn)
    assert table.unit("アキラ").ap == 0 and table.state.turn == "ユキ"
    table.run("yuki", cmds.EndTurn)
    events = table.run(KP, cmds.EndTurn, as_unit="信者")
    assert [e.round for e in events if isinstance(e, ev.RoundStarted)] == [2]
    assert table.unit("アキラ").ap == 3


@pytest.mark.rule("H-AP-07")
def test_a_passive_action_costs_no_ap(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="信者", to="B2")
    table.run("aki", cmds.EndTurn)
    table.run("yuki", cmds.EndTurn)
    table.run(KP, cmds.Attack, [20], target="アキラ", as_unit="信者")
    table.react("アキラ", "回避", [10])
    assert table.unit("アキラ").ap == 0 and table.unit("信者").ap == 2


@pytest.mark.rule("X-REACH-01")
def test_without_squares_distance_is_not_checked(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="信者", to="なし")
    assert table.unit("信者").square is None
    table.run("aki", cmds.Attack, [90], target="信者")
    assert table.unit("アキラ").attacks == 1


@pytest.mark.rule("H-DELAY-01")
def test_delay_lowers_this_rounds_order_only(table_of):
    table = _table(table_of)
    events = table.run("aki", cmds.Declare, action="行動遅延", amount=6)
    assert table.state.order == ["ユキ", "信者", "アキラ"]  # DEX 15 − 6 = 9
    assert [e.unit for e in events if isinstance(e, ev.TurnStarted)] == ["ユキ"]
    table.run("yuki", cmds.EndTurn)
    table.run(KP, cmds.EndTurn, as_unit="信者")
    assert table.state.turn == "アキラ" and table.unit("アキラ").ap == 3
    table.run("aki", cmds.Move, to="B1")
    table.run("aki", cmds.EndTurn)
    assert table.state.order == ["アキラ", "ユキ", "信者"]  # round 2: DEX 15 again


@pytest.mark.rule("H-DELAY-01")
def test_delay_only_before_the_units_own_first_action(table_of):
    table = _table(table_of)
    table.run("aki", cmds.Move, to="B1")
    table.refused("H-DELAY-01", "aki", cmds.Declare, action="行動遅延", amount=2)
    # アキラ moving first takes nothing from ユキ: her round-start window is still open
    table.run("yuki", cmds.Declare, action="行動遅延", amount=4)
    assert table.state.order == ["アキラ", "信者", "ユキ"]  # DEX 12 − 4 = 8 < 10


def test_walls_block_moves_and_only_the_kp_places(table_of):
    table = _table(table_of)
    events = table.run(KP, cmds.PlaceObject, name="北壁", kind="壁", at="B1-B3")
    assert [(e.name, e.square) for e in events] == [("北壁1", "B1"), ("北壁2", "B2"), ("北壁3", "B3")]
    with pytest.raises(InvalidInput):
        table.system.decide(table.state, cmds.Move(issuer="aki", to="B1"), None)
    with pytest.raises(InvalidInput):
        table.system.decide(table.state, cmds.Place(issuer="aki", name="アキラ", to="C1"), None)


def _walled(table_of, *walls: str):
    table = table_of("coc6-house", shock=False)
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"こぶし": 70}))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14))
    table.start()
    table.run(KP, cmds.Place, name="アキラ", to="A1")
    table.run(KP, cmds.Place, name="信者", to="F6")
    for k, wall in enumerate(walls, start=1):
        table.run(KP, cmds.PlaceObject, name=f"壁{k}", kind="壁", at=wall)
    table.end_turns_until("アキラ")
    return table


@pytest.mark.rule("X-REACH-01", "H-AP-02", "H-AP-03")
def test_a_move_goes_around_a_wall_and_costs_the_path(table_of):
    """Wall on A2–B2: A1 → A3 is 2 squares straight, 4 around (B1, C2, B3, A3)."""
    table = _walled(table_of, "A2-B2")
    refusal = table.refused("H-AP-02", "aki", cmds.Move, to="A3")
    assert refusal.message == "移動は1マス1ポイントです（A3までは壁やほかのユニットを避けて4マス（直線なら2マス）で4ポイント、残り3）。"
    events = table.run("aki", cmds.Move, to="B3")  # B1, C2, B3: 3 squares around, 2 straight
    moved = next(e for e in events if isinstance(e, ce.UnitMoved))
    assert (moved.squares, moved.ap, moved.all_out) == (3, 3, True)
    assert table.unit("アキラ").ap == 0


@pytest.mark.rule("X-REACH-01")
def test_no_diagonal_step_between_two_walls_and_no_path_is_refused(table_of):
    table = _walled(table_of, "B1", "A2")
    with pytest.raises(InvalidInput) as info:
        table.run("aki", cmds.Move, to="B2")
    assert str(info.value) == "A1からB2へは壁や遮蔽物、ほかのユニットにふさがれて行けません（X-REACH-01）。"
