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
from typing import TypeVar

T = TypeVar("T", bound=type)

_NO_VALUE = object()
"""The default of a parameter whose field has a ``default_factory``: the factory is called."""


def quick_init(cls: T) -> T:
    """Give the frozen dataclass ``cls`` the fast ``__init__`` (see the module text) and
    return it. Raises TypeError when ``cls`` is not a frozen dataclass whose generated
    ``__init__`` only stores its fields."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init:
        raise TypeError(f"{cls.__name__}: quick_init needs a @dataclass(frozen=True) with its __init__")
    fields = dataclasses.fields(cls)
    generated = cls.__dict__.get("__init__")
    code = getattr(generated, "__code__", None)
    if (code is None or code.co_filename != "<string>" or hasattr(cls, "__post_init__")
            or hasattr(cls, "__slots__") or any(f.name.startswith("__quick") for f in fields)
            or code.co_varnames[1:code.co_argcount + code.co_kwonlyargcount] != tuple(f.name for f in fields)
            or code.co_kwonlyargcount):
        raise TypeError(f"{cls.__name__}: its __init__ does more than store its fields")
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
