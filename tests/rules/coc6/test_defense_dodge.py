"""〈回避〉 under the house rules (H-DEF-01/02/06, H-DEF-DODGE-01..06)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems.coc6 import events as ce
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.options import reaction_options, refusal_of


@pytest.fixture
def fight(table_of):
    """アリス (DEX 14: 回避 28, こぶし 50, armour 1) against ゾンビ (DEX 8, こぶし 50, db +1D4)
    and グール (DEX 6, 拳銃). Round 1 has started; shock rolls are off."""
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14, armor=1))
    table.npc(table.sheet("ゾンビ", DEX=8, STR=16, SIZ=14))
    table.npc(table.sheet("グール", DEX=6, weapons=[table.weapon("拳銃")]))
    table.start()
    return table


@pytest.mark.rule("H-DEF-DODGE-01")
def test_a_successful_dodge_negates_the_attack(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    assert fight.options("アリス") == ["回避", "防御", "なし"]  # no parry declared (H-DEF-PARRY-01)
    events = fight.react("アリス", "回避", [20])
    checks = [e for e in events if isinstance(e, ce.CheckRolled)]
    assert checks[0].text == "(1D100<=28) ＞ 20 ＞ 成功"
    assert fight.hp("アリス") == 10
    assert fight.state.pending == []


@pytest.mark.rule("H-DEF-06")
@pytest.mark.rule("H-DEF-DODGE-01")
def test_a_failed_dodge_takes_the_damage_less_armour(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    fight.react("アリス", "回避", [50, 3, 4])  # 1D3+1D4 = 7, armour 1
    assert fight.hp("アリス") == 10 - 6


def gun_options(table):
    """What アリス could answer to グール's pistol hit (firearms resolve at once when
    nothing is left to choose, so the options are asked of the rules directly)."""
    alice, ghoul = table.unit("アリス"), table.unit("グール")
    gun = ghoul.character.weapon("拳銃")
    inc = Incoming(1, "グール", gun, "アリス", {})
    refusal = refusal_of(table.system.rules, table.state, alice, inc, "回避")
    return reaction_options(table.system.rules, table.state, alice, ghoul, gun), refusal


@pytest.mark.rule("H-DEF-DODGE-02")
def test_firearms_cannot_be_dodged(fight):
    options, refusal = gun_options(fight)
    assert options == ["なし"]
    assert refusal.clause == "H-DEF-DODGE-02"


@pytest.mark.rule("H-DEF-DODGE-02")
def test_the_kp_setting_lets_firearms_be_dodged(fight):
    fight.state.settings["dodge_firearms"] = True
    options, refusal = gun_options(fight)
    assert (options, refusal) == (["回避", "なし"], None)


@pytest.mark.rule("H-DEF-DODGE-03")
@pytest.mark.rule("H-DEF-DODGE-04")
def test_a_critical_dodge_offers_a_counterattack_with_1d4(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    fight.react("アリス", "回避", [3])
    assert fight.options("アリス") == ["反撃", "継続回避"]
    ap_before = fight.unit("アリス").ap
    events = fight.react("アリス", "反撃", [40])
    declared = [e for e in events if isinstance(e, ce.AttackDeclared)][0]
    assert (declared.attacker, declared.target, declared.ap, declared.counts) == ("アリス", "ゾンビ", 0, False)
    assert fight.options("ゾンビ") == ["回避", "防御", "なし"]  # the target defends normally
    events = fight.react("ゾンビ", "なし", [2, 3])
    damage = [e for e in events if isinstance(e, ce.DamageRolled)][0]
    assert damage.expr == "1D3+1D4" and damage.total == 5
    assert fight.hp("ゾンビ") == 12 - 5  # ゾンビ HP ⌈(10+14)/2⌉ = 12
    assert fight.unit("アリス").ap == ap_before


@pytest.mark.rule("H-DEF-DODGE-05")
@pytest.mark.rule("H-DEF-01")
def test_a_continued_dodge_gives_one_more_dodge_that_round(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    fight.react("アリス", "回避", [3])
    fight.react("アリス", "継続回避")
    assert fight.unit("アリス").uses_left("回避") == 1
    fight.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    fight.attack("グール", "アリス", [10], weapon="こぶし")
    assert "回避" in fight.options("アリス")


@pytest.mark.rule("H-DEF-01")
def test_each_defensive_action_once_per_round(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    fight.react("アリス", "回避", [20])
    fight.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    fight.attack("グール", "アリス", [10], weapon="こぶし")
    assert fight.options("アリス") == ["防御", "なし"]
    fight.refused("H-DEF-01", "alice", cmds.React, action="回避")


@pytest.mark.rule("H-DEF-02")
def test_only_one_defensive_action_against_one_attack(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    fight.react("アリス", "回避", [50, 1, 1])
    with pytest.raises(Exception) as info:
        fight.react("アリス", "防御", [10])
    assert "対応すべき攻撃はいまありません" in str(info.value)
    assert fight.hp("アリス") == 9


@pytest.mark.rule("H-DEF-DODGE-06")
def test_a_fumbled_dodge_adds_1d2_damage(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    events = fight.react("アリス", "回避", [99, 2, 1, 2])
    damage = [e for e in events if isinstance(e, ce.DamageRolled)][0]
    assert damage.expr == "1D3+1D4+1D2" and damage.total == 5
    assert fight.hp("アリス") == 10 - 4


@pytest.mark.rule("H-GEN-01")
@pytest.mark.rule("H-DEF-01")
def test_the_keeper_may_allow_a_refused_second_dodge(fight):
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    fight.react("アリス", "回避", [20])
    fight.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    fight.attack("グール", "アリス", [10], weapon="こぶし")
    fight.refused("H-DEF-01", "alice", cmds.React, action="回避")
    fight.run("alice", cmds.React, [20], action="回避", allow=frozenset({"H-DEF-01"}))
    assert fight.hp("アリス") == 10 and fight.unit("アリス").used == {"回避": 2}


@pytest.mark.rule("X-STUN-01")
def test_a_stunned_unit_takes_no_defensive_action(fight):
    fight.unit("アリス").conditions.append("スタン")
    fight.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    assert fight.options("アリス") == ["なし"]
    fight.refused("X-STUN-01", "alice", cmds.React, action="回避")


def test_an_answer_the_attack_narrowed_away_is_refused_with_the_attacks_clause(fight):
    fist = fight.unit("ゾンビ").character.weapon("こぶし")
    request = ce.ReactionRequested(attack=7, unit="アリス", attacker="ゾンビ", options=["防御", "なし"],
                                   context={"weapon": fist.to_dict(), "limit_clause": "H-MA-FEINT-02"})
    fight.system.evolve(fight.state, request)
    fight.refused("H-MA-FEINT-02", "alice", cmds.React, action="回避")


@pytest.mark.rule("H-DEF-DODGE-04", "X-HP-02", "H-AP-06")
def test_a_unit_killed_by_a_counterattack_on_its_own_turn_loses_the_rest_of_it(table_of):
    """ゾンビ (HP ⌈(4+4)/2⌉ = 4) attacks on its turn; アリス's critical dodge counters for
    1D3+1D4 = 5: ゾンビ dies with 2 AP unspent, and the turn passes to グール at once."""
    from rules.battle import events as ev
    from rules.errors import InvalidInput
    table = table_of("coc6-house", shock=False)
    table.join("alice", table.sheet("アリス", DEX=14))
    table.npc(table.sheet("ゾンビ", DEX=8, CON=4, SIZ=4))
    table.npc(table.sheet("グール", DEX=6))
    table.start()
    table.attack("ゾンビ", "アリス", [30], weapon="こぶし")
    assert table.unit("ゾンビ").ap == 2
    table.react("アリス", "回避", [3])
    table.react("アリス", "反撃", [40])
    events = table.react("ゾンビ", "なし", [2, 3])
    assert table.hp("ゾンビ") == -1 and "死亡" in table.unit("ゾンビ").conditions
    ended = [e for e in events if isinstance(e, ev.TurnEnded)]
    assert [(e.unit, e.cause) for e in ended] == [("ゾンビ", "死亡したため、残りの手番は失われる")]
    assert table.state.turn == "グール"
    with pytest.raises(InvalidInput):
        table.run("kp", cmds.SkillCheck, [10], skill="目星", as_unit="ゾンビ")
