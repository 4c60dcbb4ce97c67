"""The 7th rolls around a check on Discord (issue 30): genuine MESSAGE_CREATE and button
payloads through discord.py's own dispatch. A failed palette roll offers [プッシュ] and
[幸運を12使う]; only its roller presses them, Luck is spent once, and a push waits for the
KP's button."""
from __future__ import annotations

import pytest

import discord_gateway as gateway
from rules.coc7.character import Investigator

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"


async def emily(harness) -> None:
    await harness.slash("kp", "battle new", system="coc6")  # the channel's KP (its last battle's)
    await harness.slash("kp", "kp setting", key="版", value="7")
    await harness.slash("kp", "kp setting", key="幸運消費", value="on")
    await harness.slash("kp", "battle end", confirm=True)
    await harness.slash("alice", "char new", name="エミリー", edition="7", str=60, con=55, pow=65, dex=70, app=50,
                        siz=65, int=75, edu=80, luck=55)
    await harness.slash("alice", "char set", name="エミリー", key="目星", value="70")


async def failed_roll(harness):
    """``CC<=70 【目星】`` rolled 82: its message (the roll, and what may follow it, in one
    post) and the message its buttons ride on."""
    rolled = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CC<=70 【目星】"))
    [post] = [c for c in rolled if c.method == "POST" and c.path == CHANNEL_MESSAGES]
    assert post.content == ("Alice　【目星】\n(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 82 ＞ 82 ＞ 失敗\n"
                            "↪ エミリー〈目星〉の失敗：「プッシュ」で振り直すか（KPが失敗したときの結果を告げてから）、"
                            "「幸運を消費」で幸運を12使って成功にできます（幸運 55 → 43）。")
    return post, gateway.message(post.content, post.message["components"])


def shown(calls) -> list[tuple[bool, str]]:
    return [(c.ephemeral, c.content) for c in calls if c.content]


@pytest.mark.rule("7-LUCK-02", "7-LUCK-06")
async def test_the_luck_button_is_the_rollers_and_spends_once(make_bot):
    harness = await make_bot([8, 2])
    await emily(harness)
    offer, message = await failed_roll(harness)
    assert offer.labels == ["プッシュ", "幸運を12使う"]
    luck = offer.custom_ids[1]
    assert shown(await harness.dispatch("INTERACTION_CREATE", gateway.click("bob", luck, message))) == [
        (True, "このボタンはエミリーの判定をした人が押します。")]
    spent = await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", luck, message))
    assert shown(spent) == [(False, "🍀 エミリーは幸運を12使い、〈目星〉をレギュラー成功にしました（出目 82、目標値 70。"
                                    "幸運 55 → 43）。\n幸運で成功にした判定には成長チェックは付きません。")]
    again = await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", luck, message))
    assert shown(again) == [(True, "〈目星〉にはもう幸運を12使って成功にしています。（7-LUCK-02）")]
    record = await harness.bot.service.store.get_character(gateway.GUILD_ID, "エミリー")
    assert Investigator.from_dict(record.data).luck == 43 and Investigator.from_dict(record.data).growth == ()


@pytest.mark.rule("7-PUSH-06")
async def test_the_push_button_asks_the_kp_whose_button_rolls_it(make_bot):
    harness = await make_bot([8, 2, 5, 3])
    await emily(harness)
    offer, message = await failed_roll(harness)
    asked = await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", offer.custom_ids[0], message))
    [prompt] = [c for c in asked if c.content and not c.ephemeral]
    assert prompt.content == (f"<@{gateway.USERS['kp']}> 🔁 エミリーが〈目星〉（70%）の判定をプッシュします。\n"  # the KP is called
                              "KPは失敗したときに起こることを告げてから [プッシュを振る] を押してください"
                              "（チャットで「失敗したら…」と書いても振ります）。")
    assert prompt.labels == ["プッシュを振る", "認めない"]
    on_prompt = gateway.message(prompt.content, prompt.message["components"])
    assert shown(await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", prompt.custom_ids[0], on_prompt))) == [
        (True, "プッシュに答えるのはKPです（失敗したときに起こることを告げてから振ります）。")]
    rolled = await harness.dispatch("INTERACTION_CREATE", gateway.click("kp", prompt.custom_ids[0], on_prompt))
    assert shown(rolled) == [(False, "🔁 プッシュ・ロール\n🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[0] ＞ 53 ＞ 53 ＞ "
                                     "レギュラー成功\nプッシュ成功！（〈目星〉に成長チェック ✔）")]
