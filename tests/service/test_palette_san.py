"""A palette SAN roll and its loss given after it (issue 32, SAN-PEND-01): the player's next
loss roll (``1d3``), the KP's buttons and ``:SAN-1D3`` each change SAN exactly once, and a
replayed or doubled line (the same message id) or a second press changes nothing more."""
from __future__ import annotations

import pytest

from bot.service import Request
from service_table import ALICE, BOB, KP, text
from rules.coc6.character import Character
from rules.coc7.character import Investigator

STATS6 = dict(str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)


async def san(table, name: str = "アリス") -> int:
    data = (await table.store.get_character("console", name)).data
    return (Investigator if data.get("edition") == "coc7" else Character).from_dict(data).san


async def line(table, who: str, said: str, *rolls: int, message: str | None = None):
    """``who`` writes ``said`` in chat as the message ``message`` (its id, as Discord gives one)."""
    table.dice.feed(*rolls)
    return await table.service.handle(Request(channel=table.channel, user=who, name=who, command="chat",
                                              options={"text": said}, request_id=message))


@pytest.fixture
async def alice(table):
    await table.say(ALICE, "char new", name="アリス", **STATS6)
    await table.say(KP, "session start", admin=True)  # the channel's KP: the one the buttons go to
    return table


@pytest.mark.rule("SAN-PEND-01")
async def test_the_players_next_loss_roll_is_the_loss_once(alice):
    table = alice
    rolled = await line(table, ALICE, "CCB<={SAN} 【正気度ロール】", 80, message="m1")
    assert rolled[0].text == "alice　【正気度ロール】\n(1D100<=55) ＞ 80 ＞ 失敗"
    assert rolled[1].text == ("（アリスの正気度ロール：失敗。減少値はKPがボタンで選ぶか、続けて減少のダイス（1d3 など）を振るか、"
                              ":SAN-1D3 と書いてください）")
    assert rolled[2].to == KP and [b.label for b in rolled[2].buttons][:5] == ["0/1", "0/1D3", "0/1D6", "1/1D4", "1/1D6"]
    loss = await line(table, ALICE, "1d3", 2, message="m2")
    assert text(loss) == ("alice\n(1D3) ＞ 2\n🎲 アリス SANチェック：(1D100<=55) ＞ 80 ＞ 失敗\n"
                          "失敗：1D3 ＞ 2 の減少 → SAN 55 → 53\n"
                          "不定の狂気：この1時間（ゲーム内）の減少 計2／しきい値11（初めのSAN 55 の1/5。達すると不定の狂気）")
    assert await san(table) == 53
    again = await line(table, ALICE, "1d3", message="m2")  # the same message again (a RESUME): nothing rolls
    assert again == [] and await san(table) == 53
    after = await line(table, ALICE, "1d3", 3, message="m3")  # a new roll with nothing waiting: a plain roll, said unused
    assert text(after) == ("alice\n(1D3) ＞ 3\n（アリスの正気度ロールの減少はもう入っています（SAN 53/99）。"
                           "この出目はSANには使いません）") and await san(table) == 53


@pytest.mark.rule("SAN-PEND-01")
async def test_the_kps_button_takes_the_side_the_roll_read_once(alice):
    table = alice
    rolled = await line(table, ALICE, "CCB<=55 【SANチェック】", 30, message="m1")
    buttons = {b.label: b for b in rolled[-1].buttons}
    assert "成功なので成功時（/の左）の値が減ります" in rolled[-1].text
    pressed = await table.press(KP, "1/1D6", rolled)
    assert text(pressed).startswith("🎲 アリス SANチェック（1/1D6）：(1D100<=55) ＞ 30 ＞ 成功\n成功：1 の減少 → SAN 55 → 54")
    assert await san(table) == 54
    twice = await table.press(KP, "1/1D6", rolled)
    assert [(r.ephemeral, r.text) for r in twice] == [(True, "この正気度ロールの減少はもう入力されています（二度は減りません）。")]
    late = await line(table, ALICE, ":SAN-1D3", 2, message="m2")  # nothing waits any more: a loss of its own
    assert "SANの減少" in text(late) and await san(table) == 52
    assert buttons["その他"].style == "primary"


async def test_only_the_kp_presses_the_loss_buttons_and_other_asks_for_the_command(alice):
    table = alice
    rolled = await line(table, ALICE, "CCB<=55 【正気度ロール】", 80, message="m1")
    refused = await table.press(ALICE, "1/1D6", rolled)
    assert text(refused) == "減少値のボタンはKPが押します。" and await san(table) == 55
    other = await table.press(KP, "その他", rolled)
    assert other[0].ephemeral and "/san loss value:1/1D8 character:アリス" in other[0].text
    done = await table.say(KP, "san loss", 5, 70, value="1D4/1D8", source="深きもの")
    assert "失敗：1D8 ＞ 5 の減少 → SAN 55 → 50" in text(done) and await san(table) == 50


@pytest.mark.rule("SAN-PEND-01", "STAT-01")
async def test_a_status_line_answers_the_waiting_roll_once_even_doubled(alice):
    table = alice
    await line(table, ALICE, "CCB<=55 【正気度ロール】", 80, message="m1")
    first = await line(table, ALICE, ":SAN-1D3", 2, message="m2")
    assert "🎲 アリス SANチェック：(1D100<=55) ＞ 80 ＞ 失敗\n失敗：1D3 ＞ 2 の減少 → SAN 55 → 53" in text(first)
    doubled = await line(table, ALICE, ":SAN-1D3", message="m2")
    assert doubled == [] and await san(table) == 53


async def test_the_loss_roll_waits_only_for_its_own_player(alice):
    table = alice
    await table.say(BOB, "char new", name="ボブ", **STATS6)
    await line(table, ALICE, "CCB<=55 【正気度ロール】", 80, message="m1")
    bobs = await line(table, BOB, "1d3", 2, message="m2")
    assert text(bobs) == "bob\n(1D3) ＞ 2" and await san(table) == 55 and await san(table, "ボブ") == 55


@pytest.mark.rule("SAN-PEND-01", "SAN-FUMBLE-01", "SAN-BONUS-01")
async def test_a_7th_palette_roll_keeps_its_bonus_die_and_a_fumble_loses_the_most_of_the_loss_rolled(table):
    await table.say(KP, "kp setting", key="版", value="7", admin=True)
    await table.say(ALICE, "char new", name="エミリー", edition="7", str=60, con=55, pow=65, dex=70, app=50, siz=65,
                    int=75, edu=80, luck=55)
    rolled = await line(table, ALICE, "CC(1)<={SAN} 【正気度ロール】", 7, 2, 5, message="m1")
    assert rolled[0].text == "alice　【正気度ロール】\n(1D100<=65) ボーナス・ペナルティダイス[1] ＞ 75, 25 ＞ 25 ＞ ハード成功"
    await line(table, ALICE, "1d3", 1, message="m2")
    assert await san(table, "エミリー") == 64
    await line(table, ALICE, "CC<={SAN} 【正気度ロール】", 10, 10, message="m3")  # 100: fumble
    loss = await line(table, ALICE, "1d6", 2, 8, 1, message="m4")  # rolled 2, the fumble takes 6; INT 81 fails
    assert "失敗：1D6（ファンブル：最大） の減少 → SAN 64 → 58" in text(loss)
    assert await san(table, "エミリー") == 58


async def test_a_palette_line_is_filled_from_the_speakers_sheet_as_cocofolia_fills_it(alice):
    rolled = await line(alice, ALICE, "CCB<=({STR}*5) 【STR×5】", 40, message="m1")
    assert rolled[0].text == "alice　【STR×5】\n(1D100<=60) ＞ 40 ＞ 成功"
    assert await alice.store.sanity.waiting(alice.channel) == []  # no SAN roll: nothing waits


@pytest.mark.rule("SAN-PEND-01")
async def test_the_players_copy_of_a_loss_already_in_is_acknowledged_not_taken_again(alice):
    table = alice
    await line(table, ALICE, "CCB<={SAN} 【正気度ロール】", 80, message="m1")
    await line(table, ALICE, "1d6", 3, message="m2")
    assert await san(table) == 52
    echo = await line(table, ALICE, ":SAN-1d6", 4, message="m3")
    assert [(r.ephemeral, r.text) for r in echo] == [(False, (
        "🧠 アリスの「:SAN-1D6」は直前の正気度ロールの減少として、もう入っています（SAN 52/99）。二度は減らしません。"
        "別の減少なら、もう一度 :SAN-1D6 と書いてください。"))]
    assert await san(table) == 52
    again = await line(table, ALICE, ":SAN-1D6", 4, message="m4")  # typed again: a loss of its own
    assert "SAN 52 → 48" in text(again) and await san(table) == 48


@pytest.mark.rule("SAN-PEND-01")
async def test_the_players_copy_of_the_kps_button_loss_is_acknowledged_by_its_amount_or_expression(alice):
    table = alice
    rolled = await line(table, ALICE, "CCB<={SAN} 【正気度ロール】", 80, message="m1")
    await table.press(KP, "1D6/1D20", rolled, 4)
    assert await san(table) == 51
    echo = await line(table, ALICE, ":SAN-4", message="m2")
    assert text(echo).startswith("🧠 アリスの「:SAN-4」は直前の正気度ロールの減少として、もう入っています（SAN 51/99）")
    also = await line(table, ALICE, ":SAN-1D20", 2, message="m3")  # the mark is used up: a second copy is a loss
    assert await san(table) == 49 and "SAN 51 → 49" in text(also)


@pytest.mark.rule("SAN-PEND-01", "SAN-CHECK-01")
async def test_a_copy_of_a_chat_san_check_is_not_taken_again_but_another_loss_or_a_late_one_is(table):
    await table.say(BOB, "char new", name="ボブ", **STATS6)
    checked = await line(table, BOB, "SANチェック 0/1D3", 80, 1, message="m1")
    assert "失敗：1D3 ＞ 1 の減少 → SAN 55 → 54" in text(checked)
    echo = await line(table, BOB, ":SAN-1", message="m2")
    assert text(echo).startswith("🧠 ボブの「:SAN-1」は直前の正気度ロールの減少として、もう入っています（SAN 54/99）")
    assert await san(table, "ボブ") == 54
    other = await line(table, BOB, "SANチェック 0/1D3", 80, 2, message="m3")
    assert "SAN 54 → 52" in text(other)
    different = await line(table, BOB, ":SAN-3", message="m4")  # not the check's loss: taken
    assert "SAN 52 → 49" in text(different) and await san(table, "ボブ") == 49
    await line(table, BOB, "SANチェック 0/1D3", 80, 1, message="m5")
    table.clock.advance(11)  # long after the check: a loss of its own
    late = await line(table, BOB, ":SAN-1", message="m6")
    assert "SAN 48 → 47" in text(late) and await san(table, "ボブ") == 47


@pytest.mark.rule("SAN-PEND-01")
async def test_a_loss_roll_after_the_kps_button_is_not_used_and_its_copy_is_not_taken(alice):
    table = alice  # trial 9 G1, run 1: the KP's button, then the player's 1d3 and :SAN-1D3
    rolled = await line(table, ALICE, "CCB<={SAN} 【正気度ロール】", 80, message="m1")
    await table.press(KP, "1D6/1D20", rolled, 4)
    assert await san(table) == 51
    plain = await line(table, ALICE, "1d3", 2, message="m2")
    assert [(r.ephemeral, r.text) for r in plain] == [
        (False, "alice\n(1D3) ＞ 2"),
        (False, "（アリスの正気度ロールの減少はもう入っています（SAN 51/99）。この出目はSANには使いません）")]
    echo = await line(table, ALICE, ":SAN-1D3", message="m3")
    assert text(echo).startswith("🧠 アリスの「:SAN-1D3」は直前の正気度ロールの減少として、もう入っています（SAN 51/99）")
    assert await san(table) == 51
    later = await line(table, ALICE, "1d3", 1, message="m4")  # the mark is used: a plain roll again
    assert text(later) == "alice\n(1D3) ＞ 1" and await san(table) == 51
