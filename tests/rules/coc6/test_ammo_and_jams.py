"""A gun's magazine, its reload and its jams (X-AMMO-01..03, X-JAM-01/02, H-ATK-03,
H-FIRE-05): the published 装弾数 and 故障ナンバー of the weapon table's rows, rounds used by
each shot, an empty gun refused naming 「リロード」, and jams only with the KP's setting."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.coc6.weapon_table import TABLE
from rules.coc6.weapons import make_weapon
from rules.systems.coc6 import ammo
from rules.systems.coc6 import events as ce
from tests.rules.coc6_budo.conftest import Table as AnyTable

KP = "kp"


def _table(table_of, system="coc6-house", gun="ウージー", **settings):
    table = table_of(system, shock=False, **settings)
    table.join("joe", table.sheet("ジョー", DEX=14, skills={"拳銃": 60, "サブマシンガン": 60, "ショットガン": 60},
                                  weapons=[table.weapon(gun)]))
    table.npc(table.sheet("信者", DEX=10, CON=30, SIZ=30))
    table.start()
    if table.state.declaring:
        table.run(KP, cmds.Declare, action="なし", as_unit="信者") if "信者" in table.state.declaring else None
        table.run("joe", cmds.Declare, action="なし") if "ジョー" in table.state.declaring else None
    return table


def fire(table, dice, **options):
    return table.run("joe", cmds.Attack, dice, target="信者", **options)


def rounds(table, gun="ウージー"):
    return ammo.rounds_left(table.unit("ジョー"), table.unit("ジョー").character.weapon(gun))


@pytest.mark.rule("X-AMMO-01", "X-JAM-01")
@pytest.mark.parametrize(("row", "magazine", "malfunction"), [
    (".38口径リボルバー", 6, 100), (".32口径オートマチック", 8, 99), (".25口径デリンジャー", 1, 100),
    (".30口径レバーアクション", 6, 98), ("12ゲージショットガン", 2, 100), ("トンプソン", 20, 96),
    ("ウージー", 32, 98), ("M16", 30, 97), ("ブローニングM1917", 250, 96), ("ミニガン", 4000, 98)])
def test_the_weapon_tables_rows_carry_their_published_magazine_and_malfunction(row, magazine, malfunction):
    assert (TABLE[row].ammo, TABLE[row].malfunction) == (magazine, malfunction)
    gun = make_weapon(row)
    assert (gun.ammo, gun.malfunction) == (magazine, malfunction)


@pytest.mark.rule("X-AMMO-01")
def test_every_firearm_row_has_both_numbers_and_no_other_row_has_them():
    for name, row in TABLE.items():
        assert (row.ammo is not None, row.malfunction is not None) == (row.parry_class.is_firearm,) * 2, name


@pytest.mark.rule("X-AMMO-01")
def test_a_hand_given_magazine_and_malfunction_win_over_the_row():
    gun = make_weapon("ウージー", ammo=25, malfunction=95)
    assert (gun.ammo, gun.malfunction) == (25, 95)
    assert make_weapon("バット").ammo is None


@pytest.mark.rule("X-AMMO-01", "H-FIRE-06")
def test_each_shot_fired_uses_a_round(table_of):
    table = _table(table_of)
    fire(table, [99] * 6, weapon="ウージー", mode="フルオート")
    assert rounds(table) == 32 - 6
    fire(table, [99] * 3, weapon="ウージー", mode="セミオート")
    assert rounds(table) == 32 - 9


@pytest.mark.rule("X-AMMO-01", "H-FIRE-05")
def test_fewer_rounds_left_than_the_mode_shoots_fire_what_is_left(table_of):
    table = _table(table_of)
    table.run(KP, kc.SetValue, target="ジョー", field="ウージー.残弾", value="2")
    events = fire(table, [99, 99], weapon="ウージー", mode="フルオート")
    assert len([e for e in events if isinstance(e, ce.CheckRolled)]) == 2
    assert rounds(table) == 0
    changed = [e for e in events if isinstance(e, ammo.RoundsChanged)]
    assert [(e.before, e.rounds, e.full) for e in changed] == [(2, 0, 32)]


@pytest.mark.rule("X-AMMO-02", "H-ATK-03")
def test_an_empty_gun_is_refused_naming_reload_and_the_kp_may_allow_it(table_of):
    table = _table(table_of, gun=".38口径リボルバー")
    table.run(KP, kc.SetValue, target="ジョー", field=".38口径リボルバー.残弾", value="0")
    refusal = table.refused("X-AMMO-02", "joe", cmds.Attack, target="信者", weapon=".38口径リボルバー")
    assert refusal.message == ("..38口径リボルバーは弾切れです（残弾0/6）。リロードしてから撃ってください"
                               "（「リロード」か /declare action:装填、1ポイント）。")[1:]
    events = table.run("joe", cmds.Attack, [99], target="信者", weapon=".38口径リボルバー",
                       allow=frozenset({"X-AMMO-02"}))
    assert [e.roll for e in events if isinstance(e, ce.CheckRolled)] == [99]
    assert rounds(table, ".38口径リボルバー") == 0


@pytest.mark.rule("X-AMMO-03", "H-ATK-03")
def test_reloading_fills_the_magazine_for_one_ap_under_the_house_rules(table_of):
    table = _table(table_of, gun=".38口径リボルバー")
    fire(table, [99], weapon=".38口径リボルバー")
    events = table.run("joe", cmds.Declare, action="装填")
    assert [(e.before, e.rounds, e.full, e.cause) for e in events if isinstance(e, ammo.RoundsChanged)] == [
        (5, 6, 6, "装填")]
    assert table.unit("ジョー").ap == 1  # 3 − 1 (the firing) − 1 (the reload)


@pytest.mark.rule("X-AMMO-03")
@pytest.mark.parametrize("system", ["coc6", "coc6-budo"])
def test_without_ap_a_reload_is_the_turns_action(system):
    table = AnyTable.open(system, shock=False)
    table.join("joe", table.sheet("ジョー", DEX=14, skills={"拳銃": 60}, weapons=[table.weapon(".38口径リボルバー")]))
    table.npc(table.sheet("信者", DEX=10, CON=30, SIZ=30))
    table.start()
    for unit in list(table.state.declaring):
        table.run(KP if unit == "信者" else "joe", cmds.Declare, action="なし", as_unit="信者" if unit == "信者" else None)
    table.run("joe", cmds.Attack, [99], target="信者", weapon=".38口径リボルバー")
    refusal = table.refused("X-AMMO-03", "joe", cmds.Declare, action="リロード")
    assert refusal.message == "ジョーはこの手番にもう攻撃したので、リロードは次の手番です。"
    table.run("joe", cmds.EndTurn)
    table.end_turns_until("ジョー")
    table.run("joe", cmds.Declare, action="リロード")
    assert rounds(table, ".38口径リボルバー") == 6
    refusal = table.refused("X-AMMO-03", "joe", cmds.Attack, target="信者", weapon=".38口径リボルバー")
    assert refusal.message == "ジョーはこの手番にリロードしたので、攻撃は次の手番です。"


@pytest.mark.rule("X-AMMO-03")
def test_a_full_gun_needs_no_reload(table_of):
    table = _table(table_of, gun=".38口径リボルバー")
    with pytest.raises(Exception) as info:
        table.run("joe", cmds.Declare, action="装填")
    assert str(info.value) == "ジョーの銃は弾が込められています（残弾 .38口径リボルバー 6/6）。リロードの必要はありません。"


@pytest.mark.rule("X-JAM-01")
def test_without_the_kp_setting_no_roll_jams_a_gun(table_of):
    table = _table(table_of)
    events = fire(table, [99, 100, 99], weapon="ウージー", mode="セミオート")
    assert [e.text for e in events if isinstance(e, ce.CheckRolled)] == [
        "(1D100<=60) ＞ 99 ＞ 致命的失敗", "(1D100<=55) ＞ 100 ＞ 致命的失敗", "(1D100<=50) ＞ 99 ＞ 致命的失敗"]
    assert not table.unit("ジョー").weapons["ウージー"].jammed


@pytest.mark.rule("X-JAM-01")
def test_with_the_setting_a_roll_at_the_malfunction_number_jams_and_ends_the_firing(table_of):
    table = _table(table_of, malfunction=True)
    events = fire(table, [20, 98, 4], weapon="ウージー", mode="フルオート")  # ウージー: 故障ナンバー 98
    checks = [e for e in events if isinstance(e, ce.CheckRolled)]
    assert [e.text for e in checks] == ["(1D100<=60) 故障ナンバー[98] ＞ 20 ＞ 成功",
                                        "(1D100<=50) 故障ナンバー[98] ＞ 98 ＞ 致命的失敗/故障"]
    jam = [e for e in events if isinstance(e, ammo.GunJammed)]
    assert [(e.weapon, e.jammed, e.roll, e.number) for e in jam] == [("ウージー", True, 98, 98)]
    assert rounds(table) == 30  # two shots fired: the jammed one too, the other four not
    assert len([e for e in events if isinstance(e, ce.DamageRolled)]) == 1  # only the first hit
    table.react("信者", "なし")
    refusal = table.refused("X-JAM-01", "joe", cmds.Attack, target="信者", weapon="ウージー")
    assert "故障していて撃てません" in refusal.message


@pytest.mark.rule("X-JAM-01")
def test_a_jam_below_the_fumble_band_reads_koshou_alone(table_of):
    table = _table(table_of, gun=".32口径オートマチック", malfunction=True)  # 故障ナンバー 99
    table.unit("ジョー").character = table.unit("ジョー").character.with_skill("拳銃", 99)
    events = fire(table, [99], weapon=".32口径オートマチック")
    assert [e.text for e in events if isinstance(e, ce.CheckRolled)] == ["(1D100<=99) 故障ナンバー[99] ＞ 99 ＞ 故障"]
    assert [e.level for e in events if isinstance(e, ce.CheckRolled)] == ["失敗"]  # a jam never hits


@pytest.mark.rule("X-JAM-01")
def test_a_roll_below_the_malfunction_number_does_not_jam(table_of):
    table = _table(table_of, malfunction=True)
    events = fire(table, [97], weapon="ウージー")
    assert not [e for e in events if isinstance(e, ammo.GunJammed)]
    assert not table.unit("ジョー").weapons["ウージー"].jammed


@pytest.mark.rule("X-JAM-02")
def test_the_kp_repairs_a_jammed_gun(table_of):
    table = _table(table_of, malfunction=True)
    fire(table, [98], weapon="ウージー")
    assert table.unit("ジョー").weapons["ウージー"].jammed
    table.run(KP, kc.SetValue, target="ジョー", field="ウージー.故障", value="0")
    assert not table.unit("ジョー").weapons["ウージー"].jammed
    fire(table, [99], weapon="ウージー")
    assert rounds(table) == 30


@pytest.mark.rule("X-AMMO-01", "X-JAM-01")
@pytest.mark.parametrize("system", ["coc6", "coc6-budo"])
def test_a_gun_attack_outside_the_house_firing_rules_is_one_shot_and_may_jam(system):
    table = AnyTable.open(system, shock=False, malfunction=True)
    table.join("joe", table.sheet("ジョー", DEX=14, skills={"拳銃": 60}, weapons=[table.weapon(".32口径オートマチック")]))
    table.npc(table.sheet("信者", DEX=10, CON=30, SIZ=30))
    table.start()
    events = table.run("joe", cmds.Attack, [99], target="信者", weapon=".32口径オートマチック")
    assert [e.text for e in events if isinstance(e, ce.CheckRolled)] == [
        "(1D100<=60) 故障ナンバー[99] ＞ 99 ＞ 致命的失敗/故障"]
    assert rounds(table, ".32口径オートマチック") == 7
    assert table.unit("ジョー").weapons[".32口径オートマチック"].jammed
