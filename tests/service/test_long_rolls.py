"""A repeated roll too long for one message arrives whole as a text attachment (issue 10:
"nothing is lost")."""
from __future__ import annotations

from bot.render.reply import MAX_TEXT
from bot.service import Request
from service_table import ALICE, KP

FACES = [(i * 37) % 100 + 1 for i in range(100)]


async def roll(table, user: str, line: str, *faces: int):
    """``/roll command:line`` by ``user`` with ``faces`` fed to the dice."""
    table.dice.feed(*faces)
    return await table.service.handle(Request(channel=table.channel, user=user, name=user, command="roll",
                                              options={"command": line}))


def level(face: int) -> str:
    """CCB<=50 as BCDice reads it (X-ROLL-02)."""
    if face <= 5:
        return "決定的成功/スペシャル"  # 1–5 is also within the special band (50 / 5 = 10)
    if face >= 96:
        return "致命的失敗"
    if face <= 10:
        return "スペシャル"
    return "成功" if face <= 50 else "失敗"


async def test_x100_shows_what_fits_and_attaches_every_repetition(table):
    replies = await roll(table, ALICE, "x100 CCB<=50 目星", *FACES)
    assert len(replies) == 1
    reply = replies[0]
    assert len(reply.text) <= MAX_TEXT and not reply.ephemeral
    assert reply.text.startswith("alice　目星\n#1\n(1D100<=50) ＞ 1 ＞ 決定的成功/スペシャル")
    assert reply.text.endswith("全100回の結果は添付ファイル roll.txt にあります）")
    assert reply.file["name"] == "roll.txt"
    content = reply.file["content"]
    blocks = content.strip().split("\n\n")
    assert blocks[0] == "alice　目星\n#1\n(1D100<=50) ＞ 1 ＞ 決定的成功/スペシャル"
    assert blocks[1:] == [f"#{i}\n(1D100<=50) ＞ {f} ＞ {level(f)}" for i, f in enumerate(FACES, 1)][1:]


async def test_a_repeated_roll_that_fits_has_no_attachment(table):
    replies = await roll(table, ALICE, "x3 CCB<=50", 45, 80, 3)
    assert [(r.text, r.file) for r in replies] == [(
        "alice\n#1\n(1D100<=50) ＞ 45 ＞ 成功\n\n#2\n(1D100<=50) ＞ 80 ＞ 失敗\n\n#3\n(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル",
        None)]


async def test_a_long_secret_roll_attaches_the_whole_for_the_roller_and_the_kp_only(table):
    await table.say(KP, "battle new")
    replies = await roll(table, ALICE, "Sx100 CCB<=50", *FACES)
    public, mine, keeper = replies
    assert public.file is None and "(1D100" not in public.text
    assert mine.to == ALICE and mine.file["content"].count("(1D100<=50)") == 100
    assert keeper.to == KP and keeper.file == mine.file and len(keeper.text) <= MAX_TEXT
