"""A round start that stays quiet (issue 22): an attack on a player's unit whose declaration
is awaited waits and runs by itself (H-DEF-PARRY-01: the parry is declared before the blow),
the standing 「以後宣言しない」, and the status a KP rules from (H-DEF-03, H-CALL-ARM-02)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import CloseDeclarations
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce
from rules.systems.coc6.waiting import AttackWaiting, WaitingAttackReleased
from rules.systems.coc6.window import DeclarationAnswered, DeclarationsOpened
from tests.rules.coc6.test_declaration_window import quick_zombie


def zombie_attacks(table, target, dice=()):
    return table.run("kp", cmds.Attack, dice, as_unit="ゾンビ", target=target, weapon="こぶし")


def rolls(events):
    return [(e.target, e.roll) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("H-DEF-PARRY-01", "P-PARRY-05")
@pytest.mark.parametrize("system,settings", [("coc6-house", {}), ("coc6", {"parry_free_at": 50})])
def test_the_waiting_attack_runs_when_the_kp_closes_the_window(table_of, system, settings):
    table = quick_zombie(table_of, system, **settings)
    waits = zombie_attacks(table, "ボブ")
    assert waits == [AttackWaiting(attacker="ゾンビ", target="ボブ", command=waits[0].command)]
    assert waits[0].command["weapon"] == "こぶし" and table.state.waiting[0]["target"] == "ボブ"
    assert table.system.view(table.state).rows[0].notes == ("ボブへの攻撃が宣言待ち",)  # the zombie's status
    events = table.run("kp", CloseDeclarations, [30])  # the KP's close rolls the zombie's 50%: 30
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["DeclarationsClosed", "WaitingAttackReleased", "AttackDeclared"]
    assert rolls(events) == [(50, 30)]
    assert table.state.waiting == [] and table.state.pending_for("ボブ") is not None
    assert "受け流し" not in table.options("ボブ")  # never declared (H-DEF-PARRY-01)


@pytest.mark.rule("H-DEF-PARRY-01")
def test_the_waiting_attack_runs_when_the_target_answers_nothing(table_of):
    table = quick_zombie(table_of)
    zombie_attacks(table, "アリス")
    events = table.run("alice", cmds.Declare, [30], action="宣言しない")
    assert [type(e).__name__ for e in events][:3] == ["DeclarationAnswered", "WaitingAttackReleased", "AttackDeclared"]
    assert rolls(events) == [(50, 30)]
    assert table.state.declaring == ["ボブ"]  # ボブ is still awaited: the zombie acted, アリス answered


def test_another_player_answering_does_not_release_the_attack(table_of):
    table = quick_zombie(table_of)
    zombie_attacks(table, "アリス")
    events = table.declare("ボブ", "なし")
    assert [type(e) for e in events] == [DeclarationAnswered]
    assert table.state.waiting[0]["target"] == "アリス"


def test_one_waiting_attack_at_a_time_and_the_turn_end_drops_it(table_of):
    table = quick_zombie(table_of)
    zombie_attacks(table, "アリス")
    with pytest.raises(InvalidInput, match="すでに宣言を待っています"):
        table.system.decide(table.state, cmds.Attack(issuer="kp", as_unit="ゾンビ", target="ボブ"), None)
    events = table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    dropped = [e for e in events if isinstance(e, WaitingAttackReleased)]
    assert dropped == [WaitingAttackReleased(attacker="ゾンビ", target="アリス", reason="ゾンビの手番が終わったため取り消しました")]
    assert table.state.waiting == []


def test_a_waiting_attack_that_became_impossible_is_dropped_not_the_answer(table_of):
    table = quick_zombie(table_of)
    zombie_attacks(table, "アリス")
    events = table.run("kp", cmds.Remove, name="アリス")  # the KP takes her out of the battle meanwhile
    released = [e for e in events if isinstance(e, WaitingAttackReleased)]
    assert len(released) == 1 and released[0].reason.startswith("攻撃できなくなりました: ")
    assert not [e for e in events if isinstance(e, ce.AttackDeclared)]


@pytest.mark.rule("H-DEF-PARRY-01")
def test_an_npc_target_never_makes_an_attack_wait(table_of):
    table = quick_zombie(table_of)
    table.run("kp", CloseDeclarations)
    table.end_turns_until("アリス")
    # round 1 is closed; the NPC is never waited for anyway
    events = table.run("alice", cmds.Attack, [30], target="ゾンビ", weapon="こぶし")
    assert rolls(events) == [(50, 30)]


@pytest.mark.rule("H-DEF-03")
def test_a_standing_none_answers_now_and_in_every_later_round_until_lifted(table_of):
    table = quick_zombie(table_of)
    events = table.declare("アリス", "以後宣言しない")
    assert [type(e) for e in events] == [ce.UnitMarked, DeclarationAnswered]
    assert table.system.view(table.state).rows[1].notes == ("以後宣言しない",)
    with pytest.raises(InvalidInput, match="すでに「以後宣言しない」"):
        table.system.decide(table.state, cmds.Declare(issuer="alice", action="以後宣言しない"), None)
    table.run("kp", CloseDeclarations)
    table.end_turns_until("ゾンビ")  # into round 2 through アリス and ボブ … and the zombie
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.end_turns_until("ゾンビ")
    assert table.state.round == 2
    assert table.events_of(DeclarationsOpened)[-1].units == ["ゾンビ", "ボブ"]  # アリス is not called
    zombie_attacks(table, "アリス", [90])  # nor waited for: the blow comes at once (misses)
    table.declare("アリス", "宣言再開")
    assert table.system.view(table.state).rows[1].notes == ()
    table.run("kp", CloseDeclarations)
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.end_turns_until("ゾンビ")
    assert table.state.round == 3
    assert table.events_of(DeclarationsOpened)[-1].units == ["ゾンビ", "アリス", "ボブ"]


@pytest.mark.rule("H-DEF-03", "H-DEF-PARRY-01", "H-DELAY-01")
def test_the_status_shows_focus_parries_and_delays(table_of):
    table = quick_zombie(table_of)
    table.declare("アリス", "回避に集中")
    table.declare("アリス", "受け流し", target="ゾンビ")
    table.declare("ボブ", "行動遅延", amount=3)
    rows = {r.name: r for r in table.system.view(table.state).rows}
    assert rows["アリス"].notes == ("回避に集中", "受け流し宣言（ゾンビ）")
    assert rows["ボブ"].notes == ("行動遅延（DEX−3）",)
    assert rows["ゾンビ"].notes == ()


@pytest.mark.rule("H-CALL-ARM-02")
def test_the_status_shows_an_arm_wounds_skill_loss(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("aki", table.sheet("アキラ", DEX=15, skills={"こぶし": 70}))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14, skills={"こぶし": 50, "回避": 30},
                          weapons=[table.weapon("バット", skill_value=40)]))
    table.start()
    table.end_turns_until("アキラ")
    table.run("aki", cmds.Attack, [50], target="信者", weapon="こぶし", aim="腕")
    table.react("信者", "なし", [1])
    row = next(r for r in table.system.view(table.state).rows if r.name == "信者")
    # こぶし 50 → 33, バット 40 → 26 (×2/3, rounded down); キック 25 → 16 among the others
    assert row.notes == ("腕の負傷: こぶし−17%・バット−14%（ほか10技能も低下）",)
