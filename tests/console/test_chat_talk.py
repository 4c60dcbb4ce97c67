"""Chat as real tables type it (issue 21), through the console: a lead-in or an aside
around a declaration acts; a chat question is answered by typing a button's name or number;
the KP's chat line about a PC's action acts only where the KP allows it (voice tables)."""
from __future__ import annotations

from tests.console.test_chat_rolls_and_setting import setup, texts


async def test_a_lead_in_and_an_afterthought_act(console_table):
    table = await console_table([30, 90, 2, 2, 20, 10])
    await setup(table)
    hit = await table.say("alice: くっ、もう一回！ゾンビ1をこぶしで殴る")
    assert texts(hit).startswith("⚔ アリス → ゾンビ1：こぶしで攻撃（50%）\nアリス 攻撃（こぶし）：(1D100<=50) ＞ 30 ＞ 成功")
    await table.say("kp: ゾンビ1は回避")
    ended = await table.say("alice: 外れたー。ターン終了")
    assert ended[0]["text"] == "アリスの手番が終わりました。"
    await table.say("kp: ゾンビ1：アリスを攻撃")
    dodged = await table.say("alice: 「来るな！」アリス、回避で！")
    assert texts(dodged).startswith("アリスの対応：回避\nアリス 回避：(1D100<=28) ＞ 10 ＞ 成功")


async def test_talk_around_a_declaration_that_takes_it_back_does_nothing(console_table):
    table = await console_table([20])
    await setup(table)
    before = await table.event_count()
    for line in ("alice: ターン終了……はまだやめとこう", "alice: > ターン終了", "alice: 次はゾンビ1を攻撃しよう",
                 "alice: ターン終了。いや待って"):
        assert await table.say(line) == [], line
    assert await table.event_count() == before


async def test_a_chat_question_is_answered_by_typing_a_buttons_number_or_name(console_table):
    table = await console_table([30, 2, 3])
    await setup(table)
    asked = await table.say("alice: ゾンビをこぶしで攻撃")
    assert [m["to"] for m in asked] == ["alice"]
    assert asked[0]["text"] == ("どちらを攻撃しますか？\n1. ゾンビ1: ゾンビ1をこぶしで攻撃\n2. ゾンビ2: ゾンビ2をこぶしで攻撃\n"
                                "（ボタンのほか、番号か名前をチャットに書いても選べます）")
    assert await table.say("alice: うーん") == []
    hit = await table.say("alice: じゃあ2で")
    assert texts(hit).startswith("⚔ アリス → ゾンビ2：こぶしで攻撃（50%）")
    assert await table.say("alice: 1") == []  # the question was answered


async def test_a_word_the_talk_leaves_unread_is_asked_back_and_a_yes_confirms(console_table):
    table = await console_table([30, 2, 3])
    await setup(table)
    asked = await table.say("alice: じゃあバットで。ゾンビ1をこぶしで殴る")
    assert [m["to"] for m in asked] == ["alice"]
    assert asked[0]["text"] == ("「バット」をどう使うのか読み取れませんでした。この宣言でよければ押してください。\n"
                                "1. こぶし: ゾンビ1をこぶしで攻撃\n（ボタンのほか、チャットに「はい」と書いても選べます）")
    assert (await table.status())["アリス"]["ap"] == 3
    hit = await table.say("alice: はい")
    assert texts(hit).startswith("⚔ アリス → ゾンビ1：こぶしで攻撃（50%）")


async def test_one_more_repeats_the_last_attacks_target_and_weapon(console_table):
    table = await console_table([30, 90])
    await setup(table)
    await table.say("alice: /attack target:ゾンビ1 weapon:キック")
    for line in ("alice: ターン終了", "kp: ゾンビ1：ターン終了", "kp: ゾンビ2：ターン終了"):
        await table.say(line)
    again = await table.say("alice: もう一発！")
    assert texts(again) == "⚔ アリス → ゾンビ1：キックで攻撃（25%）\nアリス 攻撃（キック）：(1D100<=25) ＞ 90 ＞ 失敗\n→ 攻撃は外れた"


async def test_the_kps_line_about_a_pc_acts_only_at_a_voice_table(console_table):
    table = await console_table([20])
    await setup(table)
    before = await table.event_count()
    assert await table.say("kp: アリスはターン終了") == []
    assert await table.event_count() == before
    on = await table.say("kp: /kp setting key:KP代理宣言 value:オン")
    assert [m["text"] for m in on] == ["⚙ 設定「KP代理宣言」を オン にしました（kp）"]
    ended = await table.say("kp: アリスはターン終了")
    assert ended[0]["text"] == "アリスの手番が終わりました。"


async def test_help_in_a_battle_shows_what_the_speaker_can_type_now(console_table):
    table = await console_table([30])
    await setup(table)
    [window] = await table.say("alice: /help")
    assert window["to"] == "alice" and window["ephemeral"]
    assert window["text"].startswith(
        "【いま書けること】\n【アリスのラウンドはじめの宣言】受け流し：ゾンビ1／受け流し：ゾンビ2／回避に集中／防御に集中／"
        "受け流しに集中／隠れるに集中／かばうに集中／宣言しない／以後宣言しない\n"
        "  例: 「回避に集中」「ゾンビ1に受け流しを宣言」「くっ、防御に集中！」\n"
        "【アリスの手番】攻撃・応急手当・ターン終了\n"
        "  例: 「ゾンビ1をこぶしで攻撃」「ゾンビ2を殴ってターン終了」「くっ、ゾンビ2にキック！」「ターン終了」\n")
    [kp] = await table.say("kp: /help")
    assert "【KPへの問い】宣言を締め切る\n  例: 「宣言を締め切る」" in kp["text"]
    await table.say("kp: 締め切り")
    await table.say("alice: ターン終了")
    [npc] = await table.say("kp: /help")
    assert npc["text"].startswith("【いま書けること】\n【ゾンビ1の手番】攻撃・応急手当・ターン終了\n"
                                  "  例: 「ゾンビ1：アリスをこぶしで攻撃」「ゾンビ1：アリスを殴ってターン終了」"
                                  "「ゾンビ1：アリスにキック！」「ゾンビ1：ターン終了」\n")
    await table.say("kp: ゾンビ1：アリスを攻撃")
    [asked] = await table.say("alice: /help")
    assert asked["text"].startswith("【いま書けること】\n【アリスへの攻撃（対応を選ぶ）】回避／防御／なし\n"
                                    "  例: 「回避」「くっ、防御！」「なし」\n")
    [waiting] = await table.say("kp: /help")
    assert waiting["text"].startswith("【いま書けること】あなたが答える問いはありません。\n"
                                      "いまはゾンビ1の手番です。（アリスの対応を待っています）")


async def test_help_outside_a_battle_lists_the_commands_and_the_chat_forms(console_table):
    table = await console_table([])
    [shown] = await table.say("alice: /help")
    assert shown["to"] == "alice"
    lines = shown["text"].splitlines()
    assert lines[:2] == ["【コマンド】", "/roll（ロール）"]
    assert "/help（ヘルプ）" in lines and "【チャットの書き方】" in lines
    assert any(line.startswith("/battle（戦闘）: new 作成・join 参加・add 追加・start 開始・status 状況") for line in lines)
    assert "戦闘中の行動: /attack（攻撃）・/react（対応）・/declare（宣言）・/spell（呪文）・/end（ターン終了）・/wait（待機）・/escape（逃亡）・/move（移動）・/check（判定）" in lines
    assert "オプション・設定まで全部の一覧: docs/commands.md（ボットのリポジトリ）" in lines
