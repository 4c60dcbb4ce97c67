"""Chat declarations in the console (issue 9): a BCDice roll typed with the skill the rules
expect now is that declaration and is rolled once, with the rules' target number; and the
KP's ``/kp setting`` switch turns chat declarations off and on in the channel."""
from __future__ import annotations

import pytest

SETUP = """\
alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1
kp: /char set name:ゾンビ key:こぶし value:40
kp: /battle new system:coc6-house
alice: /battle join character:アリス
kp: /battle add name:ゾンビ1 character:ゾンビ
kp: /battle add name:ゾンビ2 character:ゾンビ
kp: /battle start
"""


async def setup(table) -> None:
    for line in SETUP.splitlines():
        await table.say(line)


def texts(messages: list[dict]) -> str:
    return "\n".join(m["text"] for m in messages)


@pytest.mark.rule("H-DEF-03", "H-DEF-04")
async def test_a_typed_dodge_roll_is_the_dodge_rolled_once_at_the_rules_number(console_table, tmp_path):
    # アリス 回避 28 concentrates on dodging; ゾンビ1 hits (20), her typed roll is the dodge (10);
    # ゾンビ2 hits (30), and her second typed CCB<=28 is rolled at 28 − 20 = 8 (7 succeeds).
    table = await console_table([20, 10, 30, 7], files_dir=tmp_path / "files")
    await setup(table)
    for line in ("alice: 回避に集中", "alice: 手番終了", "kp: ゾンビ1：アリスを攻撃"):
        await table.say(line)
    assert table.dice.used == [(100, 20)]

    first = await table.say("alice: CCB<=28 〈回避〉")
    assert table.dice.used == [(100, 20), (100, 10)]
    assert [m["text"] for m in first] == [
        "アリスの対応：回避\nアリス 回避：(1D100<=28) ＞ 10 ＞ 成功\n"
        "アリスの「回避に集中」が成功：以降の回避は−20%\n→ アリスは攻撃を回避した"]

    await table.say("kp: ゾンビ1：ターン終了")
    await table.say("kp: ゾンビ2：アリスを攻撃")
    second = await table.say("alice: CCB<=28 〈回避〉")
    assert table.dice.used == [(100, 20), (100, 10), (100, 30), (100, 7)]
    shown = texts(second)
    assert "アリス 回避：(1D100<=8) ＞ 7 ＞ 成功" in shown and "(1D100<=28)" not in shown
    assert "（入力された目標値 28 ではなく、ルールによるアリスの回避 8% で判定しました。" in shown
    assert shown.endswith("振ったのはこの1回だけです）")
    status = await table.status()
    assert status["アリス"]["hp"] == 13

    log = await table.say("alice: /battle log")
    assert log[0]["to"] == "alice"
    plain = (tmp_path / "files" / "battle-1.txt").read_text(encoding="utf-8")
    assert plain.count("アリス 回避：") == 2 and plain.count("(1D100<=") == 4
    assert "[手順 9] alice: 「CCB<=28 〈回避〉」\n    アリスの対応：回避\n    アリス 回避：(1D100<=28) ＞ 10 ＞ 成功" in plain
    assert "アリス 回避：(1D100<=8) ＞ 7 ＞ 成功" in plain


async def test_a_typed_roll_with_nothing_pending_is_only_dice(console_table):
    table = await console_table([61])
    await setup(table)
    said = await table.say("alice: CCB<=28 〈回避〉")
    assert [m["text"] for m in said] == ["alice　〈回避〉\n(1D100<=28) ＞ 61 ＞ 失敗"]
    assert table.dice.used == [(100, 61)]
    assert (await table.status())["アリス"]["conditions"] == []


@pytest.mark.parametrize("key", ["chat_declarations", "チャット宣言"])
async def test_the_kp_turns_chat_declarations_off_and_on(console_table, key):
    table = await console_table([20])
    await setup(table)
    off = await table.say(f"kp: /kp setting key:{key} value:オフ")
    assert [m["text"] for m in off] == ["⚙ 設定「チャット宣言」を オフ にしました（kp）"]
    before = await table.event_count()
    assert await table.say("alice: 回避に集中") == []
    assert await table.say("alice: 手番終了") == []
    assert await table.event_count() == before
    assert (await table.say("kp: /battle status"))[0]["data"]["turn"] == "アリス"

    on = await table.say(f"kp: /kp setting key:{key} value:オン")
    assert [m["text"] for m in on] == ["⚙ 設定「チャット宣言」を オン にしました（kp）"]
    assert texts(await table.say("alice: 回避に集中")) == "アリスは「回避に集中」を宣言しました。"
    ended = await table.say("alice: 手番終了")
    assert ended[0]["text"] == "アリスの手番が終わりました。"
    assert (await table.say("kp: /battle status"))[0]["data"]["turn"] == "ゾンビ1"
