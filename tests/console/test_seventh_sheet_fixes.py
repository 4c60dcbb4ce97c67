"""The 7th sheet's bugs found in play (issue 30): /char set HP is the current HP and 最大HP the
maximum, 6th-scale characteristics in a 7th channel are warned about, a palette line's skill
is the one in braces, and a 7th sheet imported again replaces the saved one (no TypeError)
keeping what only this bot has."""
from __future__ import annotations

import json

import pytest

from bot.sheets.importers import parse_sheet
from tests.console.messages import text

NEW = "alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 INT:75 EDU:80 luck:55"


def piece(palette: list[str], hp: int = 12, skills: dict[str, int] | None = None) -> dict:
    """A いあきゃら-style 7th piece of エミリー (HP max 12) with ``palette`` lines."""
    stats = {"STR": 60, "CON": 55, "POW": 65, "DEX": 70, "APP": 50, "SIZ": 65, "INT": 75, "EDU": 80}
    params = [{"label": k, "value": str(v)} for k, v in {**stats, **(skills or {})}.items()]
    return {"kind": "character", "data": {
        "name": "エミリー", "params": params, "commands": "\n".join(palette),
        "status": [{"label": "HP", "value": hp, "max": 12}, {"label": "MP", "value": 13, "max": 13},
                   {"label": "SAN", "value": 65, "max": 99}, {"label": "幸運", "value": 55, "max": 99}]}}


@pytest.mark.rule("7-SHEET-01")
async def test_hp_sets_the_current_hp_and_max_hp_the_maximum(console_table):
    table = await console_table([])
    await table.say(NEW)
    assert text(await table.say("alice: /char set name:エミリー key:HP value:8")) == "エミリー: HP = 8/12 に設定しました。"
    assert text(await table.say("alice: /char set name:エミリー key:最大HP value:14")) == (
        "エミリー: 最大HP = 14（現在のHP 8） に設定しました。")
    assert text(await table.say("alice: /char set name:エミリー key:HP value:15")) == (
        "HP は最大値 14 を超えられません（「15」）。最大値を変えるなら key:最大HP を使います。")
    assert text(await table.say("alice: /char set name:エミリー key:HP value:-1")) == (
        "HP には0から999の整数を指定してください（「-1」は範囲外です）。")  # 7-HP-01: never below 0
    assert text(await table.say("alice: /char set name:エミリー key:MP value:3")) == "エミリー: MP = 3/13 に設定しました。"
    saved = (await table.store.get_character("console", "エミリー")).data
    assert (saved["hp_now"], saved["hp_max"], saved["mp_now"]) == (8, 14, 3) and "skills" in saved
    assert saved["skills"] == {}  # 最大HP is no skill
    assert "HP 8/14　MP 3/13" in text(await table.say("alice: /char show name:エミリー"))
    assert text(await table.say("alice: /char set name:エミリー key:最大SAN value:50")) == (
        "7版の最大SANは 99 − 〈クトゥルフ神話〉です（エミリーは 99）。key:クトゥルフ神話 で変わります。")


@pytest.mark.rule("7-SHEET-02")
async def test_6th_scale_characteristics_in_a_7th_channel_are_warned(console_table):
    table = await console_table([3, 3, 3])
    await table.say("kp: /kp setting key:版 value:7")
    made = text(await table.say("alice: /char new name:ボブ STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15"))
    assert "幸運を振りました: 3D6(3,3,3)×5 = 45" in made
    assert made.startswith("7版の探索者「ボブ」を登録しました。") and "HP 2/2" in made
    assert made.endswith("※能力値が6版（3〜18）の値のようです（このままでは HP 2 です）。7版の能力値は % で、6版の値の5倍です"
                         "（例: STR:12 → STR:60）。同じコマンドを5倍の値でもう一度送ると能力値だけ直せます"
                         "（6版のキャラクターなら edition:6 を付けて、/char delete で消してから作り直してください）。")
    fixed = text(await table.say("alice: /char new name:ボブ STR:60 CON:65 POW:55 DEX:70 APP:50 SIZ:65 INT:65 EDU:75"))
    assert "※" not in fixed and "HP 13/13" in fixed
    four = text(await table.say("alice: /char new name:カール STR:20 CON:25 POW:25 DEX:25 APP:50 SIZ:55 INT:65 EDU:75 "
                                "luck:50"))
    assert "※" not in four  # four of eight below 30: a weak but 7th-scale investigator


@pytest.mark.rule("7-SHEET-03")
def test_a_palette_lines_skill_is_the_one_in_braces() -> None:
    inv, _hidden = parse_sheet(json.dumps(piece([
        "CC<={SAN} 【正気度ロール】", "CC<={目星} 【目星】", "CC(1)<={目星} 【目星（ボーナス1）】",
        "CC<={目星}h 【目星（ハード）】", "CC(1)<=60 【図書館（ボーナス1）】", "CC<=60 【図書館】",
        "CC<=50 【近接戦闘（格闘）】"], skills={"目星": 70}), ensure_ascii=False))
    assert inv.skills == {"目星": 70, "図書館": 60, "近接戦闘（格闘）": 50}  # no 「目星（ボーナス1）」, 「図書館（ハード）」


@pytest.mark.rule("7-SHEET-04")
async def test_a_7th_sheet_imported_again_replaces_and_keeps_what_only_the_bot_has(console_table):
    table = await console_table([2, 2])
    first = json.dumps(piece(["CC<={目星} 【目星】"], skills={"目星": 70}), ensure_ascii=False)
    assert text(await table.say(f"alice: /char import data:{first}")).startswith("キャラクター「エミリー」を取り込みました。")
    await table.say("alice: /char weapon name:エミリー weapon:.38リボルバー")
    await table.say("alice: /check skill:目星")  # 22: a growth check
    second = json.dumps(piece(["CC<={目星} 【目星】"], hp=9, skills={"目星": 75}), ensure_ascii=False)
    asked = await table.say(f"alice: /char import data:{second}")
    assert asked[0]["buttons"] == ["置き換える", "やめる"] and "変わる技能: 目星 70% → 75%" in asked[0]["text"]
    done = text(await table.say("alice: [置き換える]"))
    assert done.startswith("「エミリー」を取り込んだ内容で置き換えました。\n〔新クトゥルフ神話TRPG（7版）探索者〕")
    saved = (await table.store.get_character("console", "エミリー")).data
    assert saved["skills"] == {"目星": 75} and saved["growth"] == ["目星"] and saved["hp_now"] == 9
    assert [w["name"] for w in saved["weapons"]] == [".38リボルバー"]
    assert await table.store.get_character("import-draft:console", "alice") is None
