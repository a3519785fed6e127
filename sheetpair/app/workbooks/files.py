"""Workbook files on disk: read, change or create one (see :mod:`sheetpair.app.workbooks`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ...io.lock import refuse_if_open, workbook_lock
from ...io.openpyxl_port import OpenpyxlPort
from ...io.outputs import refuse_output_over_input as refuse_output_over_input  # for every door that writes a file
from ...io.package import package_sheet_names
from ...io.workbook import TEAMS_SHEET, holds_team_event


@contextmanager
def reading(path: Path) -> Iterator[OpenpyxlPort]:
    """The workbook at ``path``, to read; nothing is written."""
    yield OpenpyxlPort(path)


def holds_team_event_file(path: Path) -> bool:
    """True when the workbook file at ``path`` holds a team event (the doors then take the team use cases).
    A workbook without a Teams sheet is told by its package's list of sheets, without opening it."""
    if TEAMS_SHEET not in package_sheet_names(path):
        return False
    with reading(path) as port:
        return holds_team_event(port)


@contextmanager
def editing(path: Path, output: Path | None = None) -> Iterator[OpenpyxlPort]:
    """The workbook at ``path`` for one change, saved to ``output`` (default: ``path`` itself) when the ``with``
    block ends without an error; nothing is saved when it raises.

    Both files are locked (in one order, so two runs never wait for each other), and the file written is refused
    while a spreadsheet program has it open.

    :raises WorkbookInUseError: before anything is read, when the file to write is open in Excel or LibreOffice,
        or another sheetpair run holds a lock for over a minute.
    """
    target = output or path
    refuse_if_open(target)
    with _locked(path, target):
        port = OpenpyxlPort(path)
        yield port
        port.save(output)


@contextmanager
def creating(path: Path) -> Iterator[OpenpyxlPort]:
    """A new workbook at ``path`` (an existing file there is written over: the caller decides whether that is
    allowed), saved when the ``with`` block ends without an error.

    :raises WorkbookInUseError: as :func:`editing`.
    """
    refuse_if_open(path)
    with _locked(path):
        port = OpenpyxlPort(path, create=not path.exists())
        yield port
        port.save()


@contextmanager
def _locked(*paths: Path) -> Iterator[None]:
    """Holds the locks of every file in ``paths`` (the same file once), taken in one order."""
    with ExitStack() as stack:
        for real in sorted({os.path.realpath(p) for p in paths}):
            stack.enter_context(workbook_lock(real))
        yield
