"""/kp set and /kp setting (H-GEN-01): one value of one unit as a logged ruling; every
KP-configurable option with its default, kept per channel."""
from __future__ import annotations

import pytest

from bot.commands import settings as kp_settings
from service_table import ALICE, BOB, KP, refused, text
from rules.systems import get_system


@pytest.mark.rule("H-GEN-01")
async def test_kp_set_changes_hp_ap_abilities_skills_weapon_hp_and_conditions(table):
    await table.fight()
    await table.say(BOB, "char weapon", name="ボブ", weapon="バット", skill=60, damage="1D8", hp=20, **{"class": "棍棒"})
    await table.say(KP, "battle add", name="甲", character="ボブ")
    replies = await table.say(KP, "kp set", target="アリス", field="HP", value="5")
    assert "⚖ KP裁定［設定］アリスのHPを5に（kp）" in text(replies) and "アリス HP 13 → 5" in text(replies)
    await table.say(KP, "kp set", target="アリス", field="AP", value="1")
    await table.say(KP, "kp set", target="ボブ", field="dex", value="16")
    await table.say(KP, "kp set", target="ボブ", field="回避", value="55")
    await table.say(KP, "kp set", target="甲", field="バット.耐久力", value="0")
    await table.say(KP, "kp set", target="ボブ", field="状態", value="+転倒")
    state = await table.state()
    alice, bob, other = state.units["アリス"], state.units["ボブ"], state.units["甲"]
    assert (alice.hp, alice.ap) == (5, 1)
    assert (bob.dex, bob.character.skill("回避"), bob.conditions) == (16, 55, ["転倒"])
    assert (other.weapons["バット"].hp, other.weapons["バット"].broken) == (0, True)
    await table.say(KP, "kp set", target="ボブ", field="状態", value="-転倒")
    assert (await table.state()).units["ボブ"].conditions == []


@pytest.mark.parametrize("field,value,message", [
    ("HP", "たくさん", "整数"), ("状態", "+混乱", "状態には"), ("剣.耐久力", "3", "持っていません"),
])
async def test_kp_set_refuses_what_it_cannot_read_and_changes_nothing(table, field, value, message):
    await table.fight()
    before = (await table.state()).units["アリス"]
    replies = await table.say(KP, "kp set", target="アリス", field=field, value=value)
    assert refused(replies) and message in replies[0].text
    assert (await table.state()).units["アリス"] == before


async def test_kp_setting_lists_every_option_with_its_default(table):
    await table.fight()
    replies = await table.say(KP, "kp setting")
    listed = "\n".join(r.text for r in replies)  # the list may run over two messages
    defaults = kp_settings.defaults(get_system("coc6-house").settings(), 10, 0)
    for key, default in defaults.items():
        shown = ("オン" if default else "オフ") if isinstance(default, bool) else (str(default) if default != "" else "なし")
        alias = kp_settings.japanese_name(key)
        assert f"・{f'{alias}（{key}）' if alias else key} = {shown}（既定 {shown}）" in listed
    assert all(r.ephemeral and r.to == KP for r in replies)
    assert "（X-HP-03）" in listed and "（H-DEF-DODGE-02）" in listed
    # the Japanese name first, the one the README tells the KP to type
    assert "・チャット宣言（chat_declarations） = オン（既定 オン）" in listed
    assert "・リマインド（turn_reminder_minutes） = 10（既定 10）" in listed
    assert all(len(r.text) <= 2000 for r in replies)


async def test_kp_setting_fits_one_message_in_every_system(table):
    for system in ("coc6", "coc6-house", "coc6-budo", "charge-rank"):
        table.channel = f"room-{system}"
        await table.say(KP, "battle new", system=system)
        listed = (await table.say(KP, "kp setting"))[0].text
        assert listed.startswith("【KP設定】") and not listed.endswith("…") and len(listed) <= 2000, system


@pytest.mark.rule("X-ROLL-02")
async def test_kp_setting_is_kept_per_channel_and_used_by_the_next_battle(table):
    await table.fight()
    bad = await table.say(KP, "kp setting", key="dice", value="D66")
    assert refused(bad) and "CCB、CC" in bad[0].text
    done = await table.say(KP, "kp setting", key="判定", value="cc")
    assert "⚙ 設定「判定」を CC にしました" in text(done)
    assert (await table.state()).settings["dice"] == "CC"
    await table.say(KP, "battle end", confirm="true")
    await table.say(KP, "battle new")
    assert (await table.state()).settings["dice"] == "CC"
    assert "・判定（dice） = CC（既定 CCB） ※変更済み" in (await table.say(KP, "kp setting"))[0].text
    other = await table.say(ALICE, "kp setting", key="dice", value="CCB")
    assert refused(other) and "KPだけ" in other[0].text


@pytest.mark.rule("H-GEN-01")
async def test_kp_skip_closes_an_unanswered_attack_and_passes_the_turn(table):
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    replies = await table.say(KP, "kp skip")
    assert "⚖ KP裁定［スキップ］アリスの手番を飛ばした（kp）" in text(replies)
    assert "→ KPの裁定で打ち切り" in text(replies)
    state = await table.state()
    assert (state.pending, state.turn, state.units["ゾンビ"].hp) == ([], "ボブ", 15)


async def test_the_log_of_an_ended_battle_is_still_there(table):
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(KP, "battle end", confirm="true")
    replies = await table.say(BOB, "battle log")
    assert "[手順 6] alice: /end\n    アリスの手番が終わりました。" in replies[0].file["content"]
    assert "戦闘を終了しました。" in replies[0].file["content"]


@pytest.mark.parametrize("command, options, message", [
    ("kp order", {}, "/kp order に name:（ユニット）、position:（何番目にするか・1から）を指定してください。"
                     "例: /kp order name:… position:…"),
    ("kp order", {"name": "ゾンビ"}, "/kp order に position:（何番目にするか・1から）を指定してください。"
                                    "例: /kp order name:… position:…"),
    ("kp set", {"target": "アリス"}, "/kp set に field:（項目・HP, MP, AP, DEX, 状態, 武器名.耐久力, 銃名.残弾, 銃名.故障 …）、"
                                    "value:（新しい値・状態は +転倒 / -転倒）を指定してください。例: /kp set target:… field:… value:…"),
    ("battle remove", {}, "/battle remove に name:（外す参加者）を指定してください。例: /battle remove name:…"),
])
async def test_a_keeper_command_without_its_required_options_names_them(table, command, options, message):
    await table.fight()
    before = await table.state()
    replies = await table.say(KP, command, **options)
    assert [(r.ephemeral, r.to, r.text) for r in replies] == [(True, KP, message)]
    after = await table.state()
    assert (after.order, after.turn) == (before.order, before.turn) == (["アリス", "ボブ", "ゾンビ"], "アリス")
