"""Firearms of the 7th edition (7-FIRE-01..08): no dodge, point-blank, several shots, range,
diving for cover, malfunction and ammunition."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import SetValue
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce
from rules.systems.coc7.events import Check7Rolled
from rules.systems.coc7.firearms import point_blank_squares

from tests.rules.coc7_battle.table7 import d, gun, investigator


def duel(table, gunman_dex: int = 60, target: dict | None = None, **weapon) -> None:
    """アリス (DEX ``gunman_dex``, 射撃（拳銃） 60, a .38リボルバー) against 信者 (HP 11, 回避 40)."""
    table.join("alice", investigator("アリス", DEX=gunman_dex, skills={"射撃（拳銃）": 60},
                                     weapons=[gun(**weapon)]))
    table.npc(target or investigator("信者", DEX=50, SIZ=60, skills={"回避": 40}))
    table.start()


@pytest.mark.rule("7-FIRE-01")
@pytest.mark.rule("7-DMG-01")
def test_a_shot_is_rolled_at_once_and_asks_nothing(table):
    duel(table)
    table.attack("アリス", "信者", d(45) + [5])  # hit; 1D10 = 5, no damage bonus for a gun
    assert table.state.pending == []
    assert table.last(ce.DamageRolled).expr == "1D10" and table.hp("信者") == 6
    with pytest.raises(InvalidInput):
        table.react("信者", "回避", d(10))


@pytest.mark.rule("7-FIRE-02")
@pytest.mark.parametrize("dex, squares", [(40, 2), (50, 3), (60, 3), (65, 3), (66, 4), (90, 5)])
def test_point_blank_is_a_fifth_of_dex_in_feet_in_squares(dex, squares):
    assert point_blank_squares(dex) == squares


@pytest.mark.rule("7-FIRE-02")
def test_point_blank_declared_gives_a_bonus_die(table):
    duel(table)
    table.attack("アリス", "信者", [7, 2, 5] + [3], special="至近距離")  # 75, 25 → 25
    rolled = table.last(Check7Rolled)
    assert (rolled.bonus, rolled.roll, rolled.note) == (1, 25, "（ボーナス・ダイス1: 至近距離）")


@pytest.mark.rule("7-FIRE-02")
@pytest.mark.parametrize("square, bonus", [("D1", 1), ("E1", 0)])
def test_point_blank_on_the_map_within_dex_over_five_feet(table, square, bonus):
    duel(table)  # DEX 60: 12 ft = 3.66 m: 3 squares
    table.run("kp", cmds.Place, name="アリス", to="A1")
    table.run("kp", cmds.Place, name="信者", to=square)
    table.attack("アリス", "信者", [9, 9, 9][:2 + bonus])
    assert table.last(Check7Rolled).bonus == bonus


@pytest.mark.rule("7-FIRE-02")
def test_point_blank_declared_beyond_it_is_refused(table):
    duel(table)
    table.run("kp", cmds.Place, name="アリス", to="A1")
    table.run("kp", cmds.Place, name="信者", to="E1")
    table.refused("7-FIRE-02", "alice", cmds.Attack, target="信者", special="至近距離")


@pytest.mark.rule("7-FIRE-03")
@pytest.mark.rule("7-FIRE-08")
def test_two_handgun_shots_take_a_penalty_die_each(table):
    duel(table)
    table.attack("アリス", "信者", [2, 4, 5] + [3] + [9, 9, 9], shots=2)  # 25, 45 → 45 hits (3); 99, 99 → 99 misses
    first, second = table.events_of(Check7Rolled)[-2:]
    assert first.purpose == "射撃（.38リボルバー）1発目" and second.purpose == "射撃（.38リボルバー）2発目"
    assert (first.bonus, first.roll, second.bonus, second.roll) == (-1, 45, -1, 99)
    assert first.note == "（ペナルティ・ダイス1: 2発撃ち）"
    assert table.hp("信者") == 8 and table.unit("アリス").arms[".38リボルバー"].ammo == 4
    assert table.last(ce.AttackResolved).outcome == "1発目が命中：信者に3ダメージ、2発目は外れた"


@pytest.mark.rule("7-FIRE-03")
def test_no_more_shots_than_the_weapon_fires_a_round(table):
    duel(table)
    table.refused("7-FIRE-03", "alice", cmds.Attack, target="信者", shots=4)


@pytest.mark.rule("7-FIRE-04")
@pytest.mark.parametrize("square, roll, hit", [
    ("A16", 50, True),   # 15 m: within the base range, a regular success hits
    ("A17", 50, False),  # 16 m: beyond it, a regular success misses
    ("A17", 30, True),   # a hard success (≤ 60/2) hits
    ("A31", 30, True),   # 30 m = twice the range: still a hard success
    ("A32", 30, False),  # 31 m: an extreme success is needed
    ("A61", 12, True),   # 60 m = four times: an extreme success (≤ 60/5) hits
])
def test_range_makes_a_shot_harder(table, square, roll, hit):
    duel(table)
    table.run("kp", cmds.Place, name="アリス", to="A1")
    table.run("kp", cmds.Place, name="信者", to=square)
    table.attack("アリス", "信者", d(roll) + ([4] if hit else []))  # a hit rolls 1D10 (or its extreme: 10 + 1D10)
    assert table.last(ce.AttackResolved).outcome.startswith("命中") is hit


@pytest.mark.rule("7-FIRE-04")
def test_beyond_four_times_the_range_a_shot_is_impossible(table):
    duel(table)
    table.run("kp", cmds.Place, name="アリス", to="A1")
    table.run("kp", cmds.Place, name="信者", to="A62")  # 61 m > 4 × 15
    table.refused("7-FIRE-04", "alice", cmds.Attack, target="信者")


@pytest.mark.rule("7-FIRE-05")
@pytest.mark.rule("7-FIRE-06")
def test_diving_for_cover_gives_a_penalty_die_and_costs_the_next_attack(table):
    duel(table)
    table.declare("信者", "身を投げ出す", d(30))  # 回避 40: success
    table.attack("アリス", "信者", [2, 9, 9])  # 29, 99 → 99
    rolled = table.last(Check7Rolled)
    assert rolled.bonus == -1 and rolled.note == "（ペナルティ・ダイス1: 身を投げ出した相手）"
    table.end("アリス")
    assert table.state.turn == "信者"
    table.refused("7-FIRE-06", "kp", cmds.Attack, d(10), target="アリス", as_unit="信者")
    table.refused("7-FIRE-05", "kp", cmds.Declare, d(10), action="身を投げ出す", as_unit="信者")
    table.end("信者")
    table.end("アリス")
    table.attack("信者", "アリス", d(90))  # the next round: it may attack again
    assert table.state.pending_for("アリス") is not None


@pytest.mark.rule("7-FIRE-05")
def test_a_failed_dive_gives_no_penalty_but_still_costs_the_attack(table):
    duel(table)
    table.declare("信者", "身を投げ出す", d(80))
    table.attack("アリス", "信者", d(90))
    assert table.last(Check7Rolled).bonus == 0
    assert table.unit("信者").marks["forfeit"] == 1


@pytest.mark.rule("7-FIRE-07")
def test_a_roll_at_the_malfunction_number_jams_the_gun(table):
    duel(table)
    table.attack("アリス", "信者", d(100))
    arm = table.unit("アリス").arms[".38リボルバー"]
    assert arm.jammed and arm.ammo == 6  # the shot did not fire
    assert table.last(ce.AttackResolved).outcome == "1発目：故障して撃てなかった"
    table.end("アリス")
    table.end("信者")
    table.refused("7-FIRE-07", "alice", cmds.Attack, target="信者", weapon=".38リボルバー")
    table.run("kp", SetValue, target="アリス", field=".38リボルバー.故障", value="0")
    table.attack("アリス", "信者", d(90))


@pytest.mark.rule("7-FIRE-07")
def test_a_malfunction_number_of_99_jams_at_99(table):
    duel(table, name="9mmオートマチック")
    table.attack("アリス", "信者", d(99))
    assert table.unit("アリス").arms["9mmオートマチック"].jammed


@pytest.mark.rule("7-FIRE-08")
@pytest.mark.rule("7-ATK-01")
def test_rounds_run_out_and_reloading_takes_the_turn(table):
    duel(table, capacity=2)
    table.attack("アリス", "信者", [9, 9, 0] * 2, shots=2)  # 90, 90 → 90 twice (a penalty die each)
    assert table.unit("アリス").arms[".38リボルバー"].ammo == 0
    table.end("アリス")
    table.end("信者")
    table.refused("7-FIRE-08", "alice", cmds.Attack, target="信者")
    table.declare("アリス", "装填")
    assert table.unit("アリス").arms[".38リボルバー"].ammo == 2
    table.refused("7-ATK-01", "alice", cmds.Attack, d(90), target="信者")


@pytest.mark.rule("7-DICE-03")
def test_a_declared_bonus_die_and_no_percent(table):
    duel(table)
    with pytest.raises(InvalidInput):
        table.attack("アリス", "信者", d(45), modifier=20)
    table.attack("アリス", "信者", [9, 2, 2], bonus=-1)  # cover: 92, 22 → 92
    assert table.last(Check7Rolled).note == "（ペナルティ・ダイス1: 宣言した補正）"
