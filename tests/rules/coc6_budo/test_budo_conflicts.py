"""Conflicts between seed 000 (coc6-house) and seed 002 (coc6-budo): the same sheets and
declaration answered differently (CF-09..CF-12, with CF-02 and CF-17 along the way)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

from tests.rules.coc6_budo.conftest import KP


def _pair(budo_table, system, attacker, defender=None):
    t = budo_table(system)
    t.join("aki", t.sheet("アキラ", DEX=15, skills=attacker))
    t.npc(t.sheet("信者", DEX=12, skills=defender or {}))
    t.start()
    return t


def _damage(events):
    return [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)]


@pytest.mark.rule("CF-09", "H-MA-SALTO-04", "B-SALTO-02")
def test_salto_is_an_attack_in_the_house_rules_and_a_throw_from_a_grapple_in_the_budo_rules(budo_table):
    skills = {"武道（柔道）": 70, "組み付き": 60}
    house = _pair(budo_table, "coc6-house", skills)
    events = house.attack("アキラ", "信者", [30], special="サルト")
    assert [e.special for e in events if isinstance(e, ce.AttackDeclared)] == ["サルト"]
    assert house.state.pending_for("信者") is not None
    budo = _pair(budo_table, "coc6-budo", skills)
    budo.refused("B-SALTO-02", "aki", cmds.Attack, target="信者", special="サルト")


@pytest.mark.rule("CF-10", "H-MA-TACKLE-08", "B-TACKLE-02")
def test_a_tackle_deals_1d4_in_the_house_rules_and_1d6_in_the_budo_rules(budo_table):
    skills = {"武道（柔道）": 70, "組み付き": 60}
    house = _pair(budo_table, "coc6-house", skills)
    house.attack("アキラ", "信者", [30], special="タックル")
    house.run("aki", cmds.React, action="組み付き")
    events = house.react("信者", "なし", [3, 20])
    assert _damage(events) == [("1D4", 3)]
    budo = _pair(budo_table, "coc6-budo", skills)
    budo.attack("アキラ", "信者", [30], special="タックル")
    events = budo.react("信者", "なし", [3])
    assert _damage(events) == [("1D6", 3)]
    assert budo.options("アキラ") == ["吹き飛ばし", "押し倒し", "なし"]


@pytest.mark.rule("CF-11", "H-MA-RUSH-04", "B-RUSH-02")
def test_a_rush_stuns_in_the_house_rules_and_its_extra_attack_always_hits_in_the_budo_rules(budo_table):
    skills = {"武道（空手）": 70, "こぶし": 70}
    house = _pair(budo_table, "coc6-house", skills)
    house.attack("アキラ", "信者", [30], special="ラッシュ")
    events = house.react("信者", "なし", [2, 3, 60])  # damage, then CON×5 against the stun
    assert "スタン" in house.unit("信者").conditions
    house.run("aki", cmds.EndTurn)
    events = house.run("aki", cmds.Attack, [40], target="信者")  # the extra attack is rolled
    assert [e.roll for e in events if isinstance(e, ce.CheckRolled)] == [40]
    budo = _pair(budo_table, "coc6-budo", skills)
    budo.attack("アキラ", "信者", [30], special="ラッシュ")
    events = budo.react("信者", "なし", [2, 3])  # no stun roll
    assert "スタン" not in budo.unit("信者").conditions
    budo.run("aki", cmds.EndTurn)
    budo.run(KP, cmds.EndTurn, as_unit="信者")
    events = budo.run("aki", cmds.Attack, [], target="信者")
    assert not [e for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("CF-12", "H-MA-FEINT-04", "B-FEINT-03")
def test_a_feint_is_answered_by_a_dodge_in_the_house_rules_but_only_by_a_budo_parry_in_the_budo_rules(budo_table):
    skills = {"武道（空手）": 70, "こぶし": 70}
    house = _pair(budo_table, "coc6-house", skills)
    house.attack("アキラ", "信者", [], special="フェイント")
    events = house.react("信者", "回避", [40])  # the dodge is spent without a roll; the 2nd is rolled
    assert [e.roll for e in events if isinstance(e, ce.CheckRolled)] == [40]
    budo = _pair(budo_table, "coc6-budo", skills, {"武道（柔道）": 65})
    budo.attack("アキラ", "信者", [30], special="フェイント")
    budo.refused("B-FEINT-03", KP, cmds.React, action="回避", as_unit="信者")


@pytest.mark.rule("CF-02", "H-DEF-01", "B-PARRY-02")
def test_a_second_parry_in_a_round_is_refused_in_the_house_rules_and_penalised_in_the_budo_rules(budo_table):
    for system, second in (("coc6-house", None), ("coc6-budo", 30)):
        t = budo_table(system)
        t.join("aki", t.sheet("アキラ", DEX=15, skills={"こぶし": 60}))
        t.join("ben", t.sheet("ベン", DEX=14, skills={"こぶし": 60}))
        t.npc(t.sheet("信者", DEX=12, skills={"こぶし": 50, "マーシャルアーツ": 20}))
        t.start()
        t.attack("アキラ", "信者", [40])
        t.react("信者", "受け流し", [10, 1], weapon="こぶし")
        t.run("aki", cmds.EndTurn)
        t.attack("ベン", "信者", [40])
        if second is None:
            t.refused("H-DEF-01", KP, cmds.React, action="受け流し", weapon="こぶし", as_unit="信者")
        else:
            events = t.react("信者", "受け流し", [10, 1], weapon="こぶし")
            assert [e.target for e in events if isinstance(e, ce.CheckRolled)] == [second]


@pytest.mark.rule("CF-17", "X-DBL-01")
def test_the_published_budo_doubling_applies_unless_the_kp_turns_it_off(budo_table):
    skills = {"武道（空手）": 70, "こぶし": 70}
    for double, expr in ((True, "2D3"), (False, "1D3")):
        t = _pair(budo_table, "coc6-budo", skills)
        t.state.settings["budo_double"] = double
        t.attack("アキラ", "信者", [30])
        events = t.react("信者", "なし", [1] * int(expr[0]))
        assert [e.expr for e in events if isinstance(e, ce.DamageRolled)] == [expr]
