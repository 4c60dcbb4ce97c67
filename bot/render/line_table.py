"""Log lines looked up by event class (issue 27: a turn's events went down isinstance
cascades of some seventy tests to find their line, or that they have none).

A :class:`LineTable` holds groups of rows ``{event class (or tuple of classes): line
function}``. It reads an event as the cascades it replaces did: in each group the row
whose class the event is an instance of (subclasses included) gives that group's line,
and the groups are asked in order until one gives a line (not None). The rows an event's
class matches are found once per class."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.battle.events import Event

Line = Callable[[Event, Any], "str | None"]
"""``line(event, context) -> text or None``: one row's line (the context: the battle's view,
or the names a keeper line shows)."""


class LineTable:
    """Groups of line rows, asked in order (see the module).

    Raises:
        ValueError: two rows of one group match the same class (one would hide the other:
            a cascade's second test of a class never runs).
    """

    def __init__(self, *groups: Mapping[type | tuple[type, ...], Line]) -> None:
        for group in groups:
            _check_apart(group)
        self._rows = [(cls, line) for group in groups for cls, line in group.items()]
        self._lines: dict[type, tuple[Line, ...]] = {}  # bounded: one entry per event class

    def lines(self, cls: type) -> tuple[Line, ...]:
        """The line functions of the rows ``cls`` matches, in order (one per group at most)."""
        found = self._lines.get(cls)
        if found is None:
            found = self._lines[cls] = tuple(line for row, line in self._rows if issubclass(cls, row))
        return found

    def __call__(self, e: Event, context: Any = None) -> str | None:
        """The line of ``e`` (the first group's that is not None), or None."""
        for line in self._lines.get(type(e)) or self.lines(type(e)):
            if (text := line(e, context)) is not None:
                return text
        return None


def joined(*parts: Mapping[type | tuple[type, ...], Line]) -> dict[type | tuple[type, ...], Line]:
    """One group of the rows of ``parts``, in order (a cascade that asked other cascades
    midway). Raises ValueError when two rows match the same class."""
    _check_apart([row for part in parts for row in part])
    return {row: line for part in parts for row, line in part.items()}


def _check_apart(rows) -> None:
    classes = [c for row in rows for c in (row if isinstance(row, tuple) else (row,))]
    for i, a in enumerate(classes):
        for b in classes[i + 1:]:
            if issubclass(a, b) or issubclass(b, a):
                raise ValueError(f"{a.__name__} and {b.__name__} are read by two rows of one group")
