"""What a new table runs into: numbers set by the KP before the start, and a target that
tries to defend while the interrupt step is still open."""
import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import SetValue
from rules.errors import InvalidInput


@pytest.mark.rule("C-PHASE-04")
def test_the_kp_sets_missing_numbers_and_the_battle_starts(cr_table):
    t = cr_table()
    t.unit("桐生", reflex=None, stamina=None)
    with pytest.raises(InvalidInput, match="リフレクス・スタミナ"):
        t.start()
    t.apply(SetValue(issuer="kp", target="桐生", field="リフレクス", value="6"))
    t.apply(SetValue(issuer="kp", target="桐生", field="スタミナ", value="30"))
    t.start()
    assert (t.u("桐生").charge, t.u("桐生").stamina, t.u("桐生").stamina_max) == (6, 30, 30)


@pytest.mark.rule("C-MAIN-01")
def test_the_target_waits_for_the_interrupt_step(cr_table):
    t = cr_table()
    t.unit("A", reflex=6, attack=3, guard=2)
    t.unit("B", reflex=5, guard=3, npc=True)
    t.unit("D", reflex=4, attack=2, guard=1, npc=True)  # B's ally: asked to interrupt
    t.start()
    t.act(cmds.Attack, "A", [3, 3, 3], target="B", power=3)
    assert t.asked()[1] == "interrupt"
    refusal = t.refused("C-MAIN-01", cmds.React, "B", action="防御", power=2)
    assert "割り込みの確認中" in refusal.message and "Bに防御・回避・カウンターを尋ねます" in refusal.message
