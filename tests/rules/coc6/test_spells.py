"""Magic points in a battle (X-MP-01/02): a spell spends the MP its caster names on the
caster's own turn, 1 AP under the house rules and the turn's action under the book and 武道
rules; not enough MP is refused (the KP may allow it, MP stops at 0); the KP sets MP."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.battle.magic import MpChanged, SpellCast
from tests.rules.coc6_budo.conftest import Table

KP = "kp"


def _table(system="coc6-house"):
    table = Table.open(system, shock=False)
    table.join("alice", table.sheet("アリス", DEX=14, POW=12))
    table.npc(table.sheet("ゾンビ", DEX=8, POW=1))
    table.start()
    for unit in list(table.state.declaring):
        table.run(KP if unit == "ゾンビ" else "alice", cmds.Declare, action="なし",
                  as_unit="ゾンビ" if unit == "ゾンビ" else None)
    return table


@pytest.mark.rule("X-MP-01", "X-MP-02")
def test_a_spell_spends_its_mp_and_one_ap_under_the_house_rules():
    table = _table()
    assert (table.unit("アリス").mp, table.unit("アリス").mp_max) == (12, 12)  # MP = POW
    events = table.run("alice", cmds.Cast, spell="萎縮", mp=8, target="ゾンビ")
    assert [(e.spell, e.mp, e.target) for e in events if isinstance(e, SpellCast)] == [("萎縮", 8, "ゾンビ")]
    assert [(e.before, e.after) for e in events if isinstance(e, MpChanged)] == [(12, 4)]
    assert (table.unit("アリス").mp, table.unit("アリス").ap) == (4, 2)
    row = next(r for r in table.system.view(table.state).rows if r.name == "アリス")
    assert row.extra == {"MP": "4/12"}


@pytest.mark.rule("X-MP-01")
def test_not_enough_mp_is_refused_and_the_kp_may_allow_it_down_to_zero():
    table = _table()
    refusal = table.refused("X-MP-01", "alice", cmds.Cast, spell="門の創造", mp=20)
    assert refusal.message == "アリスのMPが足りません（MP 12、「門の創造」に20）。"
    table.run("alice", cmds.Cast, spell="門の創造", mp=20, allow=frozenset({"X-MP-01"}))
    assert table.unit("アリス").mp == 0


@pytest.mark.rule("X-MP-02")
def test_a_spell_is_cast_on_ones_own_turn_only():
    table = _table()
    table.run("alice", cmds.EndTurn)
    with pytest.raises(Exception) as info:
        table.run("alice", cmds.Cast, spell="萎縮", mp=8)
    assert "ゾンビの手番" in str(info.value)
    assert table.unit("アリス").mp == 12


@pytest.mark.rule("X-MP-02")
@pytest.mark.parametrize("system", ["coc6", "coc6-budo"])
def test_without_ap_a_spell_is_the_turns_action(system):
    table = _table(system)
    table.run("alice", cmds.Cast, spell="萎縮", mp=8, target="ゾンビ")
    refusal = table.refused("X-MP-02", "alice", cmds.Attack, target="ゾンビ", weapon="こぶし")
    assert refusal.message == "アリスはこの手番に呪文を唱えたので、攻撃は次の手番です。"


@pytest.mark.rule("X-MP-01", "H-GEN-01")
def test_the_kp_sets_mp():
    table = _table()
    events = table.run(KP, kc.SetValue, target="アリス", field="MP", value="5")
    assert [(e.before, e.after, e.cause) for e in events if isinstance(e, MpChanged)] == [(12, 5, "KPの設定")]
    assert table.unit("アリス").mp == 5
