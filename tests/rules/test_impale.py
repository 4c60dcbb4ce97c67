"""Impale 「貫通」 (X-IMPALE-01) in coc6-house, coc6 and coc6-budo: a special success with a
貫通可 weapon rolls the weapon's damage dice twice and adds db once (KP setting: OFF /
ONCE / TWICE); the reply says 貫通 and shows both rolls."""
from __future__ import annotations

import pytest

from bot.render.battle import event_line
from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from tests.rules.coc6_budo.conftest import KP, Table


def _table(system: str, **settings) -> Table:
    """アキ (STR 16 SIZ 16: db +1D4; ナイフ 50 → special ≤ 10; 拳銃 50; バット 50) against
    信者 (HP 13, no skills worth a defence)."""
    t = Table.open(system, shock=False, **settings)
    t.join("pc", t.sheet("アキ", DEX=15, STR=16, SIZ=16, skills={"ナイフ": 50, "拳銃": 50, "大きい棍棒": 50},
                         weapons=[t.weapon("ナイフ"), t.weapon("拳銃"), t.weapon("バット")]))
    t.npc(t.sheet("信者", DEX=10, CON=13, SIZ=13))
    t.start()
    t.end_turns_until("アキ")
    return t


def _stab(t: Table, roll: int, damage: list[int], weapon: str = "ナイフ") -> list:
    t.run("pc", cmds.Attack, [roll], target="信者", weapon=weapon)
    return t.run(KP, cmds.React, damage, action="なし", as_unit="信者")


def _rolled(events) -> list[tuple[str, int, bool]]:
    return [(e.expr, e.total, e.impale) for e in events if isinstance(e, ce.DamageRolled)]


@pytest.mark.rule("X-IMPALE-01", "X-ROLL-03")
@pytest.mark.parametrize("system", ["coc6-house", "coc6", "coc6-budo"])
def test_a_special_knife_hit_rolls_the_knife_twice_and_db_once(system):
    t = _table(system)
    events = _stab(t, 10, [3, 4, 2])  # 10 ≤ 50/5: special; 1D4 ＝ 3, 1D4 ＝ 4, db 1D4 ＝ 2
    assert _rolled(events) == [("(1D4)+(1D4)+1D4", 9, True)]
    assert t.hp("信者") == 13 - 9
    line = event_line(next(e for e in events if isinstance(e, ce.DamageRolled)))
    assert line == "ダメージ【貫通：武器のダイス2回】：((1D4)+(1D4)+1D4) ＞ (3[3])+(4[4])+2[2] ＞ 9"
    outcome = next(e for e in events if isinstance(e, ce.AttackResolved)).outcome
    assert outcome == "信者に9ダメージ（貫通 (1D4)+(1D4)+1D4 ＞ 9）"


@pytest.mark.rule("X-IMPALE-01")
def test_an_ordinary_success_and_a_club_do_not_impale():
    t = _table("coc6-house")
    assert _rolled(_stab(t, 11, [3, 2])) == [("1D4+1D4", 5, False)]  # 11 > 10: a success only
    t.run("pc", cmds.EndTurn)
    t.end_turns_until("アキ")
    assert _rolled(_stab(t, 10, [6, 2], weapon="バット")) == [("1D8+1D4", 8, False)]  # clubs never impale


@pytest.mark.rule("X-IMPALE-01", "X-ROLL-02", "X-ROLL-03")
def test_a_critical_above_the_special_band_does_not_impale():
    t = Table.open("coc6-house", shock=False)
    t.join("pc", t.sheet("アキ", DEX=15, skills={"ナイフ": 20}, weapons=[t.weapon("ナイフ")]))
    t.npc(t.sheet("信者", DEX=10, CON=13, SIZ=13))
    t.start()
    t.end_turns_until("アキ")
    t.run("pc", cmds.Attack, [5], target="信者", weapon="ナイフ")  # 5: critical, but 5 > 20/5
    events = t.run(KP, cmds.React, [3], action="なし", as_unit="信者")
    assert _rolled(events) == [("1D4", 3, False)]


@pytest.mark.rule("X-IMPALE-01")
@pytest.mark.parametrize("setting,dice,expected", [
    ("OFF", [3, 2], ("1D4+1D4", 5, False)),
    ("TWICE", [3, 4, 2, 1], ("(1D4)+(1D4)+1D4+1D4", 10, True)),
])
def test_the_kp_setting_turns_it_off_or_adds_db_twice(setting, dice, expected):
    t = _table("coc6-house", impale=setting)
    assert _rolled(_stab(t, 10, dice)) == [expected]


@pytest.mark.rule("X-IMPALE-01", "H-FIRE-08")
def test_a_special_bullet_impales_and_adds_no_db():
    t = _table("coc6-house")
    events = t.run("pc", cmds.Attack, [8, 7, 9], target="信者", weapon="拳銃")  # 8 ≤ 10: special
    assert _rolled(events) == [("(1D10)+(1D10)", 16, True)]
    t.run(KP, cmds.React, [], action="なし", as_unit="信者")
    assert t.hp("信者") == 13 - 16
