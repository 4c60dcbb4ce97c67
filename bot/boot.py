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
seconds under load with Python's defaults (benchmarks/many_battles.py: p99 137 ms). So full
collections come about 300 times more rarely than by default. Young collections stay
small: one over 5,000 new objects takes about 3 ms on this machine, where one over 20,000
took 30 ms (benchmarks/fuzz.py: 16 answers over 50 ms in 30,000 with 20,000, 1 with 5,000).
Nearly all of the bot's garbage has no cycles and is freed by reference counting at once;
what the collector is for comes later, never lost.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

SERVING_THRESHOLDS = (5_000, 10, 400)
"""``gc.set_threshold`` while serving: young collections every 5,000 allocations (Python:
700), a middle one after 10 young ones (as Python) and a full one after 400 middle ones
(Python: 10); full collections thus every 20 million allocations, as before with
``(20000, 10, 100)``, whose young collections were ten times slower."""


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
