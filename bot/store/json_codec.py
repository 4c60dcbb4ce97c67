"""How the store writes JSON columns: compact (no spaces, Japanese as UTF-8 rather than
``\\uXXXX`` escapes: a third of the bytes) and able to write dataclasses (as their fields,
exactly what ``dataclasses.asdict`` gives), so that an event or a reply need not be turned
into nested dicts before it is stored."""
from __future__ import annotations

import dataclasses
import json


_NAMES: dict[type, tuple[str, ...]] = {}
"""The field names of each dataclass written so far (``dataclasses.fields`` is slow)."""


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _fields(value):
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: getattr(value, name) for name in _names(type(value))}
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_fields)
"""One encoder for every call (``json.dumps`` with options builds a new one each time)."""


def dumps(value) -> str:
    """The compact JSON text of ``value`` (dataclasses as dicts of their fields)."""
    return _ENCODER.encode(value)


def shallow(value) -> dict:
    """A dataclass instance as ``{field: value}`` without copying the values (what
    :func:`dumps` writes is the same as for ``dataclasses.asdict(value)``)."""
    return {name: getattr(value, name) for name in _names(type(value))}
