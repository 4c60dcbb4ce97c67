"""Hidden NPCs (players see words, the KP numbers; their rolls are secret) and /battle log
as text and HTML, with secret rolls hidden from players' copies."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from bot.service import Request
from service_table import ALICE, KP


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
    await table.service.message_sent(table.channel, tag, "1001")
    await table.say(ALICE, "end")
    await table.say("bob", "end")
    replies = await table.say(KP, "end", **{"as": "ゾンビ"})
    edits = [r for r in replies if r.edit]
    assert [r.edit for r in edits] == [tag] and "古くなりました" in edits[0].text
    boards = [r for r in replies if r.tag == tag]
    assert boards[0].data["round"] == 2 and not boards[0].mentions


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
    table.dice.feed(30)  # ゾンビ2's DEX×5 = 40: it steps in
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
