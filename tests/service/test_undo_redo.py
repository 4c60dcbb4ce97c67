"""/kp undo and /kp redo through the service (H-GEN-01): undo appends a revert, the fold
skips reverted steps, redo restores them exactly."""
from __future__ import annotations

import copy

import pytest

from service_table import ALICE, BOB, KP, refused, text


def snapshot(state):
    """Everything that matters of a state, comparable with ==."""
    s = copy.deepcopy(state)
    s.version = 0
    return s


@pytest.mark.rule("H-GEN-01")
async def test_undo_then_redo_gives_back_the_identical_state(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    after_attack = snapshot(await table.state())
    await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    after_damage = snapshot(await table.state())
    assert (await table.state()).units["ゾンビ"].hp == 10

    undo = await table.say(KP, "kp undo")
    assert "取り消しました" in text(undo)
    assert snapshot(await table.state()) == after_attack
    redo = await table.say(KP, "kp redo")
    assert "やり直しました" in text(redo)
    assert snapshot(await table.state()) == after_damage
    await table.restart()
    assert snapshot(await table.state()) == after_damage


@pytest.mark.rule("H-GEN-01")
async def test_undo_across_damage_restores_hp_weapon_hp_and_conditions(table):
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(BOB, "char weapon", name="ボブ", weapon="バット", skill=60, damage="1D8", hp=20, **{"class": "棍棒"})
    state = await table.state()
    await table.say(KP, "kp set", target="ゾンビ", field="HP", value=4)
    before = snapshot(await table.state())
    assert before.units["ゾンビ"].hp == 4
    # ボブ punches: 30 hits; the zombie takes 1D3+1D4 = 3+4 = 7 and dies at -3
    await table.say(BOB, "attack", 30, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 3, 4, action="なし", **{"as": "ゾンビ"})
    dead = await table.state()
    assert dead.units["ゾンビ"].hp == -3 and "死亡" in dead.units["ゾンビ"].conditions
    await table.say(KP, "kp undo", steps=2)
    back = await table.state()
    assert snapshot(back) == before
    assert back.units["ゾンビ"].conditions == []
    assert back.units["ボブ"].weapons == state.units["ボブ"].weapons


@pytest.mark.rule("H-GEN-01")
async def test_undo_of_a_parry_restores_the_weapons_hp(table):
    await table.fight(system="coc6")
    await table.say(KP, "kp set", target="ボブ", field="HP", value=14)
    await table.say(ALICE, "end")
    await table.say(BOB, "end")
    # ゾンビ punches ボブ; ボブ parries with his fist: 20 succeeds, damage 1D3+1D4 = 2+1
    await table.say(KP, "attack", 10, target="ボブ", weapon="こぶし", **{"as": "ゾンビ"})
    before = snapshot(await table.state())
    await table.say(BOB, "react", 20, 2, 1, action="受け流し", weapon="こぶし")
    assert (await table.state()).units["ボブ"].used == {"受け流し": 1}
    await table.say(KP, "kp undo")
    assert snapshot(await table.state()) == before


async def test_undo_needs_a_step_and_redo_is_refused_after_a_new_action(table):
    await table.say(KP, "battle new")
    nothing = await table.say(KP, "kp undo")
    assert refused(nothing) and "取り消せる操作がありません" in nothing[0].text
    await table.fight_on()
    await table.say(ALICE, "end")
    await table.say(KP, "kp undo")
    assert (await table.state()).turn == "アリス"
    await table.say(ALICE, "end")
    replies = await table.say(KP, "kp redo")
    assert refused(replies) and "やり直せる操作がありません" in replies[0].text


async def test_undo_is_for_the_keeper_only(table):
    await table.fight()
    await table.say(ALICE, "end")
    replies = await table.say(ALICE, "kp undo")
    assert refused(replies) and "KPだけ" in replies[0].text
    assert (await table.state()).turn == "ボブ"


@pytest.mark.rule("H-GEN-01")
async def test_undoing_an_override_brings_back_what_it_replaced_before_going_further(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    after_attack = snapshot(await table.state())
    await table.say(KP, "kp override", result="失敗")
    replies = await table.say(KP, "kp undo", steps=2)
    assert "/kp override result:失敗、/attack target:ゾンビ weapon:こぶし" in text(replies)
    state = await table.state()
    assert (state.phase, state.turn, state.pending, state.units["ゾンビ"].hp) == ("active", "アリス", [], 15)
    assert snapshot(state) != after_attack


async def test_the_state_grown_step_by_step_equals_a_fresh_fold_after_a_restart(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    await table.say(KP, "kp set", target="ボブ", field="状態", value="+転倒")
    await table.say(ALICE, "end")
    grown = snapshot(await table.state())
    await table.restart()
    assert snapshot(await table.state()) == grown
