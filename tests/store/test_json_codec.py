"""The store's JSON writer (bot.store.json_codec): a dataclass is written as exactly what
``dataclasses.asdict`` gives, nested ones and sets included, compactly and with Japanese as
UTF-8; ``shallow`` gives the same fields without copying."""
from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, strategies as st

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


_KEYS = st.one_of(st.text(max_size=8), st.integers(-10**6, 10**6))
_PLAIN = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**63 - 1), st.text(max_size=12)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                            st.dictionaries(_KEYS, inner, max_size=4)),
    max_leaves=20)


@given(_PLAIN)
def test_the_text_is_the_standard_encoders_for_what_the_store_keeps(value):
    # orjson writes it (issue 27); the text must stay what json.dumps wrote before
    assert dumps(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_reads_back_as_the_same_number(number):
    assert json.loads(dumps({"x": number})) == {"x": number}


def test_a_value_json_cannot_hold_is_refused_with_a_type_error():
    with pytest.raises(TypeError):
        dumps({"when": object()})


def test_only_the_fields_are_written_not_a_cache_kept_beside_them():
    inner = Inner("ゾンビ", frozenset())
    object.__setattr__(inner, "_cache", {"kept": True})  # as a frozen class caches a derived value
    assert dumps(inner) == '{"name":"ゾンビ","tags":[]}'
