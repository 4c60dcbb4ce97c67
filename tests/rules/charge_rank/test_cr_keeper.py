"""The KP's rulings in a charge-rank battle: settings, values, skip, seating order, handover."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import Handover, KeeperRuling, Reorder, SetValue, SkipTurn
from rules.errors import InvalidInput
from rules.systems.charge_rank import SYSTEM
from rules.systems.charge_rank import events as ce


def duel(t):
    t.unit("A", reflex=5, attack=3)
    t.unit("B", reflex=4, guard=3, npc=True)
    t.start()


@pytest.mark.rule("C-PHASE-06")
def test_kp_order_sets_the_seating_for_reflex_ties(cr_table):
    t = cr_table()
    t.unit("A", reflex=3)
    t.unit("B", reflex=3, npc=True)
    t.unit("C", reflex=3, npc=True)
    t.apply(Reorder(issuer="kp", name="C", position=1))
    assert t.state.settings["seating"] == ["C", "A", "B"]
    t.start()
    assert t.state.turn == "C"


def test_kp_set_changes_numbers_and_conditions(cr_table):
    t = cr_table()
    duel(t)
    t.apply(SetValue(issuer="kp", target="B", field="チャージ", value="1"))
    t.apply(SetValue(issuer="kp", target="A", field="スタミナ", value="12"))
    assert (t.u("B").charge, t.u("A").stamina) == (1, 12)
    t.apply(SetValue(issuer="kp", target="B", field="状態", value="+気絶"))
    assert t.u("B").out_of_action and [e.detail for e in t.of(KeeperRuling)][-1] == "Bの気絶を付与"
    with pytest.raises(InvalidInput):
        SYSTEM.decide(t.state, SetValue(issuer="kp", target="A", field="HP", value="3"), None)


@pytest.mark.rule("C-DMG-04")
def test_kp_setting_stamina_to_zero_faints(cr_table):
    t = cr_table()
    duel(t)
    t.apply(SetValue(issuer="kp", target="B", field="スタミナ", value="0"))
    assert t.u("B").conditions == ["気絶"]


def test_kp_skip_answers_an_open_question_with_none_then_skips_the_turn(cr_table):
    t = cr_table()
    duel(t)
    t.act(cmds.Attack, "A", [3, 3], target="B", power=2)
    t.apply(SkipTurn(issuer="kp"))
    assert t.of(ce.DamageDealt)[-1].formula == "3 × 2 − 3 = 3"
    assert t.state.turn == "B"
    t.apply(SkipTurn(issuer="kp"))
    assert t.state.round == 2 and t.state.turn == "A"


def test_kp_setting_parses_this_systems_options_and_keeps_others(cr_table):
    t = cr_table()
    t.setting("不利", "A、B")
    t.setting("cover_basic_guard", "on")
    t.setting("turn_reminder_minutes", 5)
    assert t.state.settings["disadvantaged"] == ["A", "B"]
    assert t.state.settings["cover_basic_guard"] is True
    assert t.state.settings["turn_reminder_minutes"] == 5


def test_handover_and_only_the_kp_rules(cr_table):
    t = cr_table()
    duel(t)
    with pytest.raises(InvalidInput):
        SYSTEM.decide(t.state, SkipTurn(issuer="pl-A"), None)
    t.apply(Handover(issuer="kp", user="kp2"))
    assert t.state.keeper == "kp2"


def test_kp_set_names_the_range_of_a_large_number(cr_table):
    t = cr_table()
    duel(t)
    with pytest.raises(InvalidInput) as caught:
        SYSTEM.decide(t.state, SetValue(issuer="kp", target="A", field="スタミナ", value="123456"), None)
    assert str(caught.value) == "スタミナは0から9999の範囲で指定してください（「123456」は範囲外です）。"
    with pytest.raises(InvalidInput) as caught:
        SYSTEM.decide(t.state, SetValue(issuer="kp", target="A", field="スタミナ", value="たくさん"), None)
    assert str(caught.value) == "スタミナには0以上の整数を指定してください。"
