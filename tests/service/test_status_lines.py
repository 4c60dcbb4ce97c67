"""Status changes typed as ココフォリア types them (issue 32; issue 29's 「KPがPCを直す」;
docs/sanity.md STAT-*): the player's own sheet, the KP's for anyone, bounds kept, dice shown,
a PC in a battle changed through the battle's ``/kp set``, states as badges, and a doubled
line changing once."""
from __future__ import annotations

import pytest

from bot.service import Request
from service_table import ALICE, BOB, KP, text
from rules.coc6.character import Character
from rules.coc7.character import Investigator

STATS6 = dict(str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)


async def sheet(table, name: str = "アリス"):
    data = (await table.store.get_character("console", name)).data
    return (Investigator if data.get("edition") == "coc7" else Character).from_dict(data)


async def line(table, who: str, said: str, *rolls: int, message: str | None = None):
    table.dice.feed(*rolls)
    return await table.service.handle(Request(channel=table.channel, user=who, name=who, command="chat",
                                              options={"text": said}, request_id=message, is_admin=who == KP))


@pytest.fixture
async def alice(table):
    await table.say(ALICE, "char new", name="アリス", **STATS6)
    return table


@pytest.mark.rule("STAT-01", "STAT-02")
@pytest.mark.parametrize("said, rolls, shown, hp", [
    (":HP-3", (), "🧾 アリス HP 13 → 10（aliceの「:HP-3」）", 10),
    ("：ＨＰ－３ 噛まれた", (), "🧾 アリス HP 13 → 10（aliceの「：ＨＰ－３ 噛まれた」）", 10),
    (":HP-1D3", (2,), "🧾 アリス HP 13 → 11（1D3 ＞ 2、aliceの「:HP-1D3」）", 11),
    (":HP=10", (), "🧾 アリス HP 13 → 10（aliceの「:HP=10」）", 10),
    (":HP+5", (), "🧾 アリス HP 13 → 13（aliceの「:HP+5」）（最大値13を超えないので13にしました。最大値を変えるなら /char set key:最大HP）", 13),
    (":HP-200", (), "🧾 アリス HP 13 → -99（aliceの「:HP-200」）（-99より下にはならないので-99にしました）"
                    "\nアリスは死亡した（耐久力0以下、X-HP-02）。", -99),
    (".st hp-1", (), "🧾 アリス HP 13 → 12（aliceの「.st hp-1」）", 12),
])
async def test_a_players_status_line_changes_their_own_sheet_within_its_bounds(alice, said, rolls, shown, hp):
    replies = await line(alice, ALICE, said, *rolls)
    assert [(r.ephemeral, r.text) for r in replies] == [(False, shown)]
    assert (await sheet(alice)).hp == hp


@pytest.mark.rule("STAT-01")
async def test_mp_luck_and_san_up_are_edits(alice):
    await line(alice, ALICE, ":MP-4")
    replies = await line(alice, ALICE, ":SAN+3")  # above the start, not above 99 − 〈クトゥルフ神話〉
    found = await sheet(alice)
    assert (found.mp, found.san) == (7, 58)
    assert text(replies) == "🧾 アリス SAN 55 → 58（aliceの「:SAN+3」）"


@pytest.mark.rule("X-SHEET-02")
async def test_a_6th_sheets_luck_is_pow_times_5_and_a_status_line_does_not_make_it_a_skill(alice):
    refused = await line(alice, ALICE, ":幸運-5")
    assert [(r.ephemeral, r.text) for r in refused] == [(True, (
        "幸運は技能ではありません（X-SHEET-02）。6版の幸運はPOW×5で決まります（アリスはPOW 11×5＝55）。"
        "変えるなら /char set name:アリス key:POW value:… でPOWを設定してください。"
        "（6版のシートには減らせる幸運の値はありません。7版の探索者の幸運は :幸運-5 で減ります）"))]
    found = await sheet(alice)
    assert "幸運" not in found.skills and found.skill("幸運") == 55
    shown = await alice.say(ALICE, "char show")
    assert "幸運 50" not in shown[0].text and "幸運 55%" not in shown[0].text


@pytest.mark.rule("STAT-03")
async def test_the_kp_changes_anyones_sheet_and_a_player_only_their_own(alice):
    replies = await line(alice, KP, ":アリス:HP-3")
    assert text(replies) == "🧾 アリス HP 13 → 10（kpの「:アリス:HP-3」）"
    await alice.say(BOB, "char new", name="ボブ", **STATS6)
    refused = await line(alice, BOB, ":アリス:HP-1")
    assert [(r.ephemeral, r.text) for r in refused] == [
        (True, "「アリス」は他のユーザーのキャラクターです。ほかの人のキャラクターの値を変えられるのはKPだけです。")]
    assert (await sheet(alice)).hp == 10


@pytest.mark.rule("STAT-02", "7-HP-05")
async def test_a_7th_sheet_keeps_its_current_hp_and_luck(table):
    await table.say(ALICE, "char new", name="エミリー", edition="7", str=60, con=55, pow=65, dex=70, app=50, siz=65,
                    int=75, edu=80, luck=55)
    hurt = await line(table, ALICE, ":HP-20")
    assert text(hurt) == "🧾 エミリー HP 12 → 0（aliceの「:HP-20」）（0より下にはならないので0にしました）\nエミリーは気絶した（HP0、7-HP-05）。"
    await line(table, ALICE, ":幸運-5")
    found = await sheet(table, "エミリー")
    assert (found.hp, found.hp_max, found.luck) == (0, 12, 50)
    shown = await table.say(ALICE, "char show")
    assert "HP 0/12　MP 13/13　SAN 65/99　幸運 50" in shown[0].text


async def test_a_doubled_status_line_changes_the_sheet_once(alice):
    await line(alice, ALICE, ":HP-3", message="m1")
    assert await line(alice, ALICE, ":HP-3", message="m1") == []
    assert (await sheet(alice)).hp == 10


async def test_talk_that_looks_like_a_status_line_stays_talk(alice):
    for said in (":smile:", ":HP-x", ":こんにちは", "HP-3"):
        assert await line(alice, ALICE, said) == []
    assert (await sheet(alice)).hp == 13


@pytest.mark.rule("STAT-04", "X-HP-02")
async def test_in_a_battle_the_kps_line_is_the_battles_kp_set_and_the_player_is_told_why_not(table):
    await table.fight()
    replies = await line(table, KP, ":アリス:HP-1D6", 5, message="m1")
    assert text(replies) == "🎲 kp: 1D6 ＞ 5\n⚖ KP裁定［設定］アリスのHPを8に（kp）\nアリス HP 13 → 8"
    assert (await table.state()).units["アリス"].hp == 8
    assert (await sheet(table)).hp == 13  # the battle's end writes it back (シート反映)
    refused = await line(table, ALICE, ":HP-1", message="m2")
    assert [(r.ephemeral, r.text) for r in refused] == [(True, (
        "戦闘中のアリスのHP・状態は戦闘が管理しています（ダメージは戦闘で反映済みです）。"
        "変える必要があれば、KPが「:アリス:HP-3」のように書きます。"))]
    assert (await table.state()).units["アリス"].hp == 8
    low = await line(table, KP, ":アリス:HP-7", message="m3")  # the battle's rule: 2 or less is 気絶 (X-HP-02)
    assert "アリス HP 8 → 1" in text(low) and "気絶" in text(low)
    san = await line(table, ALICE, ":SAN+1", message="m4")  # SAN is the sheet's, in battle too
    assert text(san) == "🧾 アリス SAN 55 → 56（aliceの「:SAN+1」）"


@pytest.mark.rule("SAN-TIME-01")
async def test_a_state_typed_by_the_kp_is_a_badge_until_it_is_ended(alice):
    replies = await line(alice, KP, ":アリス:状態+気絶")
    assert text(replies) == "🌀 アリスは気絶になりました（KPが終えるまで）（kp）。"
    shown = await alice.say(ALICE, "char show")
    assert shown[0].text.endswith("状態: ⚠気絶")
    ended = await line(alice, KP, ":アリス:状態-気絶")
    assert text(ended) == "🌀 アリスの気絶を終えました（kp）。"
    assert not (await alice.say(ALICE, "char show"))[0].text.endswith("状態: ⚠気絶")


async def test_a_session_keeps_the_change_for_its_summary(alice):
    await alice.say(KP, "session start", admin=True)
    await line(alice, ALICE, ":HP-3")
    await line(alice, ALICE, ":SAN-2")
    summary = await alice.say(KP, "session end", admin=True)
    assert "SAN 55→53（−2）／HP 13→10（−3）" in text(summary)


@pytest.mark.rule("STAT-04")
async def test_the_kps_damage_to_a_hidden_npc_is_rolled_for_the_kp_only(table):
    await table.fight(hidden=True)
    replies = await line(table, KP, ":ゾンビ:HP-1D6", 4, message="m1")
    assert replies[0].ephemeral and replies[0].to == KP and replies[0].text == "🎲 kp: 1D6 ＞ 4"
    assert (await table.state()).units["ゾンビ"].hp == 11


@pytest.mark.rule("SAN-ZERO-01", "STAT-01")
async def test_san_set_to_0_by_a_status_line_is_permanent_insanity_as_a_loss_to_0_is(alice):
    replies = await line(alice, ALICE, ":SAN=0")
    assert [(r.ephemeral, r.text) for r in replies] == [(False, (
        "🧾 アリス SAN 55 → 0（aliceの「:SAN=0」）\nSANが0になった：永久的狂気\n🌀 アリスは永久的狂気に陥った"))]
    assert (await sheet(alice)).san == 0
    shown = await alice.say(ALICE, "char show")
    assert "永久的狂気" in shown[0].text.splitlines()[-1]
    again = await line(alice, ALICE, ":SAN=0")  # already there: no second state
    assert text(again) == "🧾 アリス SAN 0 → 0（aliceの「:SAN=0」）"
    assert [s.name for s in await alice.store.sanity.states("console", "アリス")] == ["永久的狂気"]


@pytest.mark.rule("SAN-ZERO-01")
async def test_san_set_to_0_by_char_set_is_permanent_insanity(alice):
    replies = await alice.say(ALICE, "char set", name="アリス", key="SAN", value="0")
    assert [(r.ephemeral, r.text) for r in replies] == [
        (True, "アリス: SAN = 0/99 に設定しました。"),
        (False, "SANが0になった：永久的狂気\n🌀 アリスは永久的狂気に陥った")]
    assert [s.name for s in await alice.store.sanity.states("console", "アリス")] == ["永久的狂気"]
    other = await alice.say(ALICE, "char set", name="アリス", key="POW", value="12")
    assert len(other) == 1


@pytest.mark.rule("X-HP-02", "STAT-01")
@pytest.mark.parametrize("lines, shown", [
    ((":HP-100",), "🧾 アリス HP 13 → -87（aliceの「:HP-100」）\nアリスは死亡した（耐久力0以下、X-HP-02）。"),
    ((":HP-11",), "🧾 アリス HP 13 → 2（aliceの「:HP-11」）\nアリスは気絶した（耐久力2以下、X-HP-02）。"),
    ((":HP-11", ":HP-1"), "🧾 アリス HP 2 → 1（aliceの「:HP-1」）"),  # still unconscious: said once
    ((":HP-11", ":HP-2"), "🧾 アリス HP 2 → 0（aliceの「:HP-2」）\nアリスは死亡した（耐久力0以下、X-HP-02）。"),
    ((":HP-10",), "🧾 アリス HP 13 → 3（aliceの「:HP-10」）"),
])
async def test_a_6th_sheets_hp_line_says_unconscious_or_dead_as_a_battle_does(alice, lines, shown):
    for said in lines:
        replies = await line(alice, ALICE, said)
    assert [(r.ephemeral, r.text) for r in replies] == [(False, shown)]


@pytest.mark.rule("7-HP-06")
async def test_a_7th_sheet_with_a_major_wound_from_a_battle_is_dying_at_hp_0(table):
    await table.say(ALICE, "char new", name="エミリー", edition="7", str=60, con=55, pow=65, dex=70, app=50, siz=65,
                    int=75, edu=80, luck=55)
    data = (await table.store.get_character("console", "エミリー")).data
    await table.store.put_character("console", ALICE, "エミリー", {**data, "hp_now": 3, "wounds": ["重傷"]})
    replies = await line(table, KP, ":エミリー:HP-3")
    assert text(replies) == "🧾 エミリー HP 3 → 0（kpの「:エミリー:HP-3」）\nエミリーは瀕死状態になった（重傷でHP0、7-HP-06）。応急手当が要ります。"
    assert (await sheet(table, "エミリー")).wounds == ("重傷", "瀕死")
