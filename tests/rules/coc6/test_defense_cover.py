"""「かばう」 (protecting an ally) under the house rules (H-DEF-COVER-01..13)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce


@pytest.fixture
def fight(table_of):
    """ボブ (DEX 12: DEX×5 60, CON 10: 防御 50, MA 11, 火かき棒 50 1D6 HP 20) may protect
    アリス (DEX 7) and キャロル (DEX 6) from ゾンビ (DEX 8, バット 60: 1D8, no db), who has
    just hit アリス. Everyone has HP 10; shock rolls are off."""
    table = table_of("coc6-house", shock=False)
    table.join("bob", table.sheet("ボブ", DEX=12, skills={"マーシャルアーツ": 11},
                                  weapons=[table.weapon("火かき棒", skill_value=50, damage="1D6")]))
    table.npc(table.sheet("ゾンビ", DEX=8, weapons=[table.weapon("バット", skill_value=60)]))
    table.npc(table.sheet("グール", DEX=5))
    table.join("alice", table.sheet("アリス", DEX=7))
    table.join("carol", table.sheet("キャロル", DEX=6))
    table.start()
    table.attack("ゾンビ", "アリス", [30], weapon="バット")
    return table


def checks(events):
    return [e.text for e in events if isinstance(e, ce.CheckRolled)]


def cover_prompts(table):
    return [(p.unit, p.options) for p in table.system.view(table.state).prompts if p.key.startswith("c")]


@pytest.mark.rule("H-DEF-COVER-01")
@pytest.mark.rule("H-DEF-COVER-05")
@pytest.mark.rule("H-DEF-COVER-06")
@pytest.mark.rule("H-DEF-COVER-07")
@pytest.mark.rule("H-DEF-COVER-08")
def test_a_successful_cover_hands_the_blow_to_the_protector_who_may_block_uncounted(fight):
    assert cover_prompts(fight) == [("ボブ", ("かばう",)), ("キャロル", ("かばう",))]
    events = fight.run("bob", cmds.React, [40, 8], action="かばう", target="アリス")  # the blow: 1D8 = 8
    assert checks(events) == ["(1D100<=60) ＞ 40 ＞ 成功"]
    assert [e.total for e in events if isinstance(e, ce.DamageRolled)] == [8]
    assert fight.state.pending_for("アリス") is None
    assert fight.options("ボブ") == ["防御", "受け流し", "なし"]
    events = fight.run("bob", cmds.React, [30, 2], action="防御")
    assert checks(events) == ["(1D100<=50) ＞ 30 ＞ 成功"]
    assert (fight.hp("アリス"), fight.hp("ボブ")) == (10, 10 - 6)
    assert fight.unit("ボブ").used == {"かばう": 1}


@pytest.mark.rule("H-DEF-COVER-01")
def test_only_allies_can_be_protected(fight):
    fight.refused("H-DEF-COVER-01", "kp", cmds.React, action="かばう", target="アリス", as_unit="グール")


@pytest.mark.rule("H-DEF-COVER-09")
def test_the_protector_neither_dodges_nor_hides(fight):
    fight.place("木箱", siz=12)
    fight.run("bob", cmds.React, [40, 1], action="かばう", target="アリス")
    fight.refused("H-DEF-COVER-09", "bob", cmds.React, action="回避")
    fight.refused("H-DEF-COVER-09", "bob", cmds.React, action="隠れる")


@pytest.mark.rule("H-DEF-COVER-01")
@pytest.mark.rule("H-DEF-01")
def test_cover_is_once_a_round(fight):
    fight.run("bob", cmds.React, [40, 2], action="かばう", target="アリス")
    fight.run("bob", cmds.React, [], action="なし")
    fight.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    fight.attack("グール", "アリス", [30], weapon="こぶし")
    assert cover_prompts(fight) == [("キャロル", ("かばう",))]
    fight.refused("H-DEF-01", "bob", cmds.React, action="かばう", target="アリス")


@pytest.mark.rule("H-DEF-COVER-10")
@pytest.mark.rule("H-DEF-COVER-11")
def test_a_failed_cover_splits_the_damage_and_halves_every_following_check(fight):
    events = fight.run("bob", cmds.React, [70, 7], action="かばう", target="アリス")
    assert [e.total for e in events if isinstance(e, ce.DamageRolled)] == [7]
    assert fight.options("アリス") == ["防御", "なし"]  # no parry declared, H-DEF-PARRY-01
    fight.refused("H-DEF-COVER-11", "alice", cmds.React, action="回避")
    events = fight.run("alice", cmds.React, [20, 2], action="防御")  # CON×5 50 ÷ 2
    assert checks(events) == ["(1D100<=25) ＞ 20 ＞ 成功"]
    events = fight.run("bob", cmds.React, [30], action="防御")
    assert checks(events) == ["(1D100<=25) ＞ 30 ＞ 失敗"]
    assert (fight.hp("アリス"), fight.hp("ボブ")) == (10 - 2, 10 - 4)  # ⌈7/2⌉ = 4 each
    assert fight.state.pending == []


@pytest.mark.rule("H-DEF-COVER-12")
def test_a_critical_cover_cancels_the_damage_and_a_parry_opens_a_half_damage_counterattack(fight):
    fight.run("bob", cmds.React, [3], action="かばう", target="アリス")
    assert fight.options("ボブ") == ["受け流し", "なし"]
    fight.run("bob", cmds.React, [30], action="受け流し", weapon="火かき棒")
    assert fight.options("ボブ") == ["反撃", "なし"]
    fight.run("bob", cmds.React, [20], action="反撃")
    events = fight.react("ゾンビ", "なし", [5])
    assert [e.total for e in events if isinstance(e, ce.DamageRolled)] == [5]
    assert (fight.hp("アリス"), fight.hp("ボブ"), fight.hp("ゾンビ")) == (10, 10, 10 - 3)
    assert fight.unit("ボブ").weapons["火かき棒"].hp == 20


@pytest.mark.rule("H-DEF-COVER-13")
def test_a_fumbled_cover_deals_both_the_full_damage_without_defence(fight):
    fight.run("bob", cmds.React, [99, 6], action="かばう", target="アリス")
    assert (fight.hp("アリス"), fight.hp("ボブ")) == (4, 4)
    assert fight.state.pending == []


@pytest.mark.rule("H-DEF-COVER-02")
def test_several_allies_in_one_square_divide_every_roll(fight):
    events = fight.run("bob", cmds.React, [31, 7], action="かばう", target="アリス、キャロル")
    assert checks(events) == ["(1D100<=30) ＞ 31 ＞ 失敗"]  # DEX×5 60 ÷ 2


@pytest.mark.rule("H-DEF-COVER-02")
def test_several_allies_must_share_a_square(fight):
    fight.unit("アリス").square, fight.unit("キャロル").square = "B2", "C2"
    fight.unit("ボブ").square = "B2"
    fight.refused("H-DEF-COVER-02", "bob", cmds.React, action="かばう", target="アリス、キャロル")


@pytest.mark.rule("H-DEF-COVER-03")
@pytest.mark.rule("H-DEF-COVER-04")
@pytest.mark.parametrize("bob, zombie, allowed", [
    ("B2", "E5", True),    # same square: always (タッチ)
    ("C3", "E5", True),    # one square away, no enemy in the protector's square
    ("C3", "C3", False),   # one square away, sharing a square with an enemy
    ("D4", "E5", False),   # two squares away
])
def test_range_is_checked_on_the_map(fight, bob, zombie, allowed):
    fight.unit("アリス").square, fight.unit("ボブ").square, fight.unit("ゾンビ").square = "B2", bob, zombie
    if allowed:
        fight.run("bob", cmds.React, [40, 1], action="かばう", target="アリス")
        assert fight.options("ボブ")[-1] == "なし"
    else:
        assert ("ボブ", ("かばう",)) not in cover_prompts(fight)
        fight.refused("H-DEF-COVER-04", "bob", cmds.React, action="かばう", target="アリス")


@pytest.mark.rule("H-DEF-COVER-07")
def test_in_the_house_rules_a_parry_for_someone_else_is_a_cover(fight):
    with pytest.raises(Exception) as info:
        fight.run("bob", cmds.React, [40], action="受け流し", target="アリス")
    assert "/react action:かばう target:アリス" in str(info.value)
    assert fight.state.pending_for("アリス") is not None


@pytest.fixture
def gunfight(table_of):
    """アリス (DEX 14, .38リボルバー 60: 1D10) shoots ゾンビ (DEX 8); 信者 (DEX 12: DEX×5 60,
    ナイフ 50) stands on ゾンビ's side. HP 10 each; shock rolls are off."""
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14, weapons=[table.weapon(".38リボルバー", skill_value=60)]))
    table.npc(table.sheet("ゾンビ", DEX=8))
    table.npc(table.sheet("信者", DEX=12, weapons=[table.weapon("ナイフ", skill_value=50)]))
    table.start()
    table.attack("アリス", "ゾンビ", [30, 5], weapon=".38リボルバー")
    return table


def prompt_of(table, unit):
    return next(p.text for p in table.system.view(table.state).prompts if p.unit == unit and p.kind == "reaction")


@pytest.mark.rule("H-DEF-COVER-06")
@pytest.mark.rule("H-DEF-COVER-07")
@pytest.mark.rule("H-DEF-BLOCK-03")
def test_a_successful_cover_against_a_gun_says_so_and_offers_no_block_or_parry(gunfight):
    gunfight.react("信者", "かばう", [30], target="ゾンビ")
    assert gunfight.options("信者") == ["なし"]
    assert prompt_of(gunfight, "信者") == (
        "信者はアリスの.38リボルバーから味方をかばいました。かばったダメージ（5）を受けます。"
        "「防御」も〈受け流し〉もできません（銃器：H-DEF-BLOCK-03、H-FIRE-PB-03）。")
    gunfight.react("信者", "なし")
    assert (gunfight.hp("ゾンビ"), gunfight.hp("信者")) == (10, 10 - 5)
    assert gunfight.state.pending == []


@pytest.mark.rule("H-DEF-COVER-10")
def test_a_failed_cover_against_a_gun_still_says_failure(gunfight):
    gunfight.react("信者", "かばう", [80], target="ゾンビ")
    assert prompt_of(gunfight, "信者") == (
        "かばうは失敗し、信者も3ダメージ（1/2）を受けます。"
        "「防御」も〈受け流し〉もできません（銃器：H-DEF-BLOCK-03、H-FIRE-PB-03）。")


@pytest.mark.rule("H-DEF-COVER-07")
def test_a_successful_cover_against_a_melee_blow_offers_block_and_parry(fight):
    fight.run("bob", cmds.React, [40, 5], action="かばう", target="アリス")
    assert prompt_of(fight, "ボブ").startswith(
        "ボブはゾンビのバットから味方をかばいました。かばったダメージ（5）を受けます。"
        "「防御」か〈受け流し〉を選べます（回数制限に含まれません）。")


def _burst(table_of, cover_roll):
    """ジョー's SMG semi-auto puts 2 bullets (3 and 4) into 信者 (armour 1, HP 10); 護衛
    (DEX 12: DEX×5 60, armour 1, HP 10) throws itself in with ``cover_roll``."""
    table = table_of("coc6-house", shock=False)
    table.join("joe", table.sheet("ジョー", DEX=14, skills={"サブマシンガン": 60}, weapons=[table.weapon("サブマシンガン")]))
    table.npc(table.sheet("信者", DEX=10, armor=1))
    table.npc(table.sheet("護衛", DEX=12, armor=1))
    table.start()
    table.end_turns_until("ジョー")
    table.run("joe", cmds.Attack, [20, 30, 99, 3, 4], target="信者", weapon="サブマシンガン", mode="セミオート")
    return table, table.run("kp", cmds.React, [cover_roll], action="かばう", target="信者", as_unit="護衛")


@pytest.mark.rule("H-DEF-COVER-10", "H-DEF-06", "X-ROUND-01", "H-FIRE-05")
def test_a_failed_cover_against_a_burst_halves_each_bullet_for_both(table_of):
    table, _ = _burst(table_of, 70)
    assert [(p.unit, p.context["damage"], p.context["bullets"]) for p in table.state.pending] == \
        [("信者", 4, [2, 2]), ("護衛", 4, [2, 2])]  # ⌈3/2⌉ + ⌈4/2⌉
    events = table.react("信者", "なし")
    events += table.react("護衛", "なし")
    outcomes = [e.outcome for e in events if isinstance(e, (ce.PendingClosed, ce.AttackResolved))]
    assert outcomes == ["信者に2発命中、計2ダメージ（2 − 装甲1 ＝ 1、2 − 装甲1 ＝ 1）",
                        "護衛に2発命中、計2ダメージ（2 − 装甲1 ＝ 1、2 − 装甲1 ＝ 1）"]
    assert (table.hp("信者"), table.hp("護衛")) == (8, 8)


@pytest.mark.rule("H-DEF-COVER-06", "H-DEF-06")
def test_a_successful_cover_against_a_burst_takes_every_bullet(table_of):
    table, _ = _burst(table_of, 40)
    table.react("護衛", "なし")
    assert (table.hp("信者"), table.hp("護衛")) == (10, 10 - 2 - 3)  # 3 − 1, 4 − 1


@pytest.mark.rule("H-DEF-COVER-13", "H-DEF-06")
def test_a_fumbled_cover_against_a_burst_deals_every_bullet_to_both(table_of):
    table, events = _burst(table_of, 99)
    outcome = next(e.outcome for e in events if isinstance(e, ce.AttackResolved))
    assert outcome == ("かばうファンブル（防御行動不可）：信者に2発命中、計5ダメージ（3 − 装甲1 ＝ 2、4 − 装甲1 ＝ 3）、"
                       "護衛に2発命中、計5ダメージ（3 − 装甲1 ＝ 2、4 − 装甲1 ＝ 3）")
    assert (table.hp("信者"), table.hp("護衛")) == (5, 5) and table.state.pending == []
