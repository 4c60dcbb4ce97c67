"""A player with several investigators (a continuing campaign) names the one a chat line is
for: 「田中 太郎：SANチェック 1/1D6」 or 「SANチェック 1/1D6 田中 太郎」 rolls that one's SAN check;
a palette roll whose comment names one marks that one's growth. Unnamed, the refusal says
how to write it; talk around a SAN check stays silent."""
from __future__ import annotations

TANAKA = "alice: /char new name:田中 太郎 STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10"
SATO = "alice: /char new name:佐藤 花子 STR:10 CON:12 POW:12 DEX:12 APP:10 SIZ:14 INT:13 EDU:10"


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def sheet(table, name: str) -> dict:
    return (await table.store.get_character("console", name)).data


async def test_a_chat_san_check_names_which_of_the_players_characters(console_table):
    table = await console_table([80, 4, 10])
    await table.say(TANAKA)
    await table.say(SATO)
    unnamed = texts(await table.say("alice: SANチェック 1/1D6"))
    assert unnamed == ["キャラクターが複数あります（佐藤 花子、田中 太郎）。どのキャラクターの判定か、"
                       "「佐藤 花子：SANチェック 1/1D6」のように名前を付けて書いてください。"]
    after = texts(await table.say("alice: SANチェック 1/1D6 田中 太郎"))
    assert after[0].startswith("🎲 田中 太郎 SANチェック（1/1D6）：(1D100<=55) ＞ 80 ＞ 失敗\n"
                               "失敗：1D6 ＞ 4 の減少 → SAN 55 → 51")
    before = texts(await table.say("alice: 佐藤 花子：SANチェック 0/1D3"))
    assert before[0].startswith("🎲 佐藤 花子 SANチェック（0/1D3）：(1D100<=60) ＞ 10 ＞ スペシャル")
    assert ((await sheet(table, "田中 太郎"))["san"], (await sheet(table, "佐藤 花子"))["san"]) == (51, 60)
    assert await table.say("alice: 【SANチェック】1/1D6は怖い") == []
    assert await table.say("alice: SANチェック 1/1D6 鈴木") == []  # not one of hers: talk


async def test_a_palette_roll_naming_one_of_several_characters_marks_that_one(console_table):
    table = await console_table([20, 20])
    await table.say(TANAKA)
    await table.say(SATO)
    named = texts(await table.say("alice: CCB<=25 【目星】 佐藤 花子"))
    assert named == ["alice　【目星】 佐藤 花子\n(1D100<=25) ＞ 20 ＞ 成功", "📈 佐藤 花子〈目星〉に成長の印"]
    assert texts(await table.say("alice: CCB<=25 【目星】")) == ["alice　【目星】\n(1D100<=25) ＞ 20 ＞ 成功"]
    assert ((await sheet(table, "佐藤 花子")).get("growth"), (await sheet(table, "田中 太郎")).get("growth")) == (
        {"目星": "成功"}, None)
