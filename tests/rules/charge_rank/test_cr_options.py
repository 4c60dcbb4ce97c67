"""C-OPT: group attack, pulled blows, advantage/disadvantage, surprise, distance and
out-of-area attacks — KP settings with the catalog's defaults."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.charge_rank import SYSTEM
from rules.systems.charge_rank import events as ce


def trio(t, **settings):
    t.unit("A", reflex=6, attack=3, guard=2)
    t.unit("B", reflex=5, attack=2, guard=3, npc=True)
    t.unit("C", reflex=4, attack=4, guard=1, npc=True)
    t.setting("割り込み確認", "waiting")
    for key, value in settings.items():
        t.setting(key, value)
    t.start()


def test_settings_have_the_catalog_defaults():
    s = SYSTEM.settings()
    assert (s["group_attack"], s["cover_basic_guard"], s["safety_floor"], s["area_distance"]) == (False, False, 0, 0)
    assert (s["seating"], s["advantaged"], s["disadvantaged"], s["injury_thresholds"]) == ([], [], [], [])


@pytest.mark.rule("C-OPT-GROUP-01")
def test_group_attack_needs_the_gms_permission(cr_table):
    t = cr_table()
    trio(t)
    t.refused("C-OPT-GROUP-01", cmds.Attack, "A", target="B=2,C=3")
    t.apply(cmds.Attack(issuer="kp", as_unit="A", target="B=2,C=3", allow=frozenset({"C-OPT-GROUP-01"})),
            [3, 3, 2, 2, 2])
    assert [s["target"] for s in t.state.strikes] == ["B", "C"]


@pytest.mark.rule("C-OPT-GROUP-02", "C-OPT-GROUP-03", "C-OPT-GROUP-04")
def test_group_attack_rolls_per_target_and_counters_come_after(cr_table):
    t = cr_table()
    trio(t, group_attack=True)
    t.refused("C-OPT-GROUP-02", cmds.Attack, "A", target="B=3,C=4")
    t.act(cmds.Attack, "A", [3, 3, 2, 2, 2], target="B=2,C=3")
    rolls = t.of(ce.PoolRolled)
    assert [(r.power, r.achievement) for r in rolls] == [(2, 6), (3, 6)]
    assert t.u("A").charge == 1
    t.react("B", "カウンター", [3, 4], power=2)         # 7 ≥ 6: counter after the group attack
    assert t.asked()[:2] == ("C", "passive")
    t.react("C", "なし")
    t.react("A", "なし")
    hits = [(e.unit, e.formula) for e in t.of(ce.DamageDealt)]
    assert hits == [("C", "3 × 3 − 1 = 8"), ("A", "2 × 4 − 2 = 6")]


@pytest.mark.rule("C-OPT-PULL-01", "C-OPT-PULL-02", "C-OPT-PULL-03")
def test_a_pulled_attack_rolls_safer_and_halves_its_power_for_damage(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Attack, "A", [1, 3, 3, 3], target="B", power=4, special="加減")
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail, roll.achievement, len(roll.faces), roll.charge_after) == (2, False, 10, 4, 2)
    assert t.state.strikes[0]["power"] == 2
    t.react("B", "なし")
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 2 − 3 = 3"


@pytest.mark.rule("C-OPT-PULL-01", "C-OPT-PULL-03")
def test_a_pulled_defence_reduces_by_half_its_power_plus_one(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Attack, "A", [3, 3, 3, 3], target="B", power=4)
    t.react("B", "加減防御", [1, 2, 3], power=3)        # SR 3; 6 < 12
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail, roll.pulled) == (3, False, True)
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 4 − 3 × (1 + 1) = 6"


@pytest.mark.rule("C-OPT-PULL-04")
def test_only_attack_defence_and_evasion_can_be_pulled(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2)
    t.refused("C-OPT-PULL-04", cmds.React, "B", action="加減カウンター", power=2)


@pytest.mark.rule("C-OPT-ADV-02", "C-OPT-ADV-03")
def test_disadvantage_lowers_the_safety_rank(cr_table):
    t = cr_table()
    trio(t, disadvantaged="A,B")
    t.act(cmds.Attack, "A", [2, 3], target="B", power=2)     # SR 0: no more 6s than 1s
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail) == (0, True)
    t.act(cmds.Attack, "B", [6, 3], target="A", power=2)
    t.react("A", "防御", [1, 2], power=2)                      # defence: SR 2 − 1 = 1
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail) == (1, True)


@pytest.mark.rule("C-OPT-ADV-02")
def test_the_kp_may_set_a_safety_floor(cr_table):
    t = cr_table()
    trio(t, disadvantaged="A", safety_floor=1)
    t.act(cmds.Attack, "A", [2, 3], target="B", power=2)
    assert t.of(ce.PoolRolled)[-1].safety == 1 and not t.of(ce.PoolRolled)[-1].auto_fail


@pytest.mark.rule("C-OPT-SURP-01", "C-OPT-SURP-02")
def test_surprise_leaves_only_defence_at_a_lower_safety_rank(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2, special="不意打ち")
    assert t.asked() == ("B", "passive", ("防御", "回避", "なし"))
    t.refused("C-OPT-SURP-01", cmds.React, "B", action="カウンター", power=2)
    t.react("B", "防御", [1, 3], power=2)                      # SR 2 − 1 = 1: fails
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.safety, roll.auto_fail) == (1, True)


@pytest.mark.rule("C-OPT-SURP-01", "C-OPT-ADV-03")
def test_the_gm_may_still_allow_a_counter_against_a_surprise(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2, special="不意打ち")
    err = t.refused("C-OPT-SURP-01", cmds.React, "B", action="カウンター", power=2)
    assert err.allowable
    t.apply(cmds.React(issuer="kp", as_unit="B", action="カウンター", power=2,
                       allow=frozenset({"C-OPT-SURP-01"})), [3, 3])
    assert t.state.strikes[0]["kind"] == "counter"


@pytest.mark.rule("C-OPT-OOA-01", "C-OPT-OOA-02")
def test_no_counter_against_an_out_of_area_attack(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2, special="区域外")
    assert "カウンター" not in t.asked()[2]
    t.refused("C-OPT-OOA-02", cmds.React, "B", action="カウンター", power=2)


@pytest.mark.rule("C-OPT-OOA-03")
def test_an_intercept_stops_an_out_of_area_attack_without_hurting_the_attacker(cr_table):
    t = cr_table()
    trio(t)
    t.act(cmds.Wait, "A")
    t.act(cmds.Attack, "B", [3, 3], target="C", power=2, special="区域外")
    t.react("A", "インターセプト", [4, 4], power=2)
    assert not t.of(ce.DamageDealt) and t.state.strikes == []
    assert "無効化" in t.of(ce.StrikeEnded)[-1].outcome


@pytest.mark.rule("C-OPT-OOA-04", "C-OPT-OOA-06", "C-OPT-OOA-07")
def test_moving_to_another_area_adds_power_ranks_up_to_the_kps_distance(cr_table):
    t = cr_table()
    t.unit("A", reflex=3)
    t.unit("B", reflex=2, npc=True)
    t.setting("区域間距離", "5")
    t.start()
    t.act(cmds.Move, "A", [3, 3, 3], to="砲台")
    assert [(e.before, e.after, e.distance) for e in t.of(ce.TravelProgressed)] == [(0, 3, 5)]
    t.act(cmds.EndTurn, "B")
    t.act(cmds.Move, "A", [1, 3, 3], to="砲台")                # automatic failure: no progress
    t.act(cmds.EndTurn, "B")
    t.act(cmds.Move, "A", [2, 3, 3], to="砲台")
    assert t.u("A").travel == 6 >= t.state.settings["area_distance"]


@pytest.mark.rule("C-OPT-OOA-04", "C-CHECK-02", "C-CHECK-03")
def test_a_move_at_a_chosen_power_rank_records_that_rank_and_spends_only_it(cr_table):
    """「通常通りに判定を行い、パワーランクを記録」 (issue 29: ``/move power:``): PR 2 of a charge of
    6 rolls 2 dice, adds 2 to the distance covered and leaves 4; a rank above the charge is
    refused (C-CHECK-03), the KP may allow it."""
    t = cr_table()
    t.unit("A", reflex=6)
    t.unit("B", reflex=2, npc=True)
    t.setting("区域間距離", "10")
    t.start()
    t.refused("C-CHECK-03", cmds.Move, "A", power=7)
    t.act(cmds.Move, "A", [3, 4], power=2)
    rolled = t.of(ce.PoolRolled)[-1]
    assert (rolled.purpose, rolled.power, rolled.charge_before, rolled.charge_after) == ("移動", 2, 6, 4)
    assert [(e.before, e.after, e.distance) for e in t.of(ce.TravelProgressed)] == [(0, 2, 10)]
    assert t.u("A").charge == 4


@pytest.mark.rule("C-OPT-OOA-05")
def test_attack_while_moving_hits_only_once_in_reach(cr_table):
    t = cr_table()
    t.unit("A", reflex=3, attack=3)
    t.unit("B", reflex=2, guard=1, npc=True)
    t.setting("区域間距離", "5")
    t.start()
    t.act(cmds.Attack, "A", [3, 3, 3], target="B", power=3, special="移動")
    assert t.state.strikes == [] and t.u("A").travel == 3
    t.act(cmds.EndTurn, "B")
    t.act(cmds.Attack, "A", [3, 3, 3], target="B", power=3, special="移動")
    t.react("B", "なし")
    assert t.u("A").travel == 6 and t.of(ce.DamageDealt)[-1].formula == "3 × 3 − 1 = 8"
