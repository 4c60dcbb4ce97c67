"""Palette rolls in a battle channel that the battle does not act on (issue 29): one line
says why a roll of one's own unit was plain dice (not its turn, a question open), and a
player's secret palette roll is the roll: the same skill rolled again before the battle
moves on is not rolled anew (secret or open), and a declaration it makes takes that die."""
from __future__ import annotations

import pytest

SETUP = [
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "bob: /char new name:ボブ STR:10 CON:10 POW:11 DEX:10 APP:10 SIZ:13 INT:13 EDU:15",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
    "kp: /battle new", "alice: /battle join character:アリス", "bob: /battle join character:ボブ",
    "kp: /battle add name:ゾンビ character:ゾンビ", "kp: /battle start", "kp: 締め切り",
]


async def _table(console_table, faces):
    table = await console_table(faces)
    for line in SETUP:
        await table.say(line)
    return table


@pytest.mark.rule("H-GEN-01")
@pytest.mark.parametrize(("line", "what"), [("CCB<=25 【キック】", "攻撃"), ("CCB<=25 【目星】", "判定")])
async def test_an_out_of_turn_palette_roll_says_in_one_line_it_was_plain_dice(console_table, line, what):
    table = await _table(console_table, [30])
    said = await table.say(f"bob: {line}")
    assert [m["text"].splitlines()[-1] for m in said if not m["ephemeral"]][0] == (
        f"（いまはアリスの手番なので、ボブの{what}ではなく普通のダイスとして振りました。戦闘には反映していません）")
    assert (await table.status())["アリス"]["ap"] == 3 and await table.event_count() > 0


async def test_talk_and_a_san_roll_get_no_such_line(console_table):
    table = await _table(console_table, [30])
    said = await table.say("bob: CCB<=55 【SAN】")
    assert "普通のダイス" not in "\n".join(m["text"] for m in said)


@pytest.mark.rule("H-GEN-01")
async def test_a_secret_palette_roll_is_not_rolled_again(console_table):
    table = await _table(console_table, [50])
    first = await table.say("bob: SCCB<=25 【目星】")
    assert [m["text"].splitlines()[1] for m in first if m["to"] == "bob"] == ["(1D100<=25) ＞ 50 ＞ 失敗"]
    for again in ("bob: SCCB<=25 【目星】", "bob: CCB<=25 【目星】"):
        said = await table.say(again)
        assert [(m["to"], m["text"]) for m in said] == [(
            "bob", "【目星】はシークレットダイスで振ったばかりです（(1D100<=25) ＞ 50 ＞ 失敗）。最初のロールがそのまま結果で、"
                   "振り直しはしません。見せるなら、そのメッセージの [結果を公開] を押してください。")]
    assert table.dice.remaining == 0  # one die only: the first


@pytest.mark.rule("H-GEN-01")
async def test_the_declaration_after_a_secret_roll_takes_its_die(console_table):
    table = await _table(console_table, [20, 90, 2, 1])  # the secret キック 20; ゾンビ's 回避 90; 1D6+1D4 = 2+1
    await table.say("alice: SCCB<=25 【キック】 ゾンビ")  # a secret roll is no declaration: plain dice
    said = "\n".join(m["text"] for m in await table.say("alice: CCB<=25 【キック】 ゾンビ"))
    assert "アリス 攻撃（キック）：(1D100<=25) ＞ 20 ＞ 成功" in said  # the secret roll's 20, no new die
    await table.say("kp: [回避]")
    assert table.dice.remaining == 0
