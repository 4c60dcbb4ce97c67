"""Palette rolls in a battle channel, the battle side (issue 21): the kept die of a question,
a button that comes too late, a treatment with no one to treat, a roll off turn or with no
battle, CoC 7th edition lines, and ``/attack weapon:`` naming a skill."""
from __future__ import annotations

import pytest

SETUP = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char set name:アリス key:キック value:60
alice: /char set name:アリス key:応急手当 value:55
bob: /char new name:ボブ STR:12 CON:12 POW:10 DEX:12 APP:10 SIZ:12 INT:12 EDU:12
bob: /char weapon name:ボブ weapon:.38リボルバー
bob: /char set name:ボブ key:拳銃 value:60
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:ゾンビ1 character:ゾンビ
kp: /battle add name:ゾンビ2 character:ゾンビ
kp: /battle start
"""


async def setup(table, script: str = SETUP) -> None:
    for line in script.splitlines():
        await table.say(line)


def texts(messages: list[dict]) -> str:
    return "\n".join(m["text"] for m in messages)


async def test_the_kept_die_is_used_once_and_a_late_button_is_refused(console_table):
    table = await console_table([42, 3, 2])
    await setup(table)
    asked = await table.say("alice: CCB<=60 【キック】")
    assert table.dice.used == [(100, 42)]
    assert asked[0]["text"] == "アリス　CCB<=60 【キック】\n(1D100) ＞ 42（選ぶと、この出目で判定します）"
    assert asked[1]["buttons"] == ["ゾンビ1", "ゾンビ2"] and asked[1]["to"] == "alice"
    hit = texts(await table.say("alice: [ゾンビ2]"))
    assert "アリス 攻撃（キック）：(1D100<=60) ＞ 42 ＞ 成功" in hit
    assert table.dice.used == [(100, 42)]  # the kept face; nothing rolled again
    late = await table.say("alice: [ゾンビ1]")
    assert [(m["to"], m["ephemeral"]) for m in late] == [("alice", True)]
    assert late[0]["text"].startswith("このボタンは古くなっています（出目 42 を振ったあとで戦闘が進みました）。")
    assert table.dice.used == [(100, 42)]
    assert (await table.status())["ゾンビ1"]["hp"] == 15


async def test_a_typed_target_that_differs_is_told_beside_the_rules_number(console_table):
    table = await console_table([20, 90, 3, 2])
    await setup(table)
    hit = texts(await table.say("alice: CCB<=101-20 【キック】 ゾンビ1"))
    assert "アリス 攻撃（キック）：(1D100<=60) ＞ 20 ＞ 成功" in hit
    assert "（入力された目標値 81 ではなく、ルールによるアリスの攻撃（キック） 60% で判定しました。" in hit
    assert table.dice.used == [(100, 20)]


async def test_first_aid_with_no_patient_treats_no_one_and_rolls_nothing(console_table):
    table = await console_table([])
    await setup(table)
    said = await table.say("alice: CCB<=55 【応急手当】")
    assert [(m["to"], m["text"]) for m in said] == [
        ("alice", "アリスが手当てできる負傷者が、手の届くところにいません（手当ては負傷した味方に行います）。何も振っていません。")]
    assert table.dice.used == []


async def test_first_aid_goes_to_the_one_hurt_ally(console_table):
    table = await console_table([30, 2])
    await setup(table)
    await table.say("kp: /kp set target:ボブ field:HP value:7")
    said = texts(await table.say("alice: CCB<=55 【応急手当】"))
    assert "アリス 応急手当（ボブ）：(1D100<=55) ＞ 30 ＞ 成功\n→ ボブのHPが2回復（7→9、1D3＝2）" in said
    status = await table.status()
    assert (status["アリス"]["hp"], status["ボブ"]["hp"]) == (13, 9)


async def test_a_palette_roll_off_turn_or_without_a_battle_is_only_dice(console_table):
    table = await console_table([55, 61, 70])
    await setup(table)
    before = await table.event_count()
    off = await table.say("bob: CCB<=60 【拳銃】")
    assert texts(off).startswith("bob　【拳銃】\n(1D100<=60) ＞ 55 ＞ 成功")
    look = await table.say("bob: CCB<=25 【目星】")
    assert texts(look) == ("bob　【目星】\n(1D100<=25) ＞ 61 ＞ 失敗\n"  # and why it is only dice (issue 29)
                           "（いまはアリスの手番なので、ボブの判定ではなく普通のダイスとして振りました。戦闘には反映していません）")
    assert await table.event_count() == before
    elsewhere = await table.say("@room2 alice: CCB<=60 【キック】")
    assert texts(elsewhere) == "alice　【キック】\n(1D100<=60) ＞ 70 ＞ 失敗"


@pytest.mark.parametrize("line", ["CC(-1)<=70 【拳銃】", "CC-1<=70 【拳銃】 ゾンビ1", "CC(1)<=50", "CC<=50h"])
async def test_a_7th_edition_roll_in_a_6th_battle_is_no_declaration(console_table, line):
    # rolled by the 7th edition's rules with the note (issue 20), never as ボブ's attack
    table = await console_table([3, 5, 4, 2])
    await setup(table)
    await table.say("alice: /end")
    before = await table.event_count()
    said = texts(await table.say(f"bob: {line}"))
    assert said.endswith("※7版のコマンドとして振りました（このチャンネルの戦闘は6版です。戦闘には反映しません）")
    assert "ボーナス・ペナルティダイス" in said or "ハード" in said or "レギュラー" in said
    assert await table.event_count() == before
    assert (await table.status())["ゾンビ1"]["hp"] == 15


async def test_the_kp_secret_answer_stays_secret(console_table):
    table = await console_table([20, 10])
    await setup(table)
    await table.say("alice: /attack target:ゾンビ1 weapon:キック")
    said = await table.say("kp: SCCB<=16 【回避】")
    public = [m for m in said if not m["ephemeral"]]
    keeper = [m for m in said if m["to"] == "kp"]
    assert "ゾンビ1 回避：🔒シークレットダイス" in texts(public) and "(1D100<=16)" not in texts(public)
    assert "ゾンビ1 回避：(1D100<=16) ＞ 10 ＞ 成功" in texts(keeper)
    assert (await table.status())["ゾンビ1"]["hp"] == 15


async def test_attack_weapon_may_name_the_skill(console_table):
    table = await console_table([30])
    await setup(table)
    await table.say("alice: /end")
    said = texts(await table.say("bob: /attack target:ゾンビ1 weapon:拳銃"))
    assert "ボブ 攻撃（.38リボルバー）：(1D100<=60) ＞ 30 ＞ 成功" in said


async def test_attack_weapon_naming_a_skill_two_weapons_share_is_asked_back(console_table):
    table = await console_table([])
    await setup(table, SETUP.replace("bob: /char set name:ボブ key:拳銃 value:60\n",
                                     "bob: /char set name:ボブ key:拳銃 value:60\n"
                                     "bob: /char weapon name:ボブ weapon:コルト skill:拳銃 class:拳銃 damage:1D10 hp:10\n"))
    await table.say("alice: /end")
    said = await table.say("bob: /attack target:ゾンビ1 weapon:拳銃")
    assert [(m["to"], m["text"]) for m in said] == [
        ("bob", "ボブには〈拳銃〉の武器が複数あります（.38リボルバー、コルト）。weapon: に武器の名前を指定してください。")]
    assert table.dice.used == []


async def test_the_kp_secret_roll_on_the_npc_turn_is_its_attack_and_its_die_stays_the_kps(console_table):
    # アリス and ボブ end their turns; ゾンビ1's secret fist roll asks the KP alone, keeping 30
    table = await console_table([30, 90, 2, 3])
    await setup(table, SETUP.replace("kp: /battle start\n", "kp: /kp set target:ゾンビ1 field:こぶし value:40\n"
                                                           "kp: /battle start\n"))
    await table.say("alice: /end")
    await table.say("bob: /end")
    asked = await table.say("kp: SCCB<=40 【こぶし】")
    assert [(m["to"], m["text"].splitlines()[0]) for m in asked] == [
        (None, "kpがシークレットダイスを振りました。"),
        ("kp", "出目 30 を振りました（この出目で判定します。振り直しはしません）。どちらを攻撃しますか？")]
    assert asked[1]["buttons"] == ["アリス", "ボブ"] and "30" not in asked[0]["text"]
    hit = await table.say("kp: [アリス]")
    public = texts([m for m in hit if not m["ephemeral"]])
    keeper = texts([m for m in hit if m["to"] == "kp"])
    assert "ゾンビ1 攻撃（こぶし）：🔒シークレットダイス" in public and "(1D100<=40)" not in public
    assert "ゾンビ1 攻撃（こぶし）：(1D100<=40) ＞ 30 ＞ 成功" in keeper
    assert table.dice.used == [(100, 30)]


async def test_the_note_names_the_roll_of_the_declaring_unit(console_table):
    table = await console_table([30, 4])
    await setup(table, SETUP.replace("system:coc6", "system:coc6-house"))
    await table.say("kp: /kp close")
    await table.say("alice: /end")
    said = texts(await table.say("bob: CCB<=75 【拳銃】 ゾンビ1"))
    assert "ボブ .38リボルバー 単発 1発目：(1D100<=60) ＞ 30 ＞ 成功" in said
    assert "（入力された目標値 75 ではなく、ルールによるボブの.38リボルバー 単発 1発目 60% で判定しました。" in said


async def test_a_shown_die_is_the_die_of_the_units_next_action_typed_instead_of_a_button(console_table):
    # the kick's question shows 97; typing the attack with the knife instead uses that 97
    table = await console_table([97, 20])
    await setup(table, SETUP.replace("alice: /char set name:アリス key:応急手当 value:55\n",
                                     "alice: /char set name:アリス key:応急手当 value:55\n"
                                     "alice: /char weapon name:アリス weapon:ナイフ\n"))
    await table.say("alice: CCB<=60 【キック】")
    said = texts(await table.say("alice: ゾンビ1をナイフで攻撃"))
    assert "アリス 攻撃（ナイフ）：(1D100<=25) ＞ 97 ＞ 致命的失敗" in said
    assert table.dice.used == [(100, 97)]


async def test_a_parry_typed_after_its_palette_question_takes_the_shown_die(console_table):
    # アリス's 【受け流し】 asks which weapon (こぶし or キック) and shows 15; typing 「キックで受け流し」 uses it
    table = await console_table([20, 15, 2, 2])
    await setup(table)
    await table.say("alice: /end")
    await table.say("bob: /end")
    await table.say("kp: /attack as:ゾンビ1 target:アリス")
    asked = await table.say("alice: CCB<=50 【受け流し】")
    assert asked[0]["text"] == "アリス　CCB<=50 【受け流し】\n(1D100) ＞ 15（選ぶと、この出目で判定します）"
    assert asked[1]["buttons"] == ["こぶし", "キック"] and table.dice.used == [(100, 20), (100, 15)]
    said = texts(await table.say("alice: キックで受け流し"))
    assert "アリス 受け流し（キック）：(1D100<=60) ＞ 15 ＞ 成功" in said
    assert table.dice.used == [(100, 20), (100, 15), (3, 2), (4, 2)]


async def test_a_palette_question_answered_by_its_number_takes_the_shown_die(console_table):
    table = await console_table([42, 3, 2])
    await setup(table)
    asked = await table.say("alice: CCB<=60 【キック】")
    assert "2. ゾンビ2: ゾンビ2をキックで攻撃" in asked[1]["text"]
    said = texts(await table.say("alice: 2"))
    assert "⚔ アリス → ゾンビ2：キックで攻撃（60%）\nアリス 攻撃（キック）：(1D100<=60) ＞ 42 ＞ 成功" in said
    assert table.dice.used == [(100, 42)]
