"""A save keeps the workbook's identity: mode, extended attributes and access lists; read-only and
hard-linked workbooks are refused, never replaced."""

from __future__ import annotations

import errno
import os
import stat
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.model import Result

from .safety_support import set_result, write_event

needs_xattr = pytest.mark.skipif(not hasattr(os, "setxattr"), reason="extended attributes are a Linux API")
ACL = "system.posix_acl_access"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return write_event(tmp_path / "event.xlsx")


def _result(book: Path) -> tuple[int, str]:
    outcome = CliRunner().invoke(cli, ["result", str(book), "--round", "1", "--board", "1", "1-0"])
    return outcome.exit_code, outcome.output


def _acl(user_id: int) -> bytes:
    """A POSIX access list in the kernel's xattr form: owner rw, user ``user_id`` r, group r, mask r, other
    none (version 2; entries of tag, permissions, id)."""
    entries = [(0x01, 6, 0xFFFFFFFF), (0x02, 4, user_id), (0x04, 4, 0xFFFFFFFF), (0x10, 4, 0xFFFFFFFF),
               (0x20, 0, 0xFFFFFFFF)]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in entries)


@needs_xattr
def test_extended_attributes_survive_a_save(book: Path) -> None:
    try:
        os.setxattr(book, "user.sheetpair-test", b"kept")
    except OSError as error:
        pytest.skip(f"this file system has no user attributes ({error.strerror})")
    set_result(book, 1, Result.WHITE_WINS)
    assert os.getxattr(book, "user.sheetpair-test") == b"kept"


@needs_xattr
def test_an_access_list_survives_a_save_and_group_write_is_not_widened(book: Path) -> None:
    os.chmod(book, 0o640)
    try:
        os.setxattr(book, ACL, _acl(4242))
    except OSError as error:
        if error.errno not in (errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL):
            raise
        pytest.skip(f"this file system has no access lists ({error.strerror})")
    before = os.getxattr(book, ACL)
    assert _result(book)[0] == 0
    assert os.getxattr(book, ACL) == before
    assert stat.S_IMODE(book.stat().st_mode) == 0o640


def test_a_read_only_workbook_is_refused_not_rewritten(book: Path) -> None:
    os.chmod(book, 0o444)
    before = book.read_bytes()
    code, output = _result(book)
    assert code == 4, output
    assert "is read-only" in output and "Traceback" not in output
    assert book.read_bytes() == before and stat.S_IMODE(book.stat().st_mode) == 0o444


def test_a_hard_linked_workbook_is_refused_so_the_links_stay_one_file(book: Path) -> None:
    other = book.with_name("other-name.xlsx")
    os.link(book, other)
    code, output = _result(book)
    assert code == 4, output
    assert "hard links" in output
    assert os.path.samefile(book, other)


def test_a_copy_next_to_a_read_only_workbook_is_still_allowed(book: Path) -> None:
    os.chmod(book, 0o444)
    copy = book.with_name("copy.xlsx")
    outcome = CliRunner().invoke(cli, ["result", str(book), "--round", "1", "--board", "1", "1-0", "-o", str(copy)])
    assert outcome.exit_code == 0, outcome.output
    assert copy.exists()
