"""Events read straight from files on disk, for the command line.

The add-in works on the open book through its own port and never needs these; keeping them apart keeps
openpyxl out of the add-in's imports (xlwings Lite loads nothing it does not use).
"""

from __future__ import annotations

from pathlib import Path

from ..core.model import Tournament
from ..io.trf import load_trf
from .session import load
from .workbooks.files import reading

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def load_event(source: Path, *, system: str | None = None) -> Tournament:
    """The event to check: a sheetpair workbook, or a TRF file (read with ``system`` when given)."""
    if source.suffix.lower() in WORKBOOK_SUFFIXES:
        with reading(source) as port:
            return load(port)
    return load_trf(source, system=system)
