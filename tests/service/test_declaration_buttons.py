"""The declaration window's buttons through the service: each prompt's buttons declare for
its own unit, also among a player's several units; only the KP closes the window."""
from __future__ import annotations

from service_table import ALICE, BOB, CHARACTERS, KP


async def two_unit_fight(table):
    """アリス (DEX 14) and ボブ's two units ボブ (DEX 10) and ベン (DEX 9) against ゾンビ (DEX 8)."""
    await table.say(KP, "battle new")
    for name, (owner, stats, skills) in {**CHARACTERS, "ベン": (BOB, dict(CHARACTERS["ボブ"][1], DEX=9), {})}.items():
        await table.say(owner, "char new", name=name, **{k.lower(): v for k, v in stats.items()})
    await table.say(ALICE, "battle join", character="アリス")
    await table.say(BOB, "battle join", character="ボブ")
    await table.say(BOB, "battle join", character="ベン")
    await table.say(KP, "battle add", name="ゾンビ", character="ゾンビ")
    return await table.say(KP, "battle start")


async def test_each_prompt_declares_for_its_own_unit_even_among_a_players_several(table):
    started = await two_unit_fight(table)
    state = await table.state()
    assert state.declaring == ["アリス", "ボブ", "ベン", "ゾンビ"]
    ben = next(r for r in started if r.buttons and r.text.startswith("ラウンド1開始時の宣言: ベンは"))
    replies = await table.press(BOB, "回避に集中", [ben])
    assert replies[0].text == "ベンは「回避に集中」を宣言しました。"
    state = await table.state()
    assert [d["action"] for d in state.units["ベン"].declarations] == ["回避に集中"]
    assert state.units["ボブ"].declarations == [] and state.declaring == ["アリス", "ボブ", "ゾンビ"]
    mine = await table.press(ALICE, "宣言しない", [next(r for r in started if r.text.startswith("ラウンド1開始時の宣言: アリスは"))])
    assert mine[0].text == "アリスはこのラウンド宣言しません。"


async def test_only_the_kp_closes_and_a_player_cannot_press_anothers_prompt(table):
    started = await two_unit_fight(table)
    closing = [next(r for r in started if [b.label for b in r.buttons] == ["宣言を締め切る"])]
    refused = await table.press(ALICE, "宣言を締め切る", closing)
    assert [(r.ephemeral, r.text) for r in refused] == [(True, "宣言の締め切りはKPだけが行えます。")]
    bobs = [next(r for r in started if r.text.startswith("ラウンド1開始時の宣言: ボブは"))]
    refused = await table.press(ALICE, "宣言しない", bobs)
    assert [(r.ephemeral, r.text) for r in refused] == [(True, "このボタンはボブの担当者用です。")]
    closed = await table.press(KP, "宣言を締め切る", closing)
    assert closed[0].text == "KPがラウンド開始時の宣言を締め切りました（未回答のアリス、ボブ、ベン、ゾンビは宣言なし）。"
