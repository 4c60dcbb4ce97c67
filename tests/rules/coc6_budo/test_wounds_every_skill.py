"""Issue 29: a wound lowers every skill it should, however the skill is stored — a weapon's
own ``skill:N`` (バット skill:60) and 〈武道〉 as well as the sheet's skills — and the status
counts exactly the skills it lowered (B-CALL-ARM-04, B-CALL-VITAL-03, H-CALL-ARM-02)."""
from __future__ import annotations

import re

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from rules.systems.coc6.declarations import notes

from tests.rules.coc6.conftest import weapon


def _table(budo_table):
    """アキラ (DEX 15, こぶし 70) aims at 信者 (DEX 12, STR 12), who swings a バット kept at
    its own 60% and has 〈武道（空手）〉 40."""
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"こぶし": 70}))
    t.npc(t.sheet("信者", DEX=12, STR=12, weapons=[weapon("バット", skill_value=60)],
                  skills={"こぶし": 50, "武道（空手）": 40}))
    t.start()
    return t


def _swing(t) -> int:
    """信者's next bat attack on アキラ: the % it is rolled at."""
    t.run("aki", cmds.EndTurn)
    events = t.run("kp", cmds.Attack, [99], target="アキラ", weapon="バット", as_unit="信者")
    return next(e for e in events if isinstance(e, ce.AttackDeclared)).skill


@pytest.mark.rule("B-CALL-ARM-04")
def test_an_arm_wound_halves_the_bat_kept_on_the_weapon_and_budo(budo_table):
    t = _table(budo_table)
    t.attack("アキラ", "信者", [30], aim="腕")
    t.react("信者", "なし", [3, 90])  # 3 damage; 3 vs STR 9 fails: the bat stays in hand
    sheet = t.unit("信者").character
    bat = sheet.weapon("バット")
    assert (sheet.weapon_skill(bat), sheet.skill("武道（空手）"), sheet.skill("こぶし")) == (30, 20, 25)
    assert sheet.skill("キック") == 25  # a leg skill is not an arm skill (not on the KP's list)
    assert _swing(t) == 30


@pytest.mark.rule("B-CALL-VITAL-03")
def test_a_vital_wound_halves_every_skill_the_unit_can_roll_and_the_status_counts_them(budo_table):
    t = _table(budo_table)
    before = t.unit("信者").character.skill_values()
    t.attack("アキラ", "信者", [15], aim="急所")
    t.react("信者", "なし", [3, 4, 90, 60, 2])  # (3 − 0) × 2; 1D6 = 4 rounds; no faint; SAN
    unit = t.unit("信者")
    after = unit.character.skill_values()
    assert {name: after.get(name, 0) for name in before} == {name: value // 2 for name, value in before.items()}
    assert after["バット"] == 30 and after["武道（空手）"] == 20
    wound = next(e for e in t.log if isinstance(e, ce.WoundTaken))
    assert len(wound.skills) == sum(1 for value in before.values() if value // 2 != value)
    line = next(n for n in notes(unit) if n.startswith("急所の負傷"))
    shown = line.split(": ", 1)[1].split("（ほか")[0].split("・")
    assert shown == ["こぶし−25%", "バット−30%", "武道（空手）−20%"]
    others = int(re.search(r"ほか(\d+)技能", line).group(1))
    assert len(shown) + others == len(wound.skills)
    assert _swing(t) == 30
