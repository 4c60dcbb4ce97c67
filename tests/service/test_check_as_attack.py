"""「攻撃として扱う」 (issue 26, H-GEN-01): a palette roll of a skill that is no attack
(「CCB<=60 【芸術（バレエ）】」) is a plain check; the KP's button under it reads the same die
as the unit's attack, asking the weapon and the target, recorded as a KP ruling; a restart
between the presses loses nothing (the choices ride in the buttons, the die in the step)."""
from __future__ import annotations

import itertools

import pytest

from bot.battle.as_attack import KP_ONLY, STALE
from bot.service import Request
from service_table import ALICE, BOB, KP, refused, text

MESSAGES = itertools.count(2 * 10**17)
BALLET = "CCB<=60 【芸術（バレエ）】"


async def ballet(table, face: int = 45) -> list:
    """アリス's ballet check on her turn (``face``), answered with the [攻撃として扱う] button."""
    await table.two_zombies(**{"芸術（バレエ）": 60})
    table.dice.feed(face)
    return await table.service.handle(Request(channel=table.channel, user=ALICE, name=ALICE, command="chat",
                                              options={"text": BALLET}, request_id=str(next(MESSAGES))))


@pytest.mark.rule("H-GEN-01")
async def test_the_kp_reads_the_checks_die_as_a_kick_across_restarts(table):
    checked = await ballet(table)
    assert [(r.text, [b.label for b in r.buttons]) for r in checked] == [
        ("アリス 芸術（バレエ）：(1D100<=60) ＞ 45 ＞ 成功", ["攻撃として扱う"])]
    await table.restart()
    weapons = await table.press(KP, "攻撃として扱う", checked)
    assert [(r.to, r.text, [b.label for b in r.buttons]) for r in weapons] == [
        (KP, "⚖ アリスの〈芸術（バレエ）〉（出目 45・目標値 60%）を攻撃として扱います。どの武器（技能）での攻撃ですか？",
         ["こぶし", "キック", "組み付き", "頭突き"])]
    await table.restart()
    targets = await table.press(KP, "キック", weapons)
    assert targets[0].text.endswith("キックで、誰への攻撃ですか？")
    assert [b.label for b in targets[0].buttons] == ["ゾンビ1", "ゾンビ2"]
    await table.restart()
    ruled = text(await table.press(KP, "ゾンビ2", targets))
    assert ruled.startswith(
        "⚖ KP裁定［攻撃として扱う］アリスの〈芸術（バレエ）〉（出目 45・目標値 60%）をキックでゾンビ2への攻撃として（kp）\n"
        "⚔ アリス → ゾンビ2：キックで攻撃（60%）\n"
        "アリス 攻撃（キック）：(1D100<=60) ＞ 45 ＞ 成功")
    assert table.dice.faces == []  # the check's die; nothing rolled again
    state = await table.state()
    assert state.pending and state.turn == "アリス"
    log = (await table.say(KP, "battle log"))[0].file["content"]
    assert "⏪ 上書きのため取り消し: 手順 7（kp）" in log and "［取り消し済み］: 「CCB<=60 【芸術（バレエ）】」" in log


@pytest.mark.rule("H-GEN-01")
async def test_undo_brings_the_check_back(table):
    checked = await ballet(table)
    weapons = await table.press(KP, "攻撃として扱う", checked)
    targets = await table.press(KP, "こぶし", weapons)
    await table.press(KP, "ゾンビ1", targets)
    undone = text(await table.say(KP, "kp undo"))
    assert undone == "⏪ KP（kp）が1つの操作を取り消しました: [攻撃として扱う]"
    state = await table.state()
    assert not state.pending and state.units["ゾンビ1"].hp == 15 and state.turn == "アリス"


async def test_only_the_kp_and_only_before_the_battle_moves_on(table):
    checked = await ballet(table)
    assert [(r.to, r.text) for r in await table.press(ALICE, "攻撃として扱う", checked)] == [(ALICE, KP_ONLY)]
    assert [(r.to, r.text) for r in await table.press(BOB, "攻撃として扱う", checked)] == [(BOB, KP_ONLY)]
    weapons = await table.press(KP, "攻撃として扱う", checked)
    await table.say(ALICE, "end")  # the battle moves on: the check stands
    late = await table.press(KP, "キック", weapons)
    assert refused(late) and late[0].text == STALE
    again = await table.press(KP, "攻撃として扱う", checked)
    assert refused(again) and again[0].text == STALE
    assert (await table.state()).turn == "ボブ"


async def test_a_check_with_its_patient_named_or_an_attack_gets_no_button(table):
    await table.two_zombies(応急手当=55)
    await table.say(KP, "kp set", target="ボブ", field="HP", value="7")
    table.dice.feed(30, 2)
    treated = await table.say(ALICE, "check", skill="応急手当", target="ボブ")
    assert "ボブのHPが2回復" in text(treated) and not [b for r in treated for b in r.buttons]
    table.dice.feed(90)
    attacked = await table.say(ALICE, "attack", target="ゾンビ1", weapon="こぶし")
    assert "攻撃として扱う" not in [b.label for r in attacked for b in r.buttons]
