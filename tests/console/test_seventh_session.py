"""A 7th-edition investigator plays checks and SAN rolls in chat, while a 6th investigator
in the next channel is unaffected (issue 20, tried as a new user would)."""
from __future__ import annotations

from tests.console.messages import text


SETUP = [
    "kp: /battle new system:coc6",           # the KP of the channel (the console has no roles)
    "kp: /kp setting key:版 value:7",
    "kp: /kp setting key:幸運消費 value:on",
    "kp: /battle end",
    "alice: /char new name:エミリー STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 INT:75 EDU:80 luck:55",
    "alice: /char set name:エミリー key:目星 value:70",
    "@room2 bob: /char new name:ボブ STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
]


async def setup(table) -> None:
    for line in SETUP:
        await table.say(line)


async def test_a_7th_session_in_chat_and_a_6th_table_next_door(console_table):
    table = await console_table([
        4, 2,            # エミリー 目星 (palette line): 42
        1, 3, 8,         # /check 目星 bonus:1: 18, 38 → 18 ハード成功
        5, 8,            # /check 図書館 luck:true: 58 against 20, missed by 38 ≤ 幸運 55
        7, 1, 5, 3, 3,   # SANチェック 1/1D6: 71 fails, 1D6 = 5, INT 33 succeeds
        4, 2, 6,         # 一時的狂気 1D10時間 = 4; its bout: BMR 2, 1D10 = 6 rounds
        50,              # room2: ボブ CCB<=60 (6th)
        42,              # room2: SANチェック for ボブ: 42 succeeds (6th rule)
    ])
    await setup(table)
    palette = text(await table.say("alice: CC<=70 【目星】"))
    assert palette == ("alice　【目星】\n(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 42 ＞ 42 ＞ レギュラー成功\n"
                       "📈 エミリー〈目星〉に成長チェック ✔")  # a palette roll ticks as /check does

    bonus = text(await table.say("alice: /check skill:目星 bonus:1"))
    assert bonus == ("🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[1] ＞ 18, 38 ＞ 18 ＞ ハード成功")

    lucky = text(await table.say("alice: /check skill:図書館 luck:true"))
    assert lucky == ("🎲 エミリー 図書館（20%）：(1D100<=20) ボーナス・ペナルティダイス[0] ＞ 58 ＞ 58 ＞ 失敗\n"
                     "幸運を38消費してレギュラー成功にしました（幸運 55 → 17）。（幸運で通した判定には成長チェックは付きません）")

    san = text(await table.say("alice: SANチェック 1/1D6"))
    assert san == (
        "🎲 エミリー 正気度ロール（1/1D6）：(1D100<=65) ボーナス・ペナルティダイス[0] ＞ 71 ＞ 71 ＞ 失敗\n"
        "失敗：1D6 ＞ 5 の減少 → SAN 65 → 60\n"
        "一度に5減ったので一時的狂気の判定（5以上）：INT (1D100<=75) ボーナス・ペナルティダイス[0] ＞ 33 ＞ 33 ＞ "
        "ハード成功 → 成功：何が起きたのか理解してしまい、一時的狂気に陥る（狂気の発作）\n"
        "不定の狂気：今日の減少 計5／しきい値13（初めのSAN 65 の1/5。達すると不定の狂気）\n"
        "🌀 エミリーは一時的狂気に陥った（1D10 ＞ 4時間）\n"
        "🌀 エミリーは狂気の発作に陥った（1D10 ＞ 6ラウンド）\n"
        "📋 狂気の発作（リアルタイム）(2) ＞ 身体症状症：探索者は1D10ラウンドの間、狂気によって視覚や聴覚に異常が生じたり、"
        "四肢の1つまたは複数が動かなくなる。(1D10＞6ラウンド)")

    shown = text(await table.say("alice: /char show name:エミリー"))
    assert "SAN 60/99　幸運 17" in shown and "成長チェック: 目星" in shown and "図書館" not in shown.split("成長チェック")[-1]
    assert shown.endswith("状態: 🌀一時的狂気（残り4時間）・🌀狂気の発作（残り6ラウンド）")

    six = text(await table.say("@room2 bob: CCB<=60 【目星】"))
    assert six == "bob　【目星】\n(1D100<=60) ＞ 50 ＞ 成功\n📈 ボブ〈目星〉に成長の印"  # 6th growth (issue 19)
    six_san = text(await table.say("@room2 bob: SANチェック 1/1D6"))
    assert six_san.startswith("🎲 ボブ SANチェック（1/1D6）：") and "SAN 55 → 54" in six_san


async def test_difficulty_and_luck_only_when_the_kp_allows_it(console_table):
    table = await console_table([4, 10, 9, 3, 9, 10, 1])
    await table.say("alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 "
                    "INT:75 EDU:80 luck:55")
    await table.say("alice: /char set name:エミリー key:目星 value:70")
    hard = text(await table.say("alice: /check skill:目星 difficulty:h luck:true"))
    assert hard == ("🎲 エミリー 目星（70%・ハード）：(1D100<=35) ボーナス・ペナルティダイス[0] ＞ 40 ＞ 40 ＞ 失敗\n"
                    "幸運の消費はKPが /kp setting key:幸運消費 value:on で許可したときに使えます。\n"
                    "↪ 失敗：「プッシュ」で振り直せます（KPが失敗したときの結果を告げてから）。")  # 7-PUSH-01, no Luck offered
    fumble = text(await table.say("alice: /check skill:目星 bonus:-1"))
    assert fumble == "🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[-1] ＞ 99, 39 ＞ 99 ＞ 失敗\n" \
        "↪ 失敗：「プッシュ」で振り直せます（KPが失敗したときの結果を告げてから）。"
    extreme = text(await table.say("alice: /check skill:目星 difficulty:e"))
    assert extreme == ("🎲 エミリー 目星（70%・イクストリーム）：(1D100<=14) ボーナス・ペナルティダイス[0] ＞ 1 ＞ 1 ＞ "
                       "クリティカル\n（〈目星〉に成長チェック ✔）")


async def test_a_san_roll_by_any_of_its_names_and_loss_only_with_it(console_table):
    table = await console_table([5, 2])
    await table.say("alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 "
                    "INT:75 EDU:80 luck:55")
    said = text(await table.say("alice: /check skill:正気度ロール loss:0/1D3"))
    assert said.startswith("🎲 エミリー 正気度ロール（0/1D3）：(1D100<=65) ボーナス・ペナルティダイス[0] ＞ 52 ＞ 52 ＞ ")
    assert "成功：0 の減少 → SAN 65 → 65" in said
    refused = await table.say("alice: /check skill:目星 loss:1/1D6")
    assert refused[0]["to"] == "alice" and "loss: は正気度ロール（skill:SAN）でだけ使えます。" in refused[0]["text"]


async def test_no_one_checks_with_another_players_investigator(console_table):
    table = await console_table([])
    await table.say("alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 "
                    "INT:75 EDU:80 luck:55")
    refused = await table.say("bob: /check skill:目星 character:エミリー")
    assert refused[0]["to"] == "bob"
    assert "「エミリー」は他のユーザーの探索者です。判定できるのは自分の探索者だけです。" in refused[0]["text"]
    assert table.dice.used == []


async def test_char_growth_rolls_a_7th_investigators_ticks_and_a_6th_palette_roll_leaves_it_alone(console_table):
    table = await console_table([
        4, 2,        # /check 目星 (70): 42 succeeds, ticked
        30,          # CCB<=70 【目星】 in this 6th channel: 30 succeeds, and marks no 6th growth on a 7th sheet
        84, 6,       # growth: 84 > 70, +6
    ])
    await table.say("alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 "
                    "INT:75 EDU:80 luck:55")
    await table.say("alice: /char set name:エミリー key:目星 value:70")
    ticked = text(await table.say("alice: /check skill:目星"))
    assert ticked.endswith("（〈目星〉に成長チェック ✔）")
    palette = await table.say("alice: CCB<=70 【目星】")
    assert len(palette) == 1 and "成長の印" not in text(palette)
    shown = text(await table.say("alice: /char show name:エミリー"))
    assert "〔新クトゥルフ神話TRPG（7版）探索者〕" in shown and "成長チェック: 目星" in shown
    grown = text(await table.say("alice: /char growth name:エミリー"))
    assert grown == "【エミリーの成長ロール】（7版、1技能中1技能が成長）\n目星 70：1D100 ＞ 84 ＞ 成長 1D10 ＞ 6 → 76"
    after = text(await table.say("alice: /char show name:エミリー"))
    assert "目星 76（38/15）" in after and "成長チェック" not in after


async def test_a_palette_roll_ticks_growth_but_not_with_bonus_dice_or_for_luck(console_table):
    table = await console_table([1, 3, 8, 4, 2, 4, 2, 9, 9])
    await setup(table)
    bonus = text(await table.say("alice: CC(1)<=70 【目星】"))
    assert bonus == "alice　【目星】\n(1D100<=70) ボーナス・ペナルティダイス[1] ＞ 18, 38 ＞ 18 ＞ ハード成功"
    listen = text(await table.say("alice: CC<=70 【聞き耳】"))
    assert listen.endswith("＞ 42 ＞ レギュラー成功\n📈 エミリー〈聞き耳〉に成長チェック ✔")
    luck = text(await table.say("alice: CC<=55 幸運"))
    assert luck == "alice　幸運\n(1D100<=55) ボーナス・ペナルティダイス[0] ＞ 42 ＞ 42 ＞ レギュラー成功"
    failed = text(await table.say("alice: CC<=70 【図書館】"))
    assert failed.splitlines()[1].endswith("＞ 99 ＞ 失敗")
    assert failed.splitlines()[2].startswith("↪ エミリー〈図書館〉の失敗：「プッシュ」で振り直すか")  # 7-PUSH-01
    saved = (await table.store.get_character("console", "エミリー")).data
    assert saved["growth"] == ["聞き耳"]


async def test_growth_of_a_7th_investigator_without_checks_says_how_checks_are_made(console_table):
    table = await console_table([])
    await setup(table)
    refused = text(await table.say("alice: /char growth name:エミリー"))
    assert refused == ("エミリーには成長チェックがありません（7版: ボーナス・ダイスなしで成功した技能に付きます。"
                       "/char show で確認できます）。")
