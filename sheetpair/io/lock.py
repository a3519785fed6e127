"""One sheetpair at a time per workbook: a lock file beside the workbook, held while it is read, changed
and saved.

Two runs on one workbook (two terminals, a script and an arbiter, a double-clicked button) would each read
the same state and the second save would silently drop the first one's change. :func:`workbook_lock`
makes the second wait until the first has saved. The lock is an operating-system lock on the file
``.<name>.sheetpair-lock`` beside the workbook (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows):
the system releases it when the process ends, however it ends, so a killed run never leaves a workbook
locked. The lock file itself stays (removing it would let a third run lock a different file than a
waiting second one); it is empty and hidden.

The lock guards sheetpair against sheetpair; Excel does not look at it (``docs/robustness.md``).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ..core.errors import OperationError

DEFAULT_TIMEOUT = 60.0
"""Seconds a run waits for another one to finish with the workbook (a large event saves in a few)."""
_POLL_SECONDS = 0.05


class WorkbookBusyError(OperationError):
    """Another sheetpair run kept the workbook locked for longer than the caller wanted to wait."""


def lock_path(workbook: str | os.PathLike[str]) -> Path:
    """The lock file of a workbook: beside the file itself (a symbolic link is followed, so every link to
    one workbook shares one lock)."""
    real = Path(os.path.realpath(workbook))
    return real.with_name(f".{real.name}.sheetpair-lock")


@contextmanager
def workbook_lock(workbook: str | os.PathLike[str], timeout: float = DEFAULT_TIMEOUT) -> Iterator[Path]:
    """Holds the workbook's lock for the ``with`` block, waiting up to ``timeout`` seconds for it.

    Use it around the whole load-change-save, so no other run reads between this run's read and save::

        with workbook_lock(path):
            port = OpenpyxlPort(path)
            outcome = edit_workbook(port, change)
            port.save()

    :raises WorkbookBusyError: when another run still holds the lock after ``timeout`` seconds.
    """
    path = lock_path(workbook)
    try:
        handle = open(path, "a+b")
    except OSError:
        # A folder nobody may write (a read-only share, a CD) cannot hold a lock file, and no run can
        # save there either: reading needs no lock.
        yield path
        return
    with handle:
        deadline = time.monotonic() + timeout
        while not _try_lock(handle):
            if time.monotonic() >= deadline:
                raise WorkbookBusyError(f"{workbook} is in use by another sheetpair run (it waited {timeout:g} s); "
                                        "try again when that run has finished")
            time.sleep(_POLL_SECONDS)
        try:
            yield path
        finally:
            _unlock(handle)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: BinaryIO) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: BinaryIO) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: BinaryIO) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: BinaryIO) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
