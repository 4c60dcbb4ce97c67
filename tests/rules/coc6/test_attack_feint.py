"""フェイント (H-MA-FEINT-01..07)."""
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


@pytest.mark.rule("H-MA-FEINT-01", "H-MA-FEINT-02", "H-MA-FEINT-03", "H-MA-FEINT-04", "H-MA-FEINT-05")
def test_first_strike_draws_a_dodge_then_the_second_cannot_be_dodged(table_of):
    table = _table(table_of)
    events = table.attack("アキラ", "信者", [], special="フェイント")
    assert not any(isinstance(e, ce.CheckRolled) for e in events)  # the 1st fails by itself
    assert table.options("信者") == ["回避", "受け流し"]
    table.refused("H-MA-FEINT-04", KP, cmds.React, action="なし", as_unit="信者")
    events = table.react("信者", "回避", [30])
    assert table.unit("信者").used["回避"] == 1
    assert not any(isinstance(e, ce.CheckRolled) and e.unit == "信者" for e in events)
    second = [e for e in events if isinstance(e, ce.CheckRolled)][0]
    assert second.text == "(1d100<=70,70) ＞ 30[成功,成功] ＞ 成功"
    assert "回避" not in table.options("信者") and "受け流し" not in table.options("信者")
    table.refused("H-MA-FEINT-05", KP, cmds.React, action="回避", as_unit="信者")
    table.react("信者", "なし", [1, 2])
    assert table.hp("信者") == 9
    assert table.unit("アキラ").ap == 2 and table.unit("アキラ").attacks == 1


@pytest.mark.rule("H-MA-FEINT-06")
def test_a_budo_parry_sees_through_both(table_of):
    table = _table(table_of, defender={"武道（合気道）": 40})
    table.attack("アキラ", "信者", [], special="フェイント")
    assert table.options("信者") == ["回避", "受け流し", "武道"]
    events = table.react("信者", "武道", [40])
    assert [e.target for e in events if isinstance(e, ce.CheckRolled)] == [40]
    assert table.state.pending == [] and table.hp("信者") == 12
    assert table.unit("信者").used["受け流し"] == 1


@pytest.mark.rule("H-MA-FEINT-06")
def test_a_failed_budo_parry_lets_the_second_strike_come(table_of):
    table = _table(table_of, defender={"武道（合気道）": 40})
    table.attack("アキラ", "信者", [], special="フェイント")
    events = table.react("信者", "武道", [41, 90])
    assert [e.roll for e in events if isinstance(e, ce.CheckRolled)] == [41, 90]
    assert events[-1].outcome == "攻撃は外れた"


@pytest.mark.rule("H-MA-FEINT-04")
def test_with_dodge_and_parry_used_the_first_strike_has_no_effect(table_of):
    table = _table(table_of)
    unit = table.unit("信者")
    unit.used.update({"回避": 1, "受け流し": 1})
    events = table.attack("アキラ", "信者", [20], special="フェイント")
    assert [e.roll for e in events if isinstance(e, ce.CheckRolled)] == [20]
    assert table.options("信者")[-1] == "なし"


@pytest.mark.rule("H-MA-FEINT-01")
def test_needs_punch_or_kick_with_striking_60(table_of):
    table = _table(table_of)
    table.refused("H-MA-FEINT-01", "aki", cmds.Attack, target="信者", special="フェイント", weapon="頭突き")
    low = _table(table_of, skills={"武道（テコンドー）": 50})
    low.refused("H-MA-FEINT-01", "aki", cmds.Attack, target="信者", special="フェイント")


@pytest.mark.rule("H-MA-FEINT-07", "X-KOATK-01")
def test_knockout_only_feint_is_allowed_and_its_damage_is_not_applied(table_of):
    table = _table(table_of)
    table.attack("アキラ", "信者", [], special="フェイント", aim="ノックアウト")
    table.react("信者", "受け流し", [30])
    events = table.react("信者", "なし", [2, 2])
    assert any(isinstance(e, ce.DamageRolled) and e.total == 4 for e in events)
    assert [(e.unit, e.damage) for e in events if isinstance(e, ce.KnockoutAimed)] == [("信者", 4)]
    assert table.hp("信者") == 12
