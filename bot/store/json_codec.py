"""How the store writes JSON columns: compact (no spaces, Japanese as UTF-8 rather than
``\\uXXXX`` escapes: a third of the bytes) and able to write dataclasses (as their fields,
exactly what ``dataclasses.asdict`` gives), so that an event or a reply need not be turned
into nested dicts before it is stored.

The text is written by orjson (a command writes 4–8 JSON values in its transaction: 5.4 µs
each with the standard library's encoder and its ``default`` hook for dataclasses, about
1 µs with orjson; issue 27). It is the same text the
standard encoder with ``ensure_ascii=False, separators=(",", ":")`` writes for what the
store keeps (str, int, float, bool, None, lists, tuples, dicts with str or int keys,
dataclasses, sets as sorted lists); ``tests/store/test_json_codec.py`` checks that."""
from __future__ import annotations

import dataclasses

import orjson


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


_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
"""Dict keys that are not strings (int) written as strings, as the standard encoder does;
dataclasses through :func:`_fields` (their fields only: orjson's own writes the instance's
``__dict__``, which may hold a cache beside the fields)."""


def dumps(value) -> str:
    """The compact JSON text of ``value`` (dataclasses as dicts of their fields, sets as
    sorted lists); raises TypeError (orjson.JSONEncodeError) for a value JSON cannot hold."""
    return orjson.dumps(value, default=_fields, option=_OPTIONS).decode()


def shallow(value) -> dict:
    """A dataclass instance as ``{field: value}`` without copying the values (what
    :func:`dumps` writes is the same as for ``dataclasses.asdict(value)``)."""
    return {name: getattr(value, name) for name in _names(type(value))}
