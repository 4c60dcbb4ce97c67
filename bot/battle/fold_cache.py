"""A bounded, least-recently-used map (the folded battles a process keeps, the request ids
it answered): memory stays flat however many battles the database holds."""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """At most ``size`` values by key; the least recently used goes first. ``on_evict(key,
    value)`` is called for each value pushed out."""

    def __init__(self, size: int, on_evict: Callable[[Hashable, V], None] | None = None) -> None:
        if size < 1:
            raise ValueError("an LRU holds at least one value")
        self.size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._on_evict = on_evict

    def get(self, key: Hashable) -> V | None:
        """The value of ``key`` (now the most recently used), or None."""
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` under ``key``, evicting the least recently used beyond ``size``."""
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            old_key, old = self._items.popitem(last=False)
            if self._on_evict:
                self._on_evict(old_key, old)

    def pop(self, key: Hashable) -> V | None:
        """Forget ``key``; its value, or None."""
        return self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items
