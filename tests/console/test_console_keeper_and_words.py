"""Trial findings 3 and 15: the console's KP (``kp``, or the names of ``--kp``) sets a new
channel up before any battle, as a member with Manage Channels does on Discord, and every
settings message names the option in Japanese."""
from __future__ import annotations

import io
import json

from bot.config import sqlite_url
from bot.service import Service
from bot.store import Store
from bot.transports.console.app import Console
from rules.dice import ScriptedDice


def texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages]


async def test_the_console_kp_sets_the_edition_of_a_new_channel_without_a_battle(console_table):
    table = await console_table([5, 2])
    assert texts(await table.say("kp: /kp setting key:版 value:7")) == [
        "⚙ 設定「版」を 7 にしました（このチャンネルの以後の戦闘にも使います）。"]
    assert texts(await table.say("alice: CC<=50")) == [
        "alice\n(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 52 ＞ 52 ＞ 失敗"]
    assert texts(await table.say("kp: /kp role role:KP")) == ["ロール「KP」をKPとして扱います。（KPロール: KP）"]


async def test_a_player_still_may_not_change_settings(console_table):
    table = await console_table()
    assert texts(await table.say("alice: /kp setting key:版 value:7")) == ["この操作はKPだけが行えます（権限: KP）。"]
    assert texts(await table.say("alice: /kp setting")) == ["この操作はKPだけが行えます（権限: KP）。"]


async def test_a_setting_is_kept_per_channel_named_by_at(console_table):
    table = await console_table([5, 2, 42])
    await table.say("@room7 kp: /kp setting key:版 value:7")
    seventh = await table.say("@room7 alice: CC<=50")
    assert seventh[0]["channel"] == "room7" and "ボーナス・ペナルティダイス[0]" in seventh[0]["text"]
    assert texts(await table.say("alice: CC<=50")) == ["alice\n(1D100<=50) ＞ 42 ＞ 成功"]


async def test_keepers_named_for_the_console_replace_kp(tmp_path):
    store = Store(sqlite_url(tmp_path / "bot.db"))
    await store.migrate()
    try:
        out = io.StringIO()
        console = Console(Service(store, ScriptedDice([])), out, json_mode=True, keepers=frozenset({"GM"}))
        await console.feed("gm: /kp setting key:luck_spend value:on")
        await console.feed("kp: /kp setting key:luck_spend value:off")
        said = [json.loads(x)["text"] for x in out.getvalue().splitlines()]
        assert said == ["⚙ 設定「幸運消費」を オン にしました（このチャンネルの以後の戦闘にも使います）。",
                        "この操作はKPだけが行えます（権限: KP）。"]
    finally:
        await store.close()


async def test_settings_messages_name_options_in_japanese(console_table):
    table = await console_table()
    await table.say("kp: /battle new")
    assert texts(await table.say("kp: /kp setting key:edition value:7")) == ["⚙ 設定「版」を 7 にしました（kp）"]
    assert texts(await table.say("kp: /kp setting key:block_melee_critical value:1D3")) == [
        "⚙ 設定「防御クリティカル減少」を 1D3 にしました（kp）"]
    listed = "\n".join(texts(await table.say("kp: /kp setting")))
    assert "・盾の射撃防御（shield_missile_chance） = 0（既定 0）" in listed
    assert "・受け流しファンブルダメージ（parry_fumble_damage） = オフ（既定 オフ）" in listed
    unknown = texts(await table.say("kp: /kp setting key:foo value:1"))[0]
    assert unknown.startswith("設定項目「foo」はありません。項目: 版、幸運消費、")
    assert "edition" not in unknown and "block_melee_critical" not in unknown
    assert texts(await table.say("kp: /kp setting key:版 value:8")) == ["版 に使える値: 6、7"]


async def test_a_missing_import_file_is_explained_in_japanese(console_table):
    table = await console_table()
    assert texts(await table.say("alice: /char import file:/nonexistent.json")) == [
        "ファイル「/nonexistent.json」を開けません（ファイルがありません）。パスを確かめてください。"]


async def test_a_7th_penalty_beyond_bcdices_limit_is_refused_in_a_6th_channel(console_table):
    table = await console_table([42])
    said = await table.say("alice: CC(-101)<=50")
    assert texts(said) == ["ダイスを振れませんでした: ボーナス・ペナルティダイスの値は-100以上、100以下としてください"]
    assert said[0]["ephemeral"] and table.dice.remaining == 1  # nothing rolled
