"""More than 25 choices (issue 28, "Lost"): a question Discord cannot fit in 25 buttons comes
as select menus of 25 options with 「なし」 kept as a button, every choice reachable (also
after a restart); a prompt too long for one message is clipped with a note pointing at the
menu that really holds the choices, never at a battle log that does not."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
from bot.render import buttons as ids
from bot.render.reply import IN_LOG, Button, Reply
from bot.transports.discord.messages import messages

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
KNIVES = [f"ナイフ{n}" for n in range(1, 31)]


async def _parry_question(harness, names=KNIVES):
    """Alice (DEX 8) with a knife of each of ``names`` hit by the KP's zombie (DEX 14) under
    the basic rules: her question offers 回避, a parry with each weapon and なし."""
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=8, app=10, siz=13, int=13, edu=15)
    for name in names:
        await harness.slash("alice", "char weapon", name="アリス", weapon=name, skill="50", damage="1D4", class_="ナイフ")
    await harness.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=14, app=1, siz=14, int=1, edu=1)
    await harness.slash("kp", "battle new", system="coc6")
    await harness.slash("alice", "battle join", character="アリス")
    await harness.slash("kp", "battle add", name="ゾンビ", character="ゾンビ")
    await harness.slash("kp", "battle start")
    await harness.slash("kp", "kp close")
    calls = await harness.slash("kp", "attack", as_="ゾンビ", target="アリス")
    return next(c for c in calls if "対応を選んでください" in c.content)


def _on_message(call) -> dict:
    return gateway.message(call.content, call.message.get("components"), message_id=call.response["id"])


@pytest.mark.rule("P-PARRY-03")
@pytest.mark.rule("P-PARRY-06")
async def test_thirty_four_choices_come_as_menus_with_nashi_as_a_button_and_each_works(make_bot, fake):
    harness = await make_bot([30])
    question = await _parry_question(harness)
    menus = question.menus
    labels = [label for menu in menus for label, _value in menu]
    assert [len(menu) for menu in menus] == [25, 8]
    assert labels == ["回避", *(f"受け流し：{k}" for k in KNIVES), "受け流し：こぶし", "受け流し：キック"]
    assert question.labels == ["なし"]  # the way to decline, always there
    none = ids.decode(question.custom_ids[-1])
    assert none.choice == "none"
    value = dict(menus[1])["受け流し：ナイフ30"]
    await harness.stop()  # a restart: the menu of a message sent before it still works
    restarted = await make_bot([50, 2, 2])
    chosen = await restarted.dispatch("INTERACTION_CREATE", gateway.choose("alice", "cm:2", value, _on_message(question)))
    assert chosen[0].content.split("\n")[:2] == ["アリスの対応：受け流し（ナイフ30）", "アリス 受け流し（ナイフ30）：(1D100<=50) ＞ 50 ＞ 成功"]
    retired = [c for c in chosen if c.method == "PATCH" and c.path.endswith("/messages/@original")]
    assert [c.message.get("components") for c in retired] == [[]]


async def test_nashi_beside_the_menus_declines(make_bot, fake):
    harness = await make_bot([30, 2, 2])
    question = await _parry_question(harness)
    clicked = await harness.dispatch("INTERACTION_CREATE",
                                     gateway.click("alice", question.custom_ids[-1], _on_message(question)))
    assert [c.content.split("\n")[0] for c in clicked if not c.ephemeral][:1] == ["アリスの対応：なし"]


@pytest.mark.parametrize("size, note", [
    (1, "\n選べる対応: 下のボタン・メニューの34件（チャットで「回避」のように書くか、/react action:… でも選べます）"),
    (4, "…（長いため省略しました。選べる対応はすべて下のボタン・メニューにあります）")])
async def test_a_question_too_long_for_a_message_points_at_its_menu_not_at_the_battle_log(make_bot, fake, size, note):
    harness = await make_bot([30])
    long_names = [f"{n:02d}番目の長い名前の儀式用ナイフ{'（銀の装飾と古い刻印つき）' * size}" for n in range(1, 31)]
    question = await _parry_question(harness, long_names)
    assert len(question.content) <= 2000
    assert "/battle log" not in question.content
    assert question.content.endswith(note)
    labels = [label for menu in question.menus for label, _value in menu] + question.labels
    assert len(labels) == 34 and [f"受け流し：{n}" for n in long_names] == labels[1:31]


def test_past_four_menus_the_choices_continue_in_another_message():
    choices = tuple(Button(f"案{n}", ids.encode(7, "a1", f"案{n}")) for n in range(1, 131))
    decline = Button("なし", ids.encode(7, "a1", "なし"))
    pages = messages(Reply(text="どれにしますか？", buttons=(*choices, decline)))
    assert [page["content"] for page in pages] == ["どれにしますか？", "（選択肢の続き）"]
    first, second = (page["view"].children for page in pages)
    assert [len(item.item.options) for item in first[:4]] + [len(item.item.options) for item in second] == [25, 25, 25, 25, 25, 5]
    assert [getattr(item, "custom_id", None) for item in first[4:]] == [decline.custom_id]
    shown = [o.value for item in [*first[:4], *second] for o in item.item.options]
    assert shown == [b.custom_id for b in choices]
    assert first[0].item.placeholder == "選んでください（1〜25件目／全130件）"
    assert second[1].item.placeholder == "選んでください（126〜130件目／全130件）"


async def test_battle_lines_clipped_with_a_pointer_to_the_battle_log_are_all_in_the_log(make_bot, fake):
    harness = await make_bot()
    await harness.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await harness.slash("kp", "battle new", system="coc6")
    names = [f"深きものどもの群れに属する名もなき眷属その{n}" for n in range(1, 41)]
    for name in names:
        await harness.slash("kp", "battle add", name=name, character="ゾンビ")
    started = await harness.slash("kp", "battle start")
    clipped = [c for c in started if c.content.endswith(IN_LOG)]
    assert len(clipped) == 1 and len(clipped[0].content) == 2000
    shown = clipped[0].content.removesuffix(IN_LOG).split("\n")
    logged = await harness.slash("kp", "battle log")
    text = next(raw.decode("utf-8") for c in logged for name, raw in c.files.items() if name.endswith(".txt"))
    assert [line for line in shown if line.strip() not in text] == []  # every line shown, the cut one too
    whole = [line for line in text.split("\n") if shown[-1].strip() in line]
    assert len(whole) == 1 and f"{names[-1]}。参加順で並べています）" in whole[0]  # where the cut one goes on


async def test_a_chat_line_with_thirty_readings_offers_all_thirty(make_bot, fake):
    harness = await make_bot([30])
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=18, app=10, siz=13, int=13, edu=15)
    await harness.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await harness.slash("kp", "battle new", system="coc6")
    await harness.slash("alice", "battle join", character="アリス")
    for n in range(1, 31):
        await harness.slash("kp", "battle add", name=f"ゾンビ{n}", character="ゾンビ")
    await harness.slash("kp", "battle start")
    await harness.slash("kp", "kp close")
    said = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "ゾンビをこぶしで攻撃"))
    asked = [c for c in said if c.path == f"/channels/{fake.dm_channel}/messages" and c.menus]
    assert len(asked) == 1
    labels = [label for menu in asked[0].menus for label, _value in menu]
    assert [len(menu) for menu in asked[0].menus] == [25, 5] and len(set(labels)) == 30
    assert all(f"ゾンビ{n}" in "".join(labels) for n in range(1, 31))
