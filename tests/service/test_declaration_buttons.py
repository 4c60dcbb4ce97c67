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
    [window] = [r for r in started if "\nラウンド1開始時の宣言: アリス、ボブ、ベン、ゾンビは" in r.text]
    assert window.mentions == (ALICE, BOB, KP)  # one message, each pinged once (issues 22, 29)
    assert [b.label for b in window.buttons] == ["アリス：宣言…", "アリス：宣言しない", "ボブ：宣言…", "ボブ：宣言しない",
                                                 "ベン：宣言…", "ベン：宣言しない", "ゾンビ：宣言…", "ゾンビ：宣言しない",
                                                 "宣言を締め切る", "ターン終了"]
    menu = await table.press(BOB, "ベン：宣言…", [window])
    assert [(r.ephemeral, r.to) for r in menu] == [(True, BOB)]
    assert menu[0].text.startswith("ラウンド1開始時の宣言: ベンは")
    replies = await table.press(BOB, "回避に集中", menu)
    assert replies[0].text == "ベンは「回避に集中」を宣言しました。"
    state = await table.state()
    assert [d["action"] for d in state.units["ベン"].declarations] == ["回避に集中"]
    assert state.units["ボブ"].declarations == [] and state.declaring == ["アリス", "ボブ", "ゾンビ"]
    mine = await table.press(ALICE, "アリス：宣言しない", [window])
    assert mine[0].text == "アリスはこのラウンド宣言しません。"


async def test_only_the_kp_closes_and_a_player_cannot_press_anothers_prompt(table):
    started = await two_unit_fight(table)
    closing = [next(r for r in started if "宣言を締め切る" in [b.label for b in r.buttons])]
    refused = await table.press(ALICE, "宣言を締め切る", closing)
    assert [(r.ephemeral, r.text) for r in refused] == [(True, "宣言の締め切りはKPだけが行えます。")]
    refused = await table.press(ALICE, "ボブ：宣言しない", closing)
    assert [(r.ephemeral, r.text) for r in refused] == [(True, "このボタンはボブの担当者用です。")]
    refused = await table.press(ALICE, "ボブ：宣言…", closing)
    assert [(r.ephemeral, r.text) for r in refused] == [(True, "このボタンはボブの担当者用です。")]
    closed = await table.press(KP, "宣言を締め切る", closing)
    assert closed[0].text == "KPがラウンド開始時の宣言を締め切りました（未回答のアリス、ボブ、ベン、ゾンビは宣言なし）。"


async def test_a_small_window_holds_every_units_buttons(table):
    """Under the book rule only those who must declare a parry are called: their buttons all
    fit in the one message, named by unit (issue 22)."""
    await table.say(KP, "battle new", system="coc6")
    await table.say(KP, "kp setting", key="parry_free_at", value="50")
    for name, (owner, stats, skills) in CHARACTERS.items():
        await table.say(owner, "char new", name=name, **{k.lower(): v for k, v in stats.items()})
    await table.say(ALICE, "battle join", character="アリス")
    await table.say(BOB, "battle join", character="ボブ")
    await table.say(KP, "battle add", name="ゾンビ", character="ゾンビ")
    started = await table.say(KP, "battle start")
    [window] = [r for r in started if "\nラウンド1開始時の宣言:" in r.text]  # in the round start's one message
    assert [b.label for b in window.buttons] == [
        "アリス：受け流し：ゾンビ", "アリス：宣言しない", "アリス：以後宣言しない",
        "ボブ：受け流し：ゾンビ", "ボブ：宣言しない", "ボブ：以後宣言しない",
        "ゾンビ：受け流し：アリス", "ゾンビ：受け流し：ボブ", "ゾンビ：宣言しない", "ゾンビ：以後宣言しない", "宣言を締め切る",
        "ターン終了"]
    said = await table.press(BOB, "ボブ：受け流し：ゾンビ", [window])
    assert said[0].text == "ボブは「受け流し」を宣言しました（相手: ゾンビ）。"
