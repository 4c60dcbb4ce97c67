"""The book parry rule (system ``coc6``, seed 001): P-PARRY, P-CLASS, P-DMG, the worked
examples P-EX-01..06 replayed exactly, and the remarks P-NOTE-01..04."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import dodge
from rules.systems.coc6 import events as ce
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.parrying import parry_weapons


def book(table_of, *weapons, skills=None, attack=("手斧", "1D8+2", None), **settings):
    """The seed's burly man 巨漢 (DEX 12, STR 14, SIZ 16: db +1D4, ``attack`` at 60%) and
    a dark young 仔山羊 (DEX 9, 蹴り 4D6, no db) against ユウキ (DEX 11, CON 12, SIZ 12:
    HP 12) holding ``weapons`` (name, fields) at 50%."""
    table = table_of("coc6", shock=False, **settings)
    name, damage, cls = attack
    table.npc(table.sheet("巨漢", DEX=12, STR=14, SIZ=16,
                          weapons=[table.weapon(name, skill_value=60, damage=damage, cls=cls)]))
    table.npc(table.sheet("仔山羊", DEX=9, CON=20, weapons=[table.weapon("蹴り", skill_value=60, damage="4D6")]))
    table.join("yuki", table.sheet("ユウキ", DEX=11, CON=12, SIZ=12, skills=skills or {},
                                   weapons=[table.weapon(w, skill_value=50, **kw) for w, kw in weapons]))
    table.start()
    return table


ELEVEN = [40, 6, 3]          # 巨漢 hits (40 ≤ 60); 手斧 1D8+2+1D4 = 6+2+3 = 11
TWENTY_TWO = [40, 6, 6, 5, 5]  # 仔山羊 hits; 蹴り 4D6 = 22


def weapon_state(table, name):
    ws = table.unit("ユウキ").weapons[name]
    return ws.hp, ws.broken, ws.cannot_fire


def axe_then_kick(table, weapon):
    """P-EX: 11 from the axe in round 1, then 22 from the kick in round 2, both parried."""
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, *ELEVEN[1:]], weapon=weapon)
    first = (table.hp("ユウキ"), weapon_state(table, weapon))
    table.run("kp", cmds.EndTurn, as_unit="巨漢")
    table.end_turns_until("仔山羊")
    table.run("kp", cmds.EndTurn, as_unit="仔山羊")
    table.end_turns_until("仔山羊")
    table.attack("仔山羊", "ユウキ", TWENTY_TWO[:1], weapon="蹴り")
    table.react("ユウキ", "受け流し", [30, *TWENTY_TWO[1:]], weapon=weapon)
    return first, (table.hp("ユウキ"), weapon_state(table, weapon))


@pytest.mark.rule("P-EX-01")
@pytest.mark.rule("P-EX-04")
@pytest.mark.rule("P-DMG-03")
def test_the_cavalry_sabre_examples(table_of):
    table = book(table_of, ("騎兵用サーベル", {}))
    first, second = axe_then_kick(table, "騎兵用サーベル")
    assert first == (12, (20, False, False))   # 11 parried, HP of the sabre unchanged
    assert second == (10, (20, True, False))   # 22 > 20: destroyed, 2 get through


@pytest.mark.rule("P-EX-02")
@pytest.mark.rule("P-EX-05")
@pytest.mark.rule("P-DMG-04")
def test_the_poker_examples(table_of):
    first = book(table_of, ("火かき棒", {"hp": 20}))
    table = first
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, *ELEVEN[1:]], weapon="火かき棒")
    assert (table.hp("ユウキ"), weapon_state(table, "火かき棒")) == (12, (9, False, False))
    fresh = book(table_of, ("火かき棒", {"hp": 20}))
    fresh.end_turns_until("仔山羊")
    fresh.attack("仔山羊", "ユウキ", TWENTY_TWO[:1], weapon="蹴り")
    fresh.react("ユウキ", "受け流し", [30, *TWENTY_TWO[1:]], weapon="火かき棒")
    assert (fresh.hp("ユウキ"), weapon_state(fresh, "火かき棒")) == (10, (0, True, False))


@pytest.mark.rule("P-EX-03")
@pytest.mark.rule("P-EX-06")
@pytest.mark.rule("P-DMG-06")
@pytest.mark.rule("P-NOTE-03")
def test_the_shotgun_examples(table_of):
    table = book(table_of, ("12ゲージショットガン", {}))
    first, second = axe_then_kick(table, "12ゲージショットガン")
    assert first == (11, (10, False, True))     # 1 through; cannot fire; HP stays 10
    assert second == (-1, (10, False, True))    # parries again with HP 10: 12 through


@pytest.mark.rule("P-DMG-06")
@pytest.mark.rule("P-CLASS-06")
def test_a_shotgun_that_cannot_fire_or_that_parried_this_round_does_not_shoot(table_of):
    table = book(table_of, ("12ゲージショットガン", {}))
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, *ELEVEN[1:]], weapon="12ゲージショットガン")
    table.run("kp", cmds.EndTurn, as_unit="巨漢")
    refusal = table.refused("P-DMG-06", "yuki", cmds.Attack, [30], target="巨漢", weapon="12ゲージショットガン")
    assert "射撃できません" in refusal.message
    rifle = book(table_of, ("ライフル", {}))
    rifle.attack("巨漢", "ユウキ", [40], weapon="手斧")
    rifle.react("ユウキ", "受け流し", [30, 1, 2], weapon="ライフル")
    rifle.run("kp", cmds.EndTurn, as_unit="巨漢")
    rifle.refused("P-CLASS-06", "yuki", cmds.Attack, [30], target="巨漢", weapon="ライフル")


@pytest.mark.rule("P-PARRY-01")
def test_one_parry_per_round(table_of):
    table = book(table_of, ("騎兵用サーベル", {}))
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, *ELEVEN[1:]], weapon="騎兵用サーベル")
    table.run("kp", cmds.EndTurn, as_unit="巨漢")
    table.end_turns_until("仔山羊")
    table.attack("仔山羊", "ユウキ", TWENTY_TWO[:1], weapon="蹴り")
    assert table.options("ユウキ") == ["回避", "なし"]
    table.refused("P-PARRY-01", "yuki", cmds.React, action="受け流し")


@pytest.mark.rule("P-PARRY-02")
@pytest.mark.rule("P-PARRY-05")
@pytest.mark.rule("P-PARRY-06")
def test_without_martial_arts_the_parry_is_declared_at_round_start_naming_the_opponent(table_of):
    undeclared = book(table_of, ("騎兵用サーベル", {}), skills={"マーシャルアーツ": 0})
    undeclared.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    undeclared.refused("P-PARRY-05", "yuki", cmds.React, action="受け流し")
    other = book(table_of, ("騎兵用サーベル", {}), skills={"マーシャルアーツ": 0})
    other.declare("ユウキ", "受け流し", target="仔山羊")
    other.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    other.refused("P-PARRY-02", "yuki", cmds.React, action="受け流し")
    named = book(table_of, ("騎兵用サーベル", {}), skills={"マーシャルアーツ": 0})
    named.declare("ユウキ", "受け流し", target="巨漢")  # no weapon named (P-PARRY-06)
    named.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    named.react("ユウキ", "受け流し", [30, *ELEVEN[1:]], weapon="騎兵用サーベル")
    assert named.hp("ユウキ") == 12
    named.refused("P-PARRY-05", "yuki", cmds.Declare, action="受け流し", target="仔山羊")


@pytest.mark.rule("P-PARRY-07")
@pytest.mark.rule("P-PARRY-08")
def test_every_coc_character_has_martial_arts_1_and_parries_without_declaring(table_of):
    table = book(table_of, ("騎兵用サーベル", {}))
    assert table.unit("ユウキ").character.skill("マーシャルアーツ") == 1
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    assert table.options("ユウキ") == ["回避", "受け流し", "なし"]


@pytest.mark.rule("P-PARRY-03")
@pytest.mark.rule("P-PARRY-04")
def test_the_parry_rolls_the_weapons_attack_skill_and_a_failure_takes_everything(table_of):
    table = book(table_of, ("騎兵用サーベル", {}))
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    events = table.react("ユウキ", "受け流し", [51, *ELEVEN[1:]], weapon="騎兵用サーベル")
    assert [e.text for e in events if isinstance(e, ce.CheckRolled)] == ["(1D100<=50) ＞ 51 ＞ 失敗"]
    assert table.hp("ユウキ") == 12 - 11


@pytest.mark.rule("P-PARRY-04")
def test_no_critical_or_fumble_rules_in_the_book_a_fumble_is_a_failure(table_of):
    crit = book(table_of, ("騎兵用サーベル", {}))
    crit.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    crit.react("ユウキ", "受け流し", [2, *ELEVEN[1:]], weapon="騎兵用サーベル")
    assert crit.state.pending == []  # no counterattack question
    fumble = book(table_of, ("騎兵用サーベル", {}))
    fumble.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    fumble.react("ユウキ", "受け流し", [99, *ELEVEN[1:]], weapon="騎兵用サーベル")
    assert (fumble.hp("ユウキ"), weapon_state(fumble, "騎兵用サーベル")) == (1, (20, False, False))


def legal(table):
    pending = table.state.pending_for("ユウキ")
    inc = Incoming.of(pending)
    return [w.name for w in parry_weapons(table.system.rules, table.state, table.unit("ユウキ"), inc.weapon)]


@pytest.mark.rule("P-CLASS-01")
@pytest.mark.rule("P-DMG-01")
def test_fist_and_kick_stop_fists_and_kicks_but_not_weapons(table_of):
    table = book(table_of, attack=("こぶし", "1D3", "こぶし"))
    table.attack("巨漢", "ユウキ", [40], weapon="こぶし")
    assert legal(table) == ["こぶし", "キック"]  # 〈組み付き〉 stops weapons only (P-CLASS-02)
    table.react("ユウキ", "受け流し", [20, 3, 4], weapon="キック")  # キック 25
    assert table.hp("ユウキ") == 12
    armed = book(table_of)
    armed.attack("巨漢", "ユウキ", [40], weapon="手斧")
    armed.refused("P-CLASS-01", "yuki", cmds.React, action="受け流し", weapon="こぶし")


@pytest.mark.rule("P-CLASS-02")
@pytest.mark.rule("P-DMG-02")
def test_a_grapple_parry_succeeding_twice_cancels_a_weapon(table_of):
    table = book(table_of, skills={"組み付き": 50})
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, 45, *ELEVEN[1:]], weapon="組み付き")
    assert table.hp("ユウキ") == 12


@pytest.mark.rule("P-CLASS-03")
def test_a_sword_that_parried_may_still_attack_that_round(table_of):
    table = book(table_of, ("騎兵用サーベル", {}))
    table.attack("巨漢", "ユウキ", ELEVEN[:1], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, *ELEVEN[1:]], weapon="騎兵用サーベル")
    table.run("kp", cmds.EndTurn, as_unit="巨漢")
    table.attack("ユウキ", "巨漢", [20], weapon="騎兵用サーベル")
    assert table.state.pending_for("巨漢") is not None


@pytest.mark.rule("P-CLASS-04")
@pytest.mark.parametrize("weapon", ["火かき棒", "ファイティングナイフ", "槍"])
def test_a_club_knife_or_spear_that_parried_cannot_attack_that_round(table_of, weapon):
    table = book(table_of, (weapon, {"hp": 20}), skills={"武道（棒術）": 50})
    table.attack("巨漢", "ユウキ", [40], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, 1, 2], weapon=weapon)
    table.run("kp", cmds.EndTurn, as_unit="巨漢")
    table.refused("P-CLASS-04", "yuki", cmds.Attack, [30], target="巨漢", weapon=weapon)


@pytest.mark.rule("P-CLASS-05")
@pytest.mark.rule("P-DMG-05")
def test_a_shield_stops_weapons_and_missiles_only_with_the_keepers_chance(table_of):
    table = book(table_of, ("盾", {"cls": "盾", "hp": 15}), attack=("大槌", "22", None))
    table.attack("巨漢", "ユウキ", [40], weapon="大槌")
    table.react("ユウキ", "受け流し", [30, 4], weapon="盾")  # 22 + 1D4 (4) = 26: excess 11
    assert (table.hp("ユウキ"), weapon_state(table, "盾")) == (12 - 11, (4, False, False))
    arrows = book(table_of, ("盾", {"cls": "盾", "hp": 15}), attack=("弓", "1D6", "弓"))
    arrows.attack("巨漢", "ユウキ", [40], weapon="弓")
    arrows.refused("P-CLASS-05", "yuki", cmds.React, action="受け流し", weapon="盾")


@pytest.mark.rule("P-CLASS-07")
@pytest.mark.rule("P-DMG-04")
def test_a_bow_loses_hp_by_the_damage_and_cannot_shoot_that_round(table_of):
    table = book(table_of, ("弓", {}))
    table.attack("巨漢", "ユウキ", [40], weapon="手斧")
    table.react("ユウキ", "受け流し", [30, 1, 2], weapon="弓")  # 1D8+2+1D4 = 1 + 2 + 2 = 5
    assert weapon_state(table, "弓") == (3, False, False)  # HP 8
    table.run("kp", cmds.EndTurn, as_unit="巨漢")
    table.refused("P-CLASS-07", "yuki", cmds.Attack, [30], target="巨漢", weapon="弓")


@pytest.mark.rule("P-CLASS-08")
@pytest.mark.rule("P-NOTE-02")
@pytest.mark.parametrize("weapon, fields, clause", [
    ("スリング", {"cls": "スリング"}, "P-CLASS-08"), ("拳銃", {}, "P-NOTE-02")])
def test_slings_and_handguns_cannot_parry(table_of, weapon, fields, clause):
    table = book(table_of, (weapon, fields))
    table.attack("巨漢", "ユウキ", [40], weapon="手斧")
    table.refused(clause, "yuki", cmds.React, action="受け流し", weapon=weapon)


@pytest.mark.rule("P-NOTE-01")
def test_parrying_for_someone_else_needs_the_keepers_setting(table_of):
    table = book(table_of, ("騎兵用サーベル", {}))
    table.join("mina", table.sheet("ミナ", DEX=5))
    table.attack("巨漢", "ミナ", [40], weapon="手斧")
    table.refused("P-NOTE-01", "yuki", cmds.React, action="受け流し", target="ミナ")
    allowed = book(table_of, ("騎兵用サーベル", {}), substitute_parry=True)
    allowed.join("mina", allowed.sheet("ミナ", DEX=5))
    allowed.attack("巨漢", "ミナ", [40], weapon="手斧")
    allowed.run("yuki", cmds.React, [60, 6, 3], action="受け流し", target="ミナ", weapon="こぶし")
    assert (allowed.hp("ユウキ"), allowed.hp("ミナ")) == (12 - 11, 10)  # the substitute takes it


@pytest.mark.rule("P-NOTE-04")
def test_invictus_shields_parry_twice_but_then_no_dodge(table_of):
    off = book(table_of, ("盾", {"cls": "盾", "hp": 15}))
    off.attack("巨漢", "ユウキ", [40], weapon="手斧")
    off.react("ユウキ", "受け流し", [30, 1, 2], weapon="盾")
    off.run("kp", cmds.EndTurn, as_unit="巨漢")
    off.end_turns_until("仔山羊")
    off.attack("仔山羊", "ユウキ", [40], weapon="蹴り")
    off.refused("P-PARRY-01", "yuki", cmds.React, action="受け流し", weapon="盾")
    on = book(table_of, ("盾", {"cls": "盾", "hp": 15}), invictus_shields=True)
    on.attack("巨漢", "ユウキ", [40], weapon="手斧")
    on.react("ユウキ", "受け流し", [30, 1, 2], weapon="盾")
    on.run("kp", cmds.EndTurn, as_unit="巨漢")
    on.end_turns_until("仔山羊")
    on.attack("仔山羊", "ユウキ", [40], weapon="蹴り")
    on.react("ユウキ", "受け流し", [30, 1, 1, 1, 1], weapon="盾")
    assert on.unit("ユウキ").used == {"受け流し": 2}
    third = Incoming(9, "仔山羊", on.unit("仔山羊").character.weapon("蹴り"), "ユウキ", {})
    refusal = dodge.refusal(on.system.rules, on.state, on.unit("ユウキ"), third)
    assert refusal is not None and refusal.clause == "P-NOTE-04"
