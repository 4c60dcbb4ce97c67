"""Three chat faults a new-user trial left open, played in the console with lines written for
these tests (rules.chat: tests/chat/test_chat_guard.py): an aside in round brackets does
nothing; a declaration said with a push or Luck is refused with the reason, not made as the
plain roll; the refusal of a line that would then end the turn says the turn was not ended."""
from __future__ import annotations

import pytest

from tests.console.test_trial_chat import SEVENTH, SIXTH, turn_of

NOT_ENDED = "\nターン終了はしていません。"
KP_MAY = "\nKPの裁定で認める場合は、KPが /kp allow を使えます。"


def only(messages: list[dict], user: str) -> str:
    """The text of the one private message ``messages`` must be, to ``user``."""
    assert len(messages) == 1 and messages[0]["ephemeral"] and messages[0]["to"] == user, messages
    return messages[0]["text"]


# --- an aside in round brackets -------------------------------------------------------------


async def test_an_aside_in_round_brackets_does_nothing(console_table):
    table = await console_table([12])
    await table.play(SIXTH)
    for aside in ("（ゾンビをナイフで刺します）", "(ゾンビにキック)", "（ゾンビを殴ってターン終了）", "（回避）"):
        assert await table.say(f"alice: {aside}") == []
    assert await turn_of(table) == "アリス"
    reported = "\n".join(m["text"] for m in await table.say("alice: （ナイフ）1D100<=25 → 12 成功 ゾンビ"))
    assert reported.startswith("⚔ アリス → ゾンビ：ナイフで攻撃（25%）\nアリス 攻撃（ナイフ）：(1D100<=25) ＞ 12 ＞ 成功")


# --- a push or Luck said with the declaration ------------------------------------------------------


@pytest.mark.rule("7-PUSH-03", "7-LUCK-02")
async def test_a_dodge_said_with_a_push_or_luck_in_a_seventh_battle_is_refused_and_the_attack_waits(console_table):
    table = await console_table([2, 0, 9, 0, 3, 1])
    await table.play("kp: /kp setting key:幸運消費 value:on\n" + SEVENTH)
    await table.say("alice: ターン終了")
    await table.say("kp: 信者A：アリスをナイフで攻撃")  # 20 against 40: a success
    pushed = only(await table.say("alice: 今回はプッシュで回避！"), "alice")
    assert pushed == ("戦闘の中の判定（攻撃・回避・応戦、戦闘中の技能の判定）はプッシュできません（7-PUSH-03）\n"
                      "ふつうに行うなら「回避」と書いてください。")
    lucky = only(await table.say("alice: 幸運を15使って回避します"), "alice")
    assert lucky == ("幸運は振ったあとに失敗した判定に使うもので、宣言といっしょには使えません（7-LUCK-02）\n"
                     "戦闘のロールに幸運を使うかはKPの裁定です（ボットは戦闘のロールに幸運を使いません）。\n"
                     "ふつうに行うなら「回避」と書いてください。")
    dodged = "\n".join(m["text"] for m in await table.say("alice: 幸運は使わないで回避"))
    assert "アリス 回避：(1D100<=35) ボーナス・ペナルティダイス[0] ＞ 90 ＞ 90 ＞ 失敗" in dodged  # the one roll made


async def test_luck_or_a_push_in_a_sixth_battle_is_refused_as_no_rule_of_the_sixth(console_table):
    table = await console_table([30, 20])
    await table.play(SIXTH)
    assert only(await table.say("alice: 幸運を使ってゾンビをナイフで刺す"), "alice") == (
        "6版のルールには幸運の消費はありません（7版の選択ルールです）。\nふつうに行うなら「ゾンビをナイフで攻撃」と書いてください。")
    await table.say("alice: ターン終了")
    await table.say("bob: ターン終了")
    await table.say("kp: ゾンビ：アリスを殴る")  # 30 against 50: a hit
    assert only(await table.say("alice: プッシュして回避"), "alice") == (
        "6版のルールにはプッシュ・ロールはありません（7版のルールです）。\nふつうに行うなら「回避」と書いてください。")
    dodged = "\n".join(m["text"] for m in await table.say("alice: 回避"))
    assert "アリス 回避：(1D100<=28) ＞ 20 ＞ 成功" in dodged


# --- a refused action, then the end of the turn --------------------------------------------


@pytest.mark.rule("H-AP-04")
async def test_a_refused_blow_then_the_end_says_the_turn_was_not_ended(console_table):
    table = await console_table([80])
    await table.play(SIXTH)
    await table.say("alice: ゾンビをナイフで刺す")
    refusal = "1ターンに攻撃できるのは1回までです（アリスはこのターンすでに攻撃しました）。（H-AP-04）"
    assert only(await table.say("alice: もう一度ゾンビを蹴ってターン終了"), "alice") == refusal + NOT_ENDED + KP_MAY
    assert only(await table.say("alice: もう一度ゾンビを蹴る"), "alice") == refusal + KP_MAY  # no end asked: not said
    assert await turn_of(table) == "アリス"


async def test_a_dodge_with_nothing_to_dodge_then_the_end_says_the_turn_was_not_ended(console_table):
    table = await console_table([])
    await table.play(SIXTH)
    assert only(await table.say("alice: かいひしてターンエンド"), "alice") == "アリスが対応すべき攻撃はいまありません。" + NOT_ENDED
    assert only(await table.say("alice: かいひ！"), "alice") == "アリスが対応すべき攻撃はいまありません。"
    assert await turn_of(table) == "アリス"


async def test_a_blow_out_of_turn_then_the_end_says_the_turn_was_not_ended(console_table):
    table = await console_table([])
    await table.play(SIXTH)
    refusal = "いまはアリスの手番です。ボブの手番になってから行動してください。"
    assert only(await table.say("bob: ゾンビにキックしてターン終了"), "bob") == refusal + NOT_ENDED
    assert only(await table.say("bob: ゾンビにキック"), "bob") == refusal
    assert await turn_of(table) == "アリス"
