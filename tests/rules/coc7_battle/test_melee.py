"""Close combat of the 7th edition (7-MELEE-01..09, 7-LEVEL-01): the attack roll at /attack,
the defender always asked, success levels compared with the ties as the rulebook gives them."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import SetValue
from rules.coc7.check import Level7
from rules.errors import RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc7 import SYSTEM
from rules.systems.coc7.events import Check7Rolled, ResponseUsed
from rules.systems.coc7.outcome import ATTACKER, DEFENDER, NOBODY, winner

from tests.rules.coc7_battle.table7 import d, gun, investigator

C, X, H, R, F, FUMBLE = (Level7.CRITICAL, Level7.EXTREME, Level7.HARD, Level7.REGULAR, Level7.FAILURE,
                         Level7.FUMBLE)

DODGE_ROWS = [
    (R, R, NOBODY), (H, H, NOBODY), (X, X, NOBODY), (C, C, NOBODY),  # 7-MELEE-03: a tie to the dodge
    (H, R, ATTACKER), (X, H, ATTACKER), (C, X, ATTACKER), (R, F, ATTACKER), (R, FUMBLE, ATTACKER),
    (R, H, NOBODY), (H, X, NOBODY),
    (F, R, NOBODY), (F, F, NOBODY), (FUMBLE, F, NOBODY),  # 7-MELEE-05
]
FIGHT_BACK_ROWS = [
    (R, R, ATTACKER), (H, H, ATTACKER), (X, X, ATTACKER), (C, C, ATTACKER),  # 7-MELEE-04: a tie to the attacker
    (H, R, ATTACKER), (R, F, ATTACKER), (C, X, ATTACKER),
    (R, H, DEFENDER), (H, X, DEFENDER), (X, C, DEFENDER), (F, R, DEFENDER), (FUMBLE, R, DEFENDER),
    (F, F, NOBODY), (F, FUMBLE, NOBODY), (FUMBLE, FUMBLE, NOBODY),  # 7-MELEE-05
]


@pytest.mark.rule("7-MELEE-03")
@pytest.mark.rule("7-MELEE-05")
@pytest.mark.rule("7-LEVEL-01")
@pytest.mark.parametrize("attack, dodge, won", DODGE_ROWS)
def test_a_dodge_wins_every_tie(attack, dodge, won):
    assert winner(attack, "回避", dodge) == won


@pytest.mark.rule("7-MELEE-04")
@pytest.mark.rule("7-MELEE-05")
@pytest.mark.rule("7-LEVEL-01")
@pytest.mark.parametrize("attack, fight, won", FIGHT_BACK_ROWS)
def test_fighting_back_loses_every_tie(attack, fight, won):
    assert winner(attack, "応戦", fight) == won


@pytest.mark.rule("7-MELEE-06")
@pytest.mark.parametrize("attack, won", [(R, ATTACKER), (C, ATTACKER), (F, NOBODY), (FUMBLE, NOBODY)])
def test_no_response_lets_a_success_hit(attack, won):
    assert winner(attack, "なし") == won


def brawl(table, alice_skill=60, cultist_dodge=None, **alice_stats):
    """アリス (近接戦闘（格闘） 60, a knife, STR 80 SIZ 70: db +1D4, HP 12) against 信者 (HP 11)."""
    skills = {"近接戦闘（格闘）": alice_skill}
    table.join("alice", investigator("アリス", DEX=70, STR=80, SIZ=70, skills=skills,
                                     weapons=[gun("ナイフ")], **alice_stats))
    cultist = {"回避": cultist_dodge} if cultist_dodge is not None else {}
    table.npc(investigator("信者", DEX=50, SIZ=60, skills={"近接戦闘（格闘）": 40, **cultist}))
    table.start()


@pytest.mark.rule("7-MELEE-01")
@pytest.mark.rule("7-MELEE-02")
@pytest.mark.rule("7-DMG-01")
def test_attack_roll_then_the_dodge_then_weapon_dice_then_the_damage_bonus(table):
    brawl(table)
    table.attack("アリス", "信者", d(30))
    assert table.last(Check7Rolled).text == "(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 30 ＞ 30 ＞ ハード成功"
    assert table.state.pending[0].options == ["応戦", "回避", "なし"]
    table.react("信者", "回避", d(50) + [3, 2])  # 50 against 25 fails; knife 1D4 = 3, db 1D4 = 2
    damage = table.last(ce.DamageRolled)
    assert (damage.expr, damage.total, damage.rolls) == ("1D4+1D4", 5, [[4, 3], [4, 2]])
    assert table.hp("信者") == 6
    assert [type(e).__name__ for e in table.log[-6:]] == [
        "ReactionChosen", "Check7Rolled", "ResponseUsed", "DamageRolled", "HpChanged", "AttackResolved"]


@pytest.mark.rule("7-MELEE-02")
def test_the_defender_is_asked_even_after_a_failed_attack_roll(table):
    brawl(table)
    table.attack("アリス", "信者", d(95))
    assert table.last(Check7Rolled).level == "失敗"
    assert table.state.pending_for("信者").options == ["応戦", "回避", "なし"]
    table.react("信者", "応戦", d(20) + [2])  # fights back: 20 against 40 succeeds; こぶし 1D3 = 2, no db
    assert table.hp("アリス") == 12 - 2
    assert table.last(ce.AttackResolved).outcome == "信者の応戦が勝った：アリスに2ダメージ"


@pytest.mark.rule("7-MELEE-03")
def test_a_dodge_at_the_attacks_level_avoids_it(table):
    brawl(table, cultist_dodge=50)
    table.attack("アリス", "信者", d(45))  # regular against 60
    table.react("信者", "回避", d(40))  # regular against 50: the tie is the dodge's
    assert table.hp("信者") == 11
    assert table.last(ce.AttackResolved).outcome == "信者は回避した"


@pytest.mark.rule("7-MELEE-04")
def test_fighting_back_at_the_attacks_level_is_hit(table):
    brawl(table)
    table.attack("アリス", "信者", d(45))  # regular against 60
    table.react("信者", "応戦", d(30) + [1, 1])  # regular against 40: the tie is the attacker's
    assert table.hp("信者") == 11 - 2 and table.hp("アリス") == 12


@pytest.mark.rule("7-MELEE-04")
@pytest.mark.rule("7-DMG-04")
def test_a_fight_back_at_a_higher_level_deals_its_own_damage(table):
    brawl(table)
    table.attack("アリス", "信者", d(45))  # regular
    table.react("信者", "応戦", d(8))  # 8 ≤ 40/5: extreme: こぶし 1D3 at its maximum, no db
    assert table.last(ce.DamageRolled).total == 3
    assert table.hp("アリス") == 12 - 3 and table.hp("信者") == 11


@pytest.mark.rule("7-MELEE-05")
def test_both_failing_nothing_happens(table):
    brawl(table)
    table.attack("アリス", "信者", d(80))
    table.react("信者", "応戦", d(100))  # a fumble
    assert table.hp("アリス") == 12 and table.hp("信者") == 11
    assert table.last(ce.AttackResolved).outcome == "双方とも失敗：何も起こらない"


@pytest.mark.rule("7-MELEE-02")
@pytest.mark.rule("7-HP-06")
def test_a_target_out_of_action_is_not_asked(table):
    brawl(table)
    table.run("kp", SetValue, target="信者", field="HP", value="0")
    assert table.conditions("信者") == ["気絶"]
    table.attack("アリス", "信者", d(45) + [4, 4])  # no question: the knife 4 + db 4 = 8 ≥ 11/2
    assert table.state.pending == []
    assert table.hp("信者") == 0 and table.conditions("信者") == ["気絶", "重傷", "瀕死"]


@pytest.mark.rule("7-MELEE-07")
def test_no_fighting_back_with_a_gun(table):
    table.join("alice", investigator("アリス", DEX=70))
    table.npc(investigator("信者", DEX=50, weapons=[gun()]))
    table.start()
    table.attack("アリス", "信者", d(45))
    table.refused("7-MELEE-07", "kp", cmds.React, d(20), action="応戦", weapon=".38リボルバー", as_unit="信者")
    table.react("信者", "応戦", d(20) + [1])  # without weapon: its fists
    assert table.last(ce.ReactionChosen).weapon == "こぶし"


@pytest.mark.rule("7-MELEE-08")
def test_a_thrown_weapon_is_dodged_but_never_fought_back(table):
    table.join("alice", investigator("アリス", DEX=70, weapons=[gun("石")]))
    table.npc(investigator("信者", DEX=50))
    table.start()
    table.attack("アリス", "信者", d(10))
    assert table.state.pending_for("信者").options == ["回避", "なし"]
    with pytest.raises(RuleViolation):
        table.react("信者", "応戦", d(20))


@pytest.mark.rule("7-MELEE-09")
def test_melee_reaches_the_next_square_only(table):
    brawl(table)
    for unit, square in (("アリス", "A1"), ("信者", "C1")):
        table.run("kp", cmds.Place, name=unit, to=square)
    table.refused("7-MELEE-09", "alice", cmds.Attack, d(45), target="信者")
    table.run("kp", cmds.Place, name="信者", to="B2")
    table.attack("アリス", "信者", d(45))
    assert table.state.pending_for("信者") is not None


@pytest.mark.rule("7-ATK-01")
def test_one_attack_a_round_unless_the_sheet_has_more(table):
    brawl(table)
    table.attack("アリス", "信者", d(80))
    table.react("信者", "なし")
    table.refused("7-ATK-01", "alice", cmds.Attack, d(45), target="信者")


@pytest.mark.rule("7-ATK-01")
@pytest.mark.rule("7-OUTN-01")
def test_responses_are_counted(table):
    brawl(table)
    table.attack("アリス", "信者", d(80))
    table.react("信者", "回避", d(90))
    assert table.unit("信者").responses == 1
    assert table.events_of(ResponseUsed)[-1].action == "回避"


def test_a_hidden_npcs_attack_level_is_not_in_the_question(table):
    table.join("alice", investigator("アリス", DEX=40))
    table.run("kp", cmds.Join, name="影", sheet=investigator("影", DEX=70), npc=True, hidden=True)
    table.start()
    table.attack("影", "アリス", d(45))
    text = next(p.text for p in SYSTEM.view(table.state).prompts if p.kind == "reaction")
    assert text.startswith("影のこぶしがアリスに向けられました。") and "レギュラー" not in text
