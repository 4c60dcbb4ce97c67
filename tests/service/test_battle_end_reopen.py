"""``/battle end`` asks before ending a live fight, and ``/battle reopen`` brings an ended
battle back exactly as it was (issue 10: "end the battle by mistake and reopen it")."""
from __future__ import annotations

from bot.commands import permissions
from service_table import ALICE, BOB, KP, text


async def status(table) -> str | None:
    record = await table.store.latest_battle(table.channel)
    return record.status if record else None


async def test_ending_a_live_fight_asks_first_and_keep_keeps_it(table):
    await table.fight()
    asked = await table.say(KP, "battle end")
    assert [(r.ephemeral, r.to, [b.label for b in r.buttons]) for r in asked] == [(True, KP, ["戦闘を終える", "続ける"])]
    assert asked[0].text.startswith("本当に戦闘を終えますか？（まだ両陣営に行動できるユニットがいます）")
    assert await status(table) == "active"
    kept = await table.press(KP, "続ける", asked)
    assert [r.text for r in kept] == ["戦闘を続けます。"] and await status(table) == "active"
    asked_again = await table.say(KP, "battle end")
    ended = await table.press(KP, "戦闘を終える", asked_again)
    assert "戦闘を終了しました" in text(ended) and await status(table) == "ended"


STALE = "このボタンは古くなっています（この確認にはもう答えました）。最新のメッセージのボタンを使ってください。"


async def test_an_answered_end_confirmation_is_stale(table):
    await table.fight()
    asked = await table.say(KP, "battle end")
    await table.press(KP, "続ける", asked)
    late = await table.press(KP, "戦闘を終える", asked)
    assert [(r.ephemeral, r.text) for r in late] == [(True, STALE)] and await status(table) == "active"
    assert [r.text for r in await table.press(KP, "続ける", asked)] == [STALE]


async def test_a_newer_end_confirmation_makes_the_older_stale(table):
    await table.fight()
    older = await table.say(KP, "battle end")
    newer = await table.say(KP, "battle end")
    assert [r.text for r in await table.press(KP, "戦闘を終える", older)] == [STALE]
    assert await status(table) == "active"
    ended = await table.press(KP, "戦闘を終える", newer)
    assert "戦闘を終了しました" in text(ended) and await status(table) == "ended"


async def test_a_pending_question_is_named_and_confirm_skips_the_question(table):
    await table.fight()
    await table.say(ALICE, "attack", 30, target="ゾンビ")  # hits: ゾンビ must answer
    asked = await table.say(KP, "battle end")
    assert "ゾンビへの質問（対応）がまだ答えられていません" in asked[0].text
    ended = await table.say(KP, "battle end", confirm="true")
    assert "戦闘を終了しました" in text(ended) and await status(table) == "ended"


async def test_with_one_side_left_standing_it_ends_at_once(table):
    await table.say(KP, "battle new")
    await table.fight_on()
    await table.say(KP, "battle remove", name="ゾンビ")
    ended = await table.say(KP, "battle end")
    assert "戦闘を終了しました" in text(ended) and await status(table) == "ended"


async def test_reopen_restores_the_turn_and_the_pending_question(table):
    await table.fight()
    await table.say(ALICE, "attack", 30, target="ゾンビ")
    before = await table.state()
    await table.say(KP, "battle end", confirm="true")
    reopened = await table.say(KP, "battle reopen")
    assert reopened[0].text == (f"♻ KP（{KP}）が戦闘を再開しました（ラウンド1）。\n"
                                "シートへの反映を取り消しました: アリス 成長の印〈こぶし〉を外す")  # its hit marked it at the end
    assert any(r.data and r.data.get("combatants") for r in reopened)
    assert any("ゾンビ" in r.text and r.buttons for r in reopened)  # its question is asked again
    assert await status(table) == "active"
    after = await table.state()
    assert (after.phase, after.turn, after.round) == ("active", "アリス", 1)
    assert [(p.unit, p.options) for p in after.pending] == [(p.unit, p.options) for p in before.pending]
    answered = await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    assert "(1D100<=16) ＞ 80 ＞ 失敗" in text(answered)


async def test_undo_after_a_reopen_takes_back_the_play_not_the_reopening(table):
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(KP, "battle end", confirm="true")
    await table.say(KP, "battle reopen")
    await table.say(KP, "kp undo")
    state = await table.state()
    assert (state.phase, state.turn) == ("active", "アリス") and await status(table) == "active"


async def test_reopen_needs_an_ended_battle_no_active_one_and_the_kp(table):
    replies = await table.say(KP, "battle reopen", admin=True)  # no battle yet: only a channel admin is KP
    assert replies[0].ephemeral and "再開できる（終了した）戦闘がありません" in replies[0].text
    await table.fight()
    replies = await table.say(KP, "battle reopen")
    assert replies[0].ephemeral and "すでに戦闘が進行中です" in replies[0].text
    await table.say(KP, "battle end", confirm="true")
    replies = await table.say(BOB, "battle reopen")
    assert [r.text for r in replies] == [permissions.KEEPER_ONLY] and await status(table) == "ended"
    await table.say(KP, "battle reopen")
    assert await status(table) == "active"


async def test_reopen_brings_back_the_most_recent_battle(table):
    await table.fight()
    await table.say(KP, "battle end", confirm="true")
    await table.say(KP, "battle new", system="coc6")
    await table.say(KP, "battle end")  # nobody in it: ends at once
    await table.say(KP, "battle reopen")
    record = await table.store.active_battle(table.channel)
    assert record.system == "coc6"
