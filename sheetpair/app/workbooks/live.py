"""A live workbook open in Excel, for one button press (see :mod:`sheetpair.app.workbooks`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...core.errors import StaleCopyError
from ...io.metadata import META_SHEET, METADATA_HEAD_ROWS, read_metadata, revision_in
from ...io.xlwings_port import XlwingsPort


class ExcelWriteError(Exception):
    """Excel refused a write half-way through a commit: some of the press's writes may be in the workbook."""


@contextmanager
def in_excel(book: Any, *, guarded: bool = True) -> Iterator[XlwingsPort]:
    """The live workbook ``book`` (an ``xw.Book``) for one button press: its writes reach Excel only when the
    ``with`` block ends without an error, and are discarded when it raises.

    ``guarded`` (the default, for every use case) reads the revision first and again just before the writes;
    the status sheet a button writes its message to is not tournament data and goes unguarded.

    :raises StaleCopyError: at the end, before anything is written, when the workbook's revision changed since
        the press read it (another program wrote it meanwhile).
    :raises ExcelWriteError: when Excel refused a write of the commit.
    """
    port = XlwingsPort(book)
    try:
        seen = read_metadata(port).revision if guarded else 0
        yield port
        if guarded and META_SHEET in port.sheet_names():
            now = revision_in(port.read_top(META_SHEET, METADATA_HEAD_ROWS))
            if now is None:
                now = read_metadata(XlwingsPort(book)).revision
            if now != seen:
                raise StaleCopyError(f"the workbook is at revision {now}, not {seen} as when the button read it: "
                                     "another program wrote it meanwhile; press the button again")
    except BaseException:
        port.discard()
        raise
    try:
        port.commit()
    except Exception as error:
        raise ExcelWriteError(f"{type(error).__name__}: {error}") from error
