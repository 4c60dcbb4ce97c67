"""Chat faults a new-user trial left open, played in the console with lines written for these
tests (rules.chat: tests/chat/test_chat_guard.py): an aside in round brackets does nothing;
the refusal of a line that would then end the turn says the turn was not ended."""
from __future__ import annotations

import pytest

from tests.console.test_trial_chat import SIXTH, turn_of

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
