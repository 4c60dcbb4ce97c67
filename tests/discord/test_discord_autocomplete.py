"""Autocomplete (type 4 interactions) offers only what the typing user may see."""
from __future__ import annotations

import pytest

import discord_gateway as gateway

UNARMED = ["こぶし", "キック", "組み付き", "頭突き"]


async def _suggest(harness, who: str, path: str, focused: str, **values) -> list[str]:
    calls = await harness.dispatch("INTERACTION_CREATE", gateway.autocomplete(who, path, focused, **values))
    assert len(calls) == 1 and calls[0].payload["type"] == 8
    choices = calls[0].payload["data"]["choices"]
    assert all(c["name"] == c["value"] for c in choices)
    return [c["value"] for c in choices]


@pytest.fixture
async def table(make_bot):
    """A started round with a hidden, knife-armed zombie run by the KP."""
    harness = await make_bot()
    await harness.first_round(hidden=True, knife=True)
    return harness


async def test_units_come_from_the_channels_battle(table):
    assert await _suggest(table, "alice", "attack", "target", target="ゾ") == ["ゾンビ"]
    assert await _suggest(table, "alice", "attack", "target", target="") == ["アリス", "ゾンビ"]


async def test_own_weapons_are_suggested(table):
    assert await _suggest(table, "alice", "attack", "weapon", target="ゾンビ", weapon="") == UNARMED


async def test_a_hidden_npcs_weapons_are_not_suggested_to_players(table):
    assert await _suggest(table, "alice", "attack", "weapon", as_="ゾンビ", target="アリス", weapon="") == UNARMED


async def test_the_kp_sees_the_hidden_npcs_weapons(table):
    assert await _suggest(table, "kp", "attack", "weapon", as_="ゾンビ", target="アリス", weapon="") == ["ナイフ", *UNARMED]


async def test_a_player_is_offered_their_own_characters_and_the_kp_every_one_own_first(table):
    assert await _suggest(table, "kp", "battle add", "character", character="") == ["ゾンビ", "アリス"]
    assert await _suggest(table, "alice", "battle join", "character", character="") == ["アリス"]
    assert await _suggest(table, "bob", "char show", "name", name="") == []


async def test_no_battle_means_no_units(make_bot):
    harness = await make_bot()
    assert await _suggest(harness, "alice", "attack", "target", target="") == []
