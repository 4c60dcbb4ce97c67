"""A battle step that begins a new round moves the channel's game clock on and ends the round
timers it passes in the step's own transaction (issue 27: one command, one durable commit;
docs/sanity.md SAN-TIME-01), and the KP's 「30分経過」 is one transaction too. The clock and the
timers come out exactly as before: rounds counted, minute and line timers untouched by
rounds, each ended state said once, after the step's own lines."""
from __future__ import annotations

import pytest
from sqlalchemy import event

from service_table import ALICE, BOB, KP, text

SKIP = "kp skip"
"""Passes the turn of whoever's turn it is (アリス, ボブ, ゾンビ: the third begins a new round)."""


class Commits:
    """Durable commits the store makes: its engine's (the ORM, and every write on
    PostgreSQL) and those of the SQLite group-commit writer (bot.store.sqlite_writer)."""

    def __init__(self, store) -> None:
        self.store = store
        self.engine = 0
        event.listen(store.engine.sync_engine, "commit", self._counted)
        self._writer_base = self._writer()

    def _counted(self, _conn) -> None:
        self.engine += 1

    def _writer(self) -> int:
        sqlite = self.store.writer._sqlite
        return sqlite._commits if sqlite is not None else 0

    def take(self) -> int:
        """The commits since the last take."""
        taken = self.engine + self._writer() - self._writer_base
        self.engine, self._writer_base = 0, self._writer()
        return taken


async def clock(table) -> tuple[int, int]:
    return await table.store.sanity.clock(table.channel)


async def running(table) -> dict[str, tuple[str | None, int | None, int | None]]:
    """``{character/state: (unit, ends_at, left)}`` of the states running in the channel."""
    return {f"{s.character}/{s.name}": (s.unit, s.ends_at, s.left)
            for s in await table.store.sanity.states_in(table.channel)}


@pytest.mark.rule("SAN-TIME-01")
async def test_a_round_start_is_one_commit_with_the_clock_and_the_round_timers_it_ends(table):
    await table.fight()
    for who, state, length in (("アリス", "狂気の発作", "2ラウンド"), ("ボブ", "気絶", "1ラウンド"),
                               ("ボブ", "恐怖", "30分"), ("アリス", "混乱", "3行動")):
        await table.say(KP, "san state", character=who, state=state, time=length, admin=True)
    assert await running(table) == {"アリス/狂気の発作": ("round", 2, None), "ボブ/気絶": ("round", 1, None),
                                    "ボブ/恐怖": ("minute", 30, None), "アリス/混乱": ("line", None, 3)}
    commits = Commits(table.store)

    said = []
    for _ in range(3):  # round 2 begins with the third
        said.append(await table.say(KP, SKIP))
        assert commits.take() == 1  # the step, the clock and the ended timer: one transaction
    assert await clock(table) == (0, 1)
    assert said[-1][-1].text == "🌀 ボブの気絶が終わりました（時間切れ）。"  # after the step's own lines
    assert not any("終わりました（時間切れ）" in text(r) for r in said[:-1])
    assert await running(table) == {"アリス/狂気の発作": ("round", 2, None), "ボブ/恐怖": ("minute", 30, None),
                                    "アリス/混乱": ("line", None, 3)}

    for _ in range(3):  # round 3 begins
        last = await table.say(KP, SKIP)
        assert commits.take() == 1
    assert await clock(table) == (0, 2)
    assert last[-1].text == "🌀 アリスの狂気の発作が終わりました（時間切れ）。"
    assert await running(table) == {"ボブ/恐怖": ("minute", 30, None), "アリス/混乱": ("line", None, 3)}

    for _ in range(3):  # round 4: the clock counts on with nothing left to end, still one commit
        last = await table.say(KP, SKIP)
        assert commits.take() == 1
    assert await clock(table) == (0, 3)
    assert "時間切れ" not in text(last)

    passed = await table.say(KP, "san time", minutes=30, admin=True)
    assert commits.take() == 1  # the clock and the minute timer it ends: one transaction
    assert text(passed) == ("⏱ ゲーム内で30分が経過しました（このチャンネルの経過: 30分・3ラウンド）。\n"
                            "🌀 ボブの恐怖が終わりました（時間切れ）。")
    assert await clock(table) == (30, 3)
    assert await running(table) == {"アリス/混乱": ("line", None, 3)}


async def test_a_turn_within_a_round_writes_no_clock(table):
    await table.fight()
    commits = Commits(table.store)
    await table.say(KP, SKIP)
    assert commits.take() == 1
    assert await clock(table) == (0, 0)  # no row written: (0, 0) read as "no time yet"


async def test_the_clock_of_a_channel_is_its_own_and_a_new_clock_starts_at_the_rounds_passed(table):
    await table.store.sanity.set_clock("elsewhere", 15, 4)
    await table.fight()
    for _ in range(6):
        await table.say(KP, SKIP)
    assert await clock(table) == (0, 2)
    assert await table.store.sanity.clock("elsewhere") == (15, 4)
    passed = await table.store.sanity.pass_time("elsewhere", 45, 1)
    assert (passed.clock, passed.ended) == ((60, 5), [])
