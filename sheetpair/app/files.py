"""Events read straight from files on disk, for the command line.

The add-in works on the open book through its own port and never needs these; keeping them apart keeps
openpyxl out of the add-in's imports (xlwings Lite loads nothing it does not use).
"""

from __future__ import annotations

from pathlib import Path

from ..core.model import Tournament
from ..io.trf import decode_trf, load_trf, read_trf
from ..io.trf_declared import Declared, declared_standings
from .session import load
from .workbooks.files import reading

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def load_event(source: Path, *, system: str | None = None) -> Tournament:
    """The event to check: a sheetpair workbook, or a TRF file (read with ``system`` when given)."""
    if source.suffix.lower() in WORKBOOK_SUFFIXES:
        with reading(source) as port:
            return load(port)
    return load_trf(source, system=system)


def load_for_check(path: Path, system: str | None) -> tuple[Tournament, dict[int, Declared]]:
    """The tournament of ``path`` and, for a TRF, what it declares (a workbook declares nothing: its
    standings are derived). A TRF's points are not refused on reading: the checker reports each one.

    :raises TrfError: for a file that cannot be read.
    """
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        return load_event(path, system=system), {}
    text = decode_trf(path.read_bytes())
    return read_trf(text, system=system, check_points=False), declared_standings(text)
