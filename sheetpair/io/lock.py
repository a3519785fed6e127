"""One sheetpair at a time per workbook: a lock file beside the workbook, held while it is read, changed
and saved.

Two runs on one workbook (two terminals, a script and an arbiter, a double-clicked button) would each read
the same state and the second save would silently drop the first one's change. :func:`workbook_lock`
makes the second wait until the first has saved. The lock is an operating-system lock on the file
``.<name>.sheetpair-lock`` beside the workbook (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows):
the system releases it when the process ends, however it ends, so a killed run never leaves a workbook
locked. The lock file itself stays (removing it would let a third run lock a different file than a
waiting second one); it is empty and hidden.

The lock guards sheetpair against sheetpair; Excel does not look at it (``docs/robustness.md``). The other
way round, :func:`refuse_if_open` looks for the owner file Excel or LibreOffice keeps beside a workbook it
has open: a change sheetpair saved under an open spreadsheet program would be lost at the arbiter's next
save there.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ..core.errors import WorkbookInUseError

DEFAULT_TIMEOUT = 60.0
"""Seconds a run waits for another one to finish with the workbook (a large event saves in a few)."""
_POLL_SECONDS = 0.05


class WorkbookBusyError(WorkbookInUseError):
    """Another sheetpair run kept the workbook locked for longer than the caller wanted to wait."""


def refuse_if_open(workbook: str | os.PathLike[str]) -> None:
    """Refuses to change a workbook that Excel or LibreOffice has open, found by the owner file each keeps
    beside it while it is open (``~$NAME`` for Excel, ``.~lock.NAME#`` for LibreOffice).

    On Windows the program's own lock would make the save fail; on macOS and Linux the save would succeed
    and the arbiter's next save in the program would silently undo it. An owner file left by a crash has
    the same name, so the sentence says how to tell and what to delete.

    :raises WorkbookInUseError: naming the program, the user the owner file names, and the file.
    """
    real = Path(os.path.realpath(workbook))
    for program, owner in (("Excel", real.with_name("~$" + real.name)),
                           ("LibreOffice", real.with_name(f".~lock.{real.name}#"))):
        if _is_file(owner):
            user = _owner_name(owner.read_bytes()[:512], program)
            raise WorkbookInUseError(
                f"{workbook} is open in {program}{f' by {user}' if user else ''} ({owner.name} beside it): save "
                f"and close it there, then run again; if {program} is not running, delete {owner.name}")


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; a name too long to exist is not one (``Path.is_file`` raises for it)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _owner_name(head: bytes, program: str) -> str:
    """The user an owner file names: Excel writes the name's length in its first byte, LibreOffice a
    comma-separated line that starts with it."""
    if program == "Excel":
        text = head[1:1 + head[0]].decode("cp1252", "replace") if head else ""
    else:
        text = head.decode("utf-8", "replace").split(",", 1)[0]
    return "".join(ch for ch in text if ch.isprintable()).strip()


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
    :raises WorkbookLockError: when the lock file cannot be created or opened (see :func:`_open_lock_file`).
    """
    path = lock_path(workbook)
    with _open_lock_file(workbook, path) as handle:
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


class WorkbookLockError(WorkbookInUseError):
    """The lock file cannot be created or opened, so the workbook cannot be guarded against a second run."""


def _open_lock_file(workbook: str | os.PathLike[str], path: Path) -> BinaryIO:
    """The lock file, opened to be locked; a lock file another user made (a shared folder) is opened for
    reading, which is enough to lock it.

    No lock, no write: a run that went on without the lock would lose a concurrent run's change, so a lock
    file that cannot be had refuses the command with the reason.

    :raises WorkbookLockError: naming the lock file and why it cannot be had.
    """
    try:
        return open(path, "a+b")
    except PermissionError:
        try:
            return open(path, "rb")
        except OSError as error:
            failure: OSError = error
    except OSError as error:
        failure = error
    if failure.errno == errno.ENAMETOOLONG:
        why = "the file name is too long to add the lock file's name to it; give the workbook a shorter name"
    elif isinstance(failure, PermissionError) or failure.errno == errno.EROFS:
        why = ("this user may not create or open it (a read-only folder, or a lock file of another user); "
               "copy the workbook into a folder you may write, or ask the owner of the lock file")
    else:
        why = failure.strerror or str(failure)
    raise WorkbookLockError(f"{workbook} cannot be locked against other sheetpair runs, so it is not changed: "
                            f"lock file {path.name}: {why}")


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
        except OSError as error:  # a file system without locks (some network shares): no lock, no write
            raise WorkbookLockError(f"the lock file {handle.name} cannot be locked here ({error.strerror}); "
                                    "copy the workbook to a local folder") from None
        return True

    def _unlock(handle: BinaryIO) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
