"""The workbook port over a workbook open in Excel, through xlwings (classic add-in and xlwings Lite).

The port needs no xlwings of its own: it drives the ``xw.Book`` it is given (the buttons import xlwings),
so the application layer can open it without the command line loading xlwings.

Two rules make the same core code correct in both xlwings flavours. Lite reads every cell value when the
script starts and queues writes until it ends; so this port reads the live book and *collects* writes,
which :meth:`XlwingsPort.commit` sends in one go after the core has finished. A failing operation
therefore writes nothing, and nothing written is ever read back. The calls used are the subset that the
Windows, macOS and Lite engines share: sheets add/delete, range values, insert and delete, number formats, bold fonts,
column widths, ``data_validation.set_list`` (xlwings >= 0.37.5), hidden sheets, tables and frozen panes.
Cosmetic calls an engine does not offer (it raises ``NotImplementedError``) are skipped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from .port import CellValue, SheetSpec, owned_block

if TYPE_CHECKING:
    import xlwings as xw

EXCEL_ROWS, EXCEL_COLUMNS = 1_048_576, 16_384
"""A worksheet's size in Excel: a range that spans it is whole columns or whole rows."""

TEXT_FORMAT = "@"
"""Excel's Text number format: what the arbiter types there stays text (``+/-``, ``1-0``, ``=``)."""


class XlwingsPort:
    """A live ``xw.Book`` seen through :class:`~sheetpair.io.port.WorkbookPort`; call :meth:`commit` to write."""

    def __init__(self, book: xw.Book) -> None:
        self.book = book
        self._writes: list[Callable[[], None]] = []
        self._names: list[str] | None = None
        self._sheets: dict[str, list[list[CellValue]]] = {}

    # reading: each sheet once from the book, until the writes are committed ----------------------------

    def sheet_names(self) -> list[str]:
        if self._names is None:
            self._names = [sheet.name for sheet in self.book.sheets]
        return list(self._names)

    def read_sheet(self, name: str) -> list[list[CellValue]]:
        """The sheet's values as the book held them when this port first read it.

        Over COM every read is a round trip, and the port's rule is never to read back what it wrote, so the
        first read of a sheet is the one every later caller gets (a copy, since callers may change rows).
        """
        if name not in self._sheets:
            self._sheets[name] = self._read(name, None)
        return [list(row) for row in self._sheets[name]]

    def read_top(self, name: str, rows: int) -> list[list[CellValue]]:
        """The first ``rows`` rows of the sheet as the book holds them now (not the first read's copy): a
        check just before committing that no other program wrote the book meanwhile."""
        return self._read(name, rows)

    def _read(self, name: str, limit: int | None) -> list[list[CellValue]]:
        sheet = self.book.sheets[name]
        last = sheet.used_range.last_cell
        values = sheet.range((1, 1), (min(last.row, limit or last.row), last.column)).options(
            ndim=2, err_to_str=True).value
        rows = [[_from_excel(v) for v in row] for row in values]
        while rows and all(v is None or v == "" for v in rows[-1]):
            rows.pop()
        return rows

    # writing: collected, then committed --------------------------------------------------------------

    def write_sheet(self, spec: SheetSpec) -> None:
        self._writes.append(lambda: self._write_sheet(spec))

    def update_cells(self, name: str, cells: dict[tuple[int, int], CellValue], *,
                     table_name: str | None = None) -> None:
        self._writes.append(lambda: self._update_cells(name, dict(cells), table_name))

    def delete_sheet(self, name: str) -> None:
        self._writes.append(lambda: self._delete_sheet(name))

    @property
    def pending(self) -> int:
        """How many writes wait for :meth:`commit`."""
        return len(self._writes)

    def commit(self) -> None:
        """Sends the collected writes to Excel, in the order the core made them."""
        writes, self._writes = self._writes, []
        for write in writes:
            write()
        self._names, self._sheets = None, {}

    def discard(self) -> None:
        """Forgets the collected writes (the operation failed: the workbook stays as it was)."""
        self._writes = []

    # the writes themselves ----------------------------------------------------------------------------

    def _find(self, name: str) -> xw.Sheet | None:
        return next((s for s in self.book.sheets if s.name.lower() == name.lower()), None)

    def _write_sheet(self, spec: SheetSpec) -> None:
        """Rebuilds an owned sheet in place (or adds it), so the arbiter's formulas that point at it keep
        working: deleting and re-adding a sheet would turn them into ``#REF!``."""
        sheet = self._find(spec.name)
        if sheet is None:
            before = self._find(spec.before) if spec.before else None
            sheets = self.book.sheets
            sheet = sheets.add(spec.name, before=before) if before else sheets.add(spec.name, after=sheets[-1])
        else:  # the block as read: the revision check before the commit showed nobody changed the book since
            _fit_block(sheet, self.read_sheet(spec.name), (len(spec.rows) + 1, len(spec.header)))
            self._sheets.pop(spec.name, None)
        width = len(spec.header)
        last_row = max(len(spec.rows) + 1, 2)
        text_columns = [c for c, title in enumerate(spec.header, start=1) if title in spec.text_columns]
        dropdown = spec.header.index(spec.dropdown_column) + 1 if spec.dropdown_column in spec.header else None
        block = [list(spec.header)] + [_padded(row, width) for row in spec.rows]
        whole = sheet.range((1, 1), (len(block), width))
        _cosmetic(whole.data_validation.delete)  # sheetpair's own, in its own block
        _cosmetic(partial(setattr, whole, "number_format", "General"))
        whole.value = [[_to_excel(v) for v in row] for row in block]
        for column in sorted({*text_columns, *([dropdown] if dropdown else [])}):  # what the arbiter types stays text
            _cosmetic(partial(setattr, sheet.range((2, column), (last_row, column)), "number_format", TEXT_FORMAT))
        _cosmetic(partial(setattr, sheet.range((1, 1), (1, width)).font, "bold", True))
        _cosmetic(lambda: sheet.freeze_panes.freeze_at(spec.freeze))
        for column, title in enumerate(spec.header, start=1):
            if title in spec.number_formats:
                cells = sheet.range((2, column), (last_row, column))
                _cosmetic(partial(setattr, cells, "number_format", spec.number_formats[title]))
        for column, title in enumerate(spec.header, start=1):
            _cosmetic(partial(setattr, sheet.range((1, column)), "column_width", _column_width(spec, title, column)))
        if dropdown and spec.dropdown_values:
            cells = sheet.range((2, dropdown), (last_row, dropdown))
            _cosmetic(lambda: cells.data_validation.set_list(list(spec.dropdown_values)))
        table_name = spec.table_name
        if table_name:
            source = sheet.range((1, 1), (last_row, width))
            if table_name in sheet.tables:  # a cleared sheet may keep its table
                _cosmetic(lambda: sheet.tables[table_name].resize(source))
            else:
                _cosmetic(lambda: sheet.tables.add(source=source, name=table_name))
        _dress_for_print(sheet, spec)
        if spec.hidden:
            sheet.visible = False

    def _update_cells(self, name: str, cells: dict[tuple[int, int], CellValue], table_name: str | None) -> None:
        sheet = self.book.sheets[name]
        for (row, column), value in cells.items():
            sheet.range((row, column)).value = _to_excel(value)
        if table_name and cells:
            _cosmetic(lambda: _grow_table(sheet, table_name, cells))

    def _delete_sheet(self, name: str) -> None:
        sheet = self._find(name)
        if sheet is not None:
            sheet.delete()


def _fit_block(sheet: xw.Sheet, rows: list[list[CellValue]], block: tuple[int, int]) -> None:
    """Makes the block sheetpair owned in ``sheet`` (read as ``rows``) the ``block`` (height, width) it is
    about to write, the way an arbiter would in Excel: by inserting whole rows under it and whole columns
    beside it, or deleting its own surplus cells. So whatever the arbiter put outside the block (notes,
    fills, comments, conditional formats, validations, pictures) moves with its edge, as the file port
    moves it (:func:`~sheetpair.io.port.owned_block`), and is never cleared. When the block shrinks, only
    its own cells are deleted: notes beside it stay in their rows."""
    cells = {(r, c): v for r, row in enumerate(rows, start=1) for c, v in enumerate(row, start=1)
             if v not in (None, "")}
    height, width = owned_block(cells)
    if block[0] > height:
        sheet.range((height + 1, 1), (block[0], EXCEL_COLUMNS)).insert("down", "format_from_left_or_above")
    elif block[0] < height:
        sheet.range((block[0] + 1, 1), (height, max(width, 1))).delete("up")
    if block[1] > width:
        sheet.range((1, width + 1), (EXCEL_ROWS, block[1])).insert("right", "format_from_left_or_above")
    elif block[1] < width:
        sheet.range((1, block[1] + 1), (block[0], width)).delete("left")


def _grow_table(sheet: xw.Sheet, name: str, cells: dict[tuple[int, int], CellValue]) -> None:
    """Extends the sheet's Excel table ``name`` over the cells just written (new players, new columns)."""
    if name not in sheet.tables:
        return
    table = sheet.tables[name]
    current = table.range.last_cell
    last_row = max(current.row, *(r for r, _ in cells))
    last_column = max(current.column, *(c for _, c in cells))
    table.resize(sheet.range((1, 1), (last_row, last_column)))


def _from_excel(value: object) -> CellValue:
    """A cell value as the core expects it: dates become ISO text, like a date typed as text."""
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value  # type: ignore[return-value]


def _to_excel(value: CellValue) -> CellValue:
    """What to hand Excel so it stores ``value`` exactly.

    Excel parses a text it receives as if typed: ``+/-`` or ``=name`` would become formulas, ``1990-05-01``
    a date, ``007`` the number 7, and a leading apostrophe (``'t Hooft``) would vanish. A leading apostrophe
    marks typed text and is not part of the value, so every text gets one.
    """
    if isinstance(value, str) and value:
        return "'" + value
    return value


def _padded(row: list[CellValue], width: int) -> list[CellValue]:
    return (list(row) + [None] * width)[:width]


def _column_width(spec: SheetSpec, title: str, column: int) -> float:
    if title in spec.column_widths:
        return spec.column_widths[title]
    values = [title] + [row[column - 1] for row in spec.rows if len(row) >= column]
    return min(max(len(str(v)) for v in values if v is not None) + 2, 50)


def _dress_for_print(sheet: xw.Sheet, spec: SheetSpec) -> None:
    """The parts of the print layout xlwings offers: the table's font size, header titles wrapped into fixed
    columns, codes centred, and the legend under the table. Page headers, borders and print titles have no
    xlwings call shared by Lite; Excel keeps the ones the arbiter sets by hand, as the sheet is rebuilt in
    place, not replaced."""
    last_row = len(spec.rows) + 1
    if spec.font_size is not None:
        cells = sheet.range((1, 1), (last_row, len(spec.header)))
        _cosmetic(partial(setattr, cells.font, "size", spec.font_size))
    if spec.column_widths:
        _cosmetic(partial(setattr, sheet.range((1, 1), (1, len(spec.header))), "wrap_text", True))
    for column, title in enumerate(spec.header, start=1):
        if title in spec.centred:
            codes = sheet.range((2, column), (max(last_row, 2), column))
            _cosmetic(partial(setattr, codes, "horizontal_alignment", "center"))
    if spec.legend:
        sheet.range((last_row + 2, 1)).value = [[_to_excel(line)] for line in spec.legend]


def _cosmetic(change: Callable[[], object]) -> None:
    """Applies a formatting change the engine may not offer (xlwings raises ``NotImplementedError`` then)."""
    try:
        change()
    except NotImplementedError:
        pass
