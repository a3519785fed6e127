"""The errors sheetpair raises, each carrying where the problem is so the arbiter can find it.

Every error is a :class:`SheetpairError`; the command line gives each family its own exit code.
"""

from __future__ import annotations


class SheetpairError(Exception):
    """Base of every error sheetpair reports to the arbiter."""


class InputError(SheetpairError, ValueError):
    """A value the arbiter typed or a file contained is not acceptable (unknown code, bad number...)."""


class WorkbookError(InputError):
    """A workbook is broken; the message names the sheet and the cell."""

    def __init__(self, message: str, *, sheet: str | None = None, cell: str | None = None) -> None:
        self.sheet = sheet
        self.cell = cell
        where = f"{sheet}!{cell}: " if sheet and cell else (f"{sheet}: " if sheet else "")
        super().__init__(f"{where}{message}")


class TrfError(InputError):
    """A Tournament Report File line cannot be read; the message names the line and column."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None) -> None:
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(f"{where}{message}")


class PairingError(SheetpairError):
    """The next round cannot be paired (results missing, no legal pairing, unknown system...)."""


class OperationError(SheetpairError):
    """A request does not fit the tournament's state (undo with nothing to undo, bye for a paired round...)."""


class StaleCopyError(SheetpairError):
    """The workbook is not the revision the caller read or expected: another program or copy changed it since."""


class WorkbookInUseError(SheetpairError):
    """Another program holds the workbook (Excel, LibreOffice, another sheetpair run): try again when it is done."""
