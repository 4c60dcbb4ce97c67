"""The durable half of the hot writer's commit, started in the background (issue 27).

A commit on the SQLite file is two things: the transaction's frames appended to the
write-ahead log (cheap: the page cache), and the log made durable (an ``fdatasync``: on this
machine's disk 0.10–0.15 ms of waiting, most of a small command's time). With
``synchronous=FULL`` SQLite does both inside ``COMMIT``, and the event loop waits for the
disk before it can render the command's replies. With ``synchronous=NORMAL`` SQLite appends
the frames and leaves the log's sync to checkpoints; this module then starts the
``fdatasync`` of the log itself, in the C library's own thread (POSIX AIO, ``aio_fsync``:
no Python thread, so it does not wait for the interpreter lock), while the loop renders; the
writers are told only once it is done (:meth:`WalSync.wait`). A write told done is on the
disk exactly as with ``synchronous=FULL``: the log's frames up to its commit frame, which
SQLite's recovery replays after a crash or power loss.

The log file is the one SQLite keeps beside the database while any connection is open (the
writer's own connection is, so it is never deleted meanwhile); each start checks that the
path still names the file this module opened, and opens it again when not.

Where the C library has no POSIX AIO (or ``COCBOT_WAL_SYNC=off``), :func:`available` is
False and the writer keeps ``synchronous=FULL`` (bot.store.sqlite_writer).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os

_EINPROGRESS = errno.EINPROGRESS


class _SigEvent(ctypes.Structure):
    """``struct sigevent`` (64 bytes on Linux); ``sigev_notify`` SIGEV_NONE."""

    _fields_ = [("sigev_value", ctypes.c_void_p), ("sigev_signo", ctypes.c_int),
                ("sigev_notify", ctypes.c_int), ("_union", ctypes.c_byte * 48)]


class _AioCb(ctypes.Structure):
    """``struct aiocb``: the public fields, then room for the C library's own (glibc's
    struct is 168 bytes on 64-bit Linux; 512 are given)."""

    _fields_ = [("aio_fildes", ctypes.c_int), ("aio_lio_opcode", ctypes.c_int), ("aio_reqprio", ctypes.c_int),
                ("aio_buf", ctypes.c_void_p), ("aio_nbytes", ctypes.c_size_t), ("aio_sigevent", _SigEvent),
                ("_private", ctypes.c_byte * 512)]


class _AioInit(ctypes.Structure):
    """glibc's ``struct aioinit`` (``aio_init``): its thread keeps waiting for work for
    ``aio_idle_time`` seconds (default 1), so that a quiet table's next command does not
    start a new thread."""

    _fields_ = [(name, ctypes.c_int) for name in ("aio_threads", "aio_num", "aio_locks", "aio_usedba",
                                                  "aio_debug", "aio_numusers", "aio_idle_time", "aio_reserved")]


SIGEV_NONE = 1
IDLE_SECONDS = 3600
"""How long the C library's AIO thread waits for the next sync before it ends."""


def _library():
    """The C library that has ``aio_fsync`` (glibc ≥ 2.34 itself, older ones librt), or None."""
    if os.environ.get("COCBOT_WAL_SYNC", "").lower() in ("off", "0", "no", "false"):
        return None
    for name in (None, ctypes.util.find_library("c"), ctypes.util.find_library("rt")):
        try:
            lib = ctypes.CDLL(name, use_errno=True)
        except OSError:
            continue
        if all(hasattr(lib, f) for f in ("aio_fsync", "aio_error", "aio_return", "aio_suspend")):
            if hasattr(lib, "aio_init"):
                lib.aio_init(ctypes.byref(_AioInit(aio_threads=1, aio_num=4, aio_idle_time=IDLE_SECONDS)))
            return lib
    return None


_LIB = _library() if os.name == "posix" else None


def available() -> bool:
    """Whether the log can be synced in the background here (POSIX AIO found, not turned
    off by ``COCBOT_WAL_SYNC=off``)."""
    return _LIB is not None


class WalSync:
    """``start()`` the ``fdatasync`` of the write-ahead log at ``wal_path`` after a commit,
    ``wait()`` for it (blocking; raises OSError when the sync failed). One sync at a time:
    ``start`` while one runs waits for it first. Requires :func:`available`."""

    def __init__(self, wal_path: str) -> None:
        self.path = wal_path
        self._fd = -1
        self._inode: tuple[int, int] | None = None
        self._cb = _AioCb()
        self._list = (ctypes.POINTER(_AioCb) * 1)(ctypes.pointer(self._cb))
        self._running = False
        self._fallback = False
        self._failed: OSError | None = None  # a sync waited for by start(), failed: told by the next wait()
        self.syncs = 0
        """Syncs done (for tests and benchmarks)."""

    def start(self) -> None:
        """Begin making durable every frame appended to the log so far (the file is opened,
        or opened again when the path names another file now). A sync still running is
        waited for first; if it failed, the next :meth:`wait` raises its error. Raises
        OSError when the log cannot be opened."""
        if self._running:
            try:
                self.wait()
            except OSError as exc:
                self._failed = exc
        self._open()
        self._cb.aio_fildes = self._fd
        self._cb.aio_sigevent.sigev_notify = SIGEV_NONE
        self._running = True
        self._fallback = _LIB.aio_fsync(os.O_DSYNC, ctypes.byref(self._cb)) != 0  # queue full: sync in wait()

    def wait(self) -> None:
        """Block until the sync begun by :meth:`start` is done (the interpreter lock is
        released meanwhile); raises OSError when it failed. Nothing to do when none runs."""
        if not self._running:
            failed, self._failed = self._failed, None
            if failed is not None:
                raise failed
            return
        self._running = False
        self.syncs += 1
        if self._fallback:
            os.fdatasync(self._fd)
            return
        cb = ctypes.byref(self._cb)
        while (status := _LIB.aio_error(cb)) == _EINPROGRESS:
            _LIB.aio_suspend(self._list, 1, None)
        _LIB.aio_return(cb)
        if status != 0:
            raise OSError(status, f"the write-ahead log could not be synced: {os.strerror(status)}", self.path)

    def close(self) -> None:
        """Wait for a running sync, then close the log's descriptor."""
        try:
            self.wait()
        finally:
            if self._fd >= 0:
                os.close(self._fd)
            self._fd, self._inode = -1, None

    def _open(self) -> None:
        now = os.stat(self.path)
        if self._fd >= 0 and self._inode == (now.st_dev, now.st_ino):
            return
        if self._fd >= 0:
            os.close(self._fd)
        self._fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        opened = os.fstat(self._fd)
        self._inode = (opened.st_dev, opened.st_ino)
