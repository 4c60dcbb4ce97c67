"""``/kp set … HP`` reads X-HP-02 as damage does: at HP 2 or less 気絶, at 0 or less 死亡; the KP
lifts it with ``/kp set 状態 -気絶`` when the story says otherwise."""
from __future__ import annotations

import pytest

from rules.battle.keeper import Rest, SetValue
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce

KP = "kp"


def _table(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14))
    table.npc(table.sheet("ゾンビ", DEX=8))
    table.start()
    return table


@pytest.mark.rule("X-HP-02", "H-GEN-01")
@pytest.mark.parametrize("hp,conditions", [(3, []), (2, ["気絶"]), (1, ["気絶"]), (0, ["死亡"]), (-2, ["死亡"])])
def test_the_kps_hp_marks_the_threshold_state(table_of, hp, conditions):
    table = _table(table_of)
    events = table.run(KP, SetValue, target="ゾンビ", field="HP", value=str(hp))
    assert table.hp("ゾンビ") == hp and table.unit("ゾンビ").conditions == conditions
    assert [e.cause for e in events if isinstance(e, ce.ConditionChanged)] == \
        [f"耐久力{0 if hp <= 0 else 2}以下（X-HP-02、KPの設定）"] * len(conditions)


@pytest.mark.rule("X-HP-02", "H-GEN-01")
def test_the_kp_may_lift_the_state_it_brought(table_of):
    table = _table(table_of)
    table.run(KP, SetValue, target="アリス", field="HP", value="1")
    table.run(KP, SetValue, target="アリス", field="状態", value="-気絶")
    assert table.hp("アリス") == 1 and table.unit("アリス").conditions == []


@pytest.mark.rule("H-GEN-01")
def test_kp_rest_is_the_charge_rank_systems_and_says_what_coc_uses(table_of):
    t = table_of("coc6-house")
    t.join("alice", t.sheet("アリス"))
    with pytest.raises(InvalidInput, match="休息（スタミナを最大値に戻す）はチャージランク制の操作です"):
        t.run("kp", Rest, name="アリス")
