"""7th-edition investigators (issue 20): /char new with characteristics in percent, /char
show as a 7th sheet, /char set, ココフォリア export and import round trip, battles refuse them."""
from __future__ import annotations

import json

from bot.render.ccfolia7 import ccfolia_piece7
from bot.sheets.importers import parse_sheet
from rules.coc7.character import Investigator
from tests.console.messages import text

NEW = "alice: /char new name:エミリー edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 INT:75 EDU:80 age:24"


async def test_char_new_7th_derives_the_sheet_and_rolls_luck(console_table):
    table = await console_table([4, 2, 6])
    made = text(await table.say(NEW))
    assert made.startswith("7版の探索者「エミリー」を登録しました。\n幸運を振りました: 3D6(4,2,6)×5 = 60\n")
    assert "〔新クトゥルフ神話TRPG（7版）探索者〕　年齢 24" in made
    assert "STR 60（30/12）" in made and "EDU 80（40/16）" in made
    assert "HP 12/12　MP 13/13　SAN 65/99　幸運 60" in made
    assert "ダメージボーナス +1D4　ビルド 1　MOV 8　回避 35（17/7）" in made
    assert "目星 25（12/5）" in made and "母国語 80（40/16）" in made


async def test_a_7th_channel_makes_7th_investigators_by_default(console_table):
    table = await console_table([])
    await table.say("kp: /battle new system:coc6")
    await table.say("kp: /kp setting key:版 value:7")
    await table.say("kp: /battle end")
    made = text(await table.say("alice: /char new name:ケイト STR:40 CON:50 POW:60 DEX:55 APP:70 SIZ:50 "
                                "INT:80 EDU:85 luck:45"))
    assert made.startswith("7版の探索者「ケイト」を登録しました。\n〔新クトゥルフ神話TRPG（7版）探索者〕")
    assert "HP 10/10　MP 12/12　SAN 60/99　幸運 45" in made and "ダメージボーナス 0　ビルド 0　MOV 8" in made


async def test_set_show_and_battles_refuse_a_7th_sheet(console_table):
    table = await console_table([3, 3, 3])
    await table.say(NEW)
    assert text(await table.say("alice: /char set name:エミリー key:目星 value:70")) == "エミリー: 〈目星〉 = 70% に設定しました。"
    shown = text(await table.say("alice: /char show name:エミリー"))
    assert "技能（通常（ハード/イクストリーム））: 目星 70（35/14）" in shown
    await table.say("kp: /battle new system:coc6")
    joined = text(await table.say("alice: /battle join character:エミリー"))
    assert "「エミリー」は7版のシートなので、この戦闘（6版）には参加できません。7版の戦闘（/battle new system:coc7）で使えます。" in joined


async def test_export_import_round_trip(console_table, tmp_path):
    table = await console_table([3, 3, 3], files_dir=tmp_path)
    await table.say(NEW)
    await table.say("alice: /char set name:エミリー key:目星 value:70")
    await table.say("alice: /char set name:エミリー key:射撃(拳銃) value:55")
    exported = await table.say("alice: /char export name:エミリー")
    assert "（長いので添付ファイルにしました）" in exported[0]["text"]
    saved = (tmp_path / "エミリー-ccfolia.json").read_text(encoding="utf-8")
    piece = json.loads(saved)
    assert "CC<={目星} 【目星】" in piece["data"]["commands"].splitlines()
    await table.say("alice: /char delete name:エミリー")
    imported = text(await table.say(f"alice: /char import data:{json.dumps(piece, ensure_ascii=False)}"))
    assert imported.startswith("キャラクター「エミリー」を取り込みました。\n〔新クトゥルフ神話TRPG（7版）探索者〕")
    await table.say("alice: /char export name:エミリー")
    assert (tmp_path / "エミリー-ccfolia.json").read_text(encoding="utf-8") == saved
    assert "技能（通常（ハード/イクストリーム））: 射撃（拳銃） 55（27/11）、目星 70（35/14）" in imported


def test_an_iachara_style_piece_with_literal_values_reads_as_7th() -> None:
    piece = {"kind": "character", "data": {
        "name": "見本 七郎 (みほん しちろう)",
        "status": [{"label": "HP", "value": 11, "max": 11}, {"label": "MP", "value": 12, "max": 12},
                   {"label": "SAN", "value": 58, "max": 99}, {"label": "幸運", "value": 45, "max": 99}],
        "params": [{"label": k, "value": str(v)} for k, v in
                   {"STR": 50, "CON": 60, "POW": 60, "DEX": 65, "APP": 55, "SIZ": 50, "INT": 70, "EDU": 75}.items()],
        "commands": "CC<={SAN} 【SANチェック】\nCC<=70 【アイデア】\nCC<=75 【目星】\nCC<=60 【図書館】\n"
                    "CC<=20 【聞き耳】\nCC<=40 【射撃（拳銃）】\n1d3 【ダメージ判定】"}}
    inv, hidden = parse_sheet(json.dumps(piece, ensure_ascii=False))
    assert isinstance(inv, Investigator) and not hidden
    assert inv.name == "見本 七郎" and inv.luck == 45 and inv.san == 58 and inv.hp_max == 11
    assert inv.skills == {"目星": 75, "図書館": 60, "射撃（拳銃）": 40}  # 聞き耳 20 is its base
    assert parse_sheet(json.dumps(ccfolia_piece7(inv), ensure_ascii=False))[0] == inv


async def test_char_new_again_updates_characteristics_and_keeps_the_rest(console_table):
    table = await console_table([4, 2, 6])
    await table.say(NEW)
    await table.say("alice: /char set name:エミリー key:目星 value:70")
    again = text(await table.say(NEW.replace("STR:60", "STR:65")))
    assert again.startswith("「エミリー」の能力値を更新しました（技能・SAN・成長チェックはそのままです）。\n")
    assert "STR 65（32/13）" in again and "幸運 60" in again and "幸運を振りました" not in again
    assert table.dice.remaining == 0
    assert "目星 70（35/14）" in text(await table.say("alice: /char show name:エミリー"))


async def test_char_new_never_turns_one_edition_into_the_other(console_table):
    table = await console_table([4, 2, 6])
    await table.say(NEW)
    refused = text(await table.say("alice: /char new name:エミリー edition:6 STR:12 CON:13 POW:11 DEX:14 "
                                   "APP:10 SIZ:13 INT:13 EDU:15"))
    assert refused.startswith("「エミリー」は7版の探索者として登録されています。")
    await table.say("bob: /char new name:ボブ edition:6 STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15")
    refused = text(await table.say("bob: /char new name:ボブ edition:7 STR:60 CON:55 POW:65 DEX:70 APP:50 "
                                   "SIZ:65 INT:75 EDU:80 luck:50"))
    assert refused.startswith("「ボブ」は6版のキャラクターとして登録されています。")


async def test_a_6th_sheet_typed_in_percent_gets_a_note(console_table):
    table = await console_table([])
    made = text(await table.say("alice: /char new name:エミリー STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 "
                                "INT:75 EDU:80"))
    assert made.startswith("キャラクター「エミリー」を登録しました。")
    assert made.endswith("※能力値が7版（%）の値のようです。新クトゥルフ神話TRPGの探索者なら、"
                         "同じコマンドに edition:7 を付けて作り直してください（/char delete で消してから）。")
    plain = text(await table.say("alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 "
                                 "INT:13 EDU:15"))
    assert "7版" not in plain
