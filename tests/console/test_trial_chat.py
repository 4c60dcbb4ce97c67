"""The chat faults of a new-user trial, played in the console (F24, F6/F7/F29, F23, F3) and
what playing two short fights as a new user found: a line that acts and then ends the turn,
the 7th edition's maneuvers typed in words, a palette roll of a fighting skill, the help."""
from __future__ import annotations

import pytest

SIXTH = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char weapon name:アリス weapon:ナイフ
bob: /char new name:ボブ STR:14 CON:13 POW:11 DEX:12 APP:10 SIZ:13 INT:13 EDU:15
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6-house
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:ゾンビ character:ゾンビ
kp: /battle start
kp: 宣言を締め切る
"""

SEVENTH = """\
kp: /kp setting key:版 value:7
alice: /char new name:アリス STR:60 CON:60 POW:50 DEX:70 APP:50 SIZ:60 INT:70 EDU:70 luck:50
alice: /char set name:アリス key:近接戦闘（格闘） value:60
alice: /char weapon name:アリス weapon:ナイフ
bob: /char new name:ボブ STR:80 CON:70 POW:40 DEX:50 APP:40 SIZ:80 INT:50 EDU:50 luck:40
bob: /char set name:ボブ key:近接戦闘（格闘） value:70
bob: /char weapon name:ボブ weapon:バット
kp: /char new name:信者 STR:50 CON:50 POW:50 DEX:60 APP:50 SIZ:50 INT:50 EDU:50 luck:50
kp: /char set name:信者 key:近接戦闘（格闘） value:40
kp: /char weapon name:信者 weapon:ナイフ
kp: /battle new
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:信者A character:信者
kp: /battle add name:信者B character:信者
kp: /battle start
"""


def texts(messages: list[dict]) -> str:
    return "\n".join(m["text"] for m in messages)


async def turn_of(table) -> str:
    return (await table.say("kp: /battle status"))[0]["data"]["turn"]


# --- F24: an action, then the end of the turn ---------------------------------------------


async def test_a_blow_then_the_end_waits_for_the_answer_and_ends_the_turn(console_table):
    table = await console_table([18, 3, 1])
    await table.play(SIXTH)
    said = texts(await table.say("alice: ゾンビをこぶしで殴ってターン終了"))
    assert "アリス 攻撃（こぶし）：(1D100<=50) ＞ 18 ＞ 成功" in said
    assert "アリスの手番が終わりました" not in said  # the zombie's answer comes first
    assert await turn_of(table) == "アリス"
    answered = texts(await table.say("kp: ゾンビ：なし"))
    assert "ゾンビに4ダメージ" in answered
    assert answered.index("ゾンビに4ダメージ") < answered.index("アリスの手番が終わりました。")
    assert await turn_of(table) == "ボブ"


async def test_the_kept_end_outlives_a_restart(console_table):
    table = await console_table([18])
    await table.play(SIXTH)
    await table.say("alice: ゾンビをこぶしで殴ってターン終了")
    restarted = await console_table([3, 1])  # a new process over the same database
    answered = texts(await restarted.say("kp: ゾンビ：なし"))
    assert "ゾンビに4ダメージ" in answered and "アリスの手番が終わりました。" in answered
    assert await turn_of(restarted) == "ボブ"


async def test_a_miss_then_the_end_ends_at_once(console_table):
    table = await console_table([80])
    await table.play(SIXTH)
    said = texts(await table.say("alice: ゾンビをナイフでさしてターンエンド"))
    assert "アリス 攻撃（ナイフ）：(1D100<=25) ＞ 80 ＞ 失敗" in said and "アリスの手番が終わりました。" in said
    assert await turn_of(table) == "ボブ"


async def test_a_question_then_the_end_ends_after_the_button(console_table):
    table = await console_table([80])
    await table.play(SIXTH.replace("kp: /battle add name:ゾンビ character:ゾンビ",
                                   "kp: /battle add name:ゾンビ1 character:ゾンビ\nkp: /battle add name:ゾンビ2 character:ゾンビ"))
    asked = await table.say("alice: こぶしで殴ってターン終了")
    assert asked[0]["buttons"] == ["ゾンビ1", "ゾンビ2"]
    assert "ゾンビ2をこぶしで攻撃、ターン終了" in asked[0]["text"]
    said = texts(await table.say("alice: [ゾンビ2]"))
    assert "アリス 攻撃（こぶし）：(1D100<=50) ＞ 80 ＞ 失敗" in said and "アリスの手番が終わりました。" in said


async def test_a_refused_blow_keeps_the_turn(console_table):
    table = await console_table([80])
    await table.play(SIXTH)
    await table.say("alice: ゾンビをナイフで刺す")
    refused = await table.say("alice: もう一回ゾンビを刺してターン終了")
    assert refused[0]["ephemeral"] and "（H-AP-04）" in refused[0]["text"]
    assert await turn_of(table) == "アリス"


async def test_a_kp_line_ends_the_npcs_turn_after_the_pcs_answer(console_table):
    table = await console_table([46, 64, 3, 1])
    await table.play(SIXTH)
    await table.say("alice: ターン終了")
    await table.say("bob: ターン終了")
    said = texts(await table.say("kp: ゾンビはボブを殴って終了"))
    assert "ゾンビ 攻撃（こぶし）：(1D100<=50) ＞ 46 ＞ 成功" in said and "ゾンビの手番が終わりました" not in said
    answered = texts(await table.say("bob: 回避"))
    assert "ボブ 回避：(1D100<=24) ＞ 64 ＞ 失敗" in answered and "ゾンビの手番が終わりました。" in answered
    assert "━━ ラウンド2 ━━" in answered


async def test_an_answer_out_of_turn_then_the_end_says_it_ended_nothing(console_table):
    table = await console_table([46, 64, 3, 1])
    await table.play(SIXTH)
    await table.say("alice: ターン終了")
    await table.say("bob: ターン終了")
    await table.say("kp: ゾンビ：アリスを殴る")
    said = await table.say("alice: 回避してターン終了")
    assert any(m["to"] == "alice" and m["text"].startswith("アリスの手番ではないので、ターン終了はしていません") for m in said)
    assert await turn_of(table) == "ゾンビ"


# --- F6/F7/F29: the 7th edition's maneuvers -------------------------------------------------


@pytest.mark.rule("7-MAN-10")
async def test_knocking_a_knife_away_disarms(console_table):
    table = await console_table([4, 0, 9, 3])
    await table.play(SEVENTH)
    said = texts(await table.say("alice: 信者Aのナイフを叩き落とす"))
    assert "アリス マヌーバー（武装解除）：(1D100<=60)" in said
    said = texts(await table.say("kp: 信者A：回避"))
    assert "→ アリスのマヌーバーが成功：信者Aはナイフを落とした" in said


@pytest.mark.rule("7-MAN-09")
async def test_knocking_down_by_chat_and_then_the_end(console_table):
    table = await console_table([4, 0, 9, 3])
    await table.play(SEVENTH)
    said = texts(await table.say("alice: マヌーバーで信者Aを転倒させてターン終了"))
    assert "アリス マヌーバー（転倒）：(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 40 ＞ 40 ＞ レギュラー成功" in said
    said = texts(await table.say("kp: 信者Aは回避します"))
    assert "→ アリスのマヌーバーが成功：信者Aは転倒した" in said and "アリスの手番が終わりました。" in said


@pytest.mark.rule("7-MAN-07")
async def test_breaking_free_is_a_maneuver_on_the_holder(console_table):
    table = await console_table([2, 0, 3, 0])
    await table.play(SEVENTH)
    await table.say("alice: ターン終了")
    await table.say("kp: 信者A：マヌーバーでアリスに組み付く")
    held = texts(await table.say("alice: なし"))
    assert "信者Aのマヌーバーが成功：アリスは組み付き状態" in held
    await table.say("kp: 信者A：ターン終了")
    await table.say("kp: 信者B：ターン終了")
    await table.say("bob: ターン終了")
    asked = await table.say("alice: 振りほどく")
    assert asked[0]["buttons"][0] == "信者A" and "直前に攻撃してきた相手" in asked[0]["text"]
    await table.say("alice: [信者A]")
    said = texts(await table.say("kp: なし"))
    assert "アリスは信者Aを振りほどいた" in said


async def test_an_unknown_maneuver_is_asked_with_the_effects(console_table):
    table = await console_table([4, 0])
    await table.play(SEVENTH)
    asked = await table.say("alice: マヌーバーで信者Aに目潰し")
    assert asked[0]["ephemeral"] and asked[0]["buttons"] == ["組み付き", "押さえ込み", "転倒", "武装解除"]
    assert asked[0]["text"].startswith("「目潰し」というマヌーバーはありません。どれにしますか？")
    said = texts(await table.say("alice: [転倒]"))
    assert "アリス マヌーバー（転倒）：(1D100<=60)" in said


async def test_kana_answers_of_the_7th_edition(console_table):
    table = await console_table([6, 0, 8, 0])
    await table.play(SEVENTH)
    await table.say("alice: ターン終了")
    await table.say("kp: では信者Aのターン。ボブにナイフで切りかかります")
    said = texts(await table.say("bob: おうせん！"))
    assert "ボブの対応：応戦（バット）" in said


# --- F23: a palette roll of a fighting skill -----------------------------------------------


async def test_a_glued_palette_kick_is_the_kick(console_table):
    table = await console_table([18])
    await table.play(SIXTH)
    said = texts(await table.say("alice: CCB<=25【キック】"))
    assert "⚔ アリス → ゾンビ：キックで攻撃（25%）\nアリス 攻撃（キック）：(1D100<=25) ＞ 18 ＞ 成功" in said


async def test_a_glued_roll_off_turn_is_rolled_and_said_so(console_table):
    table = await console_table([33])
    await table.play(SIXTH)
    said = texts(await table.say("bob: CCB<=25【キック】"))
    assert "(1D100<=25) ＞ 33 ＞ 失敗" in said and "普通のダイスとして振りました" in said


async def test_a_martial_arts_roll_on_ones_turn_asks_the_strike(console_table):
    table = await console_table([18])
    await table.play(SIXTH)
    asked = await table.say("alice: CCB<=50 【マーシャルアーツ】")
    assert asked[1]["buttons"] == ["こぶし", "キック", "頭突き"]
    assert "マーシャルアーツで攻撃しますか？" in asked[1]["text"]
    said = texts(await table.say("alice: [キック]"))
    assert "アリス 攻撃（キック）：(1D100<=25) ＞ 18 ＞ 成功" in said


# --- new findings of the new-user play --------------------------------------------------


async def test_a_stab_in_kana_with_a_full_width_number(console_table):
    table = await console_table([80])
    await table.play(SIXTH.replace("name:ゾンビ character", "name:ゾンビ1 character"))
    said = texts(await table.say("alice: ゾンビ１をナイフでさします"))
    assert "⚔ アリス → ゾンビ1：ナイフで攻撃（25%）" in said


# --- F3: the help -------------------------------------------------------------------------


async def test_the_help_shows_the_blow_then_the_end(console_table):
    table = await console_table([])
    await table.play(SIXTH)
    said = texts(await table.say("alice: /help"))
    assert "「ゾンビをナイフで攻撃してターン終了」" in said
    outside = texts(await table.say("@room2 alice: /help"))
    assert "「ゾンビ1をこぶしで殴ってターン終了」" in outside


async def test_the_kps_undo_drops_the_kept_end(console_table):
    table = await console_table([18])
    await table.play(SIXTH)
    await table.say("alice: ゾンビをこぶしで殴ってターン終了")
    await table.say("kp: /kp undo")
    assert await turn_of(table) == "アリス"  # the blow is taken back, and its end with it
    await table.say("kp: /battle status")
    assert await turn_of(table) == "アリス"


async def test_a_question_of_a_blow_then_the_end_is_answered_after_a_restart(console_table):
    table = await console_table([])
    await table.play(SIXTH.replace("kp: /battle add name:ゾンビ character:ゾンビ",
                                   "kp: /battle add name:ゾンビ1 character:ゾンビ\nkp: /battle add name:ゾンビ2 character:ゾンビ"))
    await table.say("alice: こぶしで殴ってターン終了")
    restarted = await console_table([80])
    said = texts(await restarted.say("alice: 2"))
    assert "アリス 攻撃（こぶし）：(1D100<=50) ＞ 80 ＞ 失敗" in said and "アリスの手番が終わりました。" in said
