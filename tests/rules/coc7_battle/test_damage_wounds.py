"""Extreme damage (7-DMG-01..03) and wounds (7-HP-01..06), with the order of the dice: the
attack roll, the defence roll, the damage (weapon dice, then the damage bonus), then CON."""
from __future__ import annotations

import pytest

from rules.systems.coc6 import events as ce
from rules.systems.coc7.events import Check7Rolled
from rules.systems.coc7.wounds import is_major

from tests.rules.coc7_battle.table7 import d, gun, investigator


def fight(table, weapon: str, victim: dict, **attacker_stats) -> None:
    """アリス (近接戦闘（格闘） 60, STR 80 SIZ 70: db +1D4, DEX 70) with ``weapon`` against ``victim``."""
    table.join("alice", investigator("アリス", DEX=70, STR=80, SIZ=70, skills={"近接戦闘（格闘）": 60},
                                     weapons=[gun(weapon)], **attacker_stats))
    table.npc(victim)
    table.start()


def victim(hp: int, con: int = 50, **fields) -> dict:
    """信者 with ``hp`` maximum HP (CON + SIZ = 10 × hp) and ``con`` CON."""
    return investigator("信者", DEX=50, CON=con, SIZ=10 * hp - con, **fields)


@pytest.mark.rule("7-DMG-02")
def test_an_extreme_blunt_blow_does_the_maximum_of_weapon_and_bonus(table):
    fight(table, "バット", victim(20))
    table.attack("アリス", "信者", d(12))  # 12 ≤ 60/5: extreme
    table.react("信者", "なし", d(30))  # no damage die: 1D8 → 8, db 1D4 → 4; 12 of 20: CON 50 rolled
    damage = table.last(ce.DamageRolled)
    assert (damage.total, damage.rolls) == (12, [])
    assert damage.text == "イクストリーム：最大ダメージ（1D8+1D4） ＝ 12"
    assert table.hp("信者") == 8


@pytest.mark.rule("7-DMG-02")
@pytest.mark.rule("7-DMG-03")
def test_an_extreme_impaling_blow_adds_one_more_roll_of_the_weapon(table):
    fight(table, "ナイフ", victim(20))
    table.attack("アリス", "信者", d(1))  # 01: a critical counts as extreme
    table.react("信者", "なし", [3] + d(30))  # 4 + 4 maximum, then the knife's 1D4 once more: 3; CON
    damage = table.last(ce.DamageRolled)
    assert (damage.total, damage.rolls) == (11, [[4, 3]])
    assert damage.text == "クリティカル：最大ダメージ（1D4+1D4） ＝ 8＋貫通でもう1回 (1D4) ＞ 3 → 8＋3 ＝ 11"


@pytest.mark.rule("7-DMG-01")
def test_a_thrown_weapon_adds_half_the_damage_bonus(table):
    fight(table, "石", victim(20))
    table.attack("アリス", "信者", d(10))  # 投擲 20 (base): 10 regular? hard (≤ 10)
    table.react("信者", "なし", [4, 3])  # 1D4 = 4, (1D4)/2 rounded up = 2
    assert table.last(ce.DamageRolled).expr == "1D4+(1D4)/2U" and table.hp("信者") == 20 - 6


@pytest.mark.rule("7-HP-02")
@pytest.mark.rule("7-HP-03")
@pytest.mark.parametrize("hp, blow, major", [(12, 6, True), (12, 5, False), (11, 6, True), (11, 5, False)])
def test_a_major_wound_is_half_the_maximum_exactly_or_more(hp, blow, major):
    assert is_major(blow, hp) is major


@pytest.mark.rule("7-HP-02")
@pytest.mark.rule("7-HP-03")
def test_half_the_hp_exactly_is_a_major_wound_and_a_failed_con_roll_knocks_out(table):
    fight(table, "バット", victim(12, con=40))
    table.attack("アリス", "信者", d(45))
    table.react("信者", "回避", d(90) + [4, 2] + d(41))  # 1D8 4 + 1D4 2 = 6 of 12; CON 40: 41 fails
    names = [e.purpose for e in table.events_of(Check7Rolled)]
    assert names == ["攻撃（バット）", "回避", "CON（重傷：気絶しないか）"]
    assert table.hp("信者") == 6 and table.conditions("信者") == ["重傷", "気絶"]


@pytest.mark.rule("7-HP-03")
def test_a_major_wound_with_a_good_con_roll_stays_awake(table):
    fight(table, "バット", victim(12, con=40))
    table.attack("アリス", "信者", d(45))
    table.react("信者", "なし", [4, 2] + d(40))
    assert table.conditions("信者") == ["重傷"]


@pytest.mark.rule("7-HP-02")
def test_one_less_than_half_is_no_major_wound(table):
    fight(table, "バット", victim(12))
    table.attack("アリス", "信者", d(45))
    table.react("信者", "なし", [3, 2])
    assert table.hp("信者") == 7 and table.conditions("信者") == []


@pytest.mark.rule("7-HP-01")
@pytest.mark.rule("7-HP-05")
def test_hp_stops_at_zero_and_without_a_major_wound_the_unit_is_only_unconscious(table):
    fight(table, "バット", victim(12))
    for _ in range(2):
        table.attack("アリス", "信者", d(45))
        table.react("信者", "なし", [4, 1])  # 5 each time: 12 → 7 → 2
        table.end("アリス")
    table.attack("アリス", "信者", d(45))
    table.react("信者", "なし", [4, 1])
    assert table.hp("信者") == 0  # not −3
    assert table.conditions("信者") == ["気絶"]


@pytest.mark.rule("7-HP-04")
def test_a_blow_of_more_than_the_maximum_hp_kills(table):
    fight(table, "バット", victim(11))
    table.attack("アリス", "信者", d(12))  # extreme: 8 + 4 = 12 > 11
    table.react("信者", "なし")
    assert table.hp("信者") == 0 and table.conditions("信者") == ["死亡"]


@pytest.mark.rule("7-HP-04")
@pytest.mark.rule("7-HP-06")
def test_a_blow_of_exactly_the_maximum_is_a_major_wound_to_zero(table):
    fight(table, "バット", victim(12))
    table.attack("アリス", "信者", d(12))  # extreme: 12 = 12
    table.react("信者", "なし")
    assert table.hp("信者") == 0 and table.conditions("信者") == ["重傷", "瀕死", "気絶"]


def dying(table, con_roll: int) -> None:
    """信者 (HP 12, CON 40) takes 5 in round 1, then 7 in round 2 (a major wound to 0); アリス
    ends her turn, and the round ends with the dying unit's CON roll ``con_roll``."""
    fight(table, "バット", victim(12, con=40))
    table.attack("アリス", "信者", d(45))
    table.react("信者", "なし", [4, 1])
    table.end("アリス")
    table.end("信者")
    table.attack("アリス", "信者", d(45))
    table.react("信者", "なし", [5, 2])
    assert table.hp("信者") == 0 and table.conditions("信者") == ["重傷", "瀕死", "気絶"]
    assert table.last(Check7Rolled).purpose == "攻撃（バット）"  # no CON roll when the blow leaves 0
    table.end("アリス", d(con_roll))


@pytest.mark.rule("7-HP-06")
def test_a_dying_unit_that_fails_its_con_roll_at_the_rounds_end_dies(table):
    dying(table, 41)
    assert table.last(Check7Rolled).purpose == "CON（瀕死：ラウンドの終わり）"
    assert table.conditions("信者") == ["重傷", "気絶", "死亡"]
    assert table.state.round == 3 and table.state.turn == "アリス"


@pytest.mark.rule("7-HP-06")
def test_a_dying_unit_that_makes_its_con_roll_stays_dying(table):
    dying(table, 40)
    assert table.conditions("信者") == ["重傷", "瀕死", "気絶"]
    table.end("アリス", d(95))  # round 3 ends: another CON roll, a failure
    assert "死亡" in table.conditions("信者")


@pytest.mark.rule("7-DMG-01")
@pytest.mark.rule("7-DICE-02")
def test_the_events_of_one_blow_come_in_the_tables_order(table):
    fight(table, "バット", victim(12, con=40))
    table.attack("アリス", "信者", d(45))
    table.react("信者", "回避", d(90) + [4, 2] + d(41))
    kinds = [type(e).__name__ for e in table.log[-10:]]
    assert kinds == ["ReactionChosen", "Check7Rolled", "ResponseUsed", "DamageRolled", "HpChanged",
                     "ConditionChanged", "Check7Rolled", "ConditionChanged", "SideOutOfAction", "AttackResolved"]
    assert table.last(ce.DamageRolled).rolls == [[8, 4], [4, 2]]  # the weapon's die, then the bonus's
