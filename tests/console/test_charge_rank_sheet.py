"""A charge-rank sheet (seed 004, issue 19): its own numbers without STR…EDU, shown without %;
a battle's stamina and injuries carried onto it (C-INJ-03..05) and back at /battle reopen; the
next battle starts with them."""
from __future__ import annotations

import json

import pytest

SETUP = [
    "alice: /char new name:桐生 system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3",
    "kp: /char new name:刺客 system:charge-rank リフレクス:3 スタミナ:20 ガード:3 攻撃力:3",
    "kp: /battle new system:charge-rank",
    "kp: /kp setting key:負傷表 value:5:軽傷,15:重傷",
    "kp: /kp setting key:負傷スタミナ減少 value:軽傷:10",
    "alice: /battle join character:桐生",
    "kp: /battle add name:刺客 character:刺客",
    "kp: /battle start",
    "alice: /attack target:刺客 power:2 special:掌打",
    "kp: [防御]",
    "alice: /wait",
    "kp: /attack target:桐生 power:3",
    "alice: /react action:なし",  # 9 damage: stamina 30 → 21, 軽傷
]
ROLLS = [2, 3, 1, 1, 5, 2, 2, 4]


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def test_a_charge_rank_sheet_has_its_own_numbers_without_percent(console_table):
    table = await console_table()
    made = texts(await table.say("alice: /char new name:桐生 system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3"))
    assert made == ["キャラクター「桐生」を登録しました。\n（チャージランク制）リフレクス 6 / スタミナ 30/30 / 攻撃力 3"]
    await table.say("alice: /char set name:桐生 key:ガード value:2")
    shown = texts(await table.say("alice: /char show name:桐生"))
    assert shown == ["【桐生】\n（チャージランク制）リフレクス 6 / ガード 2 / スタミナ 30/30 / 攻撃力 3"]
    data = (await table.store.get_character("console", "桐生")).data
    assert (data["system"], data["stats"], data["numbers"]) == (
        "charge-rank", {}, {"リフレクス": 6, "スタミナ": 30, "攻撃力": 3, "ガード": 2})
    assert texts(await table.say("alice: /char set name:桐生 key:目星 value:60"))[0].startswith(
        "「目星」はチャージランク制のシートの項目ではありません。")
    assert texts(await table.say("alice: /char new name:雪 system:charge-rank リフレクス:4"))[0].startswith(
        "チャージランク制のシートには スタミナ: が必要です")
    await table.say("kp: /battle new")
    refused = texts(await table.say("alice: /battle join character:桐生"))
    assert refused == ["桐生はチャージランク制のシートなので、CoCの戦闘には参加できません（能力値がありません）。"
                       "/battle new system:charge-rank の戦闘で使えます。"]


@pytest.mark.rule("C-INJ-05")
async def test_stamina_and_injuries_reach_the_sheet_and_the_next_battle(console_table):
    table = await console_table(ROLLS)
    for line in SETUP:
        await table.say(line)
    ended = texts(await table.say("kp: /battle end confirm:true"))
    # 21 left, but a 軽傷 leaves 30 − 10 = 20 of the maximum after the battle (C-INJ-04/05)
    assert ended == ["桐生の最大スタミナ 30 → 20（負傷: 軽傷、戦闘後の効果 C-INJ-05）\n戦闘を終了しました。おつかれさまでした。",
                     "シートに反映: 桐生 最大スタミナ 30→20、スタミナ 30→20、負傷: 軽傷"]
    assert texts(await table.say("alice: /char show name:桐生")) == [  # the sheet keeps the lowered maximum (issue 29)
        "【桐生】\n（チャージランク制）リフレクス 6 / スタミナ 20/20（負傷で最大30→20） / 攻撃力 3\n負傷: 軽傷"]
    reopened = texts(await table.say("kp: /battle reopen"))
    assert reopened[0].endswith("\nシートへの反映を取り消しました: 桐生 最大スタミナ 20→30、スタミナ 20→30、負傷: なし")
    data = (await table.store.get_character("console", "桐生")).data
    assert ("stamina_now" in data, "injuries" in data, "stamina_max" in data) == (False, False, False)
    await table.say("kp: /battle end confirm:true")
    for line in ("kp: /battle new system:charge-rank", "alice: /battle join character:桐生",
                 "kp: /battle add name:刺客 character:刺客"):
        await table.say(line)
    started = texts(await table.say("kp: /battle start"))
    assert "▶桐生　 リフレクス 6 チャージ 6 スタミナ 20/20 キャパシティ 6 ガード 0 攻撃力 3 状態 未行動 負傷 軽傷" in "\n".join(started)


async def test_a_charge_rank_sheet_exports_as_a_piece_with_its_stamina(console_table):
    table = await console_table()
    await table.say("alice: /char new name:桐生 system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3")
    await table.say("alice: /char set name:桐生 key:現在スタミナ value:12")
    exported = await table.say("alice: /char export name:桐生")
    piece = json.loads(exported[0]["text"].split("```json\n", 1)[1].rsplit("\n```", 1)[0])
    assert piece["data"]["status"] == [{"label": "スタミナ", "value": 12, "max": 30}]
    assert piece["data"]["params"] == [{"label": "リフレクス", "value": "6"}, {"label": "攻撃力", "value": "3"}]
    assert (piece["data"]["initiative"], piece["data"]["commands"]) == (6, "")


async def test_hp_belongs_to_a_coc_sheet_and_current_stamina_to_a_charge_rank_one(console_table):
    table = await console_table()
    await table.say("alice: /char new name:桐生 system:charge-rank リフレクス:6 スタミナ:30")
    await table.say("alice: /char new name:アリス STR:10 CON:12 POW:11 DEX:12 APP:10 SIZ:14 INT:13 EDU:10")
    assert texts(await table.say("alice: /char set name:桐生 key:HP value:5")) == [
        "「HP」はCoCのシートの項目です。桐生のシートにはありません。"]
    assert texts(await table.say("alice: /char set name:アリス key:現在スタミナ value:5")) == [
        "「現在スタミナ」はチャージランク制のシートの項目です。アリスのシートにはありません。"]
    assert texts(await table.say("alice: /char set name:桐生 key:現在スタミナ value:31")) == [
        "現在スタミナ は最大値 30 を超えられません（「31」）。最大値を変えるなら key:スタミナ を使います。"]


@pytest.mark.rule("C-INJ-05")
async def test_unrested_stamina_is_told_and_a_rest_stops_at_the_lowered_maximum(console_table):
    """Issue 29: stamina carried from the last battle with no rest is said in the status, and
    ``/kp rest`` rests a unit up to the maximum its injuries leave, not to 〔スタミナ〕."""
    table = await console_table(ROLLS)
    for line in SETUP:
        await table.say(line.replace("軽傷:10", "軽傷:5"))
    await table.say("kp: /battle end confirm:true")  # 21 left of a maximum lowered to 25
    for line in ("kp: /battle new system:charge-rank", "alice: /battle join character:桐生",
                 "kp: /battle add name:刺客 character:刺客"):
        await table.say(line)
    started = "\n".join(texts(await table.say("kp: /battle start")))
    assert "スタミナ 21/25" in started and "休息 していない（前の戦闘のスタミナのまま。KPは /kp rest で休息）" in started
    rested = texts(await table.say("kp: /kp rest name:桐生"))
    assert "🛌 桐生は休息した：スタミナ 21 → 25（最大値まで、C-INJ-05）" in "\n".join(rested)
    row = (await table.status())["桐生"]
    assert row["extra"]["スタミナ"] == "25/25" and "休息" not in row["extra"]
    again = texts(await table.say("kp: /kp rest name:桐生"))
    assert again == ["桐生のスタミナはすでに最大です（休息の必要はありません）。"]
    assert texts(await table.say("alice: /kp rest name:桐生"))[0].startswith("この操作はKPだけが")
