"""Saving a workbook file so that the file on disk is always either the old workbook or the new one.

The new content goes to a temporary file beside the workbook, is flushed to the disk, takes over the
workbook's permissions, owner and extended attributes (:mod:`.identity`), and then replaces the workbook in one
``os.replace`` — atomic on POSIX and Windows within one folder. A run killed at any moment therefore
leaves the old workbook intact, at worst with a temporary file beside it; those are named
``.sheetpair-<process id>-<random>.xlsx`` and the next save in that folder removes the ones whose process
is gone. A symbolic link is followed: the file it points to is replaced, and the link stays a link. An
error while writing (a full disk, a read-only folder) removes the temporary file and is reported as one
sentence; the workbook is untouched.

Side copies (``<name>-sheetpair.xlsx``, written when saving in place would lose content) never overwrite
an earlier one: :func:`side_copy_path` numbers them ``-sheetpair-2``, ``-sheetpair-3``... The arbiter's view
of all this is in ``docs/robustness.md``.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from ..core.errors import WorkbookError
from .identity import copy_identity, refuse_unsafe_target

TEMPORARY_PREFIX = ".sheetpair-"
STALE_AFTER_SECONDS = 24 * 3600
"""A temporary file this old is removed even when its process cannot be checked (Windows, recycled ids)."""
_TEMPORARY = re.compile(r"^\.sheetpair-(?:(?P<pid>\d+)-[0-9a-f]{8}|[a-z0-9_]{8})\.xls[xm]$")
"""Our temporary names; the second form is the ``tempfile`` name earlier versions used."""


def save_atomically(target: Path, write: Callable[[BinaryIO], object]) -> Path:
    """Calls ``write`` with a fresh temporary file beside ``target``, then puts it in ``target``'s place.

    Returns the path actually replaced (the file a symbolic link points to).

    :raises WorkbookError: when the file cannot be written (disk full, no permission); ``target`` is then
        unchanged and no temporary file remains.
    :raises OperationError: when ``target`` must not be replaced (read-only, hard-linked:
        :func:`~.identity.refuse_unsafe_target`).
    """
    real = Path(os.path.realpath(target))
    refuse_unsafe_target(real)
    real.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale_temporaries(real.parent)
    temporary = real.parent / f"{TEMPORARY_PREFIX}{os.getpid()}-{secrets.token_hex(4)}{real.suffix}"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        with os.fdopen(descriptor, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        copy_identity(real, temporary)
        os.replace(temporary, real)
        _sync_folder(real.parent)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise WorkbookError(save_failure(target, error)) from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return real


def side_copy_path(target: Path) -> Path:
    """A new, unused ``<name>-sheetpair.xlsx`` (then ``-sheetpair-2``, ...) beside ``target``, reserved by
    creating it empty so two runs never pick the same name."""
    number = 1
    while True:
        tail = "-sheetpair" if number == 1 else f"-sheetpair-{number}"
        candidate = target.with_name(f"{target.stem}{tail}{target.suffix}")
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return candidate
        except FileExistsError:
            number += 1


def sweep_stale_temporaries(folder: Path) -> list[Path]:
    """Removes temporary files left beside workbooks by runs that were killed; returns what it removed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMPORARY.match(entry.name)
        if match is None or not _is_stale(entry, match["pid"]):
            continue
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue  # another run removed it first, or it is not ours to remove
    return removed


def _is_stale(entry: os.DirEntry[str], pid: str | None) -> bool:
    try:
        age = time.time() - entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return False
    if age > STALE_AFTER_SECONDS:
        return True
    return pid is not None and os.name == "posix" and not _process_alive(int(pid))


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def _sync_folder(folder: Path) -> None:
    """Makes the rename itself durable (POSIX); Windows has no folder handles to flush. Best effort: the
    workbook is already replaced, and some network file systems refuse to flush a folder."""
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def save_failure(target: Path, error: OSError) -> str:
    """The sentence for a save that failed with ``error``, promising what is true: nothing was changed."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        reason = "the disk is full"
    elif isinstance(error, PermissionError):
        reason = "permission denied (is the folder read-only, or the file open in another program?)"
    else:
        reason = error.strerror or str(error)
    return f"could not save {target}: {reason}; the workbook on disk was left as it was"
