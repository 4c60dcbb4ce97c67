"""「防御」 (CON×5 block) and armour under the house rules (H-DEF-BLOCK-01..05, H-DEF-06/07)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from rules.systems.coc6.armor import after_armor, armor_counts
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.options import reaction_options, refusal_of


@pytest.fixture
def fight(table_of):
    """ゾンビ (DEX 8, こぶし 50, バット 60, 拳銃 50, no db) against アリス (DEX 7, CON 12:
    防御 60%, HP 11, armour 1). Shock rolls are off."""
    table = table_of("coc6-house", shock=False)
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60),
                                                    table.weapon("拳銃", skill_value=50)]))
    table.join("alice", table.sheet("アリス", DEX=7, CON=12, armor=1))
    table.start()
    return table


def blocked(fight, weapon, dice, attack_roll=30):
    fight.attack("ゾンビ", "アリス", [attack_roll], weapon=weapon)
    return fight.react("アリス", "防御", dice)


def reduction(events):
    return [(e.expr, e.total, e.armor) for e in events if isinstance(e, ce.ReductionRolled)]


@pytest.mark.rule("H-DEF-BLOCK-01")
def test_a_block_reduces_an_unarmed_blow_by_1d5_plus_armour(fight):
    events = blocked(fight, "こぶし", [40, 3, 2])  # CON×5 60: 40 succeeds; 1D3 = 3; 1D5 = 2
    assert [e.text for e in events if isinstance(e, ce.CheckRolled)] == ["(1D100<=60) ＞ 40 ＞ 成功"]
    assert reduction(events) == [("1D5", 2, 1)]
    assert fight.hp("アリス") == 11  # 3 − 2 − 1 = 0


@pytest.mark.rule("H-DEF-BLOCK-02")
def test_a_block_reduces_a_melee_weapon_by_1d2_plus_armour(fight):
    events = blocked(fight, "バット", [40, 8, 2])  # 1D8 = 8; 1D2 = 2
    assert reduction(events) == [("1D2", 2, 1)]
    assert fight.hp("アリス") == 11 - 5


@pytest.mark.rule("H-DEF-BLOCK-03")
def test_firearms_cannot_be_blocked(fight):
    alice, zombie = fight.unit("アリス"), fight.unit("ゾンビ")
    gun = zombie.character.weapon("拳銃")
    inc = Incoming(1, "ゾンビ", gun, "アリス", {})
    assert refusal_of(fight.system.rules, fight.state, alice, inc, "防御").clause == "H-DEF-BLOCK-03"
    assert "防御" not in reaction_options(fight.system.rules, fight.state, alice, zombie, gun)


@pytest.mark.rule("H-DEF-BLOCK-04")
def test_a_critical_block_reduces_unarmed_by_2d5_and_a_weapon_by_1d2(fight, table_of):
    events = blocked(fight, "こぶし", [3, 3, 4, 5])
    assert reduction(events) == [("2D5", 9, 1)]
    assert fight.hp("アリス") == 11
    weapon = table_of("coc6-house", shock=False)
    weapon.npc(weapon.sheet("ゾンビ", DEX=8, weapons=[weapon.weapon("バット", skill_value=60)]))
    weapon.join("alice", weapon.sheet("アリス", DEX=7, CON=12, armor=1))
    weapon.start()
    events = blocked(weapon, "バット", [3, 8, 2])
    assert reduction(events) == [("1D2", 2, 1)]
    assert weapon.hp("アリス") == 11 - 5


@pytest.mark.rule("H-DEF-BLOCK-04")
def test_the_keeper_may_read_the_melee_critical_otherwise(table_of):
    table = table_of("coc6-house", shock=False, block_melee_critical="2D5")
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60)]))
    table.join("alice", table.sheet("アリス", DEX=7, CON=12))
    table.start()
    events = blocked(table, "バット", [3, 8, 1, 2])
    assert reduction(events) == [("2D5", 3, 0)]
    assert table.hp("アリス") == 11 - 5


@pytest.mark.rule("H-DEF-BLOCK-05")
@pytest.mark.rule("H-DEF-07")
def test_a_fumbled_block_reduces_nothing_and_penetrates_the_armour(fight):
    events = blocked(fight, "バット", [98, 6])
    assert reduction(events) == []
    assert fight.hp("アリス") == 11 - 6  # armour 1 does not count


@pytest.mark.rule("H-DEF-06")
def test_a_failed_block_leaves_only_the_armour(fight):
    blocked(fight, "バット", [70, 6])
    assert fight.hp("アリス") == 11 - 5


@pytest.mark.rule("H-DEF-07")
@pytest.mark.parametrize("pierced, critical, taken", [
    (False, False, 4), (True, False, 6), (True, True, 4), (False, True, 4)])
def test_penetrated_armour_counts_only_with_a_critical(pierced, critical, taken):
    assert after_armor(6, 2, armor_counts(pierced, critical)) == taken


@pytest.mark.rule("H-DEF-01")
def test_a_block_is_once_a_round(fight):
    blocked(fight, "バット", [70, 6])
    fight.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    fight.run("alice", cmds.EndTurn)
    assert fight.state.round == 2
    blocked(fight, "バット", [70, 1])
    assert fight.unit("アリス").used == {"防御": 1}
