"""``copy_state`` (rules/battle/state_copy.py), the copy a decision makes when it does not
decide in place: equal to ``copy.deepcopy``, sharing nothing mutable with the original
(changing the copy leaves the original as it was), and keeping the original's own sharing."""
from __future__ import annotations

import copy
import dataclasses

from rules.battle import commands as cmds
from rules.battle.state_copy import copy_state
from tests.rules.coc6.conftest import KP, Table


def fought() -> Table:
    """A house-rules fight with a hit taken, a pending question and a round-start declaration."""
    t = Table.open("coc6-house")
    t.join("alice", t.sheet("アリス", DEX=14, skills={"こぶし": 70}))
    t.npc(t.sheet("ゾンビ", DEX=8, skills={"こぶし": 40}))
    t.start()
    t.declare("アリス", "なし")
    t.attack("アリス", "ゾンビ", [45])
    t.react("ゾンビ", "なし", [2])
    t.run("alice", cmds.EndTurn)
    t.attack("ゾンビ", "アリス", [20])
    return t


def mutable_ids(value, found=None) -> set[int]:
    """The ids of every list, dict and dataclass instance reachable from ``value``."""
    found = set() if found is None else found
    if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value) and not isinstance(value, type):
        if id(value) in found:
            return found
        found.add(id(value))
        children = (value if isinstance(value, list) else value.values() if isinstance(value, dict)
                    else vars(value).values())
        for child in children:
            mutable_ids(child, found)
    elif isinstance(value, tuple):
        for child in value:
            mutable_ids(child, found)
    return found


def test_the_copy_equals_deepcopy_and_shares_nothing_mutable():
    state = fought().state
    assert state.pending and state.units["ゾンビ"].hp < state.units["ゾンビ"].hp_max
    copied = copy_state(state)
    assert copied == copy.deepcopy(state) == state
    assert type(copied) is type(state) and type(copied.units["アリス"]) is type(state.units["アリス"])
    assert not mutable_ids(copied) & mutable_ids(state)


def test_changing_the_copy_leaves_the_original_as_it_was():
    t = fought()
    before = copy.deepcopy(t.state)
    copied = copy_state(t.state)
    copied.units["アリス"].hp -= 3
    copied.units["アリス"].conditions.append("転倒")
    copied.pending[0].options.append("なし")
    copied.settings["shock"] = not copied.settings.get("shock")
    assert t.state == before and copied != before


def test_an_object_reached_twice_is_copied_once():
    t = fought()
    shared = ["受け流し"]
    t.state.units["アリス"].extra["a"] = shared
    t.state.units["ゾンビ"].extra["b"] = shared
    copied = copy_state(t.state)
    assert copied.units["アリス"].extra["a"] is copied.units["ゾンビ"].extra["b"]
    assert copied.units["アリス"].extra["a"] is not shared
    assert KP == t.state.keeper
