"""Firearms (H-FIRE-01..08, H-FIRE-PB-01..03, H-FIRE-UNAIM-01..03)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of, target_skills=None):
    table = table_of("coc6-house", shock=False)
    table.join("joe", table.sheet("ジョー", DEX=14, skills={"拳銃": 60, "サブマシンガン": 60},
                                  weapons=[table.weapon("拳銃"), table.weapon("サブマシンガン"),
                                           table.weapon("拳銃B", skill="拳銃", damage="1D10", cls="拳銃")]))
    table.npc(table.sheet("信者", DEX=10, CON=10, SIZ=13, skills=target_skills or {}))
    table.start()
    return table


def fire(table, dice, **options):
    return table.run("joe", cmds.Attack, dice, target="信者", **options)


def rolled(events):
    return [(e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("H-FIRE-05", "H-FIRE-07", "H-FIRE-08", "H-DEF-DODGE-02")
def test_semi_auto_three_bullets_each_rolled_with_a_growing_penalty(table_of):
    table = _table(table_of)
    events = fire(table, [20, 56, 45, 3, 4], weapon="サブマシンガン", mode="セミオート")
    assert rolled(events) == [(60, 20), (55, 56), (50, 45)]
    assert [e.total for e in events if isinstance(e, ce.DamageRolled)] == [3, 4]
    assert table.options("信者") == ["なし"]  # guns: no dodge, block or parry, but still asked (H-DEF-DODGE-02)
    table.react("信者", "なし")
    assert table.hp("信者") == 12 - 3 - 4
    assert table.state.pending == []


@pytest.mark.rule("H-FIRE-06", "H-FIRE-07")
def test_full_auto_six_bullets_minus_10_each(table_of):
    table = _table(table_of)
    events = fire(table, [99, 99, 99, 99, 99, 99], weapon="サブマシンガン", mode="フルオート")
    assert [t for t, _ in rolled(events)] == [60, 50, 40, 30, 20, 10]
    assert events[-1].outcome == "全弾外れた"


@pytest.mark.rule("H-FIRE-05")
def test_fewer_rounds_fire_what_remains(table_of):
    table = _table(table_of)
    events = fire(table, [99, 99], weapon="サブマシンガン", mode="フルオート", shots=2)
    assert [t for t, _ in rolled(events)] == [60, 50]


@pytest.mark.rule("H-FIRE-01", "H-FIRE-03", "H-FIRE-04")
def test_two_firings_per_turn_single_shot_each(table_of):
    table = _table(table_of)
    events = fire(table, [99], weapon="拳銃")
    assert rolled(events) == [(60, 99)]
    fire(table, [99], weapon="サブマシンガン", mode="単発")
    assert table.unit("ジョー").ap == 1
    table.refused("H-FIRE-01", "joe", cmds.Attack, target="信者", weapon="拳銃")


@pytest.mark.rule("H-FIRE-03")
def test_a_single_shot_gun_cannot_burst(table_of):
    table = _table(table_of)
    table.refused("H-FIRE-03", "joe", cmds.Attack, target="信者", weapon="拳銃", mode="セミオート")


@pytest.mark.rule("H-FIRE-02")
def test_an_obstacle_between_costs_20(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="ジョー", to="A1")
    table.run(KP, cmds.Place, name="信者", to="E1")
    table.run(KP, cmds.PlaceObject, name="木箱", siz=10, at="C1")
    events = fire(table, [99], weapon="拳銃")
    assert rolled(events) == [(40, 99)]


@pytest.mark.rule("H-FIRE-02", "X-LOF-01")
def test_a_wall_is_not_cover_no_shot_passes_through_it_unless_the_kp_allows(table_of):
    """Issue 29: seed 000 keeps 遮蔽物 (shoot past it at −20%) and 壁 apart: a wall on the line
    of fire refuses the shot, naming its square; the KP may allow it (a window), at no −20%."""
    table = _table(table_of)
    table.run(KP, cmds.Place, name="ジョー", to="A1")
    table.run(KP, cmds.Place, name="信者", to="E1")
    table.run(KP, cmds.PlaceObject, name="塀", at="C1", kind="壁")
    refusal = table.refused("X-LOF-01", "joe", cmds.Attack, target="信者", weapon="拳銃")
    assert "C1に壁「塀」があり" in refusal.message and refusal.allowable
    events = table.run("joe", cmds.Attack, [99], target="信者", weapon="拳銃", allow=frozenset({"X-LOF-01"}))
    assert rolled(events) == [(60, 99)]  # the wall is no cover: no −20%


@pytest.mark.rule("H-FIRE-PB-01", "H-FIRE-PB-02", "X-TOUCH-01")
def test_point_blank_hits_without_a_roll_and_adds_1d4(table_of):
    table = _table(table_of)
    table.run(KP, cmds.Place, name="ジョー", to="B2")
    table.run(KP, cmds.Place, name="信者", to="B2")
    events = fire(table, [5, 2], weapon="拳銃")
    assert rolled(events) == []  # the same square: touch, automatic success
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("1D10+1D4", 7)]
    assert table.options("信者") == ["なし"]  # no 武道 and no parry declared (H-DEF-PARRY-01)
    table.refused("H-DEF-PARRY-01", KP, cmds.React, action="受け流し", as_unit="信者", weapon="こぶし")
    table.react("信者", "なし", [])
    assert table.hp("信者") == 5


@pytest.mark.rule("H-FIRE-PB-03", "H-DEF-PARRY-01", "H-DEF-PARRY-02", "H-DEF-PARRY-03")
@pytest.mark.parametrize("skills,declared,weapon,value", [
    ({"こぶし": 60}, True, "こぶし", 60),  # no 武道: a parry declared against ジョー
    ({"こぶし": 60, "武道（空手）": 40}, False, "武道", 40),  # 武道 at base + 10 or more: no declaration
], ids=["punch-declared", "budo"])
def test_point_blank_may_be_parried_when_declared_or_with_budo(table_of, skills, declared, weapon, value):
    table = _table(table_of, target_skills=skills)
    if declared:
        table.declare("信者", "受け流し", target="ジョー")
    table.run(KP, cmds.Place, name="ジョー", to="B2")
    table.run(KP, cmds.Place, name="信者", to="B2")
    fire(table, [5, 2], weapon="拳銃")
    assert table.options("信者") == ["受け流し", "なし"]
    events = table.react("信者", "受け流し", [30], weapon=weapon)
    assert rolled(events) == [(value, 30)]
    assert table.hp("信者") == 12 and table.unit("信者").used["受け流し"] == 1


@pytest.mark.rule("H-FIRE-UNAIM-01", "H-FIRE-UNAIM-03", "X-MOD-01", "X-ROUND-01")
def test_unaimed_doubles_the_shots_at_a_third(table_of):
    table = _table(table_of)
    events = fire(table, [99, 99], weapon="拳銃", mode="未照準")
    assert rolled(events) == [(20, 99), (20, 99)]
    events = fire(table, [99] * 6, weapon="サブマシンガン", mode="未照準セミオート")
    assert [t for t, _ in rolled(events)] == [20, 18, 16, 15, 13, 11]  # ⌊(60 − 5k) / 3⌋


@pytest.mark.rule("H-FIRE-UNAIM-02")
def test_two_handguns_one_attack_each_at_a_third(table_of):
    table = _table(table_of)
    events = fire(table, [15, 99, 6], special="2丁拳銃", weapon="拳銃,拳銃B")
    assert rolled(events) == [(20, 15), (20, 99)]
    declared = next(e for e in events if isinstance(e, ce.AttackDeclared))
    assert declared.weapon == "拳銃・拳銃B" and declared.ap == 1
    table.react("信者", "なし")
    assert table.hp("信者") == 6 and table.unit("ジョー").attacks == 1


@pytest.mark.rule("H-FIRE-UNAIM-02")
def test_two_handguns_name_the_gun_that_hit(table_of):
    from bot.render.battle import event_line
    table = _table(table_of)
    events = fire(table, [99, 15, 6], special="2丁拳銃", weapon="拳銃,拳銃B")  # 拳銃 misses, 拳銃B hits
    damage = [e for e in events if isinstance(e, ce.DamageRolled)]
    assert [(e.weapon, e.total) for e in damage] == [("拳銃B", 6)]
    assert event_line(damage[0]) == "ダメージ（拳銃B）：(1D10) ＞ 6"
    events = table.react("信者", "なし")
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["信者に6ダメージ（拳銃Bが命中）"]
    table.run("joe", cmds.EndTurn)
    table.end_turns_until("ジョー")
    fire(table, [10, 15, 3, 4], special="2丁拳銃", weapon="拳銃,拳銃B")
    events = table.react("信者", "なし")
    assert [e.outcome for e in events if isinstance(e, ce.AttackResolved)] == ["信者に2発命中、計7ダメージ（拳銃 3、拳銃B 4）"]


@pytest.mark.rule("H-DEF-DODGE-02", "H-GEN-01")
def test_a_shot_target_is_asked_so_the_kp_may_allow_a_dodge(table_of):
    """Firearms "normally" cannot be dodged: the target is still asked, 回避 is refused
    citing H-DEF-DODGE-02, and with the KP's allow the dodge is rolled."""
    table = _table(table_of, target_skills={"回避": 60})
    fire(table, [20, 7], weapon="拳銃")
    assert table.options("信者") == ["なし"]
    refusal = table.refused("H-DEF-DODGE-02", "kp", cmds.React, action="回避", as_unit="信者")
    assert refusal.allowable
    events = table.run("kp", cmds.React, [20], action="回避", as_unit="信者",
                       allow=frozenset({"H-DEF-DODGE-02"}))
    assert rolled(events) == [(60, 20)]
    assert table.hp("信者") == 12
