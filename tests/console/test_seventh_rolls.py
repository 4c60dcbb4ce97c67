"""The 7th rolls a table uses around a check (issue 30), through the console as a table types
them: a pushed roll (「プッシュ」, [プッシュ], ``/check push:true``; the KP's word first), Luck
spent after the roll (「幸運を消費」, [幸運をN使う]), opposed rolls (``/check opposed:``,
「対抗ロール」). Dice follow BCDice's order: the tens dice, then the units die (a d10 showing
10 is the digit 0)."""
from __future__ import annotations

import pytest

from bot.commands.request import Request
from tests.console.messages import text

SEVENTH = [
    "kp: /kp setting key:版 value:7",
    "kp: /kp setting key:幸運消費 value:on",
    "alice: /char new name:エミリー STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 INT:75 EDU:80 luck:55",
    "alice: /char set name:エミリー key:目星 value:70",
]
GUARD = "kp: /char new name:警備員 STR:70 CON:60 POW:50 DEX:50 APP:40 SIZ:70 INT:50 EDU:40 luck:40"
PUSH_HINT = "↪ 失敗：「プッシュ」で振り直すか（KPが失敗したときの結果を告げてから）、"
ASK = ("KPは失敗したときに起こることを告げてから [プッシュを振る] を押してください"
       "（チャットで「失敗したら…」と書いても振ります）。")


async def seventh(console_table, faces, *more: str):
    table = await console_table(faces)
    for line in (*SEVENTH, *more):
        await table.say(line)
    return table


async def sheet(table, name: str = "エミリー") -> dict:
    return (await table.store.get_character("console", name)).data


# --- pushed rolls ----------------------------------------------------------------------------------

@pytest.mark.rule("7-PUSH-06", "7-PUSH-07", "7-PUSH-02", "7-LUCK-05")
async def test_a_push_in_chat_waits_for_the_kps_word_then_rolls_once(console_table):
    table = await seventh(console_table, [8, 2, 5, 3])
    failed = await table.say("alice: /check skill:目星")
    assert failed[0]["text"] == (
        "🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 82 ＞ 82 ＞ 失敗\n"
        + PUSH_HINT + "「幸運を消費」で幸運を12使って成功にできます（幸運 55 → 43）。")
    assert failed[0]["buttons"] == ["プッシュ", "幸運を12使う"]
    asked = await table.say("alice: プッシュ：本棚を全部ひっくり返す")
    assert asked[0]["text"] == "🔁 エミリーが〈目星〉（70%）の判定をプッシュします（本棚を全部ひっくり返す）。\n" + ASK
    assert asked[0]["buttons"] == ["プッシュを振る", "認めない"] and table.dice.remaining == 2  # nothing rolled yet
    assert "KPの返事を待っています" in text(await table.say("alice: プッシュ"))
    assert await table.say("alice: 失敗したら泣いちゃう") == []  # a player's line is talk: only the KP's word rolls
    rolled = await table.say("kp: 失敗したら、物音で家主が目を覚まします")
    assert rolled[0]["text"] == (
        "🔁 プッシュ・ロール（失敗したら：物音で家主が目を覚まします）\n"
        "🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 53 ＞ 53 ＞ レギュラー成功\n"
        "プッシュ成功！（〈目星〉に成長チェック ✔）")
    assert (await sheet(table))["growth"] == ["目星"]
    again = await table.say("alice: プッシュ")
    assert again[0]["to"] == "alice" and again[0]["text"] == "〈目星〉はプッシュした判定です。プッシュできるのは1回だけです。（7-PUSH-02）"
    luck = await table.say("alice: 幸運を消費")
    assert luck[0]["text"] == "〈目星〉はプッシュした判定です。プッシュした判定には幸運を使えません。（7-LUCK-05）"
    assert await table.say("kp: 失敗したら、もっと悪いことが") == []  # nothing waits: talk


@pytest.mark.rule("7-PUSH-06")
async def test_the_kps_word_may_come_first_and_the_push_then_rolls_at_once(console_table):
    table = await seventh(console_table, [8, 4, 3, 1])
    assert await table.say("kp: 失敗したら、床が抜けます") == []  # no roll to push yet: talk
    await table.say("alice: CC<=70 【目星】")
    foretold = await table.say("kp: プッシュするなら、失敗すれば物音で執事が来ます")
    assert foretold[0]["text"] == ("📝 エミリーが〈目星〉をプッシュするなら、失敗したときは「物音で執事が来ます」"
                                   "（「プッシュ」ですぐに振ります）。")
    assert await table.say("bob: 失敗したら泣く") == []  # only the KP's word counts
    rolled = await table.say("alice: [プッシュ]")
    assert rolled[0]["text"] == (
        "🔁 プッシュ・ロール（失敗したら：物音で執事が来ます）\n"
        "🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 31 ＞ 31 ＞ ハード成功\n"
        "プッシュ成功！（〈目星〉に成長チェック ✔）")
    assert table.dice.remaining == 0


@pytest.mark.rule("7-PUSH-06", "7-PUSH-07")
async def test_buttons_push_a_palette_roll_and_only_the_kp_answers(console_table):
    table = await seventh(console_table, [7, 3, 9, 4], "kp: /session start")
    rolled = await table.say("alice: CC<=70 【聞き耳】")
    assert rolled[0]["text"] == "alice　【聞き耳】\n(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 73 ＞ 73 ＞ 失敗"
    assert rolled[1]["text"] == ("↪ エミリー〈聞き耳〉の失敗：「プッシュ」で振り直すか（KPが失敗したときの結果を告げてから）、"
                                 "「幸運を消費」で幸運を3使って成功にできます（幸運 55 → 52）。")
    assert (await table.say("bob: [プッシュ]"))[0]["text"] == "このボタンはエミリーの判定をした人が押します。"
    asked = await table.say("alice: [プッシュ]")
    assert asked[0]["mentions"] == ["kp"]  # the session's KP is called
    go = table.console._buttons[("main", "kp")][-2]
    refused = await table.console.service.handle(
        Request(channel="main", user="bob", command="button", options={"custom_id": go.custom_id}))
    assert refused[0].text == "プッシュに答えるのはKPです（失敗したときに起こることを告げてから振ります）。"
    failed = await table.say("kp: [プッシュを振る]")
    assert failed[0]["text"] == (
        "🔁 プッシュ・ロール\n"
        "🎲 エミリー 聞き耳（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 94 ＞ 94 ＞ 失敗\n"
        "プッシュ失敗：KPが告げた結果が起こります（7-PUSH-07）。")
    doubled = await table.say("kp: [プッシュを振る]")
    assert doubled[0]["text"] == "このプッシュにはもう答えが出ています。" and table.dice.remaining == 0


@pytest.mark.rule("7-PUSH-07")
async def test_a_fumbled_push_warns_of_worse(console_table):
    table = await seventh(console_table, [8, 2, 10, 10])
    await table.say("alice: /check skill:目星")
    await table.say("alice: /check skill:目星 push:true reason:床板を剥がす")
    fumbled = await table.say("kp: [プッシュを振る]")
    assert fumbled[0]["text"].splitlines()[1:] == [
        "🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 100 ＞ 100 ＞ ファンブル",
        "プッシュ・ロールのファンブル：KPが告げた結果が、より悪い形で起こるかもしれません（7-PUSH-07）。"]


@pytest.mark.rule("7-PUSH-06", "7-LUCK-02")
async def test_the_kp_may_refuse_a_push_and_luck_is_spent_instead(console_table):
    table = await seventh(console_table, [7, 3])
    await table.say("alice: CC<=70 【聞き耳】")
    await table.say("alice: プッシュ")
    refused = await table.say("kp: [認めない]")
    assert refused[0]["text"] == "KPはエミリーの〈聞き耳〉のプッシュを認めませんでした（失敗はそのままです）。"
    spent = await table.say("alice: 幸運を消費")
    assert spent[0]["text"] == ("🍀 エミリーは幸運を3使い、〈聞き耳〉をレギュラー成功にしました（出目 73、目標値 70。幸運 55 → 52）。\n"
                                "幸運で成功にした判定には成長チェックは付きません。")
    assert (await sheet(table))["luck"] == 52 and "growth" not in await sheet(table)  # 7-LUCK-06
    assert "（7-PUSH-08）" in text(await table.say("alice: プッシュ"))


@pytest.mark.rule("7-PUSH-01", "7-PUSH-03", "7-PUSH-04")
async def test_what_is_never_pushed_says_its_clause(console_table):
    table = await seventh(console_table, [2, 2, 8, 5, 6, 10, 10, 10, 3, 4, 2, 1])
    await table.say("alice: /check skill:目星")  # 22: a success
    assert text(await table.say("alice: プッシュ")) == "〈目星〉は成功しています。プッシュできるのは失敗した判定だけです。（7-PUSH-01）"
    luck = await table.say("alice: /check skill:幸運")  # 85 against 55: no push, no Luck offered
    assert luck[0]["buttons"] == [] and "↪" not in luck[0]["text"]
    assert text(await table.say("alice: プッシュ")) == "幸運ロールはプッシュできません。（7-PUSH-03）"
    dodge = await table.say("alice: /check skill:回避")  # 60 against 35: only Luck is offered
    assert dodge[0]["buttons"] == ["幸運を25使う"]
    assert text(await table.say("alice: 目星をプッシュ")) == (
        "エミリーの直前の判定は〈回避〉です。プッシュできるのは直前の判定だけです。（7-PUSH-01）")
    assert text(await table.say("alice: プッシュ")) == "〈回避〉は戦闘の技能なのでプッシュできません。（7-PUSH-03）"
    fumble = await table.say("alice: /check skill:目星")  # 100
    assert fumble[0]["buttons"] == [] and fumble[0]["text"].endswith("＞ 100 ＞ 100 ＞ ファンブル")
    assert text(await table.say("alice: プッシュ")) == (
        "〈目星〉はファンブルです。ファンブルはプッシュできません（ファンブルの結果が起こります）。（7-PUSH-04）")
    old = (await table.say("alice: /check skill:図書館"))[0]  # 34 against 20: a failure with buttons
    assert old["buttons"] == ["プッシュ", "幸運を14使う"]
    await table.say("alice: /check skill:目星")  # 21: a later roll, a success without buttons
    stale = await table.say("alice: [プッシュ]")  # the newest [プッシュ]: the 図書館 roll's
    assert stale[0]["text"] == "エミリーはこのあとに別の判定をしています（プッシュも幸運も直前の判定にだけ使えます）。"


@pytest.mark.rule("7-PUSH-03")
async def test_a_check_in_a_battle_is_never_pushed(console_table):
    table = await seventh(console_table, [], "kp: /battle new system:coc7", "alice: /battle join character:エミリー")
    refused = await table.say("alice: /check skill:目星 push:true")
    assert refused[0]["text"] == "戦闘中の判定はプッシュできません（戦闘のロールはプッシュしません）。（7-PUSH-03）"


# --- Luck ------------------------------------------------------------------------------------------

@pytest.mark.rule("7-LUCK-01")
async def test_luck_only_when_the_kp_turned_it_on(console_table):
    table = await console_table([8, 2])
    for line in SEVENTH[::2] + [SEVENTH[3]]:  # 版 7, the investigator, 目星 70: 幸運消費 stays off
        await table.say(line)
    failed = await table.say("alice: /check skill:目星")
    assert failed[0]["buttons"] == ["プッシュ"] and "幸運" not in failed[0]["text"]
    refused = text(await table.say("alice: 幸運を消費"))
    assert refused == "幸運の消費は選択ルールです。KPが /kp setting key:幸運消費 value:on で使えるようにします。（7-LUCK-01）"


@pytest.mark.rule("7-LUCK-02", "7-LUCK-06", "7-LUCK-07")
async def test_the_luck_button_spends_exactly_the_shortfall_once(console_table):
    table = await seventh(console_table, [4, 10, 9, 9], "alice: /char set name:エミリー key:幸運 value:20")
    hard = await table.say("alice: /check skill:目星 difficulty:h")  # 40 against 35
    assert hard[0]["buttons"] == ["プッシュ", "幸運を5使う"]
    assert (await table.say("bob: [幸運を5使う]"))[0]["text"] == "このボタンはエミリーの判定をした人が押します。"
    short = text(await table.say("alice: 幸運を4消費"))
    assert short == "成功にするには幸運が5必要です（出目 40 − 目標値 35）。足りない分だけ使うことはできません。（7-LUCK-02）"
    spent = await table.say("alice: [幸運を5使う]")
    assert spent[0]["text"].startswith("🍀 エミリーは幸運を5使い、〈目星〉を成功にしました（出目 40、目標値 35。幸運 20 → 15）。")
    assert (await table.say("alice: [幸運を5使う]"))[0]["text"] == "〈目星〉にはもう幸運を5使って成功にしています。（7-LUCK-02）"
    poor = await table.say("alice: /check skill:目星")  # 99 against 70: 29 needed, 15 held
    assert poor[0]["buttons"] == ["プッシュ"]
    assert text(await table.say("alice: 幸運を消費")) == (
        "幸運が足りません（出目 99 − 目標値 70 ＝ 必要 29、幸運 15）。幸運は使いませんでした。（7-LUCK-07）")
    saved = await sheet(table)
    assert saved["luck"] == 15 and "growth" not in saved


@pytest.mark.rule("7-LUCK-02")
async def test_luck_typed_above_the_shortfall_spends_the_shortfall(console_table):
    table = await seventh(console_table, [7, 5])
    await table.say("alice: CC<=70 【目星】")
    spent = text(await table.say("alice: 幸運を10使う"))
    assert "幸運を5使い" in spent and "（使うのは足りない分の5だけです）" in spent
    assert (await sheet(table))["luck"] == 50


# --- opposed rolls ------------------------------------------------------------------------------------

@pytest.mark.rule("7-OPP-01", "7-OPP-02", "7-PUSH-05", "7-LUCK-08")
async def test_an_opposed_roll_against_a_sheet_says_who_won(console_table):
    table = await seventh(console_table, [3, 3, 2, 5, 5, 3, 4, 4], GUARD)
    won = await table.say("alice: /check skill:STR opposed:警備員")
    assert won[0]["text"] == (
        "⚔ 対抗ロール：エミリー〈STR〉 対 警備員〈STR〉\n"
        "🎲 エミリー STR（60%）：(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 33 ＞ 33 ＞ レギュラー成功\n"
        "🎲 警備員 STR（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 25 ＞ 25 ＞ ハード成功\n"
        "→ 警備員の勝ち（ハード成功 ＞ レギュラー成功）")
    assert text(await table.say("alice: プッシュ")) == "対抗ロール（〈STR〉）はプッシュできません。（7-PUSH-05）"
    assert text(await table.say("alice: 幸運を消費")) == (
        "対抗ロール（〈STR〉）には幸運を使えません（勝ち負けは振ったときに決まります）。（7-LUCK-08）")
    tie = await table.say("alice: 警備員とSTRで対抗ロール")
    assert tie[0]["text"].splitlines()[1:] == [
        "🎲 エミリー STR（60%）：(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 53 ＞ 53 ＞ レギュラー成功",
        "🎲 警備員 STR（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 44 ＞ 44 ＞ レギュラー成功",
        "→ 警備員の勝ち（どちらもレギュラー成功なので技能値の高い方：70 ＞ 60）"]


@pytest.mark.rule("7-OPP-02", "7-OPP-03", "7-OPP-04", "7-OPP-05")
async def test_opposed_rolls_without_a_sheet_draws_and_both_failing(console_table):
    table = await seventh(console_table, [4, 2, 3, 5, 8, 1, 9, 9, 1, 2, 3, 3], GUARD,
                          "alice: /char set name:エミリー key:隠密 value:50")
    draw = text(await table.say("alice: 対抗ロール STR 信者 60"))
    assert draw.splitlines()[2:] == [
        "🎲 信者 STR（60%）：(1D100<=60) ボーナス・ペナルティダイス[0] ＞ 35 ＞ 35 ＞ レギュラー成功",
        "→ 引き分け（どちらもレギュラー成功、技能値も60で同じ）：KPの判断で、決着がつかないままにするか、両者とも振り直します（7-OPP-02）"]
    failed = text(await table.say("alice: /check skill:STR opposed:信者 against:50"))
    assert failed.splitlines()[-1] == "→ どちらも失敗：どちらの勝ちでもありません（7-OPP-03）"  # 81 and 99
    grown = text(await table.say("alice: 隠密で警備員の目星と対抗ロール"))  # 12 and 33 against 50 and 25
    assert grown.splitlines()[1:] == [
        "🎲 エミリー 隠密（50%）：(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 12 ＞ 12 ＞ ハード成功",
        "🎲 警備員 目星（25%）：(1D100<=25) ボーナス・ペナルティダイス[0] ＞ 33 ＞ 33 ＞ 失敗",
        "→ エミリーの勝ち（ハード成功 ＞ 失敗）", "エミリー（〈隠密〉に成長チェック ✔）"]
    assert (await sheet(table))["growth"] == ["隠密"] and "growth" not in await sheet(table, "警備員")
    refused = text(await table.say("alice: /check skill:STR opposed:警備員 difficulty:h"))
    assert refused.endswith("（7-OPP-04）")
    unknown = text(await table.say("alice: /check skill:STR opposed:ゾンビ"))
    assert unknown.startswith("「ゾンビ」というキャラクターは登録されていません。相手の値を書いてください")


async def test_an_opposed_line_in_a_6th_channel_is_talk(console_table):
    table = await console_table([])
    await table.say("alice: /char new name:ボブ STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15")
    assert await table.say("alice: 対抗ロール STR 警備員") == []
    assert await table.say("alice: プッシュ") == [] and await table.say("alice: 幸運を消費") == []


# --- the session's summary -----------------------------------------------------------------------------

@pytest.mark.rule("7-SESSION-01")
async def test_a_7th_session_counts_checks_pushes_and_opposed_rolls_in_7th_words(console_table):
    table = await seventh(console_table, [8, 2, 10, 1, 3, 3, 10, 10], GUARD, "kp: /session start")
    await table.say("alice: /check skill:目星")        # 82: a failure
    await table.say("alice: プッシュ")
    await table.say("kp: [プッシュを振る]")              # 01: a critical
    await table.say("alice: 対抗ロール STR 警備員")      # 33 against 100: a fumble for 警備員
    summary = text(await table.say("kp: /session end")).splitlines()
    assert summary[1] == "【エミリー】ロール 3回／成功 2（クリティカル 1）／ファンブル 0／平均出目 38.7"
    assert summary[2] == "【警備員】ロール 1回／成功 0（クリティカル 0）／ファンブル 1／平均出目 100.0"


async def test_help_and_settings_of_a_7th_channel_read_as_7th(console_table):
    table = await console_table([])
    await table.say("kp: /kp setting key:版 value:7")
    shown = text(await table.say("alice: /help"))
    assert "判定のあと: 失敗したら「プッシュ」" in shown and "対抗ロール: 「対抗ロール STR 警備員」" in shown
    assert "パレットの「CC<={SAN} 【正気度ロール】」の後に「1d3」" in shown and "CCB" not in shown
    listed = text(await table.say("kp: /kp setting"))
    assert "・成長上限（growth_cap） = 99（既定 99）　6版：成長ロールで技能が上がる上限（%）" in listed
    assert "・96成長（growth_96） = オフ（既定 オフ）　6版：" in listed
