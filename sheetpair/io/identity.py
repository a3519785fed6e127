"""A saved file stays the file it was: its mode, owner, group, access lists and extended attributes.

A save writes a new file and renames it over the old one (:mod:`.savefile`), so everything the old file
carried besides its bytes has to be carried over by hand: the permission bits, the owner and group (where
the system allows it), and the extended attributes, which on Linux also hold the POSIX access lists
(``system.posix_acl_access``) and on macOS the Finder's tags. Two kinds of file are refused instead of
replaced, because a replacement would silently undo what the arbiter meant: a workbook whose write
permission was taken away (``chmod 444``: "do not change this"), and a workbook with more than one hard
link (the rename would give this name a new file and leave the other names on the old one).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..core.errors import OperationError


def refuse_unsafe_target(target: Path) -> None:
    """Refuses to replace a file that is read-only or hard-linked (a new file needs no check).

    The mode bits are read rather than asking :func:`os.access`, so the refusal holds for the superuser
    too: the arbiter's ``chmod 444`` is a statement about the event, not only a permission.

    :raises OperationError: naming the file and what to do, before anything is written.
    """
    try:
        status = target.stat()
    except OSError:
        return
    if not stat.S_ISREG(status.st_mode):
        return
    if not status.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise OperationError(f"{target} is read-only, so it is not changed: make it writable (or save a copy "
                            "with -o) to change it")
    if status.st_nlink > 1:
        raise OperationError(f"{target} has {status.st_nlink} hard links; saving it would leave the other names on "
                            "the old workbook, so it is not changed: save a copy with -o, or remove the other links")


def copy_identity(original: Path, replacement: Path) -> None:
    """Gives ``replacement`` the permission bits, owner, group and extended attributes of ``original``
    (nothing when ``original`` does not exist yet: a new file follows the umask)."""
    try:
        status = original.stat()
    except FileNotFoundError:
        return
    _copy_attributes(original, replacement)
    os.chmod(replacement, stat.S_IMODE(status.st_mode))
    if hasattr(os, "chown"):
        try:
            os.chown(replacement, status.st_uid, status.st_gid)
        except PermissionError:
            pass  # only root may give a file away; the bits and attributes are kept
        os.chmod(replacement, stat.S_IMODE(status.st_mode))  # chown clears set-id bits


def _copy_attributes(original: Path, replacement: Path) -> None:
    """Copies every extended attribute this user may read and set; a file system without them has none."""
    if not hasattr(os, "listxattr"):
        return
    try:
        names = os.listxattr(original)
    except OSError:
        return
    for name in names:
        try:
            os.setxattr(replacement, name, os.getxattr(original, name))
        except OSError:
            continue  # e.g. a security.* attribute only the system may set
