"""Discord's limits (issue 11): a board of more than 25 units, or of more than the 6,000
characters one message's embeds may hold, is shown whole over several embeds and messages;
a file over the server's upload limit is not sent but named in the text."""
from __future__ import annotations

import discord_gateway as gateway
from bot.transports.discord import messages
from bot.transports.discord.delivery import post
from bot.render.reply import Reply

NAME = "深きものども第{:03d}番隊・夜間見張り当番の古参兵士"


async def _crowd(harness, count: int) -> None:
    await harness.slash("kp", "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await harness.slash("kp", "battle new")
    for n in range(count):
        await harness.slash("kp", "battle add", name=NAME.format(n), character="ゾンビ")


def _fields(calls) -> list[str]:
    return [f["name"] for c in calls for e in c.message.get("embeds") or () for f in e["fields"]]


async def test_a_board_of_26_units_shows_every_unit_in_embeds_of_25(make_bot):
    harness = await make_bot()
    await _crowd(harness, 26)
    calls = await harness.slash("alice", "battle status")
    board = [c for c in calls if c.message.get("embeds")]
    assert len(board) == 1
    assert [len(e["fields"]) for e in board[0].message["embeds"]] == [25, 1]
    assert [e["title"] for e in board[0].message["embeds"]] == ["戦闘（1/2）", "戦闘（2/2）"]
    assert _fields(board) == [NAME.format(n) for n in range(26)]


async def test_a_board_over_6000_characters_continues_in_another_message(make_bot, fake):
    harness = await make_bot()
    units = [{"name": f"{NAME.format(n)}（{n}）", "hp": 15, "hp_max": 15, "ap": 3, "dex": 8,
              "conditions": ["転倒", "組み付かれ"]} for n in range(120)]
    before = len(fake.calls)
    channel = harness.bot.get_partial_messageable(int(gateway.CHANNEL_ID))
    await post(harness.bot, channel, [Reply(text="状況", data={"round": 3, "turn": units[0]["name"], "combatants": units})])
    board = fake.calls[before:]
    sizes = [sum(len(e["title"]) + sum(len(f["name"]) + len(f["value"]) for f in e["fields"])
                 for e in c.message["embeds"]) for c in board]
    assert [c.content for c in board] == ["状況", "（続き）"] and max(sizes) <= 6000
    assert board[1].message["allowed_mentions"] == {"parse": []}
    assert _fields(board) == ["▶ " + units[0]["name"]] + [u["name"] for u in units[1:]]


async def test_a_file_over_the_servers_upload_limit_is_named_not_sent(make_bot, monkeypatch):
    harness = await make_bot()
    await harness.first_round()
    monkeypatch.setattr(messages, "file_bytes", lambda file: b"x" * 11 * 1_048_576)
    calls = await harness.slash("kp", "battle log")
    assert [c.message.get("attachments") for c in calls] == [None, None]
    assert calls[0].content.endswith("（ファイル「battle-1-kp.txt」は 11.0 MB あり、このサーバーの上限 10.0 MB を超えるため"
                                     "添付できませんでした）")


def test_a_reply_under_the_limit_keeps_its_file():
    [page] = messages.messages(Reply(text="ログ", file={"name": "a.txt", "content": "あ"}), file_limit=3)
    assert page["file"].filename == "a.txt" and page["content"] == "ログ"
