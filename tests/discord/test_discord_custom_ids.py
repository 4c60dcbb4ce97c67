"""Names safe in custom ids (issue 18, item 7): a unit named with an ASCII colon
(``ゾンビ:A``), a ``%``, an emoji, or a name too long for a custom id keeps working buttons:
Discord receives them, and the KP's click ends the NPC's turn."""
from __future__ import annotations

import re

import pytest

import discord_gateway as gateway
from bot.render import buttons

CUSTOM_ID = re.compile(r".{1,100}", re.S)
LONG = "深きものどもの祭司長にしてインスマスの沖合に眠る者の代理人たる古老ゼイドック・アレン・オーベッド二世"


COLONS = "ゾ:" * 20
"""40 characters (the longest name), 80 once its colons are escaped: carried as a hash."""


@pytest.mark.parametrize("name", ["ゾンビ:A", "ゾンビ%3A", "🧟ゾンビ", "ゾンビ: A:B", COLONS])
async def test_an_npc_with_any_name_gets_working_turn_buttons(make_bot, name):
    harness = await make_bot()
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14,
                        app=10, siz=13, int=13, edu=15)
    await harness.slash("kp", "char new", name=name, str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await harness.slash("kp", "battle new")
    await harness.slash("alice", "battle join", character="アリス")
    await harness.slash("kp", "battle add", name=name, character=name)
    await harness.slash("kp", "battle start")
    ended = await harness.slash("alice", "end")
    prompt = next((c for c in ended if f"{name}の手番です" in c.content), None)
    assert prompt is not None, [c.content for c in ended]
    assert prompt.labels == ["ターン終了"]
    [custom_id] = prompt.custom_ids
    assert CUSTOM_ID.fullmatch(custom_id) and buttons.PATTERN.fullmatch(custom_id)
    assert custom_id.split(":")[2].startswith("~") is (name == COLONS)
    message = gateway.message(prompt.content, prompt.message["components"], message_id=prompt.response["id"])
    clicked = await harness.dispatch("INTERACTION_CREATE", gateway.click("kp", custom_id, message))
    # the round start's one message (issue 29) opens with its mentions, then the turn's end
    assert any(c.content.split("\n")[0].endswith(f"{name}の手番が終わりました。") for c in clicked)


@pytest.mark.parametrize("key", ["t1-ゾンビ:A", "50%:x", "t1-" + LONG, "~t1"])
def test_every_key_round_trips_or_matches_by_hash(key):
    custom_id = buttons.encode(7, key, "ターン終了")
    assert len(custom_id) <= 100
    decoded = buttons.decode(custom_id)
    assert (decoded.battle, decoded.choice) == (7, "end") and decoded.matches(key)
    assert not decoded.matches(key + "x")
    assert (decoded.key == key) is buttons.carries(key)
