"""What runs after a decided command's commit (housekeeping, the out-of-date mark of an
older message) cannot turn a stored step into 「内部エラー…状態は変更されていません」: the
step is stored, so its replies go out (issue 12: under load, the expiry of old
idempotency keys met ``database is locked`` there and the user was told nothing changed). A
command that changes no battle is answered too when its idempotency row cannot be written
after its change was saved."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

from sqlalchemy.exc import OperationalError

from bot.service import Request
from service_table import ALICE, BOB, KP, text


def locked() -> OperationalError:
    return OperationalError("SELECT …", {}, sqlite3.OperationalError("database is locked"))


async def test_a_failed_expiry_of_old_keys_is_logged_and_the_command_is_answered(table, monkeypatch, caplog):
    await table.fight()
    before = (await table.store.active_battle(table.channel)).version
    tried = []

    def failing_expiry(age):
        tried.append(age)
        failed = asyncio.get_running_loop().create_future()
        failed.set_exception(locked())
        return failed
    monkeypatch.setattr(table.store, "expire_requests", failing_expiry)
    table.service.battles._writes = 499  # the next write is the 500th: the keys are expired after it
    with caplog.at_level(logging.WARNING, logger="bot.battle.battles"):
        replies = await table.say(ALICE, "end")
        await asyncio.sleep(0)  # the expiry's callback
    assert "内部エラー" not in text(replies) and "アリスの手番が終わりました" in text(replies)
    assert len(tried) == 1
    assert (await table.store.active_battle(table.channel)).version > before
    assert (await table.state()).turn == "ボブ"
    assert "housekeeping write failed" in caplog.text


async def test_a_message_id_that_cannot_be_read_after_the_commit_leaves_the_replies_as_they_are(table, monkeypatch):
    await table.fight()
    await table.say(ALICE, "end")
    await table.say(BOB, "end")
    await table.restart()  # no message id known in memory: the next board's is read from the store

    async def unreadable(channel, tag):
        raise locked()
    monkeypatch.setattr(table.store.keeper, "message", unreadable)
    replies = await table.say(KP, "end", **{"as": "ゾンビ"})  # round 2 begins: a new board (in its one message)
    assert any(r.data and r.data.get("round") == 2 for r in replies)
    assert "内部エラー" not in text(replies)
    assert not any(r.edit for r in replies)  # the older board is not marked: its id was not read
    state = await table.state()
    assert state.round == 2


async def test_a_sheet_saved_whose_idempotency_row_cannot_be_written_is_still_answered(table, monkeypatch, caplog):
    async def locked_write(request_id, replies):
        raise locked()
    monkeypatch.setattr(table.store, "remember_request", locked_write)
    req = Request(channel=table.channel, user=ALICE, name=ALICE, command="char new", request_id="new-alice",
                  options={"name": "アリス", "str": "12", "con": "13", "pow": "11", "dex": "14", "app": "10",
                           "siz": "13", "int": "13", "edu": "15"})
    with caplog.at_level(logging.ERROR, logger="bot.service"):
        replies = await table.service.handle(req)
    assert "内部エラー" not in text(replies) and "キャラクター「アリス」を登録しました。" in text(replies)
    assert (await table.store.get_character("console", "アリス")) is not None
    assert await table.service.handle(req) == replies  # the retried interaction: the same answer, from memory
    assert "could not be kept" in caplog.text
