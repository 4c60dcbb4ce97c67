"""The store's JSON writer (bot.store.json_codec): a dataclass is written as exactly what
``dataclasses.asdict`` gives, nested ones and sets included, compactly and with Japanese as
UTF-8; ``shallow`` gives the same fields without copying."""
from __future__ import annotations

import dataclasses
import json

from bot.store.json_codec import dumps, shallow
from rules.battle.events import RoundStarted, UnitJoined


@dataclasses.dataclass(frozen=True)
class Inner:
    name: str
    tags: frozenset


@dataclasses.dataclass(frozen=True)
class Outer:
    inner: Inner
    items: tuple
    hp: int = 13


def test_a_nested_dataclass_is_written_as_asdict_gives_it_compactly():
    value = Outer(Inner("ゾンビ", frozenset({"b", "a"})), (Inner("アリス", frozenset()),))
    assert dumps(value) == ('{"inner":{"name":"ゾンビ","tags":["a","b"]},'
                            '"items":[{"name":"アリス","tags":[]}],"hp":13}')
    # the same twice (the field names are remembered per class after the first time)
    assert dumps(value) == dumps(Outer(Inner("ゾンビ", frozenset({"a", "b"})), (Inner("アリス", frozenset()),)))


def test_events_are_written_as_their_asdict_and_shallow_keeps_the_values():
    started = RoundStarted(round=2, order=["アリス", "ゾンビ"], tied=[])
    assert json.loads(dumps(started)) == dataclasses.asdict(started)
    assert dumps(started) == '{"round":2,"order":["アリス","ゾンビ"],"tied":[]}'
    fields = shallow(started)
    assert fields == {"round": 2, "order": ["アリス", "ゾンビ"], "tied": []}
    assert fields["order"] is started.order  # not copied
    assert list(fields) == list(dataclasses.asdict(started))  # the fields' order


def test_a_sheet_inside_an_event_is_written_whole():
    joined = UnitJoined(unit="アリス", owner="alice", hidden=False, sheet={"name": "アリス", "skills": {"回避": 28}})
    assert dumps(joined) == '{"unit":"アリス","owner":"alice","hidden":false,"sheet":{"name":"アリス","skills":{"回避":28}}}'
