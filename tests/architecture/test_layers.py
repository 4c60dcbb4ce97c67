"""The layers of the code (issue 27): imports point down. No two modules import each other,
directly or round a circle, counting the imports made only for type checking; no two
packages of ``bot/`` do; the packages of ``bot/`` stand in the order below; ``rules/`` imports
nothing of ``bot/``; and the service stays a thin router."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.service import route_table

ROOT = Path(__file__).resolve().parents[2]

ORDER = ("store", "commands", "render", "sheets", "battle", "service", "transports")
"""The packages (and the service module) of ``bot/``, lowest first: each imports only those
before it. ``config``, ``boot`` and ``cli`` start the program and stand above them all."""


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("bot", "rules"):
        for path in (ROOT / top).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def imports(name: str) -> set[str]:
    """The modules of the project that module ``name`` imports, at any depth of its body
    (inside functions and ``if TYPE_CHECKING:`` too); ``from pkg import sub`` counts as ``pkg.sub``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    return found


GRAPH = {name: imports(name) for name in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer(name: str) -> str | None:
    """The layer of a module of ``bot/`` (see :data:`ORDER`), None for the start-up modules."""
    parts = name.split(".")
    if parts[0] != "bot" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in ORDER else None


def test_the_cycle_finder_finds_a_circle_of_three_and_none_in_a_line():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_type_only_imports_are_counted():
    # bot.battle.chat_help imports ChatTable only for type checking; the edge is still there
    assert "bot.battle.chat_play" in GRAPH["bot.battle.chat_help"]


def test_no_module_imports_itself_round_a_circle():
    assert cycles(GRAPH) == []


def test_no_package_of_bot_imports_another_that_imports_it_back():
    packages: dict[str, set[str]] = {}
    for name, targets in GRAPH.items():
        here = layer(name)
        if here is None:
            continue
        packages.setdefault(here, set()).update(t for t in map(layer, targets) if t not in (None, here))
    assert cycles(packages) == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n)))
def test_each_module_of_bot_imports_only_its_own_layer_or_lower_ones(name):
    rank = ORDER.index(layer(name))
    upward = sorted(t for t in GRAPH[name] if layer(t) and ORDER.index(layer(t)) > rank)
    assert upward == []


def test_rules_import_nothing_of_bot():
    assert sorted(f"{n} → {t}" for n in MODULES if n.startswith("rules")
                  for t in GRAPH[n] if t.startswith("bot")) == []


def test_the_service_is_a_thin_router():
    lines = (ROOT / "bot" / "service.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 250


class _Desk:
    """A desk of the battle package offering the given routes (its module says where it lives)."""

    __module__ = "bot.battle.fake_desk"

    def __init__(self, paths) -> None:
        self.paths = paths

    def routes(self) -> dict:
        return {path: (lambda req: None) for path in self.paths}


def test_the_route_table_refuses_a_command_served_outside_its_home():
    from bot.commands.spec import COMMANDS
    everything = [c.path for c in COMMANDS] + ["chat", "button"]
    with pytest.raises(ValueError, match=r"roll \(bot.battle, not bot.sheets\)"):
        route_table(_Desk(everything))
    with pytest.raises(ValueError, match="without a handler: \\['roll'"):
        route_table(_Desk([p for p in everything if p != "roll"]))
