"""A spell in the charge-rank system (X-MP-01 with C-OTHER-01/02): an "other" active action
taken with the GM's permission, whose check spends the power rank chosen, and which spends
the MP of the sheet's 〔MP〕."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.magic import MpChanged, SpellCast
from rules.systems.charge_rank.events import PoolRolled
from tests.rules.charge_rank.conftest import KP, sheet


def _table(cr_table, mp=10):
    t = cr_table()
    data = sheet("桐生", reflex=6, attack=3, stamina=30)
    data["skills"]["MP"] = mp
    t.apply(cmds.Join(issuer="pl-桐生", name="桐生", sheet=data))
    t.unit("刺客1", reflex=3, guard=3, stamina=20, npc=True)
    t.start()
    return t


@pytest.mark.rule("C-OTHER-01")
def test_a_spell_needs_the_gms_permission(cr_table):
    t = _table(cr_table)
    refusal = t.refused("C-OTHER-01", cmds.Cast, "桐生", spell="気弾強化", mp=4, power=2)
    assert refusal.message == "呪文「気弾強化」はGMの許可があれば能動行動として行えます"


@pytest.mark.rule("C-OTHER-02", "X-MP-01")
def test_an_allowed_spell_spends_its_power_rank_and_its_mp(cr_table):
    t = _table(cr_table)
    assert (t.state.unit("桐生").mp, t.state.unit("桐生").mp_max) == (10, 10)
    events = t.apply(cmds.Cast(issuer=KP, as_unit="桐生", spell="気弾強化", mp=4, power=2,
                               allow=frozenset({"C-OTHER-01"})), [3, 4])
    rolled = [e for e in events if isinstance(e, PoolRolled)]
    assert [(e.power, e.achievement, e.charge_before, e.charge_after) for e in rolled] == [(2, 7, 6, 4)]
    assert [(e.spell, e.mp) for e in events if isinstance(e, SpellCast)] == [("気弾強化", 4)]
    assert [(e.before, e.after) for e in events if isinstance(e, MpChanged)] == [(10, 6)]
    assert t.state.unit("桐生").status == "行動済み"


@pytest.mark.rule("X-MP-01")
def test_not_enough_mp_is_refused(cr_table):
    t = _table(cr_table, mp=3)
    refusal = t.refused("X-MP-01", cmds.Cast, "桐生", spell="気弾強化", mp=4, power=2,
                        allow=frozenset({"C-OTHER-01"}))
    assert refusal.message == "桐生のMPが足りません（MP 3、「気弾強化」に4）。"
