"""Sheets that cannot be (issue 29, X-SHEET-01/02): a 6th sheet refuses a skill above 99 %
(``/char set``, ``/char weapon skill:``, ``/char import``) unless the KP's setting 技能99超え
allows it, and 幸運 (アイデア, 知識) given as a skill, each with a message saying why."""
from __future__ import annotations

import json

import pytest

NEW = "alice: /char new name:アリス STR:10 CON:10 POW:12 DEX:12 APP:10 SIZ:10 INT:13 EDU:10"
OVER = ("〈目星〉120%：6版の技能は99%までです（X-SHEET-01）。KPが /kp setting key:技能99超え value:オン にすると、"
        "99%を超える技能も設定できます（神話生物のNPCなど）。")


def piece(commands: str) -> str:
    """A ココフォリア clipboard piece of 見本 三郎 with the chat palette ``commands``."""
    params = [{"label": k, "value": str(v)} for k, v in
              (("STR", 10), ("CON", 10), ("POW", 12), ("DEX", 12), ("APP", 10), ("SIZ", 10), ("INT", 13), ("EDU", 10))]
    return json.dumps({"kind": "character", "data": {"name": "見本 三郎", "params": params, "commands": commands}},
                      ensure_ascii=False)


async def _skills(table, name):
    record = await table.store.get_character("console", name)
    return record.data["skills"]


@pytest.mark.rule("X-SHEET-01")
async def test_a_skill_above_99_is_refused_until_the_kp_allows_it(console_table):
    table = await console_table()
    await table.say(NEW)
    assert [m["text"] for m in await table.say("alice: /char set name:アリス key:目星 value:120")] == [OVER]
    assert "目星" not in await _skills(table, "アリス")
    assert [m["text"] for m in await table.say("alice: /char set name:アリス key:目星 value:99")] == [
        "アリス: 〈目星〉 = 99% に設定しました。"]
    await table.say("kp: /kp setting key:技能99超え value:on")
    assert [m["text"] for m in await table.say("alice: /char set name:アリス key:目星 value:120")] == [
        "アリス: 〈目星〉 = 120% に設定しました。"]
    assert (await _skills(table, "アリス"))["目星"] == 120


@pytest.mark.rule("X-SHEET-01")
async def test_a_weapons_own_skill_above_99_is_refused_too(console_table):
    table = await console_table()
    await table.say(NEW)
    said = await table.say("alice: /char weapon name:アリス weapon:バット skill:150")
    assert said[0]["text"].startswith("〈バット〉150%：6版の技能は99%までです（X-SHEET-01）。")
    record = await table.store.get_character("console", "アリス")
    assert record.data["weapons"] == []


@pytest.mark.rule("X-SHEET-02")
@pytest.mark.parametrize(("key", "stat", "value"), [("幸運", "POW", 60), ("アイデア", "INT", 65), ("知識", "EDU", 50)])
async def test_luck_idea_and_know_are_no_skills(console_table, key, stat, value):
    table = await console_table()
    await table.say(NEW)
    said = await table.say(f"alice: /char set name:アリス key:{key} value:80")
    assert [m["text"] for m in said] == [
        f"{key}は技能ではありません（X-SHEET-02）。6版の{key}は{stat}×5で決まります"
        f"（アリスは{stat} {value // 5}×5＝{value}）。変えるなら /char set name:アリス key:{stat} value:… で{stat}を設定してください。"]
    assert key not in await _skills(table, "アリス")


@pytest.mark.rule("X-SHEET-02")
async def test_an_import_leaves_luck_out_of_the_skills_and_says_when_it_differed(console_table):
    table = await console_table()
    said = await table.say("alice: /char import data:" + piece("CCB<=60 【幸運】\nCCB<=70 【アイデア】\nCCB<=75 【目星】"))
    text = said[0]["text"]
    assert text.startswith("キャラクター「見本 三郎」を取り込みました。")
    assert text.endswith("（【アイデア】70（INT×5＝65）は技能ではなく能力値から決まるので、取り込みませんでした。X-SHEET-02）")
    assert await _skills(table, "見本 三郎") == {"目星": 75}


@pytest.mark.rule("X-SHEET-01")
async def test_an_import_with_a_skill_above_99_is_refused_naming_it(console_table):
    table = await console_table()
    said = await table.say("alice: /char import data:" + piece("CCB<=120 【目星】\nCCB<=40 【聞き耳】"))
    assert [m["text"] for m in said] == [OVER + "取り込みはしていません。"]
    assert await table.store.get_character("console", "見本 三郎") is None
    await table.say("kp: /kp setting key:技能99超え value:on")
    said = await table.say("alice: /char import data:" + piece("CCB<=120 【目星】\nCCB<=40 【聞き耳】"))
    assert said[0]["text"].startswith("キャラクター「見本 三郎」を取り込みました。")
    assert (await _skills(table, "見本 三郎"))["目星"] == 120
