"""Start-up helper: the imports of a starting process run with Python's cyclic garbage
collector paused, and what they made is then frozen (``gc.freeze``).

Importing the service creates some 70,000 objects the collector tracks (functions, classes,
SQLAlchemy's constructs) that live as long as the process; the collector would scan them
again and again while they are made (about 10 % of the start-up, see benchmarks/startup.py)
and during the first commands, and find nothing to free. Reference counting still frees
everything as usual meanwhile; objects made later are collected as before.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` block (the start-up imports), move
    every object it tracks to the permanent generation (never scanned again), then restore
    the collector as it was (enabled, unless a caller had disabled it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
