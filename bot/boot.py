"""Start-up helper: the imports of a starting process run with Python's cyclic garbage
collector paused, and what they made is then frozen (``gc.freeze``).

Importing the service creates some 70,000 objects the collector tracks (functions, classes,
SQLAlchemy's constructs) that live as long as the process; the collector would scan them
again and again while they are made (about 10 % of the start-up, see benchmarks/startup.py)
and during the first commands, and find nothing to free. Reference counting still frees
everything as usual meanwhile.

Then the collector runs with :data:`SERVING_THRESHOLDS`: a bot keeps every busy battle's
state in memory (some 100 tracked objects each), and a full collection over a thousand of
them stops the event loop for a tenth of a second or more on a small machine, every few
seconds under load (benchmarks/many_battles.py: p99 137 ms with Python's defaults, 53 ms
with these). Nearly all of the bot's garbage has no cycles and is freed by reference
counting at once; what the collector is for comes later, never lost.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

SERVING_THRESHOLDS = (20_000, 10, 100)
"""``gc.set_threshold`` while serving: young collections every 20,000 allocations (Python:
700) and a full one after 100 middle ones (Python: 10)."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` block (the start-up imports), move
    every object it tracks to the permanent generation (never scanned again), then restore
    the collector as it was (enabled, unless a caller had disabled it), with
    :data:`SERVING_THRESHOLDS`."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.set_threshold(*SERVING_THRESHOLDS)
        if was_enabled:
            gc.enable()
