"""A turn that mixes a punch and a shot (H-AP-04, H-FIRE-01): by default refused whichever
comes first (the second attack of a turn is the firearms' privilege); with the KP setting
``separate_attack_counts`` one non-firearm attack and up to two firings. The order never
decides."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds


def _table(table_of, **settings):
    table = table_of("coc6-house", shock=False, **settings)
    table.join("joe", table.sheet("ジョー", DEX=14, skills={"こぶし": 70, "拳銃": 60},
                                  weapons=[table.weapon("拳銃")]))
    table.npc(table.sheet("信者", DEX=10, CON=18, SIZ=18))
    table.start()
    table.end_turns_until("ジョー")
    return table


def _hit(table, weapon, dice):
    """A hit with ``weapon`` (a gun rolls its damage 1 with the shot, a punch on the answer)."""
    gun = weapon == "拳銃"
    table.run("joe", cmds.Attack, [*dice, 1] if gun else dice, target="信者", weapon=weapon)
    table.react("信者", "なし", [] if gun else [1])


@pytest.mark.rule("H-AP-04", "H-FIRE-01")
@pytest.mark.parametrize("first,second", [("こぶし", "拳銃"), ("拳銃", "こぶし")])
def test_punch_and_shot_are_refused_in_either_order(table_of, first, second):
    table = _table(table_of)
    _hit(table, first, [30])
    refusal = table.refused("H-AP-04", "joe", cmds.Attack, target="信者", weapon=second)
    assert "1ターンに2回攻撃できるのは2回とも射撃のときだけです" in refusal.message
    assert table.unit("ジョー").ap == 2


@pytest.mark.rule("H-AP-04", "H-FIRE-01")
def test_two_shots_still_make_a_turn(table_of):
    table = _table(table_of)
    _hit(table, "拳銃", [30])
    _hit(table, "拳銃", [30])
    assert (table.unit("ジョー").attacks, table.unit("ジョー").firings, table.unit("ジョー").ap) == (2, 2, 1)
    table.refused("H-FIRE-01", "joe", cmds.Attack, target="信者", weapon="拳銃")


@pytest.mark.rule("H-AP-04", "H-FIRE-01")
@pytest.mark.parametrize("order", [("こぶし", "拳銃", "拳銃"), ("拳銃", "こぶし", "拳銃"), ("拳銃", "拳銃", "こぶし")])
def test_separate_counts_allow_one_punch_and_two_shots_in_any_order(table_of, order):
    table = _table(table_of, separate_attack_counts=True)
    for weapon in order:
        _hit(table, weapon, [30])
    assert (table.unit("ジョー").attacks, table.unit("ジョー").firings, table.unit("ジョー").ap) == (3, 2, 0)
    table.run("joe", cmds.EndTurn)
    table.end_turns_until("ジョー")
    _hit(table, "こぶし", [30])
    table.refused("H-AP-04", "joe", cmds.Attack, target="信者", weapon="こぶし")
