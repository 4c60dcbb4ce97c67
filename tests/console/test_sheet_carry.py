"""The sheet lives on (issue 19), through the console as a table plays it: a battle's HP,
SAN and weapon damage reach the sheet at /battle end and go back at /battle reopen; the next
battle starts where the last one left; growth marks and /char growth in between."""
from __future__ import annotations

import pytest

SHEETS = [
    "alice: /char new name:アリス STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10",
    "alice: /char weapon name:アリス weapon:ナイフ skill:90",
    "kp: /char new name:ゾンビ STR:16 CON:18 POW:1 DEX:8 APP:1 SIZ:10 INT:1 EDU:1",
]
FIGHT = [
    "kp: /battle new system:coc6-budo",
    "alice: /battle join character:アリス",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
    "alice: /attack target:ゾンビ weapon:ナイフ aim:急所",  # 20: hit; 1D4=1 ×2; 1D6=3 rounds; SAN 30: −1
    "kp: /react action:なし as:ゾンビ",
    "alice: /end",
    "kp: /attack target:アリス as:ゾンビ",  # 10: hit (25%, halved by the vital blow)
    "alice: /react action:受け流し weapon:ナイフ",  # 10: parried; 1D3+1D4 = 3+4 = 7 onto the knife (9 → 2)
    "kp: /end as:ゾンビ",
    "alice: /end",
    "kp: /attack target:アリス as:ゾンビ",  # 10: hit
    "alice: /react action:なし",  # 3+4 = 7 damage: HP 13 → 6, shock CON×5 20: stays up
]
FIGHT_FACES = [20, 1, 3, 30, 10, 10, 3, 4, 10, 3, 4, 20]


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def sheet(table, name: str) -> dict:
    return (await table.store.get_character("console", name)).data


async def played(table, lines: list[str]) -> None:
    for line in lines:
        await table.say(line)


@pytest.mark.rule("B-CALL-VITAL-05")
async def test_a_battles_hp_san_and_weapon_damage_reach_the_sheet_and_reopen_takes_them_back(console_table):
    table = await console_table(FIGHT_FACES)
    await played(table, SHEETS + FIGHT)
    ended = texts(await table.say("kp: /battle end confirm:true"))
    assert ended == ["戦闘を終了しました。おつかれさまでした。",
                     "シートに反映: アリス HP 13→6、SAN 55→54、ナイフ 耐久9→2\n"
                     "成長の印: アリス〈ナイフ〉（/char growth で成長ロール）"]
    saved = await sheet(table, "アリス")
    assert (saved["hp_now"], saved["san"], saved["weapon_state"], saved["growth"]) == (
        6, 54, {"ナイフ": {"hp": 2, "broken": False, "jammed": False}}, {"ナイフ": "成功"})
    shown = texts(await table.say("alice: /char show name:アリス"))[0].splitlines()
    assert shown[2] == "HP 6/13 / MP 11/11 / SAN 54/99 / db なし / 回避 24%"
    assert shown[3].startswith("武器: ナイフ（90% 1D4 耐久2/9）、")
    assert shown[4] == "成長の印: 〈ナイフ〉（/char growth で成長ロール）"

    reopened = texts(await table.say("kp: /battle reopen"))
    assert reopened[0] == ("♻ KP（kp）が戦闘を再開しました（ラウンド2）。\n"
                           "シートへの反映を取り消しました: アリス HP 6→13、SAN 54→55、ナイフ 耐久2→9、成長の印〈ナイフ〉を外す")
    back = await sheet(table, "アリス")
    assert [k for k in ("hp_now", "weapon_state", "growth") if k in back] == []  # at the maximum, new, unmarked
    assert back["san"] == 55
    assert (await table.status())["アリス"]["hp"] == 6  # the battle itself is as it was
    again = texts(await table.say("kp: /battle end confirm:true"))
    assert again[1].startswith("シートに反映: アリス HP 13→6、SAN 55→54、ナイフ 耐久9→2")
    assert (await sheet(table, "アリス"))["hp_now"] == 6


async def test_a_san_check_after_the_end_stays_counted_when_the_battle_is_reopened(console_table):
    table = await console_table(FIGHT_FACES + [80, 2])
    await played(table, SHEETS + FIGHT + ["kp: /battle end confirm:true"])
    checked = texts(await table.say("alice: /check skill:SAN loss:1/1D3"))  # 80: fails, 1D3 = 2: 54 → 52
    assert "SAN 54 → 52" in checked[0]
    reopened = texts(await table.say("kp: /battle reopen"))
    assert "SAN 52→53" in reopened[0]  # only the battle's 1 comes back
    assert (await sheet(table, "アリス"))["san"] == 53


async def test_the_kp_can_turn_the_carry_off_and_marks_are_still_made(console_table):
    table = await console_table(FIGHT_FACES)
    await played(table, SHEETS + FIGHT[:1])
    setting = texts(await table.say("kp: /kp setting key:シート反映 value:false"))
    assert setting[0] == "⚙ 設定「シート反映」を オフ にしました（kp）"
    await played(table, FIGHT[1:])
    ended = texts(await table.say("kp: /battle end confirm:true"))
    assert ended[1] == ("成長の印: アリス〈ナイフ〉（/char growth で成長ロール）\n"
                        "（KP設定 シート反映 がオフのため、HP・SAN・武器はシートに書き込んでいません）")
    saved = await sheet(table, "アリス")
    assert ("hp_now" in saved, "san" in saved, saved["growth"]) == (False, False, {"ナイフ": "成功"})


async def test_two_battles_with_the_same_investigator_and_growth_in_between(console_table):
    """As a new user would: fight, end, check and roll in the scenario, grow, fight again."""
    growth_faces = [95, 7, 20, 60, 5]  # ナイフ 90: 95 > 90, 1D10=7 → 97; 目星 25: 20, no; 聞き耳 25: 60 > 25, 1D10=5 → 30
    table = await console_table(FIGHT_FACES + [20, 10] + growth_faces + [50])
    await played(table, SHEETS + FIGHT + ["kp: /battle end confirm:true"])
    looked = texts(await table.say("alice: /check skill:目星"))
    assert looked == ["🎲 アリス 目星（25%）：(1D100<=25) ＞ 20 ＞ 成功\n📈 アリス〈目星〉に成長の印"]
    listened = texts(await table.say("alice: CCB<=25 【聞き耳】"))
    assert listened == ["alice　【聞き耳】\n(1D100<=25) ＞ 10 ＞ 成功", "📈 アリス〈聞き耳〉に成長の印"]
    shown = texts(await table.say("alice: /char show name:アリス"))[0]
    assert shown.endswith("成長の印: 〈ナイフ〉〈目星〉〈聞き耳〉（/char growth で成長ロール）")
    grown = texts(await table.say("alice: /char growth name:アリス"))
    assert grown == ["【アリスの成長ロール】（3技能中2技能が成長）\n"
                     "ナイフ 90→97（1D100=95 > 90, 1D10=7）\n"
                     "目星 25（1D100=20 ≦ 25、成長なし）\n"
                     "聞き耳 25→30（1D100=60 > 25, 1D10=5）"]
    after = await sheet(table, "アリス")
    assert (after["weapons"][0]["skill_value"], after["skills"]["聞き耳"], "目星" in after["skills"], "growth" in after) == (
        97, 30, False, False)
    assert texts(await table.say("alice: /char growth アリス"))[0].startswith("アリスには成長の印がありません")

    await played(table, FIGHT[:4])  # the next evening: a new battle, the same investigator
    status = await table.status()
    assert (status["アリス"]["hp"], status["アリス"]["hp_max"]) == (6, 13)
    attack = texts(await table.say("alice: /attack target:ゾンビ weapon:ナイフ"))
    assert "ナイフで攻撃（97%）" in attack[0]


async def test_a_hurt_investigator_is_healed_and_a_weapon_mended_on_the_sheet(console_table):
    table = await console_table(FIGHT_FACES)
    await played(table, SHEETS + FIGHT + ["kp: /battle end confirm:true"])
    refused = texts(await table.say("alice: /char set name:アリス key:HP value:14"))
    assert refused == ["HP は最大値 13 を超えられません（「14」）。最大値を変えるなら key:最大HP を使います。"]
    healed = texts(await table.say("alice: /char set name:アリス key:HP value:9"))
    assert healed == ["アリス: HP = 9/13 に設定しました。"]
    raised = texts(await table.say("alice: /char set name:アリス key:最大HP value:15"))
    assert raised == ["アリス: 最大HP = 15（現在のHP 9） に設定しました。"]
    await table.say("alice: /char set name:アリス key:SAN value:50")
    await table.say("alice: /char set name:アリス key:最大SAN value:90")
    await table.say("alice: /char set name:アリス key:MP value:3")
    shown = texts(await table.say("alice: /char show name:アリス"))[0].splitlines()
    assert shown[2] == "HP 9/15 / MP 3/11 / SAN 50/90 / db なし / 回避 24%"
    assert shown[3].startswith("武器: ナイフ（90% 1D4 耐久2/9）")
    mended = texts(await table.say("alice: /char weapon name:アリス weapon:ナイフ skill:90"))
    assert mended == ["アリスに武器「ナイフ」を持たせました（ナイフ、90%、1D4、耐久力9、貫通可）。\n（以前の戦闘での損傷・故障はなくなりました）"]
    assert "weapon_state" not in await sheet(table, "アリス")


async def test_a_weapon_is_removed_with_delete(console_table):
    table = await console_table()
    await played(table, SHEETS + ["alice: /char weapon name:アリス weapon:弓"])
    removed = texts(await table.say("alice: /char weapon name:アリス weapon:弓 delete:true"))
    assert removed == ["アリスから武器「弓」を外しました。残りの武器: ナイフ"]
    assert [w["name"] for w in (await sheet(table, "アリス"))["weapons"]] == ["ナイフ"]
    assert texts(await table.say("alice: /char weapon name:アリス weapon:弓 delete:true")) == [
        "アリスは「弓」を持っていません。持っている武器: ナイフ。"]
    assert texts(await table.say("alice: /char weapon name:アリス weapon:こぶし delete:true")) == [
        "素手の攻撃はどのキャラクターにもあるので外せません。持っている武器: ナイフ。"]
    assert texts(await table.say("kp: /char weapon name:アリス weapon:ナイフ delete:true")) == [
        "「アリス」は他のユーザーのキャラクターなので変更できません。"]


@pytest.mark.rule("X-HP-02")
async def test_an_investigator_left_unconscious_on_the_sheet_cannot_join_until_healed(console_table):
    table = await console_table()
    await played(table, SHEETS + ["alice: /char set name:アリス key:HP value:2", "kp: /battle new"])
    refused = texts(await table.say("alice: /battle join character:アリス"))
    assert refused == ["アリスはシートのHPが2/13で気絶しているため参加できません（X-HP-02）。"
                       "回復したら /char set name:アリス key:HP value:… でシートのHPを直してから参加してください。"]
    await table.say("alice: /char set name:アリス key:HP value:3")
    assert texts(await table.say("alice: /battle join character:アリス")) == ["アリス（PC）が戦闘に参加しました。"]
    assert (await table.status())["アリス"]["hp"] == 3
