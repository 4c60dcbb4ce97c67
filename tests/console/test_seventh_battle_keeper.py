"""The KP in a 7th-edition battle (issue 30): /kp allow, undo and override with the 7th
edition's words and dice, the settings and help of a 7th channel, the map and the log, and
/battle reopen taking back what the end wrote on the sheets."""
from __future__ import annotations

import pytest
from tests.console.messages import text


SETUP = [
    "kp: /kp setting key:版 value:7",
    "alice: /char new name:アリス STR:50 CON:60 POW:50 DEX:70 APP:50 SIZ:50 INT:60 EDU:60 luck:50",
    "alice: /char set name:アリス key:近接戦闘（格闘） value:60",
    "kp: /char new name:巨人 STR:150 CON:90 POW:50 DEX:30 APP:10 SIZ:150 INT:40 EDU:10 luck:10",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "kp: /battle add name:巨人 character:巨人",
    "kp: /battle start",
]


async def opened(console_table, faces):
    table = await console_table(faces)
    for line in SETUP:
        await table.say(line)
    return table


@pytest.mark.rule("7-MAN-03", "7-DICE-01")
async def test_kp_allows_an_impossible_maneuver_then_undoes_the_answer(console_table):
    table = await opened(console_table, [2, 0, 4, 5])
    refused = text(await table.say("alice: /attack target:巨人 special:マヌーバー"))
    assert "巨人（ビルド4）はアリス（ビルド0）より4大きく、マヌーバーはできません（ビルド差3以上）。（7-MAN-03）" in refused
    allowed = text(await table.say("kp: /kp allow"))
    assert "(1D100<=60) ボーナス・ペナルティダイス[-2] ＞ 25, 5, 45 ＞ 45 ＞ レギュラー成功（ペナルティ・ダイス4: ビルド差4、上限2個）" in allowed
    await table.say("kp: /react action:なし as:巨人")
    assert (await table.status())["巨人"]["conditions"] == ["組み付き"]
    undone = text(await table.say("kp: /kp undo"))
    assert "1つの操作を取り消しました" in undone
    assert (await table.status())["巨人"]["conditions"] == []


async def test_kp_overrides_a_7th_roll_by_its_level(console_table):
    table = await opened(console_table, [9, 0, 5, 5, 2])
    await table.say("alice: /attack target:巨人")
    ruled = text(await table.say("kp: /kp override result:ハード"))
    assert "アリスの攻撃（こぶし）（90）を「ハード」にして処理し直します" in ruled
    assert "(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 90 ＞ 90 ＞ 失敗 → KP裁定で「ハード」" in ruled
    assert "攻撃ロール：ハード成功" in ruled
    answered = text(await table.say("kp: /react action:応戦 as:巨人"))  # 55 against 25: fails
    assert "→ アリスの攻撃が命中：巨人に2ダメージ" in answered
    refused = text(await table.say("kp: /kp override result:スペシャル"))
    assert "result: にはクリティカル、イクストリーム、ハード、レギュラー（成功）、失敗、ファンブル か出目" in refused


async def test_a_7th_channel_lists_no_6th_combat_settings(console_table):
    table = await console_table([])
    await table.say("kp: /kp setting key:版 value:7")
    listed = text(await table.say("kp: /kp setting"))
    assert "幸運消費" in listed and "ショック" not in listed and "貫通" not in listed and "判定方式" not in listed
    helped = text(await table.say("kp: /help"))
    assert "【チャットの書き方（7版）】" in helped and "「応戦」" in helped and "CCB" not in helped


@pytest.mark.rule("7-HP-07")
async def test_the_end_writes_hp_and_the_reopening_takes_it_back(console_table):
    table = await console_table([1, 0, 9, 0, 3])
    for line in SETUP[:3] + ["kp: /char new name:信者 STR:50 CON:50 POW:50 DEX:50 APP:50 SIZ:50 INT:50 EDU:50 luck:50",
                              "kp: /battle new", "alice: /battle join character:アリス",
                              "kp: /battle add name:信者 character:信者", "kp: /battle start", "kp: /end as:アリス"]:
        await table.say(line)
    await table.say("kp: 信者：アリスを攻撃")  # 10 against 25: hard
    await table.say("alice: 回避")  # 90: fails; こぶし 1D3 = 3
    ended = text(await table.say("kp: /battle end confirm:true"))
    assert "シートに反映: アリス HP 11→8" in ended
    assert "HP 8/11" in text(await table.say("alice: /char show name:アリス"))
    reopened = text(await table.say("kp: /battle reopen"))
    assert "シートへの反映を取り消しました: アリス HP 8→11" in reopened
    assert "HP 11/11" in text(await table.say("alice: /char show name:アリス"))


@pytest.mark.rule("7-ED-01")
async def test_a_battle_map_and_log_of_a_7th_battle(console_table, tmp_path):
    table = await console_table([], files_dir=tmp_path)
    for line in SETUP:
        await table.say(line)
    await table.say("kp: /kp place name:アリス to:A1")
    await table.say("kp: /kp place name:巨人 to:C1")
    board = text(await table.say("kp: /battle map"))
    assert "ア = アリス（無傷）" in board and "巨 = 巨人（無傷）" in board
    logged = text(await table.say("kp: /battle log"))
    assert "戦闘ログ" in logged
    saved = (tmp_path / "battle-1-kp.txt").read_text(encoding="utf-8")
    assert "新クトゥルフ神話TRPG（7版） 戦闘ログ" in saved


@pytest.mark.rule("7-JOIN-02")
async def test_char_weapon_on_a_7th_sheet(console_table):
    table = await console_table([])
    await table.say("alice: /char new name:アリス edition:7 STR:50 CON:60 POW:50 DEX:70 APP:50 SIZ:50 INT:60 EDU:60 luck:50")
    given = text(await table.say("alice: /char weapon name:アリス weapon:拳銃 skill:50 damage:1D10 class:拳銃"))
    assert given.startswith("アリスに武器「拳銃」を持たせました（〈射撃（拳銃）〉50%、1D10、射程15m、攻撃回数3、装弾数6、故障100、貫通）。")
    assert "class: は6版の武器の項目なので使いません" in given
    assert "こぶしはどの探索者も持っているので外せません" in text(
        await table.say("alice: /char weapon name:アリス weapon:こぶし delete:true"))
    assert "残りの武器: なし（こぶしだけ）" in text(await table.say("alice: /char weapon name:アリス weapon:拳銃 delete:true"))


@pytest.mark.rule("7-ED-01", "7-JOIN-01")
async def test_sheets_made_beside_a_7th_battle_are_7th_ones(console_table):
    table = await console_table([])
    await table.say("kp: /battle new system:coc7")
    made = text(await table.say("alice: /char new name:アリス STR:50 CON:60 POW:50 DEX:70 APP:50 SIZ:50 INT:60 EDU:60 luck:50"))
    assert made.startswith("7版の探索者「アリス」を登録しました。")
    assert "アリス（PC）が戦闘に参加しました。" in text(await table.say("alice: /battle join character:アリス"))
    sixth = text(await table.say("@room2 bob: /char new name:ボブ STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15"))
    assert sixth.startswith("キャラクター「ボブ」を登録しました。")  # the next channel, no battle: 6th
