"""``/char new`` gives the full CoC 6 sheet, and ``/check`` rolls any of it outside a battle
and the SAN check with its loss (issue 10)."""
from __future__ import annotations

import pytest

from service_table import ALICE, KP, text
from rules.coc6.character import Character

STATS = dict(str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)


async def sheet(table, name="アリス") -> Character:
    record = await table.store.get_character("console", name)
    return Character.from_dict(record.data)


async def test_a_new_character_has_every_rulebook_skill_at_its_base(table):
    replies = await table.say(ALICE, "char new", name="アリス", **STATS)
    shown = text(replies)
    for cell in ("目星 25", "聞き耳 25", "図書館 25", "アイデア 65", "幸運 55", "知識 75", "SAN 55",
                 "回避 28", "母国語 75", "応急手当 30", "クトゥルフ神話 0", "運転（） 20", "歴史 20"):
        assert cell in shown, cell
    character = await sheet(table)
    assert (character.skill("目星"), character.skill("運転（自動車）"), character.skill("アイデア")) == (25, 20, 65)


@pytest.mark.parametrize("stat,value", [("str", 0), ("siz", -2), ("edu", 1000)])
async def test_a_characteristic_outside_1_to_999_is_refused_and_nothing_saved(table, stat, value):
    replies = await table.say(ALICE, "char new", name="アリス", **{**STATS, stat: value})
    assert [(r.ephemeral, r.to, r.text) for r in replies] == [
        (True, ALICE, f"{stat.upper()} には1から999の整数を指定してください（「{value}」は範囲外です）。")]
    assert await table.store.get_character("console", "アリス") is None


async def test_check_outside_a_battle_rolls_on_the_only_character(table):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    replies = await table.say(ALICE, "check", 20, skill="目星")
    assert [r.text for r in replies] == ["🎲 アリス 目星（25%）：(1D100<=25) ＞ 20 ＞ 成功\n📈 アリス〈目星〉に成長の印"]
    assert not replies[0].ephemeral
    replies = await table.say(ALICE, "check", 70, skill="アイデア", modifier="-10")
    assert [r.text for r in replies] == ["🎲 アリス アイデア（65-10 ＝ 55%）：(1D100<=55) ＞ 70 ＞ 失敗"]


async def test_with_several_characters_the_check_names_one(table):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    await table.say(ALICE, "char new", name="アリス2", **{**STATS, "int": 16})
    replies = await table.say(ALICE, "check", skill="アイデア")
    assert replies[0].ephemeral and "character:" in replies[0].text and "アリス2" in replies[0].text
    replies = await table.say(ALICE, "check", 50, skill="アイデア", character="アリス2")
    assert [r.text for r in replies] == ["🎲 アリス2 アイデア（80%）：(1D100<=80) ＞ 50 ＞ 成功"]
    replies = await table.say(ALICE, "check", 2, skill="操縦（ヘリコプター）", character="アリス")
    assert [r.text for r in replies] == ["🎲 アリス 操縦（ヘリコプター）（1%）：(1D100<=1) ＞ 2 ＞ 失敗"]


async def test_an_unknown_skill_is_refused_by_name(table):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    replies = await table.say(ALICE, "check", skill="ハッキング")
    assert replies[0].ephemeral and "「ハッキング」" in replies[0].text


@pytest.mark.rule("H-GEN-02", "SAN-TEMP-01", "SAN-INDEF-01", "SAN-TIME-01")
async def test_a_san_check_applies_the_loss_and_announces_the_madness_thresholds(table):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    replies = await table.say(ALICE, "check", 80, 6, 30, 3, skill="SAN", loss="1/1D6")  # 1D10+4 rounds: 3 + 4
    assert text(replies) == (
        "🎲 アリス SANチェック（1/1D6）：(1D100<=55) ＞ 80 ＞ 失敗\n"
        "失敗：1D6 ＞ 6 の減少 → SAN 55 → 49\n"
        "一度に6減ったので一時的狂気の判定（5以上）：アイデア (1D100<=65) ＞ 30 ＞ 成功 → "
        "成功：何を見たのか理解してしまい、一時的狂気に陥る\n"
        "不定の狂気：この1時間（ゲーム内）の減少 計6／しきい値11（初めのSAN 55 の1/5。達すると不定の狂気）\n"
        "🌀 アリスは一時的狂気に陥った（1D10+4 ＞ 7ラウンド）")
    assert (await sheet(table)).san == 49
    table.clock.advance(90)  # real time passes; the game hour is the KP's clock
    await table.say(KP, "san time", minutes=30, admin=True)
    replies = await table.say(ALICE, "check", 10, skill="SAN", loss="1/1D6")
    assert "SAN 49 → 48" in text(replies) and "計7／しきい値11" in text(replies)
    replies = await table.say(ALICE, "check", 90, 3, 3, 80, skill="SAN", loss="0/2D4")
    assert "アイデア (1D100<=65) ＞ 80 ＞ 失敗 → 失敗：理解が及ばず、一時的狂気は免れる" in text(replies)
    assert "⚠ この1時間（ゲーム内）の減少が計13で、不定の狂気のしきい値11" in text(replies)
    assert "🌀 アリスは不定の狂気に陥った" in text(replies)
    assert (await sheet(table)).san == 42
    await table.say(KP, "san time", minutes=31, admin=True)  # the hour is over: a new one starts at SAN 42 (threshold 8)
    replies = await table.say(ALICE, "check", 10, skill="SAN", loss="1/1D6")
    assert "計1／しきい値8" in text(replies)


async def test_a_san_loss_must_read_success_slash_failure(table):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    replies = await table.say(ALICE, "check", skill="SAN", loss="1D6")
    assert replies[0].ephemeral and "loss:1/1D6" in replies[0].text
    assert (await sheet(table)).san == 55


async def test_in_a_battle_a_unit_checks_in_the_battle_and_others_on_their_sheet(table):
    await table.fight()
    replies = await table.say(ALICE, "check", 20, skill="目星")
    assert "アリス 目星：(1D100<=25) ＞ 20 ＞ 成功" in text(replies)  # the battle's step (its log)
    await table.say("eve", "char new", name="イブ", **STATS)
    replies = await table.say("eve", "check", 20, skill="聞き耳")
    assert [r.text for r in replies] == ["🎲 イブ 聞き耳（25%）：(1D100<=25) ＞ 20 ＞ 成功\n📈 イブ〈聞き耳〉に成長の印"]


@pytest.mark.rule("H-GEN-02")
@pytest.mark.parametrize("loss, half, expr, why", [
    ("1/1D0", "失敗時", "1D0", "ダイスの面数は1以上にしてください（0面）"),
    ("1D0/1D6", "成功時", "1D0", "ダイスの面数は1以上にしてください（0面）"),
    ("1/1D100000", "失敗時", "1D100000", "ダイスの面数は10000面までです（100000面）"),
    ("0/1000D6", "失敗時", "1000D6", "ダイスは一度に200個までです（1000個）"),
])
async def test_a_loss_that_cannot_be_rolled_is_refused_before_the_check_is_rolled(table, loss, half, expr, why):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    replies = await table.say(ALICE, "check", skill="SAN", loss=loss)  # no face fed: any roll would raise
    assert [(r.ephemeral, r.to, r.text) for r in replies] == [(True, ALICE, (
        f"SANの減少値「{loss}」の{half}「{expr}」は振れません: {why}。"
        "何も振っていません。直して送り直してください（例: 1/1D6、0/1D3）。"))]
    character = await sheet(table)
    assert (character.san, character.san_window) == (55, None)


async def test_a_loss_that_cannot_be_rolled_typed_in_chat_rolls_nothing(table):
    await table.say(ALICE, "char new", name="アリス", **STATS)
    replies = await table.say(ALICE, "chat", text="SANチェック 1/1D0")
    assert [(r.ephemeral, r.text) for r in replies] == [(True, (
        "SANの減少値「1/1D0」の失敗時「1D0」は振れません: ダイスの面数は1以上にしてください（0面）。"
        "何も振っていません。直して送り直してください（例: 1/1D6、0/1D3）。"))]
    assert (await sheet(table)).san == 55
    replies = await table.say(ALICE, "chat", 30, text="SANチェック 1/1D3")
    assert text(replies).startswith("🎲 アリス SANチェック（1/1D3）：(1D100<=55) ＞ 30 ＞ 成功\n成功：1 の減少 → SAN 55 → 54")


async def test_in_a_battle_a_sheet_shows_the_units_hp_now_and_the_saved_san(table):
    await table.fight()
    await table.say(ALICE, "check", 80, 2, skill="SAN", loss="1/1D3")  # on the saved sheet: SAN 55 → 53
    await table.say(KP, "kp set", target="アリス", field="HP", value="9")
    kp_view = text(await table.say(KP, "char show", name="アリス"))
    assert kp_view.startswith("【アリス】（戦闘中のシート・KP用）\n戦闘中: HP 9/13\n")
    assert "HP 13/13 / MP 11/11 / SAN 53/99 /" in kp_view  # the sheet's SAN, not the 55 it joined with
    own = text(await table.say(ALICE, "char show"))
    assert "SAN 53" in own and own.endswith("\n（この戦闘のアリス: HP 9/13）")
    every = text(await table.say(KP, "char show"))
    assert "【アリス】\n戦闘中: HP 9/13\n" in every and "【ゾンビ】\n戦闘中: HP 15/15\n" in every
    # a sheet that is no unit of the battle is shown as it is
    await table.say(ALICE, "char new", name="カレン", str=10, con=10, pow=10, dex=10, app=10, siz=10, int=10, edu=10)
    other = text(await table.say(ALICE, "char show", name="カレン"))
    assert "この戦闘" not in other and "戦闘中" not in other
