"""The round-start declaration window (issue 10, "a flow that survives an asynchronous
channel"): nobody loses the chance to declare 受け流し, 集中 or 遅延 because someone else was
quicker; H-DEF-PARRY-01 still holds."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce
from rules.battle.keeper import CloseDeclarations
from rules.systems.coc6.window import DeclarationsClosed, DeclarationsOpened

FOCUS = ("回避に集中", "防御に集中", "受け流しに集中", "隠れるに集中", "かばうに集中")


def quick_zombie(table_of, system="coc6-house", **settings):
    """ゾンビ (NPC, DEX 16, こぶし 50) acts first; アリス (DEX 14) and ボブ (DEX 12) have
    〈マーシャルアーツ〉 1%, so under the house rules each must declare a parry (H-DEF-PARRY-01)."""
    table = table_of(system, shock=False, **settings)
    table.npc(table.sheet("ゾンビ", DEX=16))
    table.join("alice", table.sheet("アリス", DEX=14))
    table.join("bob", table.sheet("ボブ", DEX=12))
    table.start()
    return table


def kp_attacks(table, target, dice=()):
    return table.run("kp", cmds.Attack, dice, as_unit="ゾンビ", target=target, weapon="こぶし")


@pytest.mark.rule("H-DEF-PARRY-01", "H-DEF-03", "H-DELAY-01")
def test_a_new_round_calls_every_unit_and_prompts_each_with_its_buttons(table_of):
    table = quick_zombie(table_of)
    opened = table.events_of(DeclarationsOpened)
    assert [(e.round, e.units) for e in opened] == [(1, ["ゾンビ", "アリス", "ボブ"])]
    prompts = {p.key: p for p in table.system.view(table.state).prompts}
    alice = prompts["d1-アリス"]
    assert alice.kind == "declare" and alice.owner == "alice"
    assert alice.options == ("受け流し：ゾンビ", *FOCUS, "宣言しない", "以後宣言しない")
    zombie = prompts["d1-ゾンビ"]
    assert zombie.owner is None and zombie.options == ("受け流し：アリス", "受け流し：ボブ", *FOCUS, "宣言しない",
                                                    "以後宣言しない")
    closing = prompts["d1"]
    assert closing.kind == "declarations" and closing.options == ("宣言を締め切る",)
    assert "ゾンビ、アリス、ボブ" in closing.text
    assert table.state.turn == "ゾンビ"


@pytest.mark.rule("H-DEF-PARRY-01")
def test_an_attack_waits_for_a_late_declaration_and_the_parry_it_declares_is_allowed(table_of):
    table = quick_zombie(table_of)
    waits = kp_attacks(table, "アリス")  # kept, nothing rolled (issue 22: queued, not refused)
    assert [(type(e).__name__, e.attacker, e.target) for e in waits] == [("AttackWaiting", "ゾンビ", "アリス")]
    answered = table.run("alice", cmds.Declare, [30], action="受け流し", target="ゾンビ")  # the blow follows
    assert [type(e).__name__ for e in answered][:3] == ["Declared", "WaitingAttackReleased", "AttackDeclared"]
    assert table.state.declaring == ["ボブ"] and table.state.waiting == []  # the zombie acted
    assert "受け流し" in table.options("アリス")
    table.react("アリス", "受け流し", [30, 3], weapon="こぶし")
    assert table.hp("アリス") == 10  # a fist parried by a fist: the 3 damage is cancelled


@pytest.mark.rule("H-DEF-PARRY-01")
def test_answering_nothing_lets_the_attack_come_and_the_parry_stays_refused(table_of):
    table = quick_zombie(table_of)
    table.declare("アリス", "なし")
    assert "アリス" not in table.state.may_declare
    table.refused("H-DEF-PARRY-01", "alice", cmds.Declare, action="受け流し", target="ゾンビ")
    kp_attacks(table, "アリス", [30])
    table.refused("H-DEF-PARRY-01", "alice", cmds.React, [30], action="受け流し", weapon="こぶし")


@pytest.mark.rule("H-DEF-03", "H-DELAY-01")
def test_someone_acting_first_takes_nothing_from_the_others(table_of):
    table = quick_zombie(table_of)
    table.declare("アリス", "なし")
    kp_attacks(table, "アリス", [90])  # the zombie's first action of the round; it misses
    assert "ゾンビ" not in table.state.may_declare  # acting counts as having declared nothing
    table.refused("H-DEF-03", "kp", cmds.Declare, action="回避に集中", as_unit="ゾンビ")
    events = table.declare("ボブ", "回避に集中")  # ボブ declares late, but nobody has touched him
    assert [(e.unit, e.action) for e in events if isinstance(e, ce.Declared)] == [("ボブ", "回避に集中")]
    assert table.state.declaring == []


def test_a_player_declares_several_things_until_acting(table_of):
    table = quick_zombie(table_of)
    table.declare("ボブ", "受け流し", target="ゾンビ")
    table.declare("ボブ", "行動遅延", amount=5)
    assert [d["action"] for d in table.unit("ボブ").declarations] == ["受け流し", "行動遅延"]
    assert table.state.order == ["ゾンビ", "アリス", "ボブ"]  # DEX 12 − 5 = 7


def test_the_kp_closes_the_window_and_the_silent_have_declared_nothing(table_of):
    table = quick_zombie(table_of)
    table.declare("アリス", "受け流し", target="ゾンビ")
    with pytest.raises(InvalidInput, match="KPだけ"):
        table.system.decide(table.state, CloseDeclarations(issuer="bob"), None)
    events = table.run("kp", CloseDeclarations)
    assert [(e.by, e.silent, e.timeout) for e in events] == [("kp", ["ゾンビ", "ボブ"], False)]
    assert table.state.declaring == [] and table.state.may_declare == []
    assert not [p for p in table.system.view(table.state).prompts if p.kind in ("declare", "declarations")]
    table.refused("H-DEF-PARRY-01", "bob", cmds.Declare, action="受け流し", target="ゾンビ")
    kp_attacks(table, "ボブ", [30])  # no longer waits
    assert table.state.pending_for("ボブ") is not None
    with pytest.raises(InvalidInput, match="受け付け中の宣言はありません"):
        table.system.decide(table.state, CloseDeclarations(issuer="kp"), None)


def test_the_timeout_is_a_close_by_the_keeper(table_of):
    table = quick_zombie(table_of)
    events = table.run("kp", CloseDeclarations, timeout=True)
    assert [e.timeout for e in events if isinstance(e, DeclarationsClosed)] == [True]


def test_every_round_opens_its_own_window(table_of):
    table = quick_zombie(table_of)
    table.run("kp", CloseDeclarations)
    table.end_turns_until("ゾンビ")  # through アリス and ボブ into round 2
    table.run("kp", cmds.EndTurn, as_unit="ゾンビ")
    table.end_turns_until("ゾンビ")
    assert table.state.round == 2
    assert [e.units for e in table.events_of(DeclarationsOpened)][-1] == ["ゾンビ", "アリス", "ボブ"]


@pytest.mark.rule("P-PARRY-05", "P-PARRY-07")
def test_under_the_book_rule_only_those_who_must_declare_a_parry_are_called(table_of):
    table = quick_zombie(table_of, system="coc6")
    assert table.events_of(DeclarationsOpened) == []  # 〈マーシャルアーツ〉 1%: nobody must declare
    kp_attacks(table, "アリス", [30])  # nothing to wait for
    strict = quick_zombie(table_of, system="coc6", parry_free_at=50)
    assert [e.units for e in strict.events_of(DeclarationsOpened)] == [["ゾンビ", "アリス", "ボブ"]]
    prompt = next(p for p in strict.system.view(strict.state).prompts if p.key == "d1-アリス")
    assert prompt.options == ("受け流し：ゾンビ", "宣言しない", "以後宣言しない")  # no 集中 in the book rule


def test_a_removed_unit_is_no_longer_awaited(table_of):
    table = quick_zombie(table_of)
    table.run("kp", cmds.Remove, name="ボブ")
    assert table.state.declaring == ["ゾンビ", "アリス"]
    assert [p.unit for p in table.system.view(table.state).prompts if p.kind == "declare"] == ["ゾンビ", "アリス"]
