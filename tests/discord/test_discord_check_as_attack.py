"""「攻撃として扱う」 through the fake Discord (issue 26): the button under a palette roll of a
skill that is no attack, the KP's private questions (ephemeral) and the ruling posted in the
channel; a player's click is refused privately."""
from __future__ import annotations

import pytest

import discord_gateway as gateway

CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
KP = gateway.USERS["kp"]


def clicked(call) -> dict:
    """The message object a click on ``call``'s buttons comes from."""
    return gateway.message(call.content, call.message["components"])


@pytest.mark.rule("H-GEN-01")
async def test_the_kp_turns_a_ballet_check_into_a_kick(make_bot):
    harness = await make_bot([45])
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await harness.slash("alice", "char set", name="アリス", key="芸術（バレエ）", value="60")
    await harness.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await harness.slash("kp", "battle new", system="coc6")
    await harness.slash("alice", "battle join", character="アリス")
    await harness.slash("kp", "battle add", name="ゾンビ", character="ゾンビ")
    await harness.slash("kp", "battle start")
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=60 【芸術（バレエ）】"))
    [check] = [c for c in calls if c.path == CHANNEL_MESSAGES]
    assert (check.content, check.labels) == ("アリス 芸術（バレエ）：(1D100<=60) ＞ 45 ＞ 成功", ["攻撃として扱う"])
    button = check.custom_ids[0]

    refused = await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", button, clicked(check)))
    assert [(c.ephemeral, c.content) for c in refused] == [(True, "［攻撃として扱う］はKPだけが使えます（権限: KP）。")]

    asked = await harness.dispatch("INTERACTION_CREATE", gateway.click("kp", button, clicked(check)))
    [weapons] = [c for c in asked if c.labels]
    assert weapons.ephemeral and weapons.labels == ["こぶし", "キック", "組み付き", "頭突き"]
    kick = weapons.custom_ids[weapons.labels.index("キック")]
    ruled = await harness.dispatch("INTERACTION_CREATE", gateway.click("kp", kick, clicked(weapons)))
    public = [c for c in ruled if not c.ephemeral and c.content.startswith("⚖")]
    assert public[0].content.startswith(
        f"⚖ KP裁定［攻撃として扱う］アリスの〈芸術（バレエ）〉（出目 45・目標値 60%）をキックでゾンビへの攻撃として（<@{KP}>）\n"
        "⚔ アリス → ゾンビ：キックで攻撃（60%）\nアリス 攻撃（キック）：(1D100<=60) ＞ 45 ＞ 成功")
    assert harness.bot.dice.remaining == 0
