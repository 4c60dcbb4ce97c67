"""Growth marks (成長ロール, issue 19) as a table makes them: a slash check, a palette roll in
chat and a chat declaration in battle mark a skill once; アイデア, 幸運, 知識, SAN and
characteristic rolls never; the KP takes a mark off, runs the growth of the whole channel and
chooses house variants."""
from __future__ import annotations

import pytest

ALICE = "alice: /char new name:アリス STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10"
BOB = "bob: /char new name:ボブ STR:12 CON:10 POW:10 DEX:10 APP:10 SIZ:12 INT:12 EDU:12"
ZOMBIE = "kp: /char new name:ゾンビ STR:16 CON:18 POW:1 DEX:8 APP:1 SIZ:10 INT:1 EDU:1"


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def marks(table, name: str) -> dict:
    return (await table.store.get_character("console", name)).data.get("growth", {})


@pytest.mark.rule("H-GEN-02")
async def test_slash_checks_and_palette_rolls_mark_a_skill_once_and_never_the_excluded_rolls(console_table):
    # 目星 30 fails, 目星 20, 目星 5 again, アイデア 40, CON×5 10, 【聞き耳】 10, 【図書館】 90 fails, 幸運 3, SCCB 〈歴史〉 20
    table = await console_table([30, 20, 15, 40, 10, 10, 90, 3, 20])
    await table.say(ALICE)
    assert texts(await table.say("alice: /check skill:目星")) == ["🎲 アリス 目星（25%）：(1D100<=25) ＞ 30 ＞ 失敗"]
    assert await marks(table, "アリス") == {}
    first = texts(await table.say("alice: /check skill:目星"))
    assert first == ["🎲 アリス 目星（25%）：(1D100<=25) ＞ 20 ＞ 成功\n📈 アリス〈目星〉に成長の印"]
    assert texts(await table.say("alice: /check skill:目星")) == ["🎲 アリス 目星（25%）：(1D100<=25) ＞ 15 ＞ 成功"]  # once
    for line in ("alice: /check skill:アイデア", "alice: /check skill:CON×5"):
        assert "📈" not in "".join(texts(await table.say(line)))
    palette = texts(await table.say("alice: CCB<=25 【聞き耳】"))
    assert palette == ["alice　【聞き耳】\n(1D100<=25) ＞ 10 ＞ 成功", "📈 アリス〈聞き耳〉に成長の印"]
    assert texts(await table.say("alice: CCB<=25 【図書館】")) == ["alice　【図書館】\n(1D100<=25) ＞ 90 ＞ 失敗"]
    assert texts(await table.say("alice: CCB<=55 幸運")) == ["alice　幸運\n(1D100<=55) ＞ 3 ＞ 決定的成功/スペシャル"]
    secret = await table.say("alice: SCCB<=40 〈歴史〉")
    assert [(m["text"], m.get("to")) for m in secret if "📈" in m["text"]] == [("📈 アリス〈歴史〉に成長の印", "alice")]
    assert await marks(table, "アリス") == {"目星": "成功", "聞き耳": "成功", "歴史": "成功"}



async def test_a_roll_is_tied_to_the_speakers_character_by_name_or_as_their_only_one(console_table):
    table = await console_table([10, 10, 10, 10])
    await table.say(ALICE)
    await table.say("alice: /char new name:ミナ STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10")
    assert texts(await table.say("alice: CCB<=25 【聞き耳】")) == ["alice　【聞き耳】\n(1D100<=25) ＞ 10 ＞ 成功"]
    assert (await marks(table, "アリス"), await marks(table, "ミナ")) == ({}, {})  # two characters, no name: none
    await table.say(BOB)
    assert texts(await table.say("bob: CCB<=25 〈目星〉"))[-1] == "📈 ボブ〈目星〉に成長の印"
    assert texts(await table.say("bob: CCB<=25 目星を振ります"))[-1] == "bob　目星を振ります\n(1D100<=25) ＞ 10 ＞ 成功"
    await table.say(ZOMBIE)
    await table.say("kp: /battle new")  # the KP rolls for NPCs: not tied to their only sheet
    assert texts(await table.say("kp: CCB<=50 【こぶし】")) == ["kp　【こぶし】\n(1D100<=50) ＞ 10 ＞ スペシャル"]
    assert await marks(table, "ゾンビ") == {}


async def test_a_chat_declaration_in_battle_marks_at_the_battles_end(console_table):
    # 目星 20 (in battle: its own check), こぶし 40 hits, 1D3=2, zombie 30 hits, 回避 5: critical
    table = await console_table([20, 40, 2, 30, 5])
    for line in (ALICE, ZOMBIE, "kp: /battle new", "alice: /battle join character:アリス",
                 "kp: /battle add name:ゾンビ character:ゾンビ", "kp: /battle start", "alice: 宣言しない",
                 "kp: /kp close", "alice: /check skill:目星", "alice: ゾンビをこぶしで攻撃",
                 "kp: /react action:なし as:ゾンビ", "alice: ターン終了", "kp: /attack target:アリス as:ゾンビ"):
        await table.say(line)
    dodged = texts(await table.say("alice: 回避"))
    assert "アリス 回避：(1D100<=24) ＞ 5 ＞ 決定的成功" in dodged[0]
    assert await marks(table, "アリス") == {}  # written with the battle's result
    ended = texts(await table.say("kp: /battle end confirm:true"))
    assert ended[-1] == "成長の印: アリス〈目星〉〈こぶし〉〈回避〉（/char growth で成長ロール）"
    assert await marks(table, "アリス") == {"目星": "成功", "こぶし": "成功", "回避": "決定的成功"}
    shown = texts(await table.say("alice: /char show name:アリス"))[0]
    assert shown.endswith("成長の印: 〈目星〉〈こぶし〉★〈回避〉（/char growth で成長ロール）")
    # the KP rules that the 目星 did not count; only the KP puts a mark on
    assert texts(await table.say("kp: /char growth name:アリス skill:目星 mark:false")) == [
        "アリス〈目星〉の成長の印を外しました（この成功は成長ロールに数えません）。"]
    assert texts(await table.say("alice: /char growth name:アリス skill:目星 mark:true")) == [
        "成長の印を付けられるのはKPだけです（成功した判定で自動的に付きます）。"]
    assert texts(await table.say("kp: /char growth name:アリス skill:アイデア mark:true"))[0].startswith(
        "〈アイデア〉は成長ロールの対象になりません")
    assert await marks(table, "アリス") == {"こぶし": "成功", "回避": "決定的成功"}
    assert texts(await table.say("alice: /char growth name:アリス skill:こぶし"))[0].startswith(
        "skill: を付けるときは mark:false（印を外す）か mark:true（KP: 印を付ける）も指定してください。")


async def test_the_kp_rolls_growth_for_the_whole_channel_with_house_variants(console_table):
    # アリス 聞き耳 5 (critical), ボブ 目星 10; growth: アリス 聞き耳 (critical: 1D10=4, no 1D100), ボブ 目星 97 > 25, 1D10=10 → the cap 30
    table = await console_table([5, 10, 4, 97, 10])
    for line in (ALICE, BOB, ZOMBIE, "kp: /battle new", "kp: /kp setting key:クリティカル成長 value:true",
                 "kp: /kp setting key:成長上限 value:30", "alice: /check skill:聞き耳", "bob: /check skill:目星"):
        await table.say(line)
    assert texts(await table.say("bob: /char growth all:true")) == [
        "all:true（このチャンネルの全員の成長ロール）はKPだけが行えます（権限: KP）。"]
    assert texts(await table.say("alice: /char growth name:ボブ"))[0].startswith("「ボブ」は他のユーザーのキャラクターです。")
    grown = texts(await table.say("kp: /char growth all:true"))
    assert grown == ["【アリスの成長ロール】（1技能中1技能が成長）\n聞き耳 25→29（決定的成功の印で自動成長, 1D10=4）\n\n"
                     "【ボブの成長ロール】（1技能中1技能が成長）\n目星 25→30（1D100=97 > 25, 1D10=10、上限30）"]
    alice = (await table.store.get_character("console", "アリス")).data
    bob = (await table.store.get_character("console", "ボブ")).data
    assert (alice["skills"]["聞き耳"], bob["skills"]["目星"], "growth" in alice, "growth" in bob) == (29, 30, False, False)
    assert texts(await table.say("kp: /char growth all:true")) == ["このチャンネルで成長の印が付いたキャラクターはいません。"]


async def test_a_hit_with_a_firearm_in_battle_marks_the_firearms_skill(console_table):
    # 10: .38リボルバー (〈拳銃〉 20%) hits, 1D10 = 5
    table = await console_table([10, 5])
    for line in (ALICE, "alice: /char weapon name:アリス weapon:.38リボルバー", ZOMBIE, "kp: /battle new",
                 "alice: /battle join character:アリス", "kp: /battle add name:ゾンビ character:ゾンビ",
                 "kp: /battle start", "alice: ゾンビを撃つ", "kp: なし"):
        await table.say(line)
    ended = texts(await table.say("kp: /battle end confirm:true"))
    assert ended[1] == "成長の印: アリス〈拳銃〉（/char growth で成長ロール）"
    assert await marks(table, "アリス") == {"拳銃": "成功"}
