"""``/table`` (a server's own tables in BCDice's text, 7th's BCDice tables in a 7th channel),
the preset linking a madness state to a table, and the states' timers in rounds, game
minutes and the player's lines, each ending with a word from the bot (issue 32; docs/sanity.md
TBL-*, SAN-TIME-01)."""
from __future__ import annotations

import pytest

from bot.service import Request
from service_table import ALICE, BOB, KP, text

STATS6 = dict(str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
MADNESS = "狂気表\n1D3\n1:叫び続ける\n2:逃げ出す\n3:笑い出す"


async def line(table, who: str, said: str, *rolls: int, message: str | None = None):
    table.dice.feed(*rolls)
    return await table.service.handle(Request(channel=table.channel, user=who, name=who, command="chat",
                                              options={"text": said}, request_id=message, is_admin=who == KP))


async def states(table, name: str = "アリス") -> list[str]:
    return [s.name for s in await table.store.sanity.states("console", name)]


@pytest.mark.rule("TBL-01")
async def test_a_table_is_added_by_one_line_listed_shown_rolled_and_removed(table):
    added = await table.say(KP, "table add", text="狂気表 1D3 1:叫び続ける 2:逃げ出す 3:笑い出す", admin=True)
    assert text(added) == "📋 表「狂気表」（狂気表、1D3、3行）を登録しました。/table roll name:狂気表 で振れます。"
    listed = await table.say(ALICE, "table list")
    assert listed[0].ephemeral and text(listed) == "【このサーバーの表】\n・狂気表（狂気表、1D3、3行）"
    shown = await table.say(ALICE, "table show", name="狂気表")
    assert text(shown) == f"表「狂気表」（登録: kp）\n```\n{MADNESS}\n```"
    rolled = await table.say(ALICE, "table roll", 2, name="狂気表")
    assert text(rolled) == "alice\n📋 狂気表(2) ＞ 逃げ出す"
    refused = await table.say(ALICE, "table remove", name="狂気表")
    assert text(refused) == "表「狂気表」を消せるのは登録した人かKPだけです。"
    gone = await table.say(KP, "table remove", name="狂気表", admin=True)
    assert text(gone) == "📋 表「狂気表」を削除しました。"
    missing = await table.say(ALICE, "table roll", name="狂気表")
    assert text(missing) == "表「狂気表」はありません（まだ表がありません。/table add で登録します）。"


@pytest.mark.rule("TBL-01", "TBL-02")
async def test_a_table_pasted_in_chat_or_given_as_a_file_and_a_malformed_one_named_by_its_line(table):
    pasted = await line(table, ALICE, f"表登録: 狂気\n```\n{MADNESS}\n```", message="m1")
    assert text(pasted) == "📋 表「狂気」（狂気表、1D3、3行）を登録しました。/table roll name:狂気 で振れます。"
    filed = await table.say(BOB, "table add", data="遭遇表\n1D6\n1:野犬\n2:警官\n3:酔っぱらい\n4:カラス\n5:教団員\n6:深きもの")
    assert "表「遭遇表」（遭遇表、1D6、6行）を登録しました" in text(filed)
    broken = await line(table, ALICE, "表登録\n名前表\n1D4\n1:佐藤\n2 鈴木", message="m2")
    assert [(r.ephemeral, r.text) for r in broken] == [(True, "4行目「2 鈴木」: 「出目:内容」の形ではありません（例: 3:古い日記を見つける）。")]
    partial = await table.say(ALICE, "table add", text="名前表\n1D4\n1:佐藤\n2:鈴木")
    assert "※出目 3、4 の行がありません（その目が出たら「行がありません」と出ます）。" in text(partial)
    taken = await table.say(ALICE, "table add", text="遭遇表 1D2 1:a 2:b")
    assert text(taken) == "表「遭遇表」はほかの人が登録した表です。置き換えられるのは登録した人かKPだけです。別の呼び名を name: で付けてください。"


@pytest.mark.rule("TBL-01")
async def test_a_7th_channel_has_bcdices_7th_tables_and_a_6th_channel_none(table):
    assert "BMR" not in text(await table.say(ALICE, "table list"))
    assert "表「PH」はありません" in text(await table.say(ALICE, "table roll", name="PH"))
    await table.say(KP, "kp setting", key="版", value="7", admin=True)
    assert text(await table.say(ALICE, "table list")).endswith(
        "【7版の表（BCDice）】BMR（狂気の発作（リアルタイム））、BMS（狂気の発作（サマリー））、PH（恐怖症表）、MA（マニア表）")
    rolled = await table.say(ALICE, "table roll", 36, name="PH")
    assert text(rolled) == "alice\n📋 恐怖症表(36) ＞ ピン恐怖症：針やピンが怖い。"


@pytest.mark.rule("TBL-03", "SAN-TIME-01")
async def test_a_temporary_insanity_rolls_the_kps_table_privately_and_its_lines_run_out(table):
    await table.say(ALICE, "char new", name="アリス", **STATS6)
    await table.say(KP, "table add", text=MADNESS, admin=True)
    for key, value in (("一時的狂気表", "狂気表"), ("狂気表を秘匿", "on"), ("一時的狂気の長さ", "1D3行動")):
        await table.say(KP, "kp setting", key=key, value=value, admin=True)
    replies = await table.say(ALICE, "check", 80, 6, 30, 3, 2, skill="SAN", loss="1/1D6")  # 狂気表 3; 1D3 = 2 lines
    public = [r for r in replies if not r.ephemeral]
    assert text(public).endswith("🌀 アリスは一時的狂気に陥った（1D3 ＞ 2行動）\n（表の結果は本人とKPにだけ送りました）")
    assert [(r.to, r.text) for r in replies if r.ephemeral] == [("alice", "🔒 📋 狂気表(3) ＞ 笑い出す")]  # no KP known yet
    assert await line(table, BOB, "なにがあった？", message="m1") == []  # another player's line counts nothing
    assert await line(table, ALICE, "あははは", message="m2") == []
    ended = await line(table, ALICE, "（笑い続ける）", message="m3")
    assert text(ended) == "🌀 アリスの一時的狂気が終わりました（時間切れ）。"
    assert await states(table) == []


@pytest.mark.rule("SAN-TIME-01")
async def test_game_minutes_end_a_state_when_the_kp_says_time_passed(table):
    await table.say(ALICE, "char new", name="アリス", **STATS6)
    started = await table.say(KP, "san state", 4, character="アリス", state="一時的狂気", time="1D10×10分", admin=True)
    assert text(started) == "🌀 アリスは一時的狂気になりました（1D10*10 ＞ 40分）（kp）。"
    assert (await table.say(ALICE, "char show"))[0].text.endswith("状態: 🌀一時的狂気（残り40分）")
    assert text(await line(table, KP, "30分経過")) == "⏱ ゲーム内で30分が経過しました（このチャンネルの経過: 30分・0ラウンド）。"
    assert await line(table, ALICE, "1時間経過") == []  # a player's word is talk
    ended = await line(table, KP, "10分経過")
    assert text(ended) == ("⏱ ゲーム内で10分が経過しました（このチャンネルの経過: 40分・0ラウンド）。\n"
                           "🌀 アリスの一時的狂気が終わりました（時間切れ）。")


@pytest.mark.rule("SAN-TIME-01")
async def test_a_battles_new_round_ends_a_state_timed_in_rounds_and_the_status_shows_it(table):
    await table.fight()
    await table.say(KP, "san state", character="アリス", state="狂気の発作", time="1ラウンド", admin=True)
    status = await table.say(ALICE, "battle status")
    assert "🌀 状態（シート）\nアリス: 🌀狂気の発作（残り1ラウンド）" in text(status)
    replies = []
    for _ in range(3):  # アリス, ボブ, ゾンビ: round 2 begins
        replies = await table.say(KP, "kp skip")
    assert "🌀 アリスの狂気の発作が終わりました（時間切れ）。" in text(replies)
    assert "🌀 状態（シート）" not in text(await table.say(ALICE, "battle status"))
