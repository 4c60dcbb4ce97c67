"""A faster ``__init__`` for the frozen dataclasses made on every command (issue 27): events,
prompts, status rows and views.

The ``__init__`` that ``@dataclass(frozen=True)`` writes sets each field through
``object.__setattr__`` (a frozen instance refuses plain assignment), about 0.1 µs a field.
:func:`quick_init` replaces it by one with the same parameters and defaults that stores the
fields in the new instance's ``__dict__`` directly, in field order: the instance is the same
(equal, same ``__dict__``, same hash and repr), only made three times faster. Classes whose
construction does more (``__post_init__``, ``InitVar`` or ``init=False`` fields, keyword-only
fields, ``__slots__``, a hand-written ``__init__``) are refused, not half-sped-up.
"""
from __future__ import annotations

import dataclasses
import functools
from typing import TypeVar

T = TypeVar("T", bound=type)

_NO_VALUE = object()
"""The default of a parameter whose field has a ``default_factory``: the factory is called."""


def quick_init(cls: T) -> T:
    """Give the frozen dataclass ``cls`` the fast ``__init__`` (see the module text) and
    return it. Raises TypeError when ``cls`` is not a frozen dataclass whose generated
    ``__init__`` only stores its fields."""
    if _plain_fields(cls) is None:
        raise TypeError(f"{cls.__name__}: quick_init needs a @dataclass(frozen=True) whose __init__ only stores its fields")
    fields = dataclasses.fields(cls)
    generated = cls.__dict__["__init__"]
    names: dict = {"__quick_no_value": _NO_VALUE}
    args, body = [], []
    for i, f in enumerate(fields):
        if f.default is not dataclasses.MISSING:
            names[f"__quick_default{i}"] = f.default
            args.append(f"{f.name}=__quick_default{i}")
            body.append(f"    __quick_fields[{f.name!r}] = {f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            names[f"__quick_factory{i}"] = f.default_factory
            args.append(f"{f.name}=__quick_no_value")
            body.append(f"    __quick_fields[{f.name!r}] = __quick_factory{i}() if {f.name} is __quick_no_value else {f.name}")
        else:
            args.append(f.name)
            body.append(f"    __quick_fields[{f.name!r}] = {f.name}")
    source = "\n".join([f"def __init__(self, {', '.join(args)}):" if args else "def __init__(self):",
                        "    __quick_fields = self.__dict__", *body])
    exec(source, names)  # noqa: S102 - built from the field names only, as dataclasses does
    init = names["__init__"]
    init.__qualname__ = generated.__qualname__
    init.__module__ = cls.__module__
    init.__annotations__ = dict(generated.__annotations__)
    cls.__init__ = init
    return cls


def replaced(obj, **changes):
    """``dataclasses.replace(obj, **changes)``, three times faster for an instance of a frozen
    dataclass whose ``__init__`` only stores its fields (see :func:`quick_init`; sped up or
    not): the new instance's ``__dict__`` is the old one's with ``changes`` applied. Any
    other object, or an unknown field name, goes through ``dataclasses.replace`` (which
    raises TypeError for what it refuses)."""
    cls = type(obj)
    names = _plain_fields(cls)
    fields = getattr(obj, "__dict__", None)
    if names is None or fields is None or len(fields) != len(names) or not changes.keys() <= names:
        return dataclasses.replace(obj, **changes)
    new = object.__new__(cls)
    kept = new.__dict__
    kept.update(fields)
    kept.update(changes)
    return new


@functools.lru_cache(maxsize=512)
def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of ``cls`` when it is a frozen dataclass whose ``__init__`` (the one
    ``@dataclass`` wrote, or :func:`quick_init`'s) takes exactly its fields, positionally, and
    only stores them; else None (``__post_init__``, InitVar, keyword-only or ``init=False``
    fields, ``__slots__``, a hand-written ``__init__``)."""
    params = getattr(cls, "__dataclass_params__", None)
    init = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    if params is None or not params.frozen or not params.init or code is None:
        return None
    names = tuple(f.name for f in dataclasses.fields(cls))
    if (code.co_filename != "<string>" or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__")
            or code.co_kwonlyargcount or code.co_varnames[1:code.co_argcount] != names
            or any(name.startswith("__quick") for name in names)):
        return None
    return frozenset(names)
