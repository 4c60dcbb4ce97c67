"""Bad input through the whole service over a real SQLite file: a Japanese message to the
one who typed it, and the stored battle exactly as it was (issue 2)."""
import pytest

SETUP = [
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "alice: /char set name:アリス key:こぶし value:70",
    "bob: /char new name:ボブ STR:15 CON:12 POW:10 DEX:10 APP:9 SIZ:16 INT:11 EDU:12",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:18 APP:1 SIZ:14 INT:1 EDU:1",
    "kp: /char set name:ゾンビ key:こぶし value:90",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "bob: /battle join character:ボブ",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
]


async def ready(console_table, faces):
    table = await console_table(faces)
    for line in SETUP:
        await table.say(line)
    return table


async def assert_refused(table, line, who, *fragments):
    before = await table.event_count()
    messages = await table.say(line)
    assert len(messages) == 1, messages
    message = messages[0]
    assert message["ephemeral"] and message["to"] == who, message
    for fragment in fragments:
        assert fragment in message["text"], message["text"]
    assert await table.event_count() == before


async def test_unknown_target_character_and_malformed_value(console_table):
    table = await ready(console_table, [])
    await assert_refused(table, "kp: /attack as:ゾンビ target:ミ＝ゴ", "kp", "「ミ＝ゴ」という参加者はこの戦闘にいません", "アリス")
    await assert_refused(table, "kp: /battle add name:深きもの character:深きもの", "kp", "キャラクター「深きもの」は登録されていません")
    await assert_refused(table, "kp: /attack as:ゾンビ target:アリス modifier:たくさん", "kp", "modifier には整数を指定してください")
    await assert_refused(table, "alice: /char set name:アリス key:STR value:1000", "alice", "STR には1から999の整数を指定してください（「1000」は範囲外です）。")


async def test_out_of_turn_and_nothing_pending(console_table):
    table = await ready(console_table, [])
    await assert_refused(table, "alice: /attack target:ゾンビ", "alice", "いまはゾンビの手番です")
    await assert_refused(table, "bob: /react action:回避", "bob", "ボブが対応すべき攻撃はいまありません")
    await assert_refused(table, "bob: /end", "bob", "いまはゾンビの手番です")


@pytest.mark.rule("H-DEF-01", "H-AP-04")
async def test_second_dodge_and_second_attack(console_table):
    # ゾンビ (DEX 18) hits アリス (10), she dodges (6: success); グール (DEX 17) hits her
    # in the same round (10) and finds 回避 used.
    table = await ready(console_table, [10, 6, 10])
    await table.say("kp: /char new name:グール STR:12 CON:12 POW:5 DEX:17 APP:1 SIZ:12 INT:8 EDU:1")
    await table.say("kp: /char set name:グール key:こぶし value:90")
    await table.say("kp: /battle end confirm:true")
    for line in SETUP[5:9] + ["kp: /battle add name:グール character:グール", "kp: /battle start"]:
        await table.say(line)
    for line in ("alice: [宣言しない]", "bob: [宣言しない]"):  # the round-start declarations
        assert "宣言しません" in (await table.say(line))[0]["text"]
    await table.say("kp: /attack as:ゾンビ target:アリス")
    await table.say("alice: /react action:回避")
    await assert_refused(table, "kp: /attack as:ゾンビ target:ボブ", "kp", "H-AP-04", "/kp allow")
    await table.say("kp: /end as:ゾンビ")
    await table.say("kp: /attack as:グール target:アリス")
    await assert_refused(table, "alice: /react action:回避", "alice", "H-DEF-01", "すでに回避を使いました")
    state = await table.status()
    assert state["アリス"]["hp"] == 13


async def test_unknown_command_and_line_without_a_name(console_table):
    table = await ready(console_table, [])
    messages = await table.say("alice: /fireball target:ゾンビ")
    assert messages[0]["ephemeral"] and "というコマンドはありません" in messages[0]["text"]
    messages = await table.say("こんにちは")
    assert "名前: 内容" in messages[0]["text"]


async def test_chat_that_is_not_a_command_is_silent(console_table):
    table = await console_table([])
    assert await table.say("alice: 134 数値だけには反応しない") == []
    assert await table.say("alice: こんにちは、今日はよろしく") == []
