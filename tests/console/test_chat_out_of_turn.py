"""Chat declarations through the console table (issue 9): a complete declaration typed out
of turn gets the private refusal its slash command gets; a firing mode names a gun, and a
melee weapon with one is refused by name; 殴る means the fist. (撃つ means a gun:
tests/console/test_chat_weapons.py.)"""
from __future__ import annotations

SETUP = [
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "alice: /char weapon name:アリス weapon:ナイフ",
    "bob: /char new name:ボブ STR:10 CON:10 POW:11 DEX:10 APP:10 SIZ:13 INT:13 EDU:15",
    "bob: /char weapon name:ボブ weapon:ナイフ",
    "bob: /char weapon name:ボブ weapon:.38リボルバー",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "bob: /battle join character:ボブ",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
    "kp: 締め切り",
]


async def _table(console_table, faces=()):
    table = await console_table(faces)
    for line in SETUP:
        await table.say(line)
    return table


async def test_a_declaration_out_of_turn_gets_the_refusal_privately(console_table):
    table = await _table(console_table)
    said = await table.say("bob: ゾンビをこぶしで攻撃")
    assert [(m["to"], m["ephemeral"]) for m in said] == [("bob", True)]
    assert "アリスの手番" in said[0]["text"]
    ended = await table.say("bob: ターン終了")
    assert [(m["to"], m["ephemeral"]) for m in ended] == [("bob", True)]
    assert (await table.status())["アリス"]["ap"] == 3


async def test_talk_out_of_turn_stays_silent(console_table):
    table = await _table(console_table)
    assert await table.say("bob: ゾンビ怖いね") == []
    assert await table.say("bob: 次はゾンビを殴ろうかな") == []


async def test_a_firing_mode_with_a_knife_is_refused_by_name(console_table):
    table = await _table(console_table)
    said = await table.say("alice: ゾンビにフルオート")
    assert [(m["to"], m["ephemeral"]) for m in said] == [("alice", True)]
    assert "ナイフは銃ではないので、射撃モード（フルオート）は使えません" in said[0]["text"]
    assert (await table.status())["アリス"]["ap"] == 3


async def test_naming_a_firing_mode_fires_the_gun(console_table):
    table = await _table(console_table, [40, 1, 1, 1, 60])
    await table.say("alice: ターン終了")
    said = await table.say("bob: ゾンビに単発で撃つ")
    assert said[0]["text"].startswith("⚔ ボブ → ゾンビ：.38リボルバーで攻撃")


async def test_a_punch_is_the_fist(console_table):
    table = await _table(console_table, [45, 80, 2, 3])
    said = await table.say("alice: ゾンビを殴る")
    assert said[0]["text"].startswith("⚔ アリス → ゾンビ：こぶしで攻撃")


async def test_prompts_say_how_to_declare_in_chat_while_it_is_on(console_table):
    table = await console_table([45])
    for line in SETUP[:-2]:
        await table.say(line)
    said = await table.say("kp: /battle start")
    turn = next(m for m in said if "ターン終了" in m["buttons"])  # the round start's one message (issue 29)
    await table.say("kp: 締め切り")
    assert "チャットで「ゾンビをこぶしで攻撃」「C4へ移動」「ターン終了」のように宣言できます。" in turn["text"]
    await table.say("kp: /kp setting key:チャット宣言 value:オフ")
    await table.say("alice: ターン終了")
    assert (await table.status())["アリス"]["ap"] == 3  # chat is off: the line did nothing
    said = await table.say("alice: /end")
    bob_turn = next(m for m in said if m["buttons"] == ["ターン終了"])
    assert "チャットで" not in bob_turn["text"]


async def test_a_unit_out_of_action_is_told_it_cannot_act_not_to_wait_for_its_turn(console_table):
    table = await _table(console_table)
    await table.say("kp: /kp set target:ゾンビ field:状態 value:+死亡")
    refusal = "ゾンビは死亡しているため行動できません（行動不能のユニットには手番が来ません）。KPは /kp set で状態を変えられます。"
    for line in ("kp: ゾンビ：アリスを攻撃", "kp: /attack as:ゾンビ target:アリス"):
        said = await table.say(line)
        assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [("kp", True, refusal)], line
    await table.say("kp: /kp set target:ゾンビ field:状態 value:-死亡")
    await table.say("kp: /kp set target:ゾンビ field:状態 value:+気絶")
    said = await table.say("kp: /attack as:ゾンビ target:ボブ")
    assert [m["text"] for m in said] == [
        "ゾンビは気絶しているため行動できません（行動不能のユニットには手番が来ません）。KPは /kp set で状態を変えられます。"]
    assert (await table.status())["アリス"]["ap"] == 3


AS_REFUSAL = "他のユニット（KPのNPCや、ほかの人のPC）として行動できるのはKPだけです（権限: 自分のユニットのみ。KPは as: で指定します）。"


async def test_a_player_typing_for_the_kps_npc_gets_the_as_refusal_privately(console_table):
    table = await _table(console_table, [45])
    await table.say("alice: ゾンビをこぶしで攻撃")  # 45 ≤ 50: ゾンビ's answer is open
    for line in ("bob: ゾンビは回避", "alice: ゾンビ：アリスを攻撃", "bob: ゾンビ：回避"):
        said = await table.say(line)
        speaker = line.split(":")[0]
        assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [(speaker, True, AS_REFUSAL)], line
    assert "保留中: ゾンビの対応（回避／防御／なし）" in (await table.say("kp: /battle status"))[0]["text"]
    assert await table.say("bob: ゾンビ怖いね") == []
    assert await table.say("bob: ゾンビは回避するかな") == []


async def test_a_kp_naming_a_weapon_the_npc_lacks_gets_the_slash_commands_refusal(console_table):
    table = await _table(console_table)
    await table.say("alice: ターン終了")
    await table.say("bob: ターン終了")
    said = await table.say("kp: ゾンビ：ボブをかみつきで攻撃")
    assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [
        ("kp", True, "ゾンビは「かみつき」を持っていません。使える武器: こぶし、キック、組み付き、頭突き")]
    slash = await table.say("kp: /attack as:ゾンビ target:ボブ weapon:かみつき")
    assert [m["text"] for m in slash] == [said[0]["text"]]
    assert (await table.status())["ゾンビ"]["ap"] == 3
    assert await table.say("kp: ゾンビをかみつきで攻撃したらどうなる") == []
    assert await table.say("kp: 今日はみんなで頑張ろう") == []


async def test_a_kp_naming_an_npc_with_nothing_to_answer_is_told_so(console_table):
    table = await _table(console_table)
    said = await table.say("kp: ゾンビは回避")
    assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [("kp", True, "ゾンビが対応すべき攻撃はいまありません。")]
    assert await table.say("kp: 回避") == []  # no unit named: maybe talk, stays silent


async def test_an_attack_on_a_name_nobody_has_is_asked_never_made_on_that_name(console_table):
    # issue 26: an unknown word is never turned into a target; the line asks with the foe
    table = await _table(console_table)
    said = await table.say("alice: ＺＯＮＢＩを攻撃")
    assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [("alice", True,
        "「ＺＯＮＢＩ」という参加者はこの戦闘にいません（参加者: アリス、ボブ、ゾンビ）。この相手でよければ押してください。\n"
        "1. ゾンビ: ゾンビを攻撃\n（ボタンのほか、チャットに「はい」と書いても選べます）")]
    refusal = "「{}」という参加者はこの戦闘にいません。参加者: アリス、ボブ、ゾンビ"
    slash = await table.say("alice: /attack target:あいつ weapon:キック")
    assert [m["text"] for m in slash] == [refusal.format("あいつ")]
    assert (await table.status())["アリス"]["ap"] == 3
    assert await table.say("alice: 次はあいつを攻撃しようかな") == []
    assert await table.say("alice: あいつ強そう") == []


async def test_while_the_round_is_declared_a_named_npcs_dodge_is_still_refused(console_table):
    table = await console_table()
    for line in SETUP[:-1]:  # the round-start declarations are still open
        await table.say(line)
    said = await table.say("bob: ゾンビは回避")
    assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [("bob", True, AS_REFUSAL)]
    said = await table.say("kp: ゾンビは回避")
    assert [(m["to"], m["ephemeral"], m["text"]) for m in said] == [("kp", True, "ゾンビが対応すべき攻撃はいまありません。")]
    said = await table.say("alice: 回避に集中")
    assert [(m["ephemeral"], m["text"]) for m in said][:1] == [(False, "アリスは「回避に集中」を宣言しました。")]
