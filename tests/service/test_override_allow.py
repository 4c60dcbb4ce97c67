"""/kp override and /kp allow (H-GEN-01): the KP's word replaces a roll and re-resolves what
follows; an allowed declaration happens with the refusal lifted and is logged as a ruling."""
from __future__ import annotations

import pytest

from service_table import ALICE, BOB, KP, refused, text
from rules.battle.keeper import KeeperRuling
from rules.systems.coc6 import events as ce


async def content(table, kind):
    """The active events of ``kind`` in the battle, in order."""
    record = await table.store.active_battle(table.channel)
    _system, loaded = await table.service.battles.loaded(record, history=True)
    return [e for s in loaded.steps if s.active for e in s.events if isinstance(e, kind)]


@pytest.mark.rule("H-GEN-01")
async def test_override_turning_a_hit_into_a_miss_removes_the_damage(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 2, 3, action="なし", **{"as": "ゾンビ"})
    assert (await table.state()).units["ゾンビ"].hp == 10
    replies = await table.say(KP, "kp override", result="失敗")
    assert "アリスの攻撃（こぶし）（45）を「失敗」に" in text(replies)
    assert "(1D100<=70) ＞ 45 ＞ 成功 → KP裁定で「失敗」" in text(replies)
    assert "成り立たなくなったため取り消した操作: /react action:なし as:ゾンビ" in text(replies)
    state = await table.state()
    assert state.units["ゾンビ"].hp == 15 and state.pending == [] and state.turn == "アリス"
    assert await content(table, ce.DamageRolled) == []
    assert [r.detail for r in await content(table, KeeperRuling)] == ["アリスの攻撃（こぶし）（45）を「失敗」に"]
    # the override itself can be undone: the hit and its damage come back
    await table.say(KP, "kp undo")
    assert (await table.state()).units["ゾンビ"].hp == 10


@pytest.mark.rule("H-GEN-01")
async def test_override_rolls_new_dice_only_where_the_new_outcome_needs_them(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 10, action="回避", **{"as": "ゾンビ"})
    assert (await table.state()).units["ゾンビ"].hp == 15
    replies = await table.say(KP, "kp override", 2, 3, result="失敗")
    assert "(1D100<=16) ＞ 10 ＞ 成功 → KP裁定で「失敗」" in text(replies)
    assert table.dice.faces == []
    assert (await table.state()).units["ゾンビ"].hp == 10


@pytest.mark.rule("H-GEN-01")
async def test_override_of_a_damage_value_reuses_the_recorded_dice(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 2, 3, action="なし", **{"as": "ゾンビ"})
    impossible = await table.say(KP, "kp override", result="1")
    assert refused(impossible) and "1にできません" in impossible[0].text
    assert (await table.state()).units["ゾンビ"].hp == 10
    await table.say(KP, "kp override", result="7")
    assert (await table.state()).units["ゾンビ"].hp == 8


@pytest.mark.rule("H-GEN-01")
async def test_a_second_override_of_the_same_roll_names_the_die_really_rolled(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 2, 3, action="なし", **{"as": "ゾンビ"})
    await table.say(KP, "kp override", result="失敗")  # 45 is replayed as a stand-in 71
    replies = await table.say(KP, "kp override", result="成功")
    assert replies[0].text == "⚖ KP（kp）の裁定: アリスの攻撃（こぶし）（45）を「成功」にして処理し直します。"
    assert replies[1].text.splitlines()[1] == "アリス 攻撃（こぶし）：(1D100<=70) ＞ 45 ＞ 成功 → KP裁定で「成功」"
    assert [r.detail for r in await content(table, KeeperRuling)] == [
        "アリスの攻撃（こぶし）（45）を「失敗」に", "アリスの攻撃（こぶし）（45）を「成功」に"]
    log = (await table.say(KP, "battle log"))[0].file["content"]
    assert "⚖ KP裁定［上書き］アリスの攻撃（こぶし）（45）を「失敗」に（kp）" in log
    assert "⚖ KP裁定［上書き］アリスの攻撃（こぶし）（45）を「成功」に（kp）" in log
    again = await table.say(KP, "kp override", result="50")  # a value after two outcomes: still the die rolled
    assert again[0].text == "⚖ KP（kp）の裁定: アリスの攻撃（こぶし）（45）を「50」にして処理し直します。"


@pytest.mark.rule("H-GEN-01")
async def test_a_second_override_of_a_damage_value_names_the_damage_really_rolled(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 2, 3, action="なし", **{"as": "ゾンビ"})
    await table.say(KP, "kp override", result="7")
    replies = await table.say(KP, "kp override", result="6")
    assert replies[0].text == "⚖ KP（kp）の裁定: ゾンビへのダメージ（5）を「6」にして処理し直します。"
    assert (await table.state()).units["ゾンビ"].hp == 9


@pytest.mark.rule("H-DEF-PARRY-01")
async def test_allow_lets_the_last_refused_declaration_happen_even_after_a_restart(table):
    await table.fight()
    await table.say(ALICE, "end")
    late = await table.say(BOB, "declare", action="受け流し", target="ゾンビ")
    assert "H-DEF-PARRY-01" not in text(late)
    await table.say(BOB, "attack", 95, target="ゾンビ", weapon="こぶし")
    refusal = await table.say(ALICE, "declare", action="受け流し", target="ゾンビ")
    assert refused(refusal) and "（H-DEF-PARRY-01）" in refusal[0].text and "/kp allow" in refusal[0].text
    assert not (await table.state()).units["アリス"].declarations
    await table.restart()
    nope = await table.say(ALICE, "kp allow")
    assert refused(nope) and "KPだけ" in nope[0].text
    allowed = await table.say(KP, "kp allow")
    assert "/declare action:受け流し target:ゾンビ を認めます（H-DEF-PARRY-01）" in text(allowed)
    assert (await table.state()).units["アリス"].declarations == [
        {"action": "受け流し", "target": "ゾンビ", "amount": None}]
    rulings = await content(table, KeeperRuling)
    assert [(r.action, r.clause, r.by) for r in rulings] == [("許可", "H-DEF-PARRY-01", KP)]
    again = await table.say(KP, "kp allow")
    assert refused(again) and "拒否された宣言" in again[0].text


@pytest.mark.rule("H-GEN-01")
async def test_override_of_a_hit_still_waiting_for_its_answer_asks_the_question_again(table):
    await table.fight()
    first = await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    asked = [r for r in first if r.buttons and "対応を選んでください" in r.text]
    replies = await table.say(KP, "kp override", result="スペシャル")
    again = [r for r in replies if r.buttons and "対応を選んでください" in r.text]
    assert [(r.text, r.mentions, [b.label for b in r.buttons]) for r in again] == [(
        "アリスのこぶしがゾンビに命中しました。対応を選んでください。\n"
        "選べる対応: 回避／防御／なし（チャットで「回避」のように書くか、/react action:… でも選べます）",
        (KP,), ["回避", "防御", "なし"])]
    assert [b.custom_id for b in again[0].buttons] == [b.custom_id for b in asked[0].buttons]
    assert [p.unit for p in (await table.state()).pending] == ["ゾンビ"]
    answered = await table.press(KP, "回避", again, 80, 2, 3)
    assert "ゾンビの対応：回避" in text(answered) and (await table.state()).units["ゾンビ"].hp == 10


@pytest.mark.rule("H-GEN-01", "H-DEF-COVER-05", "H-DEF-COVER-06", "H-DEF-COVER-10")
async def test_override_of_a_cover_roll_reuses_the_damage_already_shown(table):
    """ボブ's かばう (DEX×5 50) fails at 70 and the blow is shown (1D3+1D4 = 2+3); the KP
    rules it a success: ボブ takes the same 5, and no die is rolled again."""
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(BOB, "end")
    await table.say(KP, "attack", 20, target="アリス", weapon="こぶし", **{"as": "ゾンビ"})
    failed = await table.say(BOB, "react", 70, 2, 3, action="かばう", target="アリス")
    assert "(1D100<=50) ＞ 70 ＞ 失敗" in text(failed) and "(1D3+1D4) ＞ 2[2]+3[3] ＞ 5" in text(failed)
    replies = await table.say(KP, "kp override", result="成功")  # nothing fed: no new die may be rolled
    assert "ボブのかばう（DEX×5）（70）を「成功」に" in text(replies)
    assert table.dice.faces == []
    state = await table.state()
    assert [p.unit for p in state.pending] == ["ボブ"] and state.pending[0].context["damage"] == 5
    await table.say(BOB, "react", action="なし")
    state = await table.state()
    assert (state.units["アリス"].hp, state.units["ボブ"].hp) == (13, 14 - 5)


@pytest.mark.rule("H-GEN-01", "X-ROLL-02")
async def test_override_reads_daiseikou_as_a_critical(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    replies = await table.say(KP, "kp override", result="大成功")
    assert "アリスの攻撃（こぶし）（45）を「大成功」に" in text(replies)
    assert "(1D100<=70) ＞ 45 ＞ 成功 → KP裁定で「大成功」" in text(replies)
    state = await table.state()
    assert state.pending[0].context["level"] == "決定的成功/スペシャル"
