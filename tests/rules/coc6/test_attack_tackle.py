"""タックル (H-MA-TACKLE-01..16) and knockback into obstacles and walls (H-KB-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, skills=None, defender=None, str_=14, **settings):
    table = table_of("coc6-house", **settings)
    table.join("hana", table.sheet("ハナ", DEX=15, STR=str_, skills=skills or {"武道（柔道）": 70, "頭突き": 40}))
    table.npc(table.sheet("信者", DEX=12, CON=10, SIZ=13, skills=defender or {}))
    table.start()
    return table


def _place(table, **squares):
    for name, square in squares.items():
        table.run(KP, cmds.Place, name=name, to=square)


@pytest.mark.rule("H-MA-TACKLE-05", "H-MA-TACKLE-06", "H-MA-TACKLE-07", "H-MA-TACKLE-08", "H-MA-TACKLE-09",
                  "H-MA-TACKLE-10", "H-MA-TACKLE-02", "H-KB-01", "X-COMB-01")
def test_knock_away_into_a_wall(table_of):
    table = _table(table_of)
    _place(table, ハナ="C3", 信者="D3")
    table.run(KP, cmds.PlaceObject, name="壁", kind="壁", at="G1-G5")
    events = table.attack("ハナ", "信者", [30], special="タックル")
    check = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert check.text == "(1d100<=70,70) ＞ 30[成功,成功] ＞ 成功"  # 組み技系 70, STR 14 × 5
    assert table.options("ハナ") == ["組み付き", "吹き飛ばし"]
    table.react("ハナ", "吹き飛ばし")
    assert table.unit("ハナ").square == "D3"  # advanced 1 square with the same 1 AP
    assert table.unit("ハナ").ap == 2
    assert "武道" in table.options("信者")
    events = table.react("信者", "なし", [3, 2, 61, 20])
    damage = [e for e in events if isinstance(e, ce.DamageRolled)]
    assert [(e.expr, e.total) for e in damage] == [("1D4", 3), ("1D4", 2)]  # 1D4+db, wall +1D4
    assert table.unit("信者").square == "F3"  # 3 squares, stopped before the wall in G3
    assert table.hp("信者") == 12 - 3 - 2
    resolved = next(e for e in events if isinstance(e, ce.AttackResolved))
    assert resolved.outcome == "信者に5ダメージ（1D4 ＞ 3、激突などで+2）"
    checks = [e for e in events if isinstance(e, ce.CheckRolled)]
    assert [(c.purpose, c.target, c.roll) for c in checks] == [
        ("転倒抵抗（DEX×5）", 60, 61), ("ノックアウト抵抗（CON×5）", 50, 20)]
    assert table.unit("信者").conditions == ["転倒"]


@pytest.mark.rule("H-KB-01", "H-MA-TACKLE-08")
def test_knockback_into_cover_adds_1d3_and_open_ground_moves_three(table_of):
    table = _table(table_of)
    _place(table, ハナ="B2", 信者="C3")
    table.run(KP, cmds.PlaceObject, name="木箱", siz=10, at="E5")
    table.attack("ハナ", "信者", [30], special="タックル")
    table.react("ハナ", "吹き飛ばし")
    events = table.react("信者", "なし", [1, 3, 10, 10])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D4", 1), ("1D3", 3)]
    assert table.unit("信者").square == "D4"  # C3 → D4, then the crate in E5 stops it
    table2 = _table(table_of)
    _place(table2, ハナ="B2", 信者="C2")
    table2.attack("ハナ", "信者", [30], special="タックル")
    table2.react("ハナ", "吹き飛ばし")
    table2.react("信者", "なし", [1, 10, 10])
    assert table2.unit("信者").square == "F2"


@pytest.mark.rule("H-MA-TACKLE-11", "H-MA-TACKLE-12", "X-GRAPPLE-01")
def test_grapple_variant(table_of):
    table = _table(table_of)
    table.attack("ハナ", "信者", [30], special="タックル")
    table.react("ハナ", "組み付き")
    table.react("信者", "なし", [4, 51])
    assert table.hp("信者") == 8
    assert table.unit("信者").conditions == ["組み付き中", "ノックアウト"]
    assert table.unit("ハナ").conditions == ["組み付き中"]
    assert table.unit("ハナ").marks["holding"] == "信者"


@pytest.mark.rule("H-MA-TACKLE-05")
def test_head_butt_instead_of_str_and_both_parts_needed(table_of):
    table = _table(table_of)
    events = table.attack("ハナ", "信者", [45], special="タックル", weapon="頭突き")
    check = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert check.text == "(1d100<=70,40) ＞ 45[成功,失敗] ＞ 部分的成功"
    assert table.state.pending == [] and table.hp("信者") == 12


@pytest.mark.rule("H-MA-TACKLE-01")
def test_under_60_is_refused(table_of):
    table = _table(table_of, skills={"武道（レスリング）": 55})
    table.refused("H-MA-TACKLE-01", "hana", cmds.Attack, target="信者", special="タックル")


@pytest.mark.rule("H-MA-TACKLE-13", "H-MA-TACKLE-04", "X-KOATK-01")
def test_knockout_only_takes_only_the_grapple_and_applies_no_damage(table_of):
    table = _table(table_of)
    table.attack("ハナ", "信者", [30], special="タックル", aim="ノックアウト")
    assert table.state.pending_for("ハナ") is None  # only 組み付き: chosen at once
    events = table.react("信者", "なし", [4, 20])
    assert any(isinstance(e, ce.DamageRolled) and e.total == 4 for e in events)
    assert table.hp("信者") == 12  # shown for the KP, not applied


@pytest.mark.rule("H-MA-TACKLE-14")
def test_grappling_ward_off_negates_the_tackle(table_of):
    table = _table(table_of, defender={"武道（柔術）": 50})
    table.attack("ハナ", "信者", [30], special="タックル")
    table.react("ハナ", "組み付き")
    table.react("信者", "武道", [50])
    assert table.hp("信者") == 12 and table.unit("信者").conditions == []


@pytest.mark.rule("H-MA-TACKLE-15", "H-MA-TACKLE-16")
def test_ward_off_with_striking_and_with_nothing(table_of):
    table = _table(table_of, defender={"武道（ボクシング）": 50})
    table.attack("ハナ", "信者", [30], special="タックル")
    table.react("ハナ", "組み付き")
    events = table.react("信者", "武道", [20])
    assert next(e for e in events if isinstance(e, ce.CheckRolled)).target == 20
    bare = _table(table_of)
    bare.attack("ハナ", "信者", [30], special="タックル")
    bare.react("ハナ", "組み付き")
    events = bare.react("信者", "武道", [1])
    ward = next(e for e in events if isinstance(e, ce.CheckRolled))
    assert (ward.target, ward.level) == (1, "決定的成功/スペシャル")


@pytest.mark.rule("H-MA-TACKLE-03", "X-REACH-01")
def test_reach_two_squares_only_for_the_knock_away(table_of):
    table = _table(table_of)
    _place(table, ハナ="A1", 信者="C1")
    table.attack("ハナ", "信者", [30], special="タックル")
    assert table.unit("ハナ").square == "B1"  # only 吹き飛ばし reaches: chosen at once, 1 square advanced
    assert "武道" in table.options("信者")
    far = _table(table_of)
    _place(far, ハナ="A1", 信者="D1")
    far.refused("X-REACH-01", "hana", cmds.Attack, target="信者", special="タックル")


@pytest.mark.rule("H-MA-TACKLE-08", "H-KB-01")
def test_knock_away_stops_at_the_map_edge(table_of):
    """The map is A1〜F6 (the squares in use plus one, at least 6 × 6): knocked east from
    E3, 信者 stops at F3, the edge, with no wall damage."""
    table = _table(table_of)
    _place(table, ハナ="D3", 信者="E3")
    table.attack("ハナ", "信者", [30], special="タックル")
    table.react("ハナ", "吹き飛ばし")
    assert table.unit("ハナ").square == "E3"
    events = table.react("信者", "なし", [3, 61, 20])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D4", 3)]
    moved = [e for e in events if isinstance(e, ce.UnitMoved)]
    assert [(e.start, e.square, e.cause) for e in moved] == [("E3", "F3", "1マス吹き飛ばされた、マップの端で止まった")]
