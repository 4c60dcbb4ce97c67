"""The SAN flow written to the sheet, per edition, one test for each branch of FoundryVTT
CoC7's SAN check (issue 32; docs/sanity.md): fumble max, a source's cap, the understanding
roll won and lost, the window (6th: the game hour) or the day (7th), SAN 0, and a loss during
a bout. Each asserts the SAN the sheet holds afterwards (and what the window counted).

6th: アリス, SAN 55, アイデア 65. 7th: エミリー, SAN 65, INT 75; a 7th 1D100 is its tens die
then its units die (10 is the digit 0), as BCDice rolls it."""
from __future__ import annotations

import pytest

from service_table import ALICE, KP, text
from rules.coc6.character import Character
from rules.coc7.character import Investigator

STATS6 = dict(str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
STATS7 = dict(edition="7", str=60, con=55, pow=65, dex=70, app=50, siz=65, int=75, edu=80, luck=55)


async def sixth(table) -> None:
    await table.say(ALICE, "char new", name="アリス", **STATS6)


async def seventh(table) -> None:
    await table.say(ALICE, "char new", name="エミリー", **STATS7)


async def sheet(table, name: str = "アリス"):
    data = (await table.store.get_character("console", name)).data
    return Investigator.from_dict(data) if data.get("edition") == "coc7" else Character.from_dict(data)


async def states(table, name: str = "アリス") -> list[str]:
    return [s.name for s in await table.store.sanity.states("console", name)]


async def kp_sets(table, key: str, value: str) -> None:
    replies = await table.say(KP, "kp setting", key=key, value=value, admin=True)
    assert "にしました" in text(replies)


# --- 6th --------------------------------------------------------------------------------------

@pytest.mark.rule("SAN-FUMBLE-01")
async def test_6th_a_fumble_rolls_its_loss_and_loses_the_most_under_the_preset(table):
    await sixth(table)
    replies = await table.say(ALICE, "check", 99, 2, skill="SAN", loss="1/1D6")
    assert "(1D100<=55) ＞ 99 ＞ 致命的失敗\n失敗：1D6 ＞ 2 の減少 → SAN 55 → 53" in text(replies)
    await kp_sets(table, "SANファンブル最大", "オン")
    replies = await table.say(ALICE, "check", 99, 80, skill="SAN", loss="1/1D6")  # no 1D6: its maximum, 6
    assert "失敗：1D6（ファンブル：最大） の減少 → SAN 53 → 47" in text(replies)
    assert "アイデア (1D100<=65) ＞ 80 ＞ 失敗" in text(replies)
    found = await sheet(table)
    assert (found.san, found.san_window["lost"]) == (47, 8)


@pytest.mark.rule("SAN-CAP-01")
async def test_6th_a_named_source_costs_at_most_its_failure_amount(table):
    await sixth(table)
    await table.say(ALICE, "check", 70, 5, 80, skill="SAN", loss="1/1D6", source="深きもの")
    assert ((await sheet(table)).san, (await sheet(table)).san_sources) == (50, {"深きもの": 5})
    replies = await table.say(ALICE, "check", 70, 4, skill="SAN", loss="1/1D6", source="深きもの")
    assert text(replies).startswith("🎲 アリス SANチェック（1/1D6・深きもの）：(1D100<=50) ＞ 70 ＞ 失敗\n"
                                    "失敗：1D6 ＞ 4 の減少 → SAN 50 → 49\n（「深きもの」から失うSANの上限に達するので1だけ減ります）")
    replies = await table.say(ALICE, "check", 70, 3, skill="SAN", loss="1/1D6", source="深きもの")
    assert "（「深きもの」からはもうSANを失いません：上限に達しています）" in text(replies)
    found = await sheet(table)
    assert (found.san, found.san_sources) == (49, {"深きもの": 6})


@pytest.mark.rule("SAN-TEMP-01", "SAN-TIME-01")
async def test_6th_a_won_idea_roll_is_temporary_insanity_with_its_timer(table):
    await sixth(table)
    replies = await table.say(ALICE, "check", 80, 6, 30, 3, skill="SAN", loss="1/1D6")  # 1D10+4 = 3 + 4
    assert "アイデア (1D100<=65) ＞ 30 ＞ 成功 → 成功：何を見たのか理解してしまい、一時的狂気に陥る" in text(replies)
    assert text(replies).endswith("🌀 アリスは一時的狂気に陥った（1D10+4 ＞ 7ラウンド）")
    assert ((await sheet(table)).san, await states(table)) == (49, ["一時的狂気"])
    shown = await table.say(ALICE, "char show")
    assert shown[0].text.endswith("状態: 🌀一時的狂気（残り7ラウンド）")


@pytest.mark.rule("SAN-TEMP-01")
async def test_6th_a_lost_idea_roll_starts_nothing(table):
    await sixth(table)
    replies = await table.say(ALICE, "check", 80, 5, 70, skill="SAN", loss="1/1D6")
    assert "アイデア (1D100<=65) ＞ 70 ＞ 失敗 → 失敗：理解が及ばず、一時的狂気は免れる" in text(replies)
    assert ((await sheet(table)).san, await states(table)) == (50, [])


@pytest.mark.rule("SAN-INDEF-01")
async def test_6th_a_fifth_within_the_game_hour_is_indefinite_and_the_kps_hour_closes_the_window(table):
    await sixth(table)
    for roll in (4, 4):
        await table.say(ALICE, "check", 80, roll, skill="SAN", loss="1/1D6")
    replies = await table.say(ALICE, "check", 80, 3, skill="SAN", loss="1/1D6")  # 4 + 4 + 3 = 11 = ⌊55/5⌋
    assert ("⚠ この1時間（ゲーム内）の減少が計11で、不定の狂気のしきい値11（この1時間（ゲーム内）の初めのSAN 55 の1/5）"
            "に達した：不定の狂気に陥る\n🌀 アリスは不定の狂気に陥った") in text(replies)
    assert ((await sheet(table)).san, await states(table)) == (44, ["不定の狂気"])
    table.clock.advance(120)  # real time is not game time
    replies = await table.say(ALICE, "check", 80, 1, skill="SAN", loss="1/1D6")
    assert "計12／しきい値11" in text(replies)
    await table.say(KP, "san time", hours=1, admin=True)
    replies = await table.say(ALICE, "check", 80, 1, skill="SAN", loss="1/1D6")
    assert "不定の狂気：この1時間（ゲーム内）の減少 計1／しきい値8（初めのSAN 43 の1/5。" in text(replies)
    found = await sheet(table)
    assert (found.san, found.san_window["san"], found.san_window["lost"]) == (42, 43, 1)


@pytest.mark.rule("SAN-INDEF-01")
async def test_6th_the_window_can_be_the_session(table):
    await sixth(table)
    await kp_sets(table, "不定の狂気の期間", "セッション")
    await table.say(KP, "session start", admin=True)
    await table.say(ALICE, "check", 80, 4, skill="SAN", loss="1/1D6")
    await table.say(KP, "san time", hours=5, admin=True)  # game hours do not close a session's window
    replies = await table.say(ALICE, "check", 80, 4, skill="SAN", loss="1/1D6")
    assert "不定の狂気：このセッションの減少 計8／しきい値11" in text(replies)
    await table.say(KP, "session end", admin=True)
    await table.say(KP, "session start", admin=True)
    replies = await table.say(ALICE, "check", 80, 1, skill="SAN", loss="1/1D6")
    assert "不定の狂気：このセッションの減少 計1／しきい値9" in text(replies)


@pytest.mark.rule("SAN-ZERO-01")
async def test_6th_san_zero_is_permanent_insanity_without_an_idea_roll(table):
    await sixth(table)
    await table.say(ALICE, "char set", name="アリス", key="SAN", value="3")
    replies = await table.say(ALICE, "check", 80, 5, skill="SAN", loss="1/1D6")  # no アイデア die fed
    assert "失敗：1D6 ＞ 5 の減少 → SAN 3 → 0" in text(replies) and "SANが0になった：永久的狂気" in text(replies)
    assert "アイデア" not in text(replies)
    assert ((await sheet(table)).san, await states(table)) == (0, ["永久的狂気"])


@pytest.mark.rule("SAN-BOUT-01")
async def test_6th_temporary_insanity_keeps_no_san_only_under_the_preset(table):
    await sixth(table)
    await table.say(ALICE, "check", 80, 6, 30, 3, skill="SAN", loss="1/1D6")
    await table.say(ALICE, "check", 80, 2, skill="SAN", loss="1/1D6")  # the rulebook: losses go on
    assert (await sheet(table)).san == 47
    await kp_sets(table, "発作中SAN減少なし", "on")
    replies = await table.say(ALICE, "check", 80, 2, skill="SAN", loss="1/1D6")
    assert "失敗：1D6 ＞ 2 の減少 → SAN 47 → 47\n（一時的狂気の最中なので、これ以上SANは減りません）" in text(replies)
    assert (await sheet(table)).san == 47


# --- 7th --------------------------------------------------------------------------------------

@pytest.mark.rule("SAN-FUMBLE-01")
async def test_7th_a_fumble_loses_the_most(table):
    await seventh(table)
    replies = await table.say(ALICE, "check", 10, 10, 8, 1, skill="SAN", loss="1/1D6")  # 100: fumble; INT 81 fails
    assert "＞ 100 ＞ ファンブル\n失敗：1D6（ファンブル：最大） の減少 → SAN 65 → 59" in text(replies)
    assert ((await sheet(table, "エミリー")).san, await states(table, "エミリー")) == (59, [])


@pytest.mark.rule("SAN-CAP-01")
async def test_7th_a_creature_costs_at_most_its_failure_amount(table):
    await seventh(table)
    await table.say(ALICE, "check", 7, 1, 5, 8, 1, skill="SAN", loss="1/1D6", source="深きもの")
    replies = await table.say(ALICE, "check", 7, 1, 4, skill="SAN", loss="1/1D6", source="深きもの")
    assert "（「深きもの」から失うSANの上限に達するので1だけ減ります）" in text(replies)
    found = await sheet(table, "エミリー")
    assert (found.san, found.san_sources) == (59, {"深きもの": 6})


@pytest.mark.rule("SAN-TEMP-01", "TBL-03")
async def test_7th_a_won_int_roll_is_temporary_insanity_and_a_bout_with_bmr(table):
    await table.say(KP, "kp setting", key="版", value="7", admin=True)
    await seventh(table)
    replies = await table.say(ALICE, "check", 7, 1, 5, 3, 3, 4, 2, 6, skill="SAN", loss="1/1D6")
    assert text(replies).endswith(
        "🌀 エミリーは一時的狂気に陥った（1D10 ＞ 4時間）\n🌀 エミリーは狂気の発作に陥った（1D10 ＞ 6ラウンド）\n"
        "📋 狂気の発作（リアルタイム）(2) ＞ 身体症状症：探索者は1D10ラウンドの間、狂気によって視覚や聴覚に異常が生じたり、"
        "四肢の1つまたは複数が動かなくなる。(1D10＞6ラウンド)")
    assert ((await sheet(table, "エミリー")).san, await states(table, "エミリー")) == (60, ["一時的狂気", "狂気の発作"])


@pytest.mark.rule("SAN-TEMP-01")
async def test_7th_a_lost_int_roll_starts_nothing(table):
    await seventh(table)
    replies = await table.say(ALICE, "check", 7, 1, 5, 8, 1, skill="SAN", loss="1/1D6")
    assert "失敗：理解が及ばず、一時的狂気は免れる（記憶を抑圧する）" in text(replies)
    assert ((await sheet(table, "エミリー")).san, await states(table, "エミリー")) == (60, [])


@pytest.mark.rule("SAN-INDEF-01")
async def test_7th_a_fifth_of_the_days_san_is_indefinite_insanity_and_a_new_day_opens_a_new_window(table):
    await seventh(table)
    await table.say(ALICE, "check", 7, 1, 6, 8, 1, skill="SAN", loss="1/1D6")
    await table.say(ALICE, "check", 7, 1, 6, 8, 1, skill="SAN", loss="1/1D6")
    replies = await table.say(ALICE, "check", 7, 1, 1, 3, 5, skill="SAN", loss="1/1D6")  # 6+6+1 = 13; BMR 3, 5 rounds
    assert "⚠ 今日の減少が計13で、不定の狂気のしきい値13" in text(replies) and "INT" not in text(replies)
    assert "🌀 エミリーは不定の狂気に陥った\n🌀 エミリーは狂気の発作に陥った（1D10 ＞ 5ラウンド）\n📋 狂気の発作（リアルタイム）(3) ＞ 暴力衝動" in text(replies)
    assert ((await sheet(table, "エミリー")).san, await states(table, "エミリー")) == (52, ["不定の狂気", "狂気の発作"])
    ended = await table.say(KP, "san time", rounds=5, admin=True)
    assert text(ended) == ("⏱ ゲーム内で5ラウンドが経過しました（このチャンネルの経過: 0分・5ラウンド）。\n"
                           "🌀 エミリーの狂気の発作が終わりました（時間切れ）。")
    table.clock.advance(24 * 60)
    replies = await table.say(ALICE, "check", 7, 1, 1, 2, 2, skill="SAN", loss="1/1D6")  # already insane: a bout (BMR 2, 2)
    assert "不定の狂気：今日の減少 計1／しきい値10（初めのSAN 52 の1/5。" in text(replies)
    assert "すでに不定の狂気にあるので、SANを失って狂気の発作が起きる\n🌀 エミリーは狂気の発作に陥った（1D10 ＞ 2ラウンド）" in text(replies)


@pytest.mark.rule("SAN-ZERO-01")
async def test_7th_san_zero_is_permanent(table):
    await seventh(table)
    await table.say(ALICE, "char set", name="エミリー", key="SAN", value="3")
    replies = await table.say(ALICE, "check", 7, 1, 5, skill="SAN", loss="1/1D6")
    assert "SAN 3 → 0" in text(replies) and "SANが0になった：永久的狂気" in text(replies) and "INT" not in text(replies)
    assert ((await sheet(table, "エミリー")).san, await states(table, "エミリー")) == (0, ["永久的狂気"])


@pytest.mark.rule("SAN-BOUT-01")
async def test_7th_no_san_is_lost_during_a_bout(table):
    await seventh(table)
    await table.say(ALICE, "check", 7, 1, 5, 3, 3, 4, 2, 6, skill="SAN", loss="1/1D6")
    replies = await table.say(ALICE, "check", 7, 1, 3, skill="SAN", loss="1/1D6")
    assert "失敗：1D6 ＞ 3 の減少 → SAN 60 → 60\n（狂気の発作の最中なので、これ以上SANは減りません）" in text(replies)
    assert (await sheet(table, "エミリー")).san == 60
    await table.say(KP, "san time", rounds=6, admin=True)  # the bout is over: losses count again
    await table.say(ALICE, "check", 7, 1, 3, skill="SAN", loss="1/1D6")
    assert (await sheet(table, "エミリー")).san == 57


@pytest.mark.rule("SAN-BONUS-01")
async def test_7th_a_san_roll_keeps_its_bonus_die(table):
    await seventh(table)
    replies = await table.say(ALICE, "check", 7, 2, 5, skill="SAN", loss="1/1D6", bonus="1")  # 75 or 25: 25
    assert text(replies).startswith("🎲 エミリー 正気度ロール（1/1D6）：(1D100<=65) ボーナス・ペナルティダイス[1] ＞ 75, 25 ＞ 25 ＞ ハード成功\n"
                                    "成功：1 の減少 → SAN 65 → 64")
