"""Trial 9 (notes/trial9_report.md), the lost and confusing messages: each line typed as the
new user typed it, and exactly what the table sees."""
from __future__ import annotations

import pytest

SHEET = "alice: /char new name:有栖 STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10"


def replies(messages: list[dict]) -> list[tuple[str | None, str]]:
    """``(to, text)`` of each message: ``to`` is None for a public one."""
    return [(m.get("to") if m["ephemeral"] else None, m["text"]) for m in messages]


@pytest.mark.parametrize(("line", "said"), [
    ("alice: CCB<={めぼし} 【目星】", "「めぼし」という技能は有栖のシートにありません（/char show 有栖 で技能名を確かめてください）"),
    ("alice: CCB<={目星 【目星】", "「{」が閉じていません（{目星} のように技能名を {} で囲みます）"),
    ("zed: CCB<={SAN} 【正気度ロール】",
     "{SAN} に値を入れるキャラクターがいません（/char new か /char import でシートを作ると、{技能名} にシートの値が入ります）"),
    ("alice: CCB<=", "「CCB<=」の後に目標値がありません（例: CCB<=70）"),
    ("alice: CCB<=abc", "目標値「abc」が数字ではありません（例: CCB<=70）"),
    ("alice: 2D6+", "「2D6+」は式が途中で終わっています（例: 2D6+1）"),
    ("alice: choice[]", "choice の選択肢がありません（例: choice[A,B,C]）"),
])
async def test_a_roll_the_bot_cannot_make_says_why_privately(console_table, line, said):
    """G11: a palette roll the bot cannot fill, or a malformed dice command, is answered."""
    table = await console_table([30])
    await table.say(SHEET)
    user = line.split(":")[0]
    assert replies(await table.say(line)) == [(user, f"ダイスを振れませんでした: {said}")]
    assert table.dice.used == []


@pytest.mark.parametrize("line", [
    "alice: 今日はいい天気", "alice: CCB<=50がいいかな", "alice: 2d6がいい", "alice: {めぼし}って何？",
    "alice: choiceって何", "alice: DDD",
])
async def test_talk_stays_silent(console_table, line):
    """G11: ordinary talk, also about dice, gets no answer."""
    table = await console_table([30])
    await table.say(SHEET)
    assert await table.say(line) == []


FIGHT6 = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:18 APP:10 SIZ:13 INT:13 EDU:15
bob: /char new name:ボブ STR:12 CON:12 POW:10 DEX:16 APP:10 SIZ:12 INT:12 EDU:12
kp: /char new name:グール STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6
alice: /battle join character:アリス
bob: /battle join character:ボブ
kp: /battle add name:グール character:グール
kp: /battle start
kp: 締め切り"""


async def test_everyday_turn_endings_end_the_turn(console_table):
    """G9: 「これでターン終了」「ターンを終えます」 and the KP's 「グールはこれでターン終了」."""
    table = await console_table([50])
    await table.play(FIGHT6)
    assert (await table.say("alice: じゃあこれでターン終了します"))[0]["text"] == "アリスの手番が終わりました。"
    assert (await table.say("bob: ターンを終えます"))[0]["text"] == "ボブの手番が終わりました。"
    assert await table.say("kp: 戦闘が終了したら休憩しよう") == []
    ended = await table.say("kp: グールはこれでターン終了")
    assert ended[0]["text"].startswith("グールの手番が終わりました。\n━━ ラウンド2 ━━")
    assert (await table.say("alice: 何もせず終了"))[0]["text"] == "アリスの手番が終わりました。"


@pytest.mark.parametrize(("line", "said"), [
    ("alice: 回避", [("alice", "アリスが対応すべき攻撃はいまありません。")]),
    ("bob: 回避！ 頼む…", [("bob", "ボブが対応すべき攻撃はいまありません。")]),
    ("alice: 〈回避〉します", [("alice", "アリスが対応すべき攻撃はいまありません。")]),
    ("alice: 回避ってどうやるの", []),
    ("alice: 何もしない", []),
    ("kp: 回避", []),
])
async def test_a_dodge_with_no_attack_pending_is_explained_privately(console_table, line, said):
    """G14: a chat 「回避」 with nothing to answer gets /react's reason, to the speaker only."""
    table = await console_table([50])
    await table.play(FIGHT6)
    assert replies(await table.say(line)) == said


FIGHT7 = """\
kp: /kp setting key:版 value:7
carol: /char new name:キャロル STR:40 CON:50 POW:60 DEX:60 APP:60 SIZ:40 INT:80 EDU:80 luck:60
carol: /char set name:キャロル key:射撃（拳銃） value:55
carol: /char weapon name:キャロル weapon:.38リボルバー
kp: /char new name:暴漢 STR:50 CON:50 POW:50 DEX:50 APP:50 SIZ:50 INT:50 EDU:50 luck:50
kp: /battle new
carol: /battle join character:キャロル
kp: /battle add name:暴漢 character:暴漢
kp: /battle start"""


async def test_a_seventh_palette_roll_says_it_is_no_action(console_table):
    """G12: a 7th palette roll on one's own turn, and off it, says in one line that the
    battle did not take it, so a success never looks like a hit."""
    table = await console_table([3, 7, 3, 7])
    await table.play(FIGHT7)
    rolled = await table.say("carol: CC<=55 【射撃（拳銃）】 暴漢")
    assert rolled[0]["text"].endswith(
        "＞ 37 ＞ 37 ＞ レギュラー成功\n（7版の戦闘ではパレットのロールはキャロルの行動にならないので、普通のダイスとして振りました。"
        "戦闘には反映していません。攻撃は「暴漢を攻撃」のように書くか /attack で）")
    assert (await table.status())["暴漢"]["hp"] == 10
    await table.say("carol: ターン終了")
    rolled = await table.say("carol: CC<=55 【射撃（拳銃）】 暴漢")
    assert rolled[0]["text"].endswith(
        "\n（いまは暴漢の手番なので、キャロルの行動ではなく普通のダイスとして振りました。戦闘には反映していません）")


ZOMBIES = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:18 APP:10 SIZ:13 INT:13 EDU:15
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6
alice: /battle join character:アリス
kp: /battle add name:ゾンビ1 character:ゾンビ
kp: /battle add name:ゾンビ2 character:ゾンビ
kp: /battle start
kp: 締め切り
alice: ゾンビ2を殴る
kp: なし
alice: ターン終了
kp: ゾンビ1：ターン終了
kp: ゾンビ2：ターン終了
kp: 締め切り"""


async def test_a_bare_number_that_is_also_a_units_number_is_asked_back(console_table):
    """G3: the previous target listed first (ゾンビ2), 「1」 could be option 1 or ゾンビ1: the
    question says to answer by name, 「1」 is asked back and acts on nobody, the name acts."""
    table = await console_table([90, 90])
    await table.play(ZOMBIES)
    asked = await table.say("alice: ゾンビを殴る")
    assert replies(asked) == [("alice", "どちらを攻撃しますか？（1番目のゾンビ2は直前の相手）\n"
                               "1. ゾンビ2: ゾンビ2をこぶしで攻撃\n2. ゾンビ1: ゾンビ1をこぶしで攻撃\n"
                               "（ボタンのほか、名前をチャットに書いても選べます。番号は名前の数字と紛れるので、名前で）")]
    before = await table.event_count()
    assert replies(await table.say("alice: 1")) == [
        ("alice", "「1」は1番目の「ゾンビ2」か、「ゾンビ1」のどちらのことですか？ 名前で答えてください（ボタンでも選べます）。")]
    assert await table.event_count() == before
    hit = await table.say("alice: ゾンビ1")
    assert hit[0]["text"].startswith("⚔ アリス → ゾンビ1：こぶしで攻撃（50%）")


CULTIST = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:18 APP:10 SIZ:13 INT:13 EDU:15
bob: /char new name:翔馬 STR:12 CON:12 POW:10 DEX:16 APP:10 SIZ:12 INT:12 EDU:12
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6
alice: /battle join character:アリス
bob: /battle join character:翔馬
kp: /battle add name:黒衣の信者A character:ゾンビ
kp: /battle start
kp: 締め切り
alice: ターン終了"""


@pytest.mark.parametrize(("line", "said"), [
    ("bob: 翔馬も信者をなぐる", "「信者」は黒衣の信者Aのことですか？この宣言でよければ押してください。\n"
                          "1. こぶし: 黒衣の信者Aをこぶしで攻撃\n（ボタンのほか、チャットに「はい」と書いても選べます）"),
    ("bob: 行動は以上です", "ターン終了しますか？この宣言でよければ押してください。\n"
                      "1. ターン終了: ターン終了\n（ボタンのほか、チャットに「はい」と書いても選べます）"),
])
async def test_an_unplaced_word_is_asked_plainly(console_table, line, said):
    """G17: 「信者」 for the one 黒衣の信者A and 「行動は以上です» get a plain question."""
    table = await console_table([90])
    await table.play(CULTIST)
    assert replies(await table.say(line)) == [("bob", said)]


REPORTED = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:18 APP:10 SIZ:13 INT:13 EDU:15
alice: /char set name:アリス key:こぶし value:75
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /battle new system:coc6
alice: /battle join character:アリス
kp: /battle add name:ゾンビ character:ゾンビ
kp: /battle add name:グール character:ゾンビ
kp: /battle start
kp: 締め切り"""


async def test_a_reported_die_with_two_targets_says_it_was_not_used(console_table):
    """G20: the reported 78 is not the die (the setting is off): the roll line says so and
    shows the target; the bot's 17 decides."""
    table = await console_table([17, 90])
    await table.play(REPORTED)
    asked = await table.say("alice: （こぶし）1D100<=75 → 78です")
    assert asked[0]["text"] == ("アリス　（こぶし）1D100<=75 → 78です\n"
                                "(1D100<=75) ＞ 17（申告された出目 78は使わず、ボットが振りました。選ぶと、この出目で判定します）")
    hit = await table.say("alice: ゾンビ")
    assert "アリス 攻撃（こぶし）：(1D100<=75) ＞ 17 ＞ 成功" in hit[0]["text"]


async def test_a_reported_die_stands_through_the_question_when_the_kp_allows_it(console_table):
    """G20: with 申告ダイス on, the reported 78 is kept through the target question and said to be used."""
    table = await console_table([90])
    await table.play(REPORTED + "\nkp: /kp setting key:申告ダイス value:オン")
    asked = await table.say("alice: （こぶし）1D100<=75 → 78です")
    assert asked[0]["text"].endswith("\n(1D100<=75) ＞ 78（申告の出目です。選ぶと、この出目で判定します）")
    assert asked[1]["text"].startswith("申告された出目 78 で判定します（振り直しはしません）。どちらを攻撃しますか？")
    missed = await table.say("alice: ゾンビ")
    assert "アリス 攻撃（こぶし）：(1D100<=75) ＞ 78 ＞ 失敗" in missed[0]["text"]
    assert missed[-1]["text"] == "（申告された出目 78 で判定しました。戦闘ログに申告と記録しています）"
    assert table.dice.used == []


async def test_confirmations_work_after_a_restart_or_say_they_are_stale(console_table, sheets):
    """G13: /battle end's [戦闘を終える], an import's [置き換える] and a palette SAN roll's loss
    button, shown before a restart, work after it (rebuilt from what is stored); once
    answered they say precisely what to type instead."""
    table = await console_table([50])
    await table.play(REPORTED)
    assert (await table.say("kp: /battle end"))[0]["buttons"] == ["戦闘を終える", "続ける"]
    san = await table.say("alice: CCB<={SAN} 【正気度ロール】")
    assert "1/1D6" in san[-1]["buttons"] and san[-1]["to"] == "kp"
    await table.say("alice: /char import data:" + sheets("ccfolia_02_coc6_investigator.json"))
    assert (await table.say("alice: /char import data:" + sheets("hokanjo_coc6_example.json")))[0]["buttons"] == [
        "置き換える", "やめる"]
    table = await console_table([2])  # a restart on the same database
    assert (await table.say("kp: [1/1D6]"))[0]["text"].endswith("成功：1 の減少 → SAN 55 → 54\n不定の狂気：この1時間（ゲーム内）の減少 計1／しきい値11（初めのSAN 55 の1/5。達すると不定の狂気）")
    assert (await table.say("alice: [置き換える]"))[0]["text"].startswith("「見本 花子」を取り込んだ内容で置き換えました。")
    assert (await table.say("kp: [戦闘を終える]"))[0]["text"].startswith("戦闘を終了しました。")
    table = await console_table()
    assert replies(await table.say("kp: [戦闘を終える]")) == [("kp", "この確認（［戦闘を終える］）は古くなっています（もう答えたか、"
                                                            "戦闘が終わっています）。戦闘を終えるなら、もう一度 /battle end を。")]
    assert replies(await table.say("alice: [置き換える]")) == [("alice", "この確認（［置き換える］）は古くなっています（置き換えたか、"
                                                            "やめたか、別の取り込みがあとから来ました）。もう一度 /char import を。")]
    assert replies(await table.say("kp: [1/1D6]")) == [("kp", "［1/1D6］を押せる正気度ロールはいま減少を待っていません（減少はもう"
                                                     "入っています）。さらに減らすなら :SAN-1D6 のように書いてください。")]
