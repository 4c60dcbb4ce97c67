"""Snapshots of folded battles: the state at a version, so that loading a long battle after
a restart folds only the events stored after it (issue 12).

A snapshot is the pickled ``(state, next step number)``. It is read back only by the same
rules code: its ``fingerprint`` is a hash of every source file of the ``rules`` package, so
any change to the rules (an evolve fixed, a field added) makes old snapshots unused and the
battle is folded from its events, which stay the truth. Snapshots are written by this
process into its own database only (pickle is never read from elsewhere).
"""
from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path

import rules

EVERY = 200
"""A snapshot is written when a command crosses a multiple of this many events."""


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """The sha256 (hex) of the ``rules`` package's source files, read once per process."""
    digest = hashlib.sha256()
    root = Path(rules.__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def due(old_version: int, new_version: int, every: int | None = None) -> bool:
    """Whether going from ``old_version`` to ``new_version`` events crosses a multiple of
    ``every`` (default :data:`EVERY`)."""
    every = every or EVERY
    return new_version // every > old_version // every


def dump(state, next_step: int) -> bytes:
    """The snapshot bytes of ``state`` and the number of the battle's next step."""
    return pickle.dumps((state, next_step), protocol=pickle.HIGHEST_PROTOCOL)


def load(data: bytes):
    """``(state, next_step)`` from :func:`dump`'s bytes; raises what unpickling raises."""
    state, next_step = pickle.loads(data)
    return state, next_step
