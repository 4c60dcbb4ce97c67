"""Hidden NPCs (players see words, the KP numbers; their rolls are secret) and /battle log
as text and HTML, with secret rolls hidden from players' copies."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from bot.service import Request
from service_table import ALICE, BOB, KP, refused


async def hit_hidden_zombie(table):
    await table.fight(hidden=True)
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    return await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})


@pytest.mark.rule("H-GEN-01")
async def test_players_see_words_and_the_kp_sees_the_secret_roll(table):
    replies = await hit_hidden_zombie(table)
    public = "\n".join(r.text for r in replies if not r.ephemeral)
    assert "ゾンビ 回避：🔒シークレットダイス" in public
    assert "ゾンビ：負傷" in public
    assert "(1D100<=16)" not in public and "HP 15 → 10" not in public
    secret = [r for r in replies if r.ephemeral]
    assert [r.to for r in secret] == [KP]
    assert "ゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗" in secret[0].text and "ゾンビ HP 15 → 10" in secret[0].text


async def test_the_status_board_masks_hidden_numbers_for_players(table):
    await hit_hidden_zombie(table)
    player = await table.say(ALICE, "battle status")
    board = next(r for r in player if r.data)
    zombie = next(c for c in board.data["combatants"] if c["name"] == "ゾンビ")
    assert (zombie["hp"], zombie["dex"], zombie["state"]) == (None, None, "負傷")
    assert not board.ephemeral and board.tag
    keeper = await table.say(KP, "battle status")
    private = [r for r in keeper if r.ephemeral]
    assert private[0].to == KP
    assert next(c for c in private[0].data["combatants"] if c["name"] == "ゾンビ")["hp"] == 10


async def test_a_new_round_posts_the_board_and_marks_the_older_one_out_of_date(table):
    await table.fight()
    first = await table.say(KP, "battle status")
    tag = next(r.tag for r in first if r.tag)
    await table.service.battles.message_sent(table.channel, tag, "1001")
    await table.say(ALICE, "end")
    await table.say("bob", "end")
    replies = await table.say(KP, "end", **{"as": "ゾンビ"})
    edits = [r for r in replies if r.edit]
    assert [r.edit for r in edits] == [tag] and "古くなりました" in edits[0].text
    boards = [r for r in replies if r.data and not r.ephemeral]  # the board, inside the round start's one message
    assert len(boards) == 1 and boards[0].data["round"] == 2 and boards[0].tag is None


class Body(HTMLParser):
    """Collects the text of an HTML page and the classes of its <p> lines."""

    def __init__(self) -> None:
        super().__init__()
        self.text, self.classes = [], []

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.classes.append(dict(attrs).get("class", ""))

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.rule("H-GEN-01")
async def test_the_log_shows_every_step_and_hides_secret_rolls_from_players(table):
    await hit_hidden_zombie(table)
    await table.say(KP, "kp override", result="成功")
    await table.say(KP, "kp undo")
    player = await table.say(ALICE, "battle log")
    keeper = await table.say(KP, "battle log")
    assert [r.file["name"] for r in player] == ["battle-1.txt", "battle-1.html"]
    plain = player[0].file["content"]
    assert "(1D100<=70) ＞ 45 ＞ 成功" in plain
    assert "ゾンビ 回避：🔒シークレットダイス" in plain and "(1D100<=16)" not in plain
    assert "⚖ KP裁定［上書き］ゾンビの回避を「成功」に（kp）" in plain
    assert "［取り消し済み］" in plain and "⏪ 取り消し" in plain
    full = keeper[0].file["content"]
    assert "ゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗" in full and "ゾンビ 回避：(1D100<=16) ＞ 80 ＞ 失敗 → KP裁定で「成功」" in full
    page = Body()
    page.feed(player[1].file["content"])
    shown = "".join(page.text)
    assert "アリス こぶし" not in shown and "(1D100<=70) ＞ 45 ＞ 成功" in shown
    assert "(1D100<=16)" not in shown
    assert "kp undone" in page.classes and "player" in page.classes


async def two_zombies_one_hidden(table):
    """アリス against ゾンビ1 (shown) and ゾンビ2 (hidden:true), round 1 started."""
    await table.say(KP, "battle new")
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await table.say(ALICE, "battle join", character="アリス")
    await table.say(KP, "battle add", name="ゾンビ1", character="ゾンビ")
    await table.say(KP, "battle add", name="ゾンビ2", character="ゾンビ", hidden="true")
    await table.say(KP, "battle start")


@pytest.mark.rule("H-DEF-COVER-01")
@pytest.mark.rule("H-GEN-01")
async def test_a_hidden_npcs_cover_offer_goes_to_the_kp_only(table):
    await two_zombies_one_hidden(table)
    replies = await table.say(ALICE, "attack", 20, target="ゾンビ1", weapon="こぶし")
    offers = [r for r in replies if "かばえます" in r.text]
    assert [(r.ephemeral, r.to, r.mentions) for r in offers] == [(True, KP, ())]
    assert offers[0].text == ("アリスの攻撃がゾンビ1に命中しました。ゾンビ2はゾンビ1をかばえます"
                              "（DEX×5。/react action:かばう target:ゾンビ1 でも選べます）。\n"
                              "選べる対応: かばう（チャットで「かばう」のように書くか、/react action:… でも選べます）")
    assert [b.label for b in offers[0].buttons] == ["かばう"]
    public = "\n".join(r.text for r in replies if not r.ephemeral)
    assert "ゾンビ2" not in public
    question = next(r for r in replies if "対応を選んでください" in r.text)  # the shown zombie's own: public
    assert (question.ephemeral, question.mentions) == (False, (KP,))


async def test_the_kp_takes_the_private_cover_offer_from_a_direct_message(table):
    await two_zombies_one_hidden(table)
    replies = await table.say(ALICE, "attack", 20, target="ゾンビ1", weapon="こぶし")
    offer = next(r for r in replies if "かばえます" in r.text)
    table.dice.feed(30, 2, 3)  # ゾンビ2's DEX×5 = 40: it steps in; the blow (こぶし 1D3 + db 1D4) is rolled with it
    pressed = await table.service.handle(Request(channel="dm-kp", user=KP, name=KP, command="button",
                                                 options={"custom_id": offer.buttons[0].custom_id}))
    public = [r for r in pressed if not r.ephemeral]
    assert public and {r.channel for r in public} == {table.channel}
    assert "ゾンビ2 かばう（DEX×5）：🔒シークレットダイス" in "\n".join(r.text for r in public)
    assert [p.unit for p in (await table.state()).pending] == ["ゾンビ2"]


@pytest.mark.rule("H-GEN-01")
async def test_a_hidden_npcs_turn_prompt_shows_no_action_points(table):
    await table.fight(hidden=True)
    alice_turn = await table.say(ALICE, "end")  # アリス's end: ボブ's turn, his AP shown
    assert any("ボブの手番です。（行動ポイント 3）" in r.text for r in alice_turn)
    replies = await table.say("bob", "end")  # ゾンビ's turn: a public prompt for the KP
    prompt = next(r for r in replies if "ゾンビの手番です" in r.text)
    assert not prompt.ephemeral and "行動ポイント" not in prompt.text


def private_to_kp(replies):
    """The replies only the KP sees, as ``(text, button labels)``."""
    assert all(r.to == KP and not r.mentions for r in replies if r.ephemeral)
    return [(r.text, [b.label for b in r.buttons]) for r in replies if r.ephemeral]


def public_text(replies) -> str:
    return "\n".join(r.text for r in replies if not r.ephemeral)


@pytest.mark.rule("H-GEN-01")
async def test_a_hidden_npcs_reaction_prompt_goes_to_the_kp_and_the_table_hears_it_waits(table):
    await table.fight(hidden=True)
    hit = await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    assert private_to_kp(hit) == [(
        "アリスのこぶしがゾンビに命中しました。対応を選んでください。\n"
        "選べる対応: 回避／防御／なし（チャットで「回避」のように書くか、/react action:… でも選べます）",
        ["回避", "防御", "なし"])]
    assert public_text(hit) == ("⚔ アリス → ゾンビ：こぶしで攻撃（70%）\nアリス 攻撃（こぶし）：(1D100<=70) ＞ 45 ＞ 成功\n"
                                "ゾンビの対応を待っています（KPが選びます）。")
    assert all(not r.mentions for r in hit)
    waiting = await table.say(ALICE, "end")
    assert [(r.ephemeral, r.to, r.text) for r in waiting] == [(True, ALICE, "ゾンビの対応を待っています。")]
    board = (await table.say(ALICE, "battle status"))[0].text
    assert board.splitlines()[-1] == "保留中: ゾンビの対応"
    keepers = [r for r in await table.say(KP, "battle status") if r.ephemeral]
    assert keepers[0].text.splitlines()[-1] == "保留中: ゾンビの対応（回避／防御／なし）"
    question = next(r for r in hit if r.ephemeral)
    table.dice.feed(80, 2, 3)  # the KP answers from the direct message: the outcome is posted in the battle's channel
    pressed = await table.service.handle(Request(channel="dm-kp", user=KP, name=KP, command="button",
                                                 options={"custom_id": question.buttons[0].custom_id}))
    assert {r.channel for r in pressed if not r.ephemeral} == {table.channel}
    assert public_text(pressed).startswith("ゾンビの対応：回避\nゾンビ 回避：🔒シークレットダイス\n")


@pytest.mark.rule("H-GEN-01")
async def test_a_hidden_npcs_reminder_goes_to_the_kp_alone(table):
    await table.fight(hidden=True)
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    dispatcher, out = table.dispatcher()
    table.clock.advance(11)
    await dispatcher.run_due()
    assert [(r.ephemeral, r.to, r.mentions, r.text) for _channel, r in out.sent] == [
        (True, KP, (), "⏰ ゾンビの対応を待っています（ラウンド1）。\nアリスのこぶしがゾンビに命中しました。対応を選んでください。")]


@pytest.mark.rule("H-DEF-03", "H-GEN-01")
async def test_a_hidden_npcs_round_start_declaration_goes_to_the_kp_and_is_not_listed(table):
    started = await table.fight(hidden=True)
    assert private_to_kp(started) == [
        ("🔒 KP用（シークレット）\nラウンド1開始時の宣言を受け付けます: アリス、ボブ、ゾンビ"
         "（未回答のPCへの攻撃は、その回答かKPの締め切りを待ちます）", []),
        ("ラウンド1開始時の宣言: ゾンビは宣言しますか？（ボタンか /declare action:…、"
         "行動遅延は /declare action:行動遅延 amount:下げるDEX。なければ「宣言しない」、この戦闘ずっとなら「以後宣言しない」）",
         ["受け流し：アリス", "受け流し：ボブ", "回避に集中", "防御に集中", "受け流しに集中", "隠れるに集中",
          "かばうに集中", "宣言しない", "以後宣言しない"])]
    public = [r.text for r in started if not r.ephemeral]
    assert len(public) == 1  # the round start's one message (issue 29)
    lines = public[0].splitlines()
    assert lines[1] == ("ラウンド1開始時の宣言を受け付けます: アリス、ボブ"
                        "（未回答のPCへの攻撃は、その回答かKPの締め切りを待ちます）")
    close = next(r for r in started if "宣言を待っています" in r.text)
    assert (close.ephemeral, close.mentions, lines[3]) == (False, (ALICE, BOB, KP), (
        "ラウンド1: 宣言を待っています（アリス、ボブ）。未回答のPCへの攻撃は回答を待ちます。"
        "KPは「宣言を締め切る」（/kp close）で締め切れます（未回答は宣言なし）。"))
    assert lines[2].startswith("ラウンド1開始時の宣言: アリス、ボブは宣言しますか？")  # the shown units' declarations
    assert "ゾンビは宣言しますか" not in "\n".join(public)
    declare = next(r for r in started if "ゾンビは宣言しますか" in r.text)
    answered = await table.press(KP, "宣言しない", [declare])
    assert [(r.ephemeral, r.to, r.text) for r in answered] == [(True, KP, "🔒 KP用（シークレット）\nゾンビはこのラウンド宣言しません。")]
    closed = await table.say(KP, "kp close")
    assert public_text(closed) == "KPがラウンド開始時の宣言を締め切りました（未回答のアリス、ボブは宣言なし）。"


@pytest.mark.rule("P-PARRY-05", "H-GEN-01")
async def test_when_only_hidden_npcs_may_declare_the_table_hears_nothing_of_it(table):
    await table.say(KP, "battle new", system="coc6")
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await table.say(KP, "char set", name="ゾンビ", key="マーシャルアーツ", value=0)  # must declare a parry (book rules)
    await table.say(ALICE, "battle join", character="アリス")
    await table.say(KP, "battle add", name="ゾンビ", character="ゾンビ", hidden="true")
    started = await table.say(KP, "battle start")
    assert "宣言を" not in public_text(started) and "宣言しますか" not in public_text(started)
    assert [text for text, _labels in private_to_kp(started)] == [
        "🔒 KP用（シークレット）\nラウンド1開始時の宣言を受け付けます: ゾンビ（未回答のPCへの攻撃は、その回答かKPの締め切りを待ちます）",
        "ラウンド1開始時の宣言: ゾンビは宣言しますか？（ボタンか /declare action:…。なければ「宣言しない」、"
        "この戦闘ずっとなら「以後宣言しない」）\n"
        "ラウンド1: 宣言を待っています（ゾンビ）。未回答のPCへの攻撃は回答を待ちます。"
        "KPは「宣言を締め切る」（/kp close）で締め切れます（未回答は宣言なし）。"]
    closed = await table.press(KP, "宣言を締め切る", started)
    assert [(r.ephemeral, r.to, r.text) for r in closed] == [
        (True, KP, "🔒 KP用（シークレット）\nKPがラウンド開始時の宣言を締め切りました（未回答のゾンビは宣言なし）。")]


async def cultist_added_hidden(table):
    """アリス and the KP's hidden 信者 (sheet 黒衣の信者A) in an open battle."""
    await table.say(KP, "battle new")
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "char new", name="黒衣の信者A", str=12, con=12, pow=10, dex=10, app=10, siz=12, int=10, edu=10)
    await table.say(ALICE, "battle join", character="アリス")
    await table.say(KP, "battle add", name="信者", character="黒衣の信者A", hidden="true")


@pytest.mark.rule("H-GEN-01")
async def test_the_players_log_shows_a_hidden_npcs_steps_without_its_sheet_or_numbers(table):
    await cultist_added_hidden(table)
    await table.say(KP, "kp set", target="信者", field="HP", value="3")
    await table.say(KP, "battle start")
    player = (await table.say(ALICE, "battle log"))[0].file["content"]
    assert "[手順 3] kp: /battle add\n    信者（NPC）が戦闘に参加しました。\n" in player
    assert "[手順 4] kp［KP裁定］: /kp set\n" in player
    assert "黒衣の信者A" not in player and "hidden" not in player and "value:3" not in player
    assert "[手順 2] alice: /battle join character:アリス\n" in player
    keeper = [r for r in await table.say(KP, "battle log") if r.file["name"] == "battle-1-kp.txt"][0].file["content"]
    assert "[手順 3] kp: /battle add name:信者 character:黒衣の信者A hidden:true\n" in keeper
    assert "[手順 4] kp［KP裁定］: /kp set target:信者 field:HP value:3\n" in keeper


async def test_undoing_a_hidden_npcs_addition_does_not_name_its_sheet(table):
    await cultist_added_hidden(table)
    undone = await table.say(KP, "kp undo")
    assert [r.text for r in undone] == ["⏪ KP（kp）が1つの操作を取り消しました: /battle add"]


@pytest.mark.rule("X-HP-02")
async def test_a_hidden_npc_killed_by_a_blow_reads_dead_not_dying(table):
    await table.fight(hidden=True)
    await table.say(KP, "kp set", target="ゾンビ", field="HP", value="2")  # 気絶 at 2 (X-HP-02) …
    await table.say(KP, "kp set", target="ゾンビ", field="状態", value="-気絶")  # … unless the KP says not
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    replies = await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    public = "\n".join(r.text for r in replies if not r.ephemeral)
    assert "ゾンビ：死亡\n" in public and "ゾンビは死亡した（耐久力0以下（X-HP-02））。" in public
    assert "瀕死" not in public


@pytest.mark.rule("X-HP-03")
async def test_a_hidden_npcs_shock_check_does_not_show_its_hp(table):
    await table.fight(hidden=True)
    await table.say(KP, "kp set", target="ゾンビ", field="HP", value="8")
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    replies = await table.say(KP, "react", 80, 2, 2, 10, action="回避", **{"as": "ゾンビ"})  # 4 of 8: shock
    public = "\n".join(r.text for r in replies if not r.ephemeral)
    keeper = "\n".join(r.text for r in replies if r.ephemeral and r.to == KP)
    assert "ゾンビ ショック（CON×5）：🔒シークレットダイス" in public.splitlines()
    assert "耐久力" not in public and "8" not in public
    assert "ゾンビ ショック（4ダメージ ≧ 耐久力8の半分：CON×5）：(1D100<=80) ＞ 10 ＞ スペシャル" in keeper.splitlines()


TARO, HANAKO = "taro", "hanako"


async def shadow_fight(table):
    """太郎 (DEX 14) and 花子 (DEX 12) against the KP's hidden 黒い影 (DEX 16), round 1
    started (steps 1–5): 黒い影's round-start declaration is asked of the KP alone."""
    await table.say(KP, "battle new")
    for who, name, dex in ((TARO, "太郎", 14), (HANAKO, "花子", 12), (KP, "黒い影", 16)):
        await table.say(who, "char new", name=name, str=12, con=13, pow=11, dex=dex, app=10, siz=13, int=13, edu=15)
    await table.say(TARO, "battle join", character="太郎")
    await table.say(HANAKO, "battle join", character="花子")
    await table.say(KP, "battle add", name="黒い影", character="黒い影", hidden="true")
    return await table.say(KP, "battle start")


async def logs(table) -> tuple[str, str]:
    """The players' and the KP's /battle log as text."""
    player = (await table.say(TARO, "battle log"))[0].file["content"]
    keeper = (await table.say(KP, "battle log"))[0].file["content"]
    return player, keeper


TARO_TURN = ("ラウンド1: 太郎の手番です。（行動ポイント 3）\n/attack で攻撃・/move で移動・/check で技能、終わったら [ターン終了] か /end。\n"
             "チャットで「黒い影をこぶしで攻撃」「C4へ移動」「ターン終了」のように宣言できます。")

DECLARATIONS = [  # (what the KP sends, its step's label, its line, what the table reads of it)
    (("chat",), {"text": "黒い影：回避に集中"}, "「黒い影：回避に集中」", "黒い影は「回避に集中」を宣言しました。", ""),
    (("declare",), {"action": "受け流し", "target": "太郎", "as": "黒い影"},
     "/declare action:受け流し target:太郎 as:黒い影", "黒い影は「受け流し」を宣言しました（相手: 太郎）。", ""),
    (("declare",), {"action": "行動遅延", "amount": "5", "as": "黒い影"},  # its turn passes: as when it ends it
     "/declare action:行動遅延 amount:5 as:黒い影", "黒い影は「行動遅延」を宣言しました（5）。", TARO_TURN),
]


@pytest.mark.rule("H-DEF-03", "H-GEN-01")
@pytest.mark.parametrize("command, options, label, line, public", DECLARATIONS, ids=["chat", "parry", "delay"])
async def test_a_hidden_npcs_declaration_goes_to_the_kp_alone_and_leaves_no_trace_in_the_players_log(
        table, command, options, label, line, public):
    await shadow_fight(table)
    declared = await table.say(KP, *command, **options)
    assert [(r.to, r.text) for r in declared if r.ephemeral] == [(KP, f"🔒 KP用（シークレット）\n{line}")]
    assert public_text(declared) == public
    closed = await table.say(KP, "kp close")
    assert public_text(closed) == "KPがラウンド開始時の宣言を締め切りました（未回答の太郎、花子は宣言なし）。"
    player, keeper = await logs(table)
    assert "[手順 6]" not in player and line not in player and "黒い影：" not in player
    assert ("（未回答のPCへの攻撃は、その回答かKPの締め切りを待ちます）\n[手順 7] kp: /kp close\n"
            "    KPがラウンド開始時の宣言を締め切りました（未回答の太郎、花子は宣言なし）。\n") in player
    assert f"[手順 6] kp: {label}\n    {line}\n[手順 7] kp: /kp close\n" in keeper


@pytest.mark.rule("H-GEN-01")
@pytest.mark.parametrize("button, label, line", [
    ("宣言しない", "[宣言しない]", "黒い影はこのラウンド宣言しません。"),
    ("受け流し：花子", "[ボタン]", "黒い影は「受け流し」を宣言しました（相手: 花子）。")], ids=["none", "parry"])
async def test_a_hidden_npcs_answer_by_the_kps_private_button_leaves_no_trace_in_the_players_log(
        table, button, label, line):
    started = await shadow_fight(table)
    answered = await table.press(KP, button, [r for r in started if r.ephemeral])
    assert [(r.ephemeral, r.to, r.text) for r in answered] == [(True, KP, f"🔒 KP用（シークレット）\n{line}")]
    player, keeper = await logs(table)
    assert "[手順 6]" not in player and label not in player
    assert f"[手順 6] kp: {label}\n    {line}\n" in keeper


@pytest.mark.rule("H-DEF-03", "H-GEN-01")
async def test_allowing_a_hidden_npcs_refused_attack_tells_the_players_neither_what_nor_why(table):
    await shadow_fight(table)
    await table.say(KP, "chat", text="黒い影：回避に集中")
    await table.say(KP, "kp close")
    refused_attack = await table.say(KP, "chat", text="黒い影：花子をこぶしで攻撃")
    assert [(r.ephemeral, r.to) for r in refused_attack] == [(True, KP)] and "H-DEF-03" in refused_attack[0].text
    allowed = await table.say(KP, "kp allow", 45)
    assert [(r.ephemeral, r.to, r.text) for r in allowed[:4]] == [
        (False, None, "⚖ KP（kp）の裁定: 非公開のNPCの操作を認めます（詳細はKPのみ）。"),
        (True, KP, "🔒 KP用（シークレット）\n⚖ KP（kp）の裁定: 「黒い影：花子をこぶしで攻撃」 を認めます（H-DEF-03）。"),
        (False, None, "⚔ 黒い影 → 花子：こぶしで攻撃\n黒い影 攻撃（こぶし）：🔒シークレットダイス"),
        (True, KP, "🔒 KP用（シークレット）\n⚔ 黒い影 → 花子：こぶしで攻撃（50%）\n黒い影 攻撃（こぶし）：(1D100<=50) ＞ 45 ＞ 成功")]
    assert "H-DEF-03" not in public_text(allowed) and "集中" not in public_text(allowed)
    again = await table.say(KP, "kp allow")
    assert refused(again) and "拒否された宣言" in again[0].text  # allowed once, not twice
    player, keeper = await logs(table)
    assert ("[手順 8] kp［KP裁定］: 「黒い影：花子をこぶしで攻撃」\n    ⚖ KP裁定［許可］非公開のNPCについて（詳細はKPのみ）\n"
            "    ⚔ 黒い影 → 花子：こぶしで攻撃\n    黒い影 攻撃（こぶし）：🔒シークレットダイス\n") in player
    assert "H-DEF-03" not in player
    assert ("[手順 8] kp［KP裁定］: 「黒い影：花子をこぶしで攻撃」\n"
            "    ⚖ KP裁定［許可］「黒い影：花子をこぶしで攻撃」（kp）（H-DEF-03）（kp）\n") in keeper


@pytest.mark.rule("H-GEN-01")
async def test_allowing_a_players_refused_action_stays_public_in_full_beside_a_hidden_npc(table):
    await shadow_fight(table)
    await table.say(KP, "chat", text="黒い影：宣言しない")
    await table.say(KP, "kp close")
    await table.say(KP, "end", **{"as": "黒い影"})
    await table.say(TARO, "attack", 95, target="黒い影", weapon="こぶし")  # a miss: 太郎's one attack
    refusal = await table.say(TARO, "attack", target="黒い影", weapon="こぶし")
    assert refused(refusal) and "H-AP-04" in refusal[0].text
    allowed = await table.say(KP, "kp allow", 95)
    assert [(r.ephemeral, r.text) for r in allowed[:1]] == [
        (False, "⚖ KP（kp）の裁定: /attack target:黒い影 weapon:こぶし を認めます（H-AP-04）。")]
    player, _keeper = await logs(table)
    assert "⚖ KP裁定［許可］/attack target:黒い影 weapon:こぶし（taro）（H-AP-04）（kp）\n" in player
