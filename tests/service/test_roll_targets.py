"""A CC/CCB check with a target below 0 is refused before any die is rolled: BCDice would
roll a bare 1D100 and say nothing of the target typed (X-ROLL-01: the target is a skill %
or a characteristic × 5 after modifiers)."""
from __future__ import annotations

import pytest

from bot.service import Request
from service_table import ALICE

async def roll(table, line: str, *faces: int, command: str = "roll"):
    """``/roll command:line`` (or the chat line ``line``) by アリス with ``faces`` fed to the dice."""
    table.dice.feed(*faces)
    options = {"command": line} if command == "roll" else {"text": line}
    return await table.service.handle(Request(channel=table.channel, user=ALICE, name=ALICE, command=command,
                                              options=options))


REFUSAL = "目標値「{n}」では判定できません（目標値は0以上の数にしてください。例: CCB<=50）。何も振っていません。"


@pytest.mark.rule("X-ROLL-01")
@pytest.mark.parametrize("line, target", [("CCB<=-5", -5), ("CC<=-1 目星", -1), ("x3 CCB<=-5", -5),
                                          ("SCCB<=-20", -20), ("ＣＣＢ＜＝－５", -5)])
async def test_a_negative_target_is_refused_and_nothing_is_rolled(table, line, target):
    replies = await roll(table, line)  # no face fed: a roll would raise
    assert [(r.ephemeral, r.to, r.text) for r in replies] == [(True, ALICE, REFUSAL.format(n=target))]
    chat = await roll(table, line, command="chat")
    assert [(r.ephemeral, r.text) for r in chat] == [(True, REFUSAL.format(n=target))]


@pytest.mark.rule("X-ROLL-01")
@pytest.mark.parametrize("line, face, shown", [
    ("CCB<=0", 3, "(1D100) ＞ 3"),  # 0%: rolled as BCDice rolls it
    ("CCB<=-7/2+60", 30, "(1D100<=56) ＞ 30 ＞ 成功"),
    ("CCB<=1", 1, "(1D100<=1) ＞ 1 ＞ 決定的成功/スペシャル"),
])
async def test_a_target_of_zero_or_more_is_rolled(table, line, face, shown):
    replies = await roll(table, line, face)
    assert [r.text for r in replies] == [f"{ALICE}\n{shown}"]
