"""An in-memory Excel behind the real xlwings ``Book``/``Sheet``/``Range`` objects, for tests on Linux.

xlwings' public classes (``xlwings.main``) only wrap an engine object (``impl``) and call the converters in
``xlwings.conversion``; the engines themselves (COM on Windows, AppleScript on macOS, Office.js in Lite) are
what Linux lacks. This module is such an engine, written against the open-source interface in
``xlwings.base_classes`` and importing nothing from ``xlwings.pro``: ``new_book()`` returns a genuine
``xw.Book``, so the add-in and :class:`~sheetpair.io.xlwings_port.XlwingsPort` run unchanged against it.

It mimics what matters to sheetpair: numbers come back as floats (Excel stores no integers), a text
written with a leading apostrophe is stored without it, a text Excel would parse as a formula is recorded
as one (tests assert none was written), and number formats, list validations, bold headers, frozen panes,
hidden sheets, tables, the active sheet and message boxes are recorded; ``app.books.open`` reads an ``.xlsx``
file's values as a second open workbook. :func:`run_like_lite` reproduces xlwings Lite: every read sees the
workbook as it was when the script started, writes become visible only after it returns.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any

import xlwings as xw

from sheetpair.io.port import column_letter

Cell = tuple[int, int]
_PIDS = itertools.count(4242)


class Engine:
    name = "memory"
    type = "desktop"  # values are handed over as they are, like a local Excel

    def prepare_xl_data_element(self, x: Any, options: dict[str, Any]) -> Any:
        if isinstance(x, float) and x != x:
            return None
        if isinstance(x, bool) or x is None or isinstance(x, str):
            return x
        if isinstance(x, int):
            return float(x)
        if isinstance(x, dt.datetime):
            return x.replace(tzinfo=None)
        return x

    def clean_value_data(self, data, datetime_builder, empty_as, number_builder, err_to_str):
        def clean(v: Any) -> Any:
            if v is None or v == "":
                return empty_as
            if isinstance(v, float) and number_builder is not None:
                return number_builder(v)
            return v

        return [[clean(v) for v in row] for row in data]


class App:
    def __init__(self) -> None:
        self.engine = Engine()
        self.pid = next(_PIDS)
        self.visible = True
        self.alerts: list[dict[str, Any]] = []
        self.lite = False
        """Set while :func:`run_like_lite` runs a script: what the classic engines and Lite do differently."""
        self.opened: list[Book] = []

    @property
    def books(self) -> Books:
        return Books(self)

    def activate(self, steal_focus: bool = False) -> None:
        pass

    def alert(self, prompt, title, buttons, mode, callback) -> str:
        if self.lite:
            raise NotImplementedError("no message box from a Lite script here: sheetpair must not rely on one")
        self.alerts.append({"prompt": prompt, "title": title, "mode": mode})
        return "ok"


class Books:
    """The workbooks open in one Excel; ``open`` reads an ``.xlsx`` file's values, as Excel opens a file."""

    def __init__(self, app: App) -> None:
        self.app = app

    def __call__(self, name: str) -> Book:
        for book in self.app.opened:
            if book.name.lower() == name.lower():
                return book
        raise KeyError(name)

    def __iter__(self) -> Iterator[Book]:
        return iter(list(self.app.opened))

    def __len__(self) -> int:
        return len(self.app.opened)

    def open(self, fullname: str, *_: Any) -> Book:
        import openpyxl

        book = Book(fullname.replace("\\", "/").rsplit("/", 1)[-1], self.app)
        book.fullname = fullname
        _fill(book, {sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)]
                     for sheet in openpyxl.load_workbook(fullname).worksheets})
        return book


class Book:
    def __init__(self, name: str, app: App) -> None:
        self.name = self.fullname = name
        app.opened.append(self)
        self.app = app
        self.api = None
        self._sheets: list[Sheet] = []
        self.snapshot: dict[int, dict[Cell, Any]] | None = None
        """While a Lite-like script runs: each sheet's cells as they were when it started (by ``id``)."""
        self.active_sheet: Sheet | None = None

    def activate(self) -> None:
        pass

    def close(self) -> None:
        self.app.opened.remove(self)

    @property
    def sheets(self) -> Sheets:
        return Sheets(self)

    def sheet_named(self, name: str) -> Sheet:
        for sheet in self._sheets:
            if sheet.name.lower() == name.lower():
                return sheet
        raise KeyError(name)


class Sheets:
    def __init__(self, book: Book) -> None:
        self.book = book

    def __len__(self) -> int:
        return len(self.book._sheets)

    def __iter__(self) -> Iterator[Sheet]:
        return iter(list(self.book._sheets))

    def __call__(self, key: int | str) -> Sheet:
        return self.book._sheets[key - 1] if isinstance(key, int) else self.book.sheet_named(key)

    @property
    def active(self) -> Sheet:
        return self.book.active_sheet or self.book._sheets[0]

    def add(self, before: Sheet | None = None, after: Sheet | None = None, name: str | None = None) -> Sheet:
        sheet = Sheet(self.book, name or f"Sheet{len(self.book._sheets) + 1}")
        sheets = self.book._sheets
        position = sheets.index(before) if before else sheets.index(after) + 1 if after else len(sheets)
        sheets.insert(position, sheet)
        self.book.active_sheet = sheet  # Excel activates an added sheet
        return sheet


class Sheet:
    def __init__(self, book: Book, name: str) -> None:
        self.book, self.name, self.api = book, name, None
        self.cells_store: dict[Cell, Any] = {}
        self.number_formats: dict[Cell, str] = {}
        self.bold: set[Cell] = set()
        self.formulas: dict[Cell, str] = {}
        self.validations: dict[str, list[str]] = {}
        self.column_widths: dict[int, float] = {}
        self.table_ranges: dict[str, str] = {}
        self.decorations: dict[Cell, str] = {}
        """What the arbiter added to a cell beyond its value (a fill, a comment): moved, never read."""
        self.conditional_formats: dict[str, str] = {}
        self.frozen_at: str | None = None
        self.visible = True

    def readable_cells(self) -> dict[Cell, Any]:
        """What a read sees: the snapshot while a Lite-like script runs, else the live cells."""
        if self.book.snapshot is None:
            return self.cells_store
        return self.book.snapshot.get(id(self), {})

    def range(self, arg1: Any, arg2: Any = None) -> Range:
        """``"A1"``, ``"A1:C3"``, ``(row, col)``, two corners, or the ``(row, col, nrows, ncols)`` of slicing."""
        if isinstance(arg1, tuple) and len(arg1) == 4:
            return Range(self, *arg1)
        if isinstance(arg1, str) and ":" in arg1:
            arg1, arg2 = arg1.split(":")
        start = _corner(arg1, first=True)
        end = _corner(arg2, first=False) if arg2 is not None else _corner(arg1, first=False)
        return Range(self, start[0], start[1], end[0] - start[0] + 1, end[1] - start[1] + 1)

    @property
    def tables(self) -> Tables:
        return Tables(self)

    @property
    def cells(self) -> Range:
        return Range(self, 1, 1, 1_048_576, 16_384)

    def clear(self) -> None:
        """Contents, formats, comments, validations and conditional formats go (as Excel's ``Cells.Clear``);
        column widths and tables stay."""
        for store in (self.cells_store, self.formulas, self.number_formats, self.decorations, self.validations,
                      self.conditional_formats):
            store.clear()
        self.bold.clear()

    def shift_cells(self, rng: Range, shift: str, inserting: bool) -> None:
        """Excel's insert (``down``/``right``) or delete (``up``/``left``) of ``rng``: the cells after it in
        its rows or columns move by its size, the cells of a deleted range go, and so does everything kept
        by cell (values, formats, bold, decorations) or by address (validations, conditional formats)."""
        move = _shifter(rng, shift, inserting)
        for store in (self.cells_store, self.number_formats, self.formulas, self.decorations):
            moved = {move(cell): value for cell, value in store.items()}
            store.clear()
            store.update({cell: value for cell, value in moved.items() if cell is not None})
        self.bold = {cell for cell in map(move, self.bold) if cell is not None}
        for by_address in (self.validations, self.conditional_formats):
            moved_addresses = {_moved_address(address, move): value for address, value in by_address.items()}
            by_address.clear()
            by_address.update({address: value for address, value in moved_addresses.items() if address})

    @property
    def used_range(self) -> Range:
        cells = [c for c, v in self.readable_cells().items() if v is not None]
        if not cells:
            return Range(self, 1, 1, 1, 1)
        return Range(self, 1, 1, max(r for r, _ in cells), max(c for _, c in cells))

    @property
    def freeze_panes(self) -> FreezePanes:
        if not self.book.app.lite:  # xlwings 0.37.8's Windows and macOS engines do not implement it
            raise NotImplementedError()
        return FreezePanes(self)

    def activate(self) -> None:
        self.book.active_sheet = self

    def delete(self) -> None:
        self.book._sheets.remove(self)
        if self.book.active_sheet is self:
            self.book.active_sheet = self.book._sheets[0]


class FreezePanes:
    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet

    def freeze_at(self, address: str) -> None:
        self.sheet.frozen_at = address


class Range:
    def __init__(self, sheet: Sheet, row: int, column: int, nrows: int = 1, ncols: int = 1) -> None:
        self.sheet, self.row, self.column, self.nrows, self.ncols = sheet, row, column, nrows, ncols
        self.api = self  # xlwings writes only when ``rng.api`` is truthy (there is a native object)
        self.options: dict[str, Any] = {}
        self.max_cells_per_read = self.max_cells_per_write = None

    # geometry --------------------------------------------------------------------------------------
    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        return self.nrows * self.ncols

    def __call__(self, row: int, col: int | None = None) -> Range:
        if col is None:
            row, col = divmod(row - 1, self.ncols)
            return Range(self.sheet, self.row + row, self.column + col)
        return Range(self.sheet, self.row + row - 1, self.column + col - 1)

    @property
    def shape(self) -> tuple[int, int]:
        return self.nrows, self.ncols

    @property
    def address(self) -> str:
        first = f"${column_letter(self.column)}${self.row}"
        if len(self) == 1:
            return first
        return f"{first}:${column_letter(self.column + self.ncols - 1)}${self.row + self.nrows - 1}"

    def resize(self, row_size: int | None = None, column_size: int | None = None) -> Range:
        return Range(self.sheet, self.row, self.column, row_size or self.nrows, column_size or self.ncols)

    def _cells(self) -> Iterator[Cell]:
        for r in range(self.row, self.row + self.nrows):
            for c in range(self.column, self.column + self.ncols):
                yield r, c

    # values ----------------------------------------------------------------------------------------
    @property
    def raw_value(self) -> list[list[Any]]:
        store = self.sheet.readable_cells()
        return [[store.get((r, c)) for c in range(self.column, self.column + self.ncols)]
                for r in range(self.row, self.row + self.nrows)]

    @raw_value.setter
    def raw_value(self, data: Any) -> None:
        if not isinstance(data, (list, tuple)):
            data = [[data] * self.ncols for _ in range(self.nrows)]
        elif data and not isinstance(data[0], (list, tuple)):
            data = [data]
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                self._store((self.row + i, self.column + j), value)

    def _store(self, cell: Cell, value: Any) -> None:
        """Stores a value as Excel parses a typed entry: a leading apostrophe marks text and is dropped; in a
        cell not formatted as Text, an entry starting with ``=``, ``+``, ``-`` or ``@`` that is no number
        is a formula (recorded in ``formulas``: sheetpair must never write one)."""
        self.sheet.formulas.pop(cell, None)
        if isinstance(value, str) and value.startswith("'"):
            value = value[1:]
        elif isinstance(value, str) and value.startswith(("=", "+", "-", "@")) and not _is_number(value) \
                and self.sheet.number_formats.get(cell) != "@":
            self.sheet.formulas[cell] = value
        if value == "" or value is None:
            self.sheet.cells_store.pop(cell, None)
        else:
            self.sheet.cells_store[cell] = value

    def insert(self, shift: str, copy_origin: str) -> None:
        assert shift in ("down", "right") and copy_origin  # xlwings Lite needs both spelled out
        self.sheet.shift_cells(self, shift, inserting=True)

    def delete(self, shift: str) -> None:
        assert shift in ("up", "left")
        self.sheet.shift_cells(self, shift, inserting=False)

    number_format = property(None)

    @number_format.setter
    def number_format(self, value: str) -> None:
        for cell in self._cells():
            self.sheet.number_formats[cell] = value

    column_width = property(None)

    @column_width.setter
    def column_width(self, value: float) -> None:
        for column in range(self.column, self.column + self.ncols):
            self.sheet.column_widths[column] = value

    @property
    def font(self) -> Font:
        return Font(self)

    @property
    def data_validation(self) -> DataValidation:
        return DataValidation(self)


class Font:
    def __init__(self, rng: Range) -> None:
        self.rng = rng

    bold = property(None)

    @bold.setter
    def bold(self, value: bool) -> None:
        cells = set(self.rng._cells())
        self.rng.sheet.bold = self.rng.sheet.bold | cells if value else self.rng.sheet.bold - cells


class DataValidation:
    def __init__(self, rng: Range) -> None:
        self.rng = rng

    def set_list(self, source: list[str], in_cell_dropdown: bool) -> None:
        self.rng.sheet.validations[self.rng.address] = list(source)

    def delete(self) -> None:
        """Removes every validation inside the range (Excel's ``Validation.Delete``)."""
        for address in list(self.rng.sheet.validations):
            corners = [_cell(part) for part in address.split(":")]
            if all(self.rng.row <= r < self.rng.row + self.rng.nrows and
                   self.rng.column <= c < self.rng.column + self.rng.ncols for r, c in corners):
                del self.rng.sheet.validations[address]


class Tables:
    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet

    def __contains__(self, name: str) -> bool:
        return name in self.sheet.table_ranges

    def __call__(self, name: str) -> Table:
        if name not in self.sheet.table_ranges:
            raise KeyError(name)
        return Table(self.sheet, name)

    def add(self, source, name, table_style_name, **_: Any) -> Table:
        for sheet in self.sheet.book._sheets:
            if name in sheet.table_ranges:
                raise ValueError(f"a table named {name!r} already exists")  # Excel: names are book-wide
        self.sheet.table_ranges[name] = source.address
        return Table(self.sheet, name)


class Table:
    def __init__(self, sheet: Sheet, name: str) -> None:
        self.sheet, self.name, self.api = sheet, name, None

    @property
    def range(self) -> Range:
        return self.sheet.range(self.sheet.table_ranges[self.name])

    def resize(self, rng: xw.Range) -> None:
        self.sheet.table_ranges[self.name] = rng.address


# --- the public helpers of this module ---------------------------------------------------------------

def new_book(name: str = "Book1.xlsx", sheets: dict[str, list[list[Any]]] | None = None) -> xw.Book:
    """A real ``xw.Book`` over an in-memory workbook (one empty ``Sheet1`` unless ``sheets`` given)."""
    impl = Book(name, App())
    _fill(impl, sheets or {"Sheet1": []})
    return xw.Book(impl=impl)


def _fill(book: Book, sheets: dict[str, list[list[Any]]]) -> None:
    for sheet_name, rows in sheets.items():
        sheet = book.sheets.add(name=sheet_name)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is not None:
                    sheet.cells_store[(r, c)] = float(value) if isinstance(value, int) else value


def engine_of(book: xw.Book) -> Book:
    """The in-memory workbook behind ``book``, for assertions on what was written."""
    return book.impl


def run_like_lite(book: xw.Book, script: Callable[[xw.Book], Any]) -> Any:
    """Runs ``script(book)`` the way xlwings Lite does: reads see the start state, writes are queued.

    Lite loads every cell value before the script and sends the writes to Excel after it. Whether a Lite
    script can show a message box is not confirmed, so here an alert raises and the add-in must fall back
    to its status sheet; frozen panes, which the classic engines lack, work.
    """
    impl = engine_of(book)
    impl.snapshot = {id(s): dict(s.cells_store) for s in impl._sheets}
    impl.app.lite = True
    try:
        return script(book)
    finally:
        impl.snapshot = None
        impl.app.lite = False


def contents(book: xw.Book) -> dict[str, dict[Cell, Any]]:
    """Every sheet's cells, by sheet name in workbook order: what "the workbook is unchanged" compares."""
    return {s.name: dict(s.cells_store) for s in engine_of(book)._sheets}


def _shifter(rng: Range, shift: str, inserting: bool) -> Callable[[Cell], Cell | None]:
    """Where a cell goes when ``rng`` is inserted or deleted with ``shift`` (None: deleted with it)."""
    down = shift in ("down", "up")
    first, count = (rng.row, rng.nrows) if down else (rng.column, rng.ncols)
    low, high = (rng.column, rng.column + rng.ncols - 1) if down else (rng.row, rng.row + rng.nrows - 1)

    def move(cell: Cell) -> Cell | None:
        along, across = cell if down else (cell[1], cell[0])
        if not low <= across <= high or along < first:
            return cell
        if not inserting and along < first + count:
            return None
        along += count if inserting else -count
        return (along, across) if down else (across, along)

    return move


def _moved_address(address: str, move: Callable[[Cell], Cell | None]) -> str | None:
    corners = [corner for part in address.split(":") if (corner := move(_cell(part))) is not None]
    if len(corners) < address.count(":") + 1:
        return None
    return ":".join(f"${column_letter(c)}${r}" for r, c in corners)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _corner(arg: Any, *, first: bool) -> Cell:
    """A corner of a range from a (row, col) tuple, an address, or another in-memory range."""
    if isinstance(arg, Range):
        return (arg.row, arg.column) if first else (arg.row + arg.nrows - 1, arg.column + arg.ncols - 1)
    if isinstance(arg, tuple):
        return arg
    return _cell(arg)


def _cell(address: str) -> Cell:
    match = re.fullmatch(r"\$?([A-Za-z]+)\$?(\d+)", address.strip())
    if not match:
        raise ValueError(f"not a cell address: {address!r}")
    column = 0
    for ch in match[1].upper():
        column = column * 26 + ord(ch) - 64
    return int(match[2]), column
