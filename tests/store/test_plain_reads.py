"""The SQLite reads run the store's queries on the stdlib driver (issue 27: SQLAlchemy's
execution per statement cost about 0.1 ms, as much as a durable commit): every query gives
the same rows, of the same types, as SQLAlchemy's own execution of it, its JSON and times
converted, its fixed values (``status = 'active'``, ``LIMIT 1``) bound; a query this path
does not take (an expanding ``IN``) runs through SQLAlchemy; an error is SQLAlchemy's."""
from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import bindparam, select, text
from sqlalchemy.exc import OperationalError

from bot.store import repository, sessions
from bot.store.models import BattleRow, SessionRow


async def _both(store, query, params=None):
    """``(rows through the stdlib path, rows through SQLAlchemy)`` as plain tuples."""
    async with store.reads.connect() as conn:
        plain = (await conn.execute(query, params)).all()
    with store.reads._sync.connect() as conn:
        alchemy = conn.execute(query, params or {}).all()
    return [tuple(r) for r in plain], [tuple(r) for r in alchemy]


@pytest.fixture
async def filled(sqlite_store):
    store, _path = sqlite_store
    await store.put_character("guild", "alice", "アリス", {"STR": 12, "skills": {"目星": 60}, "名前": "アリス"})
    await store.put_character("guild", "alice", "ボブ", {"STR": 15})
    await store.open_battle("room", "guild", "coc6-house", "kp", [("opened", {"system": "coc6-house"})], None)
    await store.sessions.start("room", "guild", "kp", "KP", datetime(2026, 12, 1, 20, 30, 15, 123456))
    return store


@pytest.mark.parametrize("query, params", [
    (repository._ACTIVE_BATTLE, {"channel": "room"}),
    (repository._LATEST_BATTLE, {"channel": "room"}),
    (repository._OWNED, {"scope": "guild", "owner": "alice"}),
    (repository._NEXT_STEP, {"battle_id": 1, "seq": 0}),
    (sessions._OPEN, None),
], ids=["active battle", "latest battle (LIMIT)", "characters (JSON)", "min() scalar", "sessions (times)"])
async def test_a_query_gives_what_sqlalchemy_gives(filled, query, params):
    plain, alchemy = await _both(filled, query, params)
    assert plain == alchemy and plain
    assert [[type(v) for v in row] for row in plain] == [[type(v) for v in row] for row in alchemy]


async def test_rows_are_read_by_column_name_with_json_and_times_converted(filled):
    [alice, bob] = await filled.owned_characters("guild", "alice")
    assert (alice.name, alice.data) == ("アリス", {"STR": 12, "skills": {"目星": 60}, "名前": "アリス"})
    assert bob.data == {"STR": 15}
    kept = (await filled.sessions.open_sessions())["room"]
    assert kept.started_at == datetime(2026, 12, 1, 20, 30, 15, 123456)
    assert (await filled.active_battle("room")).status == "active" and await filled.active_battle("hall") is None


async def test_a_query_the_plain_path_does_not_take_runs_through_sqlalchemy(filled):
    expanding = select(BattleRow.channel).where(BattleRow.channel.in_(bindparam("channels", expanding=True)))
    plain, alchemy = await _both(filled, expanding, {"channels": ["room", "hall"]})
    assert plain == alchemy == [("room",)]
    async with filled.reads.connect() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM characters"))).scalar() == 2
        assert (await conn.execute(select(SessionRow.keeper))).scalars().all() == ["kp"]


async def test_every_statement_is_seen_and_an_error_is_sqlalchemys(filled):
    seen: list[str] = []
    filled.reads.on_statement(seen.append)
    await filled.active_battle("room")
    assert seen == ["SELECT battles.id, battles.channel, battles.guild, battles.system, battles.keeper, "
                    "battles.status, battles.version \nFROM battles \nWHERE battles.channel = 'room' "
                    "AND battles.status = 'active'"]
    broken = select(BattleRow.id).where(text("no_such_column = 1"))
    async with filled.reads.connect() as conn:
        with pytest.raises(OperationalError, match="no_such_column"):
            await conn.execute(broken)


async def test_the_active_and_the_latest_battle_come_in_one_read(sqlite_store):
    store, _path = sqlite_store
    assert await store.active_and_latest("c") == (None, None)
    first = await store.open_battle("c", None, "coc6-house", "kp", [("BattleOpened", {})], "o1")
    assert await store.active_and_latest("c") == (first, first)
    assert await store.keeper.set_battle_status(first.id, "active", "ended")
    ended = await store.battle(first.id)
    assert await store.active_and_latest("c") == (None, ended)
    second = await store.open_battle("c", None, "coc6-house", "kp2", [("BattleOpened", {})], "o2")
    assert await store.active_and_latest("c") == (second, second)
    assert await store.active_and_latest("other") == (None, None)
