"""The small port through which sheetpair reads and writes a workbook.

The tournament layout (:mod:`sheetpair.io.workbook`) speaks only to this protocol, so the same code drives
a file on disk (:class:`~sheetpair.io.openpyxl_port.OpenpyxlPort`, the command line) and a live Excel
workbook (the xlwings add-in). Two rules make both behave alike: read everything first, then write; and
never read back what was just written (xlwings Lite queues writes and reads a snapshot).
"""

from __future__ import annotations

import codecs
import datetime as dt
import logging
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

CellValue = str | int | float | dt.date | dt.datetime | None
"""What a cell holds as the port reads it (dates come from date-formatted cells)."""


@dataclass
class SheetSpec:
    """A sheet that sheetpair owns, described completely so any port can (re)create it."""

    name: str
    header: list[str]
    rows: list[list[CellValue]]
    table_name: str | None = None
    """Make the block an Excel Table of this name (the roster)."""
    dropdown_column: str | None = None
    """Header of the column arbiters type into: it gets the result-code list and stays unlocked."""
    dropdown_values: tuple[str, ...] = ()
    text_columns: frozenset[str] = field(default_factory=frozenset)
    """Columns stored as text, so Excel never reads ``+/-`` or ``=name`` as a formula."""
    column_widths: dict[str, float] = field(default_factory=dict)
    number_formats: dict[str, str] = field(default_factory=dict)
    """Excel number format per column header (e.g. ``0.00`` for tie-breaks with fractions)."""
    freeze: str = "A2"
    """Top-left cell of the scrolling area: ``A2`` freezes the header row, ``D2`` also the first three columns."""
    hidden: bool = False
    landscape: bool = False
    before: str | None = None
    """A new sheet is placed before this one when it exists (rounds go before the standings)."""
    print_header: str = ""
    """Printed at the top of every page (the event and the round), with the printing date beside it: a sheet
    pinned on the wall says what it is. Every owned sheet prints to the page width with its header row
    repeated on each page."""
    borders: bool = False
    """Thin lines around every cell of the table, so a printed pairing list reads along its rows."""
    font_size: float | None = None
    """Font size of the table in points (``None``: the workbook's default), for a list read from a distance."""
    centred: frozenset[str] = field(default_factory=frozenset)
    """Columns of short codes (titles, results) that stand centred, clear of the numbers beside them."""
    legend: list[str] = field(default_factory=list)
    """Lines written under the table after one empty row (the tie-breaks' full names); never read back."""


class WorkbookPort(Protocol):
    """What sheetpair needs from a workbook, whatever holds it."""

    def sheet_names(self) -> list[str]:
        """Names of all sheets, in workbook order."""
        ...

    def read_sheet(self, name: str) -> list[list[CellValue]]:
        """The values of a sheet from A1, one list per row, trailing empty rows dropped."""
        ...

    def write_sheet(self, spec: SheetSpec) -> None:
        """Creates or completely replaces a sheet that sheetpair owns."""
        ...

    def update_cells(
        self, name: str, cells: dict[tuple[int, int], CellValue], *, table_name: str | None = None
    ) -> None:
        """Sets single cells (1-based row, column) of an arbiter-owned sheet, keeping everything else.

        When ``table_name`` is given, that Excel Table grows to cover the cells written.
        """
        ...

    def delete_sheet(self, name: str) -> None:
        """Removes a sheet sheetpair owns (a round that was undone)."""
        ...


MAX_ROWS = 100_000
"""Rows read per sheet: five times the largest open Swiss; beyond it a value is a stray keystroke."""
MAX_COLUMNS = 200
"""Columns read per sheet (so at most 20 million cells, a bounded amount of memory)."""

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters an XML 1.0 file (so an ``.xlsx``) cannot hold: C0 controls but tab and line breaks, lone
surrogates, and the two non-characters. A vertical tab or ESC pasted into a name from another program, or
a NUL from a damaged file, would otherwise stop every save."""
REPLACEMENT_MARK = "\ufffd"
"""What such a character becomes: the visible replacement character, so the arbiter sees where it was."""
_log = logging.getLogger("sheetpair")


def owned_block(cells: Mapping[tuple[int, int], object]) -> tuple[int, int]:
    """Height and width of the block sheetpair wrote into a sheet whose non-empty ``cells`` are given by
    (row, column): the header runs from A1 to the first empty cell of row 1, and the block down to the last
    row holding two or more values under that header. Every row sheetpair writes holds at least two (a board
    and its players, a rank and a name), so a lone value under the table is the arbiter's note, and a row
    cleared inside the table does not end it. Both ports keep what lies outside when they rebuild a sheet."""
    width = 0
    while cells.get((1, width + 1)) not in (None, ""):
        width += 1
    filled = Counter(row for (row, column), value in cells.items() if column <= width and value not in (None, ""))
    return max((row for row, count in filled.items() if count >= 2 or row == 1), default=1), width


def unicode_text(raw: bytes) -> str | None:
    """The text of a file that is Unicode: UTF-16 with its byte-order mark (Excel's "Unicode text" export,
    tab-separated), or UTF-8 with or without one. ``None`` for anything else, which the caller reads in the
    single-byte code page older Windows programs wrote."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16", errors="replace")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


CODE_PAGES = (("cp1252", "Windows-1252"), ("mac_roman", "Mac Roman"), ("cp1250", "Windows-1250"))
"""The single-byte code pages a roster or TRF that is not Unicode is read in, in this order of preference:
Western European Windows (older Excel exports), the old Mac's, Central European Windows."""
_NAME_MARKS = frozenset("'’‘`´-–.·")


def legacy_code_page(parts: list[bytes]) -> tuple[str, str] | None:
    """The code page (codec, name) in which every one of ``parts`` (the lines of a file that are not UTF-8)
    reads as names do: non-ASCII characters that are letters, an upper-case one only at the start of a word
    or in a word in capitals. The first of :data:`CODE_PAGES` that does; ``None`` when none does (a
    Shift-JIS roster, bytes no single-byte code page makes names of), so the caller refuses it rather than
    garble the names."""
    for codec, name in CODE_PAGES:
        try:
            if all(_reads_as_names(part.decode(codec)) for part in parts):
                return codec, name
        except UnicodeDecodeError:
            continue
    return None


def _reads_as_names(text: str) -> bool:
    for word in re.split(r"[\s,;\t\"()/]+", text):
        capitals = word.isupper()
        for index, char in enumerate(word):
            before = word[index - 1] if index else " "
            if char.isupper() and not capitals and before.isalpha() and not (char.isascii() and before.isascii()):
                return False  # "MŸller", "JosŽ", "éRìc": a capital inside a word, next to a letter not ASCII
            if not (char.isascii() or char in _NAME_MARKS or char.isalpha()):
                return False
    return True


def visible_text(text: str, *, source: str) -> str:
    """``text`` with every :data:`CONTROL_CHARACTERS` replaced by :data:`REPLACEMENT_MARK` (one for one, so
    fixed columns stay in place), and a warning naming ``source`` and the line of each replacement."""
    if not CONTROL_CHARACTERS.search(text):
        return text
    lines = sorted({text.count("\n", 0, m.start()) + 1 for m in CONTROL_CHARACTERS.finditer(text)})
    shown = ", ".join(map(str, lines[:10])) + (" ..." if len(lines) > 10 else "")
    _log.warning("%s: control characters replaced by %s on line(s) %s", source, REPLACEMENT_MARK, shown)
    return CONTROL_CHARACTERS.sub(REPLACEMENT_MARK, text)


def cell_text(value: CellValue) -> str:
    """A cell as text: empty for an empty cell, ``7`` for the ``7.0`` Excel stores, surrounding spaces removed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def cell_flag(value: CellValue) -> bool:
    """A yes/no cell as the arbiter types it (yes, y, true, 1 / no, n, false, 0; any case).

    :raises ValueError: for anything else.
    """
    text = str(value).strip().lower()
    if text in ("yes", "true", "1", "y"):
        return True
    if text in ("no", "false", "0", "n"):
        return False
    raise ValueError(f"expected yes or no, not {value!r}")


def cell_inactive(value: CellValue) -> bool:
    """The inactivity flag of FIDE's rating list in a roster cell: ``i`` (the list's mark) or yes/no; empty: active.

    :raises ValueError: for anything else.
    """
    text = cell_text(value).lower()
    if text in ("", "i"):
        return text == "i"
    return cell_flag(text)


def cell_int(value: CellValue) -> int | None:
    """A whole number from a cell (Excel gives floats, CSV gives text), or ``None`` when it holds none."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    text = str(value).strip()
    if re.fullmatch(r"[+-]?\d+(\.0+)?", text):
        return int(float(text))
    return None


def column_letter(column: int) -> str:
    """``1`` → ``A``, ``27`` → ``AA``: the spreadsheet name of a 1-based column."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def cell_address(row: int, column: int) -> str:
    """The A1 address of a 1-based row and column, for error messages."""
    return f"{column_letter(column)}{row}"
