"""Called shots 「部位狙い」 of seed 002 (B-CALL-*): −30% (−50% for a shared vital spot),
vital (damage − armour) × 2 with halved skills, fainting and the SAN check; arm and leg hits
with the HP floor, STR/DEX loss, dropping and falling, and recovery by first aid; the weapon
shot."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce

from tests.rules.coc6.conftest import weapon
from tests.rules.coc6_budo.conftest import KP


def _shot(budo_table, target=None, armor=0, weapons=(), attacker_weapons=(), **settings):
    """アキラ (DEX 15, こぶし 70, バット 70, POW 10) aims at 信者 (DEX 12, STR 12)."""
    t = budo_table(**settings)
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"こぶし": 70, "大きい棍棒": 70},
                          weapons=attacker_weapons))
    t.join("doc", t.sheet("ドク", DEX=14, skills={"応急手当": 60}))
    stats = {"DEX": 12, "STR": 12, **(target or {})}
    t.npc(t.sheet("信者", armor=armor, weapons=weapons, skills={"こぶし": 50, "キック": 40}, **stats))
    t.start()
    return t


def _checks(events):
    return [(e.target, e.roll, e.level) for e in events if isinstance(e, ce.CheckRolled)]


def _attack(t, dice, aim, weapon=None):
    events = t.attack("アキラ", "信者", dice, aim=aim, **({"weapon": weapon} if weapon else {}))
    return next(e for e in events if isinstance(e, ce.AttackDeclared))


def _rounds(t, count):
    """End turns until ``count`` more rounds have started."""
    goal = t.state.round + count
    while t.state.round < goal:
        unit = t.unit(t.state.turn)
        t.run(unit.owner or KP, cmds.EndTurn, as_unit=None if unit.owner else unit.id)


@pytest.mark.rule("B-CALL-02", "B-CALL-03", "B-CALL-VITAL-01", "B-CALL-VITAL-02", "B-CALL-VITAL-03",
                  "B-CALL-VITAL-04", "B-CALL-VITAL-05")
def test_a_vital_shot(budo_table):
    t = _shot(budo_table, armor=1)
    declared = _attack(t, [15], "急所")
    assert (declared.skill, declared.aim) == (20, "急所")  # 70 − 30 − 20
    events = t.react("信者", "なし", [3, 3, 15, 60, 2])
    assert [e.after for e in events if isinstance(e, ce.HpChanged)] == [6]  # (3 − 1) × 2 = 4
    wound = next(e for e in events if isinstance(e, ce.WoundTaken))
    assert wound.part == "急所" and wound.skills["こぶし"] == -25
    assert t.unit("信者").character.skill("こぶし") == 25
    assert _checks(events) == [(20, 15, "成功"), (50, 60, "失敗")]  # 4 vs CON 10; SAN 50
    assert "気絶" in t.unit("信者").conditions
    assert t.unit("アキラ").marks["san_lost"] == 2  # 1/1d4: failed, 1D4 = 2
    assert t.unit("信者").marks["vital_until"] == 4  # round 1 + 1D6 (3)
    _rounds(t, 3)
    assert t.unit("信者").character.skill("こぶし") == 50 and "vital_until" not in t.unit("信者").marks


@pytest.mark.rule("B-CALL-VITAL-01", "B-CALL-VITAL-03")
def test_without_a_shared_vital_spot_it_is_minus_30_and_armour_may_stop_it_all(budo_table):
    t = _shot(budo_table, armor=3, same_vital=False)
    assert _attack(t, [35], "頭").skill == 40
    events = t.react("信者", "なし", [3])
    assert not [e for e in events if isinstance(e, (ce.HpChanged, ce.WoundTaken, ce.CheckRolled))]
    assert t.hp("信者") == 10


@pytest.mark.rule("B-CALL-01", "B-CALL-02")
def test_what_may_be_aimed_at(budo_table):
    t = _shot(budo_table)
    t.refused("B-CALL-01", "aki", cmds.Attack, target="信者", aim="尻尾")
    t.refused("B-CALL-02", "aki", cmds.Attack, target="信者", aim="腕", special="フェイント")
    t.refused("B-CALL-WPN-01", "aki", cmds.Attack, target="信者", aim="武器")


@pytest.mark.rule("B-CALL-ARM-02", "B-CALL-ARM-03", "B-CALL-ARM-04", "B-CALL-ARM-05")
def test_an_arm_hit_lowers_str_halves_arm_skills_and_drops_the_weapon(budo_table):
    t = _shot(budo_table, weapons=[weapon("ナイフ")])
    assert _attack(t, [30], "腕").skill == 40
    events = t.react("信者", "なし", [3, 10])
    assert t.hp("信者") == 7 and t.unit("信者").character.stat("STR") == 9
    assert t.unit("信者").character.skill("こぶし") == 25
    assert _checks(events) == [(20, 10, "成功")]  # 3 vs the lowered STR 9
    assert t.unit("信者").weapons["ナイフ"].dropped
    t.run("aki", cmds.EndTurn)
    t.run("doc", cmds.SkillCheck, [30, 2], skill="応急手当", target="信者")
    assert t.hp("信者") == 9 and t.unit("信者").character.stat("STR") == 11
    assert t.unit("信者").character.skill("こぶし") == 25  # STR not yet back
    _rounds(t, 1)
    t.end_turns_until("ドク")
    t.run("doc", cmds.SkillCheck, [30, 3], skill="応急手当", target="信者")
    assert t.hp("信者") == 10 and t.unit("信者").character.stat("STR") == 12
    assert t.unit("信者").character.skill("こぶし") == 50 and not t.unit("信者").wounds


@pytest.mark.rule("B-CALL-ARM-01", "B-CALL-ARM-04")
def test_an_arm_hit_never_kills_and_str_2_makes_arm_skills_unusable(budo_table):
    t = _shot(budo_table, target={"CON": 4, "SIZ": 4, "STR": 4},
              attacker_weapons=[weapon("バット")])
    assert t.hp("信者") == 4
    _attack(t, [30], "腕", weapon="バット")
    t.react("信者", "なし", [8])
    unit = t.unit("信者")
    assert unit.hp == -2 and "気絶" in unit.conditions and "死亡" not in unit.conditions
    assert unit.character.stat("STR") == 2 and unit.character.skill("こぶし") == 0


@pytest.mark.rule("B-CALL-LEG-01", "B-CALL-LEG-02", "B-CALL-LEG-03", "B-CALL-LEG-04", "B-CALL-LEG-05")
def test_a_leg_hit_lowers_dex_halves_leg_skills_and_fells_the_target(budo_table):
    t = _shot(budo_table)
    assert _attack(t, [30], "足").skill == 40
    events = t.react("信者", "なし", [3, 10])
    unit = t.unit("信者")
    assert unit.hp == 7 and unit.character.stat("DEX") == 9 and unit.character.skill("キック") == 20
    assert _checks(events) == [(20, 10, "成功")] and "転倒" in unit.conditions
    t.run("aki", cmds.EndTurn)
    t.run("doc", cmds.SkillCheck, [30, 3], skill="応急手当", target="信者")
    assert t.unit("信者").character.stat("DEX") == 12 and t.unit("信者").character.skill("キック") == 40
    t2 = _shot(budo_table, target={"CON": 4, "SIZ": 4, "DEX": 4},
               attacker_weapons=[weapon("バット")])
    _attack(t2, [30], "足", weapon="バット")
    t2.react("信者", "なし", [8])
    unit = t2.unit("信者")
    assert unit.hp == -2 and "死亡" not in unit.conditions
    assert unit.character.stat("DEX") == 2 and unit.marks["cannot_stand"] is True


@pytest.mark.rule("B-CALL-WPN-01", "B-CALL-WPN-02", "B-CALL-WPN-03")
def test_a_weapon_shot_damages_the_weapon_and_disarms(budo_table):
    knife = weapon("ナイフ")
    t = _shot(budo_table, weapons=[knife])
    assert _attack(t, [30], "武器").skill == 40
    events = t.react("信者", "なし", [3, 10, 2])
    unit = t.unit("信者")
    assert unit.hp == 10 and unit.weapons["ナイフ"].hp == 6  # 9 − 3; the wielder takes none
    assert _checks(events) == [(20, 10, "成功")]  # 2 × 3 vs STR 12
    assert unit.weapons["ナイフ"].dropped and unit.character.stat("STR") == 6
    assert unit.marks["no_hold_until"] == 3  # round 1 + 1D4 (2)
    _rounds(t, 2)
    assert t.unit("信者").character.stat("STR") == 12


@pytest.mark.rule("B-CALL-WPN-03", "B-CALL-WPN-02")
def test_a_disarmed_unit_holds_nothing_for_the_rounds_then_its_weapon_lies_dropped(budo_table):
    t = _shot(budo_table, target={"DEX": 16}, weapons=[weapon("ナイフ")])  # 信者 acts first
    t.run(KP, cmds.EndTurn, as_unit="信者")
    _attack(t, [30], "武器")
    t.react("信者", "なし", [3, 10, 2])
    _rounds(t, 1)
    assert t.state.turn == "信者"
    t.refused("B-CALL-WPN-03", KP, cmds.Attack, target="アキラ", weapon="ナイフ", as_unit="信者")
    t.run(KP, cmds.Attack, [90], target="アキラ", weapon="こぶし", as_unit="信者")  # bare hands still work
    _rounds(t, 1)
    t.refused("B-CALL-WPN-02", KP, cmds.Attack, target="アキラ", weapon="ナイフ", as_unit="信者")
    events = t.run(KP, cmds.Attack, [90], target="アキラ", weapon="ナイフ", as_unit="信者",
                   allow=frozenset({"B-CALL-WPN-02"}))
    assert [e.note for e in events if isinstance(e, ce.WeaponReadied)] == ["KPの裁定で信者はナイフを拾い直した"]


@pytest.mark.rule("B-CALL-LEG-01")
def test_a_heavy_leg_hit_calls_for_the_shock_roll(budo_table):
    t = _shot(budo_table, shock=True, attacker_weapons=[weapon("バット")])
    _attack(t, [30], "足", weapon="バット")
    events = t.react("信者", "なし", [6, 60])  # 6 ≥ ⌈10 / 2⌉: CON×5 fails
    assert [(e.purpose, e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)] == \
        [("ショック（CON×5）", 50, 60)]
    assert t.hp("信者") == 4 and "気絶" in t.unit("信者").conditions


@pytest.mark.rule("B-CALL-ARM-02")
def test_an_arm_hit_that_knocks_the_target_out_still_makes_the_drop_roll(budo_table):
    t = _shot(budo_table, target={"CON": 4, "SIZ": 4}, weapons=[weapon("バット")],
              attacker_weapons=[weapon("バット")])
    _attack(t, [30], "腕", weapon="バット")
    events = t.react("信者", "なし", [8, 40])  # 1D8 = 8: HP 4 → −2 (気絶), STR 12 → 6
    unit = t.unit("信者")
    assert unit.hp == -2 and "気絶" in unit.conditions
    assert _checks(events) == [(60, 40, "成功")]  # 8 against STR 6: 50 + 5 × 2
    assert unit.weapons["バット"].dropped
