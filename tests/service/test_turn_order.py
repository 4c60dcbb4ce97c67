"""Turn order by identity (H-UNIT-02, X-ORDER-01): removals, ties over rounds and restarts,
units added mid-round, and undo never giving a dead unit a turn."""
from __future__ import annotations

import pytest

from service_table import ALICE, BOB, KP, text


async def turn(table):
    state = await table.state()
    return state.round, state.turn


@pytest.mark.rule("H-UNIT-02")
async def test_removing_the_current_unit_passes_the_turn_to_the_next(table):
    await table.fight()
    replies = await table.say(KP, "battle remove", name="アリス")
    assert await turn(table) == (1, "ボブ")
    prompt = next(r for r in replies if r.buttons)
    assert prompt.mentions == (BOB,) and "ラウンド1: ボブの手番です。（行動ポイント 3）" in prompt.text


@pytest.mark.rule("H-UNIT-02")
async def test_removing_one_who_already_acted_skips_nobody(table):
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(KP, "battle remove", name="アリス")
    assert await turn(table) == (1, "ボブ")
    await table.say(BOB, "end")
    assert await turn(table) == (1, "ゾンビ")


@pytest.mark.rule("H-UNIT-04")
async def test_removing_the_last_unit_of_the_round_starts_the_next_round(table):
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(BOB, "end")
    assert await turn(table) == (1, "ゾンビ")
    replies = await table.say(KP, "battle remove", name="ゾンビ")
    assert await turn(table) == (2, "アリス")
    assert "━━ ラウンド2 ━━ 行動順: アリス → ボブ" in text(replies)


@pytest.mark.rule("X-ORDER-01")
async def test_three_units_tied_on_dex_keep_their_order_over_rounds_and_a_restart(table):
    await table.fight()
    await table.say(KP, "battle add", name="甲", character="ボブ")
    await table.say(KP, "battle add", name="乙", character="ボブ")

    async def play_round():
        state = await table.state()
        for unit in list(state.order):
            await table.say(KP, "kp skip")
        return (await table.state()).order

    await play_round()
    assert (await table.state()).order == ["アリス", "ボブ", "甲", "乙", "ゾンビ"]
    assert (await table.state()).tied == [["ボブ", "甲", "乙"]]
    await table.say(KP, "kp order", name="乙", position=2)
    assert (await table.state()).order == ["アリス", "乙", "ボブ", "甲", "ゾンビ"]
    assert await play_round() == ["アリス", "乙", "ボブ", "甲", "ゾンビ"]
    await table.restart()
    assert await play_round() == ["アリス", "乙", "ボブ", "甲", "ゾンビ"]
    assert (await table.state()).round == 4


@pytest.mark.rule("H-UNIT-02", "X-ORDER-01")
async def test_a_unit_added_mid_round_acts_in_its_place_or_where_the_kp_puts_it(table):
    await table.fight()
    added = await table.say(KP, "battle add", name="甲", character="ボブ")  # DEX 10 like ボブ, who has not acted
    assert added[0].text.endswith("甲はこのラウンド、ボブの次（DEX 10）に行動します。")  # issue 22
    await table.say(ALICE, "end")
    await table.say(BOB, "end")
    assert await turn(table) == (1, "甲")
    await table.say(KP, "end", **{"as": "甲"})
    assert await turn(table) == (1, "ゾンビ")
    await table.say(KP, "end", **{"as": "ゾンビ"})
    assert await turn(table) == (2, "アリス")
    assert (await table.state()).order == ["アリス", "ボブ", "甲", "ゾンビ"]
    await table.say(KP, "battle add", name="乙", character="ボブ")
    await table.say(KP, "kp order", name="乙", position=2)
    await table.say(ALICE, "end")
    assert await turn(table) == (2, "乙")


@pytest.mark.rule("X-HP-02")
async def test_undo_never_gives_a_dead_unit_a_turn(table):
    await table.fight()
    await table.say(KP, "kp set", target="ゾンビ", field="HP", value=3)
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 2, 3, action="なし", **{"as": "ゾンビ"})
    assert "死亡" in (await table.state()).units["ゾンビ"].conditions
    await table.say(ALICE, "end")
    await table.say(BOB, "end")
    assert await turn(table) == (2, "アリス")
    await table.say(KP, "kp undo")
    assert await turn(table) == (1, "ボブ")
    await table.say(BOB, "end")
    assert await turn(table) == (2, "アリス")
    assert "ゾンビ" not in (await table.state()).order


@pytest.mark.rule("H-UNIT-02")
async def test_removing_the_defender_while_its_answer_is_pending_closes_the_question(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    assert [p.unit for p in (await table.state()).pending] == ["ゾンビ"]
    await table.say(KP, "battle remove", name="ゾンビ")
    state = await table.state()
    assert (state.pending, state.turn, list(state.units)) == ([], "アリス", ["アリス", "ボブ"])
