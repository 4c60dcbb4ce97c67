"""``quick_init`` (rules/battle/frozen.py): the fast ``__init__`` of frozen dataclasses makes
the same instance as the one ``@dataclass`` writes (fields, defaults, default factories,
errors), and refuses classes whose construction does more than store fields."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from rules.battle.events import _REGISTRY
from rules.battle.frozen import quick_init
from rules.battle.protocol import BattleView, Prompt, UnitRow


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: str = "x"
    c: list = dataclasses.field(default_factory=list)
    d: tuple = ()


Quick = quick_init(dataclasses.make_dataclass(
    "Quick", [("a", int), ("b", str, dataclasses.field(default="x")),
              ("c", list, dataclasses.field(default_factory=list)), ("d", tuple, dataclasses.field(default=()))],
    frozen=True))


def same(made, reference) -> None:
    assert made.__dict__ == reference.__dict__
    assert list(made.__dict__) == list(reference.__dict__)


def test_the_same_instance_as_the_dataclass_init() -> None:
    same(Quick(1), Plain(1))
    same(Quick(1, "y", [2], (3,)), Plain(1, "y", [2], (3,)))
    same(Quick(a=1, d=(4,)), Plain(a=1, d=(4,)))
    assert Quick(1).c is not Quick(1).c  # the factory runs for each instance
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'a'"):
        Quick()
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick(1).a = 2  # type: ignore[misc]


def test_the_sped_up_classes_compare_hash_and_pickle_as_before() -> None:
    prompt = Prompt(kind="turn", unit="アリス", owner="alice", options=("ターン終了",), text="t", key="k")
    assert prompt == Prompt("turn", "アリス", "alice", ("ターン終了",), "t", "k", None)
    assert hash(prompt) == hash(pickle.loads(pickle.dumps(prompt)))
    row = UnitRow(name="アリス", owner=None, hidden=False, hp=1, hp_max=2, ap=None, dex=3)
    assert row.extra == {} and row.extra is not UnitRow("b", None, False, 1, 1, None, 1).extra
    view = BattleView("coc6", "active", 1, None, (), (row,), (prompt,))
    assert repr(view).startswith("BattleView(system='coc6', phase='active'")
    for cls in _REGISTRY.values():
        assert cls.__init__.__code__.co_filename == "<string>" and "__quick_fields" in cls.__init__.__code__.co_varnames


def test_classes_that_do_more_are_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True)
    class KeywordOnly:
        a: int = dataclasses.field(kw_only=True)

    @dataclasses.dataclass(frozen=True)
    class NotInit:
        a: int = dataclasses.field(default=0, init=False)

    @dataclasses.dataclass(frozen=True)
    class Passed:
        a: int
        b: dataclasses.InitVar[int] = 0

    @dataclasses.dataclass(frozen=True)
    class Own:
        a: int

        def __init__(self, a: int) -> None:
            object.__setattr__(self, "a", a * 2)

    for cls in (Checked, Mutable, KeywordOnly, NotInit, Passed, Own):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_replaced_is_dataclasses_replace() -> None:
    from rules.battle.commands import Attack, EndTurn
    from rules.battle.frozen import replaced

    for obj, changes in ((EndTurn(issuer="kp", as_unit="ゾンビ"), {"keeper": True}),
                         (Attack(issuer="a", target="b", allow=frozenset({"H-AP-04"})), {"keeper": True, "target": "c"}),
                         (Quick(1, c=[1]), {"b": "z"}), (Plain(1), {"d": (2,)}), (Plain(1), {})):
        made, reference = replaced(obj, **changes), dataclasses.replace(obj, **changes)
        assert type(made) is type(reference) and made == reference
        same(made, reference)
    with pytest.raises(TypeError):
        replaced(EndTurn(issuer="a"), nope=1)
