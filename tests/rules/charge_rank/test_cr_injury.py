"""C-INJ: injuries by the damage of one attack (the seed's tables are KP settings) and their
treatment."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.errors import RuleViolation
from rules.systems.charge_rank import SYSTEM
from rules.systems.charge_rank import events as ce
from rules.systems.charge_rank.injury import DEGREES, degree_for, rank, stamina_after_battle, treatment_succeeds

TABLE = "5:微傷,10:軽傷,15:中傷"


def hit_for(t, faces, power):
    t.unit("A", reflex=6, attack=3)
    t.unit("B", reflex=5, guard=3, npc=True)
    t.start()
    t.act(cmds.Attack, "A", faces, target="B", power=power)
    t.react("B", "なし")


@pytest.mark.rule("C-INJ-02")
def test_six_degrees_numbered_one_to_six():
    assert DEGREES == ("微傷", "軽傷", "中傷", "重傷", "致命傷", "死亡")
    assert [rank(d) for d in DEGREES] == [1, 2, 3, 4, 5, 6]


@pytest.mark.rule("C-INJ-03")
def test_no_injury_table_by_default(cr_table):
    t = cr_table()
    assert SYSTEM.settings()["injury_thresholds"] == []
    hit_for(t, [6, 6, 6, 6, 6, 6], 6)
    assert t.of(ce.DamageDealt)[-1].amount == 15
    assert not t.of(ce.InjuryRecorded)


@pytest.mark.rule("C-INJ-01", "C-INJ-03")
def test_one_attacks_damage_checks_the_matching_degree(cr_table):
    t = cr_table()
    t.setting("負傷表", TABLE)
    assert t.state.settings["injury_thresholds"] == [[5, "微傷"], [10, "軽傷"], [15, "中傷"]]
    hit_for(t, [6, 6, 6, 6, 6, 6], 6)               # 3 × 6 − 3 = 15
    assert [(e.unit, e.degree, e.damage) for e in t.of(ce.InjuryRecorded)] == [("B", "中傷", 15)]
    assert degree_for(t.state.settings, 4) is None and degree_for(t.state.settings, 12) == "軽傷"


@pytest.mark.rule("C-INJ-04", "C-INJ-05")
def test_injuries_act_only_after_the_battle(cr_table):
    t = cr_table()
    t.setting("負傷表", TABLE)
    t.setting("負傷スタミナ減少", "微傷:1,軽傷:3,中傷:6")
    hit_for(t, [6, 6, 6, 6, 6, 6], 6)
    b = t.u("B")
    assert (b.stamina, b.stamina_max, b.injuries) == (15, 30, ["中傷"])
    assert t.state.turn == "B"                       # fights on unhindered
    assert stamina_after_battle(t.state.settings, b.stamina_max, b.injuries) == 24
    assert stamina_after_battle(SYSTEM.settings(), 30, ["中傷"]) == 30


@pytest.mark.rule("C-INJ-REC-01", "C-INJ-REC-02", "C-INJ-REC-03")
def test_treatment_needs_a_power_rank_of_the_injury_rank(cr_table):
    assert treatment_succeeds("中傷", 3, [2, 4, 5])
    assert not treatment_succeeds("中傷", 3, [1, 4, 5])
    with pytest.raises(RuleViolation) as info:
        treatment_succeeds("重傷", 3, [2, 4, 5])
    assert info.value.clause == "C-INJ-REC-03"


@pytest.mark.rule("C-INJ-REC-04")
def test_death_cannot_be_treated():
    with pytest.raises(RuleViolation) as info:
        treatment_succeeds("死亡", 12, [6] * 12)
    assert info.value.clause == "C-INJ-REC-04" and not info.value.allowable


@pytest.mark.rule("C-INJ-REC-02", "C-INJ-REC-03")
def test_a_treatment_in_battle_checks_the_power_rank_and_records_its_effect(cr_table):
    t = cr_table()
    t.setting("負傷表", TABLE)
    hit_for(t, [6, 6, 6, 6, 6, 6], 6)                # 3 × 6 − 3 = 15: 中傷, injury rank 3
    assert t.state.turn == "B" and t.u("B").charge == 5
    refused = t.refused("C-INJ-REC-03", cmds.SkillCheck, "B", [2, 4], skill="治療", target="B", modifier=2)
    assert "パワーランク3以上" in refused.message and refused.allowable
    events = t.act(cmds.SkillCheck, "B", [2, 4, 5], skill="治療", target="B", modifier=3)
    roll = t.of(ce.PoolRolled)[-1]
    assert (roll.purpose, roll.power, roll.auto_fail, roll.charge_after) == ("治療（Bの中傷）", 3, False, 2)
    assert [(e.unit, e.degree, e.by, e.power, e.success) for e in events if isinstance(e, ce.InjuryTreated)] == [
        ("B", "中傷", "B", 3, True)]
    assert t.u("B").treated == ["中傷"] and t.state.round == 2  # its main phase was the action


@pytest.mark.rule("C-INJ-REC-02")
def test_an_automatic_failure_treats_nothing(cr_table):
    t = cr_table()
    t.setting("負傷表", TABLE)
    hit_for(t, [6, 6, 6, 6, 6, 6], 6)
    t.act(cmds.SkillCheck, "B", [1, 4, 5], skill="治療", target="B", modifier=3)  # one 1, no 6: SR 1 fails
    assert [e.success for e in t.of(ce.InjuryTreated)] == [False] and t.u("B").treated == []


@pytest.mark.rule("C-INJ-04", "C-INJ-05")
def test_the_lower_maximum_stamina_is_applied_when_the_battle_ends(cr_table):
    t = cr_table()
    t.setting("負傷表", TABLE)
    t.setting("負傷スタミナ減少", "微傷:1,軽傷:3,中傷:6")
    hit_for(t, [6, 6, 6, 6, 6, 6], 6)                # B: 中傷, stamina 30 → 15
    assert t.u("B").stamina_max == 30                # no effect during the battle (C-INJ-04)
    events = t.apply(cmds.EndBattle(issuer="kp"))
    lowered = [(e.unit, e.before, e.after, e.injuries) for e in events if isinstance(e, ce.StaminaMaxLowered)]
    assert lowered == [("B", 30, 24, ["中傷"])]
    assert (t.u("B").stamina, t.u("B").stamina_max) == (15, 24)
    assert (t.u("A").stamina_max, t.state.phase) == (30, "ended")
