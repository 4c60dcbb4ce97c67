"""The current SAN never stands above the maximum SAN (99 − 〈クトゥルフ神話〉): the sheet shows
and the SAN check rolls the capped value; a SAN never changed follows POW × 5, and each
/char set that moves it says so."""
from __future__ import annotations

MINA = "alice: /char new name:ミナ STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10"


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def test_mythos_lowers_the_current_san_to_the_maximum_and_the_san_check_rolls_it(console_table):
    table = await console_table([10])
    await table.say(MINA)
    pow18 = texts(await table.say("alice: /char set name:ミナ key:POW value:18"))
    assert pow18 == ["ミナ: POW = 18 に設定しました。\n"
                     "現在のSANは 55→90（まだ変わっていないSANは POW×5 です。別の値にするなら key:SAN で設定します）。"]
    mythos = texts(await table.say("alice: /char set name:ミナ key:クトゥルフ神話 value:15"))
    assert mythos == ["ミナ: 〈クトゥルフ神話〉 = 15% に設定しました。\n"
                      "現在のSANは 90→84（最大SAN 84 = 99−〈クトゥルフ神話〉を超えられません）。"]
    shown = texts(await table.say("alice: /char show ミナ"))[0].splitlines()
    assert shown[2] == "HP 13/13 / MP 18/18 / SAN 84/84 / db なし / 回避 24%"
    refused = texts(await table.say("alice: /char set name:ミナ key:SAN value:95"))
    assert refused == ["SAN は最大値 84 を超えられません（「95」）。最大値を変えるなら key:最大SAN を使います。"]
    checked = texts(await table.say("alice: SANチェック 0/1"))
    assert checked[0].startswith("🎲 ミナ SANチェック（0/1）：(1D100<=84) ＞ 10 ＞ スペシャル\n成功：0 の減少 → SAN 84 → 84")


async def test_a_san_set_by_hand_stays_when_pow_changes_and_is_capped_by_mythos(console_table):
    table = await console_table([])
    await table.say(MINA)
    await table.say("alice: /char set name:ミナ key:SAN value:60")
    assert texts(await table.say("alice: /char set name:ミナ key:POW value:18")) == ["ミナ: POW = 18 に設定しました。"]
    capped = texts(await table.say("alice: /char set name:ミナ key:クトゥルフ神話 value:45"))
    assert capped[0].endswith("現在のSANは 60→54（最大SAN 54 = 99−〈クトゥルフ神話〉を超えられません）。")
    assert (await table.store.get_character("console", "ミナ")).data["san"] == 54
