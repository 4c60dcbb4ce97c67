"""A called shot combines with a special and with a dual attack (H-MA-02, clarified): the
special's and the called shot's modifiers both apply, and the called shot's damage and
effects land with the hit; a dual attack's ``modifier:`` applies to the hit rolls, not the
〈武器・双撃〉 roll. Also the フェイント's first strike (H-MA-FEINT-04): it fails by itself,
so it is not told as a hit and nobody is offered かばう."""
from __future__ import annotations

import pytest

from bot.render.battle import event_line
from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _checks(events):
    return [(e.purpose.split("（")[0], e.target, e.roll, e.text) for e in events if isinstance(e, ce.CheckRolled)]


def _damage(events):
    return [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)]


@pytest.mark.rule("H-MA-02", "H-MA-FEINT-05", "H-CALL-VITAL-01", "H-CALL-VITAL-02")
def test_a_feint_aimed_at_the_vital_spot_hits_its_second_strike_at_minus_30_plus_1d6(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"武道（空手）": 70, "こぶし": 70}))
    table.npc(table.sheet("信者", DEX=12, CON=10, SIZ=13))
    table.start()
    events = table.attack("アキラ", "信者", [], special="フェイント", aim="急所")
    declared = next(e for e in events if isinstance(e, ce.AttackDeclared))
    assert event_line(declared) == "⚔ アキラ → 信者：【フェイント】【急所狙い】こぶしで攻撃（1撃目は自動失敗、H-MA-FEINT-04）"
    events = table.react("信者", "回避", [30])
    assert [c[3] for c in _checks(events)] == ["(1d100<=70,40) ＞ 30[成功,成功] ＞ 成功"]  # 70 − 30
    events = table.react("信者", "なし", [2, 1, 5])  # 武道 too: ×2 (X-DBL-01), then the vital +1D6
    assert _damage(events) == [("2D3+1D6", 8)]
    assert table.hp("信者") == 12 - 8


@pytest.mark.rule("H-MA-02", "H-MA-SALTO-04", "H-CALL-LEG-01")
def test_a_salto_aimed_at_the_leg_rolls_at_minus_15_and_wounds_the_leg(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("hana", table.sheet("ハナ", DEX=15, skills={"武道（柔道）": 70, "組み付き": 70}))
    table.npc(table.sheet("信者", DEX=10, CON=10, SIZ=13))
    table.start()
    events = table.attack("ハナ", "信者", [35], special="サルト", aim="足")
    assert [c[3] for c in _checks(events)] == ["(1d100<=70,55) ＞ 35[成功,成功] ＞ 成功"]  # 組み付き 70 − 15
    assert next(e for e in events if isinstance(e, ce.AttackDeclared)).aim == "足"
    events = table.react("信者", "なし", [4, 20])
    assert table.hp("信者") == 12 - 4
    assert [e.part for e in events if isinstance(e, ce.WoundTaken)] == ["足"]


@pytest.mark.rule("H-MA-02", "H-MA-TACKLE-05", "H-MA-TACKLE-11", "H-CALL-VITAL-01", "H-CALL-VITAL-02")
def test_a_tackle_aimed_at_the_vital_spot_rolls_at_minus_30_and_adds_1d6(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("hana", table.sheet("ハナ", DEX=15, STR=14, skills={"武道（柔道）": 70}))
    table.npc(table.sheet("信者", DEX=12, CON=10, SIZ=13))
    table.start()
    events = table.attack("ハナ", "信者", [30], special="タックル", aim="急所")
    assert [c[3] for c in _checks(events)] == ["(1d100<=70,40) ＞ 30[成功,成功] ＞ 成功"]  # STR 14 × 5 − 30
    table.react("ハナ", "組み付き")
    events = table.react("信者", "なし", [3, 4, 20])
    assert _damage(events)[0] == ("1D4+1D6", 7)
    assert table.hp("信者") == 12 - 7


def _dual(table_of):
    table = table_of("coc6-house", shock=False)
    arms = [table.weapon("日本刀", skill="刀剣", damage="1D10", cls="刀剣"),
            table.weapon("脇差", skill="刀剣", damage="1D6", cls="刀剣")]
    table.join("ken", table.sheet("ケン", DEX=14, skills={"刀剣": 50, "武器・双撃": 60}, weapons=arms))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14))
    table.start()
    return table


@pytest.mark.rule("H-MA-02", "H-DUAL-SIM-05", "H-CALL-VITAL-01", "H-CALL-VITAL-02")
def test_a_simultaneous_dual_attack_aimed_at_the_vital_spot_takes_minus_30_and_adds_1d6(table_of):
    table = _dual(table_of)
    events = table.run("ken", cmds.Attack, [30, 20], target="信者", special="同時攻撃", weapon="日本刀,脇差",
                       aim="急所")
    assert [(c[1], c[2]) for c in _checks(events)] == [(60, 30), (20, 20)]  # 双撃 60; hit 刀剣 50 − 30
    events = table.react("信者", "なし", [3, 4, 5])
    assert _damage(events) == [("2D10+1D6", 12)]  # 日本刀 1D10 ×2 (H-DUAL-SIM-05), +1D6 once
    assert table.hp("信者") == 14 - 12


@pytest.mark.rule("H-MA-02", "H-DUAL-SEQ-02", "H-DUAL-SEQ-05")
def test_a_dual_attacks_modifier_goes_to_the_hit_rolls_not_the_dual_roll(table_of):
    table = _dual(table_of)
    events = table.run("ken", cmds.Attack, [55, 20, 40], target="信者", special="連続攻撃", weapon="日本刀,脇差",
                       modifier=-20)
    assert [(c[1], c[2]) for c in _checks(events)] == [(60, 55), (30, 20), (30, 40)]


@pytest.mark.rule("H-MA-FEINT-04", "H-DEF-COVER-01")
def test_a_feints_first_strike_offers_no_cover_and_a_cover_is_refused(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"武道（空手）": 70, "こぶし": 70}))
    table.npc(table.sheet("信者", DEX=12, CON=10, SIZ=13))
    table.npc(table.sheet("護衛", DEX=11, CON=10, SIZ=13))
    table.start()
    table.attack("アキラ", "信者", [], special="フェイント")
    prompts = table.system.view(table.state).prompts
    assert [p.kind for p in prompts if p.kind == "cover"] == []
    text = next(p.text for p in prompts if p.unit == "信者")
    assert "命中" not in text
    table.refused("H-MA-FEINT-04", KP, cmds.React, action="かばう", as_unit="護衛", target="信者")
