"""A channel with no open session pays nothing for sessions (issue 19): its chat rolls run no
statement on the sessions' tables and write nothing; a roll in a channel with one is one
write, the record (counted on the database's own statements)."""
from __future__ import annotations

from sqlalchemy import event


class Statements:
    """Every SQL statement the store runs: its readers' and its ORM engine's (SQLAlchemy
    events) and its group-committed writes (``writer.run`` calls: each runs its statements)."""

    def __init__(self, store) -> None:
        self.sql: list[str] = []
        self.writes: list[str] = []
        event.listen(store.engine.sync_engine, "before_cursor_execute", self._seen)
        store.reads.on_statement(self.sql.append)  # the reads' own: SQLAlchemy's and the stdlib's
        real = store.writer.run

        def run(fn, *args):
            self.writes.append(fn.__name__)
            return real(fn, *args)
        store.writer.run = run

    def _seen(self, _conn, _cursor, statement, *_args) -> None:
        self.sql.append(statement)

    def clear(self) -> None:
        self.sql.clear()
        self.writes.clear()

    def on_sessions(self) -> list[str]:
        return [s for s in self.sql if "session" in s]


async def test_a_roll_without_an_open_session_runs_no_session_statement(console_table):
    table = await console_table([40, 41, 42, 43, 44])
    await table.say("@other kp: /session start")  # another channel has one: sessions are in use
    await table.say("@other alice: 1D100")       # (the open sessions were read once, at the first roll)
    seen = Statements(table.store)
    for _ in range(3):
        rolled = await table.say("alice: CCB<=60 【目星】")
        assert rolled[0]["text"].startswith("alice　【目星】\n(1D100<=60) ＞ 4")
    assert seen.on_sessions() == [] and seen.writes == []
    seen.clear()
    kept = await table.say("@other alice: CCB<=60 【目星】")
    assert kept[0]["text"] == "alice　【目星】\n(1D100<=60) ＞ 44 ＞ 成功"
    assert seen.writes == ["add_record"]  # the roll's record, committed before it was shown
