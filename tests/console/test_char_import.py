"""``/char import``: what it accepts (pasted ココフォリア text, キャラクター保管所 JSON or URL,
explained when nothing is given), the confirmation before a saved character is replaced with
what changes, and ``/char rename`` / ``/char export`` (issue 10)."""
from __future__ import annotations

import json

import pytest

from bot.sheets.importers import parse_sheet
from bot.commands.request import Request
from bot.sheets.exchange import IMPORT_HELP

NEW = "{who}: /char new name:{name} STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15"


async def _saved(table, name: str):
    record = await table.store.get_character("console", name)
    return record and record.data


async def test_with_nothing_given_it_explains_what_it_accepts(console_table):
    table = await console_table()
    reply = await table.say("alice: /char import")
    assert [m["text"] for m in reply] == [IMPORT_HELP]
    assert reply[0]["to"] == "alice"
    assert "https://charasheet.vampire-blood.net/1234567" in IMPORT_HELP and "ココフォリア" in IMPORT_HELP


async def test_each_sample_sheet_imports(console_table, sheets):
    table = await console_table()
    花子 = await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    assert 花子[0]["text"].splitlines()[:3] == [
        "キャラクター「見本 花子」を取り込みました。", "STR13 CON12 POW11 DEX14 APP10 SIZ15 INT13 EDU16",
        "HP 14/14 / MP 11/11 / SAN 55/99 / db +1D4 / 回避 58%"]
    信者 = await table.say("kp: /char import data:" + sheets("ccfolia_03_enemy_npc_hidden.json"))
    assert "ナイフ（45% 1D4 耐久9）" in 信者[0]["text"] and "非公開のコマです" in 信者[0]["text"]
    一郎 = await table.say("bob: /char import data:" + sheets("ccfolia_01_minimal.json"))
    assert 一郎[0]["text"] == ("見本 一郎: 戦闘に必要な能力値がありません（DEX、CON/SIZ（またはHP））。"
                             "/char new で作るか、JSONに能力値を入れてください。")


def test_a_paste_in_a_code_fence_with_line_breaks_reads(shared):
    text = (shared / "data" / "characters" / "ccfolia_02_coc6_investigator.json").read_text(encoding="utf-8")
    character, hidden = parse_sheet(f"\ufeff```json\n{text}\n```\n")
    assert (character.name, character.skill("目星"), character.damage_bonus, hidden) == ("見本 花子", 75, "+1D4", False)
    assert character.db_override is None  # +1D4 is what the table gives STR13+SIZ15


async def test_a_hokanjo_url_is_fetched_through_the_injected_fetcher(console_table, shared):
    table = await console_table()
    asked = []

    async def saved_file(url: str) -> str:
        asked.append(url)
        return (shared / "data" / "characters" / "hokanjo_coc6_example.json").read_text(encoding="utf-8")

    table.console.service.characters.exchange.fetch = saved_file
    reply = await table.say("alice: /char import data:https://charasheet.vampire-blood.net/1234567")
    assert asked == ["https://charasheet.vampire-blood.net/1234567.js"]
    assert reply[0]["text"].startswith("キャラクター「見本 花子」を取り込みました。")
    assert "警棒（25% 1D6 耐久15）" in reply[0]["text"]
    other = await table.say("alice: /char import data:https://example.com/sheet/1")
    assert other[0]["text"].startswith("URLから取り込めるのはキャラクター保管所")
    assert asked == ["https://charasheet.vampire-blood.net/1234567.js"]  # no other site is fetched


async def test_importing_over_a_saved_character_asks_and_shows_what_changes(console_table, sheets):
    table = await console_table()
    await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    before = await _saved(table, "見本 花子")
    asked = await table.say("alice: /char import data:" + sheets("hokanjo_coc6_example.json"))
    assert asked[0]["buttons"] == ["置き換える", "やめる"] and asked[0]["to"] == "alice"
    lines = asked[0]["text"].splitlines()
    assert lines[:2] == ["「見本 花子」はすでに登録されています。取り込んだ内容で置き換えますか？", "変わるところ:"]
    assert "・増える武器: 警棒（25% 1D6 耐久15）" in lines
    assert "・なくなる武器: .38リボルバー（60% 1D10 耐久10 装弾6）" in lines
    new, _hidden = parse_sheet(sheets("hokanjo_coc6_example.json"))
    assert [new.skill(k) for k in ("アイデア", "幸運", "知識")] == [65, 55, 80]  # computed alike from INT, POW, EDU:
    assert not any(line.startswith("・なくなる技能") for line in lines)  # no 「アイデア 65%（→ 65%）」 (issue 19)
    gained = next(line for line in lines if line.startswith("・増える技能: "))
    assert gained.startswith("・増える技能: キック 25%、組み付き 25%、頭突き 10%") and "運転 50%" in gained
    assert gained.endswith("信用 15% …ほか22件")  # 52 skills gained: 30 listed, the rest counted
    assert await _saved(table, "見本 花子") == before  # nothing replaced yet
    await table.store.put_character("console", "alice", "見本 花子", {**before, "growth": {"目星": "成功"}})
    done = await table.say("alice: [置き換える]")
    assert done[0]["text"].startswith("「見本 花子」を取り込んだ内容で置き換えました。")
    after = await _saved(table, "見本 花子")
    assert [w["name"] for w in after["weapons"]] == ["警棒"]
    assert after["growth"] == {"目星": "成功"}  # this session's growth marks survive the new sheet (issue 19)
    again = await table.say("alice: [置き換える]")
    assert again[0]["text"].startswith("この確認は古くなっています")
    assert await table.store.get_character("import-draft:console", "alice") is None


async def test_cancelling_keeps_the_saved_character(console_table, sheets):
    table = await console_table()
    await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    before = await _saved(table, "見本 花子")
    await table.say("alice: /char import data:" + sheets("hokanjo_coc6_example.json"))
    cancelled = await table.say("alice: [やめる]")
    assert cancelled[0]["text"] == "取り込みをやめました。「見本 花子」は元のままです。"
    assert await _saved(table, "見本 花子") == before
    same = await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    assert same[0]["text"] == "「見本 花子」は登録済みの内容と同じです（変更はありません）。"
    assert same[0]["buttons"] == []


async def test_an_older_confirmation_cannot_confirm_a_newer_import(console_table, sheets):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="見本 花子"))
    await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    first = table.console._buttons[("main", "alice")][-2].custom_id
    await table.say(NEW.format(who="alice", name="黒衣の信者A"))
    await table.say("alice: /char import data:" + sheets("ccfolia_03_enemy_npc_hidden.json"))
    stale = await table.console.service.handle(
        Request(channel="main", user="alice", command="button", options={"custom_id": first}))
    assert stale[0].text.startswith("この確認は古くなっています")
    assert (await _saved(table, "見本 花子"))["stats"]["STR"] == 12  # still /char new's sheet
    await table.say("alice: [置き換える]")
    assert (await _saved(table, "黒衣の信者A"))["stats"]["DEX"] == 12


async def test_someone_elses_character_is_not_replaced(console_table, sheets):
    table = await console_table()
    await table.say(NEW.format(who="bob", name="見本 花子"))
    refused = await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    assert refused[0]["text"] == "「見本 花子」は他のユーザーがすでに登録しています。"
    assert refused[0]["buttons"] == []


async def test_rename(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say(NEW.format(who="bob", name="ボブ"))
    await table.say("alice: /char set name:アリス key:こぶし value:80")
    done = await table.say("alice: /char rename name:アリス new:アリス・リデル")
    assert done[0]["text"] == "「アリス」の名前を「アリス・リデル」に変えました。"
    assert await _saved(table, "アリス") is None
    renamed = await _saved(table, "アリス・リデル")
    assert renamed["name"] == "アリス・リデル" and renamed["skills"] == {"こぶし": 80}
    taken = await table.say("alice: /char rename name:アリス・リデル new:ボブ")
    assert taken[0]["text"] == "「ボブ」という名前のキャラクターはすでに登録されています。別の名前にしてください。"
    theirs = await table.say("alice: /char rename name:ボブ new:ロバート")
    assert theirs[0]["text"] == "「ボブ」は他のユーザーのキャラクターなので変更できません。"
    assert await _saved(table, "ボブ") is not None


async def test_export_gives_ccfolia_json_with_a_chat_palette_that_imports_back(console_table, sheets, tmp_path):
    table = await console_table()
    await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    reply = await table.console.service.handle(
        Request(channel="main", user="alice", command="char export", options={"name": "見本 花子"}))
    assert [(r.to, r.ephemeral) for r in reply] == [("alice", True)]
    assert reply[0].text.startswith("「見本 花子」のココフォリア用データです。")
    assert reply[0].file["name"] == "見本 花子-ccfolia.json"
    body = reply[0].file["content"]
    if len(reply[0].text) < 1900:
        assert reply[0].text.endswith(f"```json\n{body}\n```")
    piece = json.loads(body)
    assert piece["kind"] == "character" and piece["data"]["name"] == "見本 花子"
    assert piece["data"]["params"][:2] == [{"label": "STR", "value": "13"}, {"label": "CON", "value": "12"}]
    assert {"label": "DB", "value": "+1D4"} in piece["data"]["params"]
    assert piece["data"]["status"][0] == {"label": "HP", "value": 14, "max": 14}
    palette = piece["data"]["commands"].splitlines()
    assert palette[:5] == ["CCB<={SAN} 【正気度ロール】", "CCB<=65 【アイデア】", "CCB<=55 【幸運】",
                           "CCB<=80 【知識】", "CCB<=58 【回避】"]
    assert "CCB<=75 【目星】" in palette and "CCB<=60 【拳銃】" in palette
    assert "1D10 【ダメージ判定（.38リボルバー）】" in palette  # a firearm adds no db
    assert "1D3+1D4 【ダメージ判定（こぶし）】" in palette
    assert palette[-1] == "CCB<={EDU}*5 【EDU × 5】"
    again, _hidden = parse_sheet(body)
    original, _hidden = parse_sheet(sheets("ccfolia_02_coc6_investigator.json"))
    assert (again.stats, again.hp_max, again.damage_bonus) == (original.stats, original.hp_max, original.damage_bonus)
    assert {k: again.skill(k) for k in original.skills} == original.skills
    assert [(w.name, w.damage) for w in again.weapons] == [(w.name, w.damage) for w in original.weapons]
